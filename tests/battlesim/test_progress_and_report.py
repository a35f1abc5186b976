"""Issue 22 items 2, 3 and 6: honest progress (battles played before their chunk is
recorded, the queue position, the workers, an ETA from this job's pace), results in the
game's words (sides by list name, both side assignments, why battles ended, a warning when a
safety limit decided many) and two jobs compared with the difference's interval."""

from __future__ import annotations

import io
from datetime import timedelta
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command
from django.test import Client
from django.utils import timezone

from battlesim import services
from battlesim.job_finish import job_finish
from battlesim.management.commands.simulate import progress_words
from battlesim.models import BattleResult, JobChunk, SimulationJob, WorkerHeartbeat
from battlesim.selectors import job_progress, job_statistics_get

pytestmark = pytest.mark.django_db


@pytest.fixture
def owner() -> User:
    return User.objects.create_user("reader", password="pw-reader-123")


def monopoly_job(owner: User, battles: int = 10) -> SimulationJob:
    return services.job_queue(
        owner=owner, game="monopoly", options={}, battles=battles, seed=3, dispatch=False
    )


def test_progress_counts_battles_played_before_their_chunk_is_recorded(
    owner: User, settings: Any
) -> None:
    settings.SBG_CHUNK_SIZE = 5
    job = monopoly_job(owner)
    first = job.chunks.order_by("index").first()
    JobChunk.objects.filter(pk=first.pk).update(
        battles_run=3, heartbeat_at=timezone.now(), worker="w1@host"
    )
    WorkerHeartbeat.objects.create(
        hostname="w1@host", pid=1, transport="redis", seen_at=timezone.now()
    )
    WorkerHeartbeat.objects.create(
        hostname="w2@host", pid=2, transport="redis", seen_at=timezone.now()
    )
    progress = job_progress(job=job)
    assert (progress.done, progress.playing, progress.percent) == (0, 3, 30.0)
    assert (progress.workers_busy, progress.workers_live) == (1, 2)
    assert progress.queue_position is None  # its battles run: not waiting
    assert progress.eta_seconds is None  # nothing measured yet: no guess
    # a dead worker's battles are not shown (its chunk will be played again)
    JobChunk.objects.filter(pk=first.pk).update(heartbeat_at=timezone.now() - timedelta(hours=1))
    assert job_progress(job=job).playing == 0


def test_a_waiting_job_knows_its_place_and_the_eta_comes_from_its_own_pace(
    owner: User, settings: Any
) -> None:
    settings.SBG_MAX_ACTIVE_JOBS = 5
    earlier = monopoly_job(owner)
    later = monopoly_job(owner)
    SimulationJob.objects.filter(pk=later.pk).update(created_at=earlier.created_at + timedelta(1))
    later.refresh_from_db()
    assert job_progress(job=earlier).queue_position == 1
    assert job_progress(job=later).queue_position == 2
    words = progress_words(job_progress(job=later))
    assert "queue 2" in words and "workers busy" in words
    services.chunk_run(chunk_id=earlier.chunks.first().pk)  # records 10 games
    BattleResult.objects.filter(job=earlier).update(elapsed_ms=500)
    SimulationJob.objects.filter(pk=earlier.pk).update(status="running", battles=20)
    earlier.refresh_from_db()
    progress = job_progress(job=earlier)
    assert progress.seconds_per_battle == 0.5 and progress.eta_seconds == pytest.approx(5.0)


def test_the_statistics_speak_the_games_words(owner: User, settings: Any) -> None:
    job = services.job_queue(
        owner=owner,
        game="sbg",
        options={"forces": ["minas_tirith", "mordor"], "turn_limit": 1},
        battles=4,
        seed=9,
        dispatch=False,
    )
    for chunk in job.chunks.all():
        services.chunk_run(chunk_id=chunk.pk)
    job_finish(job_id=job.pk)
    job.refresh_from_db()
    stats = job_statistics_get(job=job)
    assert stats["sides"] == ["Minas Tirith patrol", "Mordor warband"]
    assert [g["battles"] for g in stats["assignments"]] == [2, 2]
    assert stats["assignments"][1]["label"].startswith("Mordor warband on side 1")
    assert stats["endings"][0]["termination"] == "turn_limit" and stats["endings"][0]["safety"]
    assert stats["overall"]["safety"]["rate"] == 1.0 and stats["many_safety_stops"]
    assert stats["figure_labels"]["casualties[1]"] == "Models slain: Mordor warband"
    client = Client()
    client.force_login(owner)
    html = client.get(f"/jobs/{job.pk}/").content.decode()
    assert 'id="safety-warning"' in html and "turn limit reached" in html
    assert "casualties[0]" not in html and "Models slain: Minas Tirith patrol" in html
    assert job.charts.filter(name="outcomes").exists()
    alt = job.charts.get(name="outcomes", language="en-gb").alt
    assert alt.startswith("Outcomes of 4 battles:") and "100% were stopped" in alt
    games = monopoly_job(owner, 2)
    assert "of 2 games" in client.get(f"/jobs/{games.pk}/").content.decode()


def test_two_jobs_side_by_side_with_the_difference_and_its_interval(owner: User) -> None:
    jobs = []
    for wins in (30, 10):
        job = SimulationJob.objects.create(
            owner=owner, game="sbg", seed=1, battles=40, status="done", battles_done=40
        )
        BattleResult.objects.bulk_create(
            BattleResult(
                job=job,
                index=i,
                seed=i,
                winner="0" if i < wins else "1",
                termination="reduced_to_quarter",
                summary={"forces": ["Gondor", "Mordor"]},
            )
            for i in range(40)
        )
        jobs.append(job)
    client = Client()
    client.force_login(owner)
    html = client.get(f"/jobs/compare/?a={jobs[0].pk}&b={jobs[1].pk}").content.decode()
    assert "won <strong>75%</strong> of 40 battles" in html
    assert "<strong>50 points</strong>" in html and "more than chance" in html
    assert client.get("/jobs/compare/?a=x").status_code == 404


def test_the_cli_reports_both_side_assignments_and_why_battles_ended() -> None:
    out = io.StringIO()
    call_command(
        "simulate",
        "sbg",
        "--battles",
        "2",
        "--seed",
        "1",
        "--options",
        '{"forces": ["minas_tirith", "mordor"], "turn_limit": 1}',
        "--local",
        stdout=out,
        stderr=io.StringIO(),
    )
    text = out.getvalue()
    assert "on side 1" in text and "stopped by a safety limit" in text and "ended:" in text


def test_chunks_hold_about_twenty_seconds_of_the_games_measured_pace(
    owner: User, settings: Any
) -> None:
    settings.SBG_CHUNK_SIZE, settings.SBG_CHUNK_SECONDS = 25, 20
    assert services.chunk_size_for("sbg") == 25  # nothing measured: the most
    job = SimulationJob.objects.create(owner=owner, game="sbg", seed=1, battles=12)
    BattleResult.objects.bulk_create(
        BattleResult(job=job, index=i, seed=i, termination="t", elapsed_ms=4000) for i in range(12)
    )
    assert services.chunk_size_for("sbg") == 5  # 4 s a battle: 5 battles, 20 s
    BattleResult.objects.filter(job=job).update(elapsed_ms=60_000)
    assert services.chunk_size_for("sbg") == 1
    assert services.chunk_size_for("monopoly") == 25

"""Simulation jobs: queueing, chunks, idempotent writes, seeds, limits, cancel, failure."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError

from battlesim import services
from battlesim.models import BattleResult, JobChunk, SimulationJob
from battlesim.seeds import battle_seed
from battlesim.selectors import battle_log_get, job_progress, job_statistics_get

pytestmark = pytest.mark.django_db

Capture = Callable[..., Any]


@pytest.fixture
def owner() -> User:
    return User.objects.create_user("owner", password="pw-owner-123")


def queue(owner: User, capture: Capture, battles: int = 12, **extra: Any) -> SimulationJob:
    with capture(execute=True):
        job = services.job_queue(
            owner=owner,
            game="monopoly",
            options={},
            battles=battles,
            seed=extra.pop("seed", 7),
            **extra,
        )
    job.refresh_from_db()
    return job


def test_a_job_runs_every_battle_once_in_chunks(
    owner: User, django_capture_on_commit_callbacks: Capture, settings: Any
) -> None:
    settings.SBG_CHUNK_SIZE = 5
    job = queue(owner, django_capture_on_commit_callbacks)
    assert job.status == SimulationJob.Status.DONE
    assert job.chunks.count() == 3 and job.battles_done == 12
    assert sorted(job.results.values_list("index", flat=True)) == list(range(12))
    assert all(r.seed == battle_seed(7, r.index) for r in job.results.all())
    progress = job_progress(job=job)
    assert progress.percent == 100.0 and progress.done == 12 and progress.eta_seconds == 0.0


def test_running_a_chunk_again_writes_nothing(
    owner: User, django_capture_on_commit_callbacks: Capture
) -> None:
    job = queue(owner, django_capture_on_commit_callbacks)
    chunk = job.chunks.first()
    assert services.chunk_run(chunk_id=chunk.pk) == 0
    assert BattleResult.objects.filter(job=job).count() == 12
    job.refresh_from_db()
    assert job.battles_done == 12


def test_a_chunk_whose_worker_died_before_recording_runs_again_with_the_same_outcomes(
    owner: User, django_capture_on_commit_callbacks: Capture
) -> None:
    job = queue(owner, django_capture_on_commit_callbacks)
    before = list(job.results.order_by("index").values_list("winner", "termination", "seed"))
    chunk = job.chunks.first()
    job.results.filter(index__gte=chunk.start, index__lt=chunk.stop).delete()
    JobChunk.objects.filter(pk=chunk.pk).update(status=JobChunk.Status.PENDING)
    SimulationJob.objects.filter(pk=job.pk).update(
        status=SimulationJob.Status.RUNNING, battles_done=job.battles_done - chunk.stop
    )
    assert services.chunk_run(chunk_id=chunk.pk) == chunk.stop - chunk.start
    after = list(job.results.order_by("index").values_list("winner", "termination", "seed"))
    assert after == before
    job.refresh_from_db()
    assert job.battles_done == 12 and job.status == SimulationJob.Status.DONE


def test_the_same_seed_gives_the_same_results(
    owner: User, django_capture_on_commit_callbacks: Capture
) -> None:
    first = queue(owner, django_capture_on_commit_callbacks, battles=6)
    second = queue(owner, django_capture_on_commit_callbacks, battles=6)
    outcomes = [
        list(j.results.order_by("index").values_list("winner", "summary")) for j in (first, second)
    ]
    assert outcomes[0] == outcomes[1]


def test_logs_are_kept_for_a_sample_and_regenerated_for_the_rest(
    owner: User, django_capture_on_commit_callbacks: Capture, settings: Any
) -> None:
    settings.SBG_LOGS_FIRST, settings.SBG_LOGS_EVERY = 2, 1000
    job = queue(owner, django_capture_on_commit_callbacks, battles=4)
    kept = job.results.filter(log_gz__isnull=False).values_list("index", flat=True)
    assert sorted(kept) == [0, 1]
    assert battle_log_get(job=job, index=3) is None  # a page never replays it itself
    assert services.battle_log_regenerate(job_id=job.pk, index=3)  # a worker's task does
    regenerated = battle_log_get(job=job, index=3)
    stored = battle_log_get(job=job, index=1)
    assert regenerated and stored and regenerated[0]["kind"] == stored[0]["kind"]
    replayed = services.battle_play(job, 3).result
    assert replayed.log.to_json() == regenerated
    # Battle 3 was played unlogged (its log not kept): the replay is the same game.
    row = job.results.get(index=3)
    assert (row.winner, row.termination) == (replayed.winner or "", replayed.termination)
    assert row.summary == replayed.summary


def test_statistics_count_outcomes_with_intervals(
    owner: User, django_capture_on_commit_callbacks: Capture
) -> None:
    job = queue(owner, django_capture_on_commit_callbacks)
    figures = job_statistics_get(job=job)
    assert figures["battles"] == 12
    assert sum(o["count"] for o in figures["outcomes"]) == 12
    for outcome in figures["outcomes"]:
        low, high = outcome["ci95"]
        assert low <= outcome["rate"] <= high
    assert "rounds" in figures["numbers"]


@pytest.mark.parametrize(
    ("kwargs", "field"),
    [
        ({"battles": 0}, "battles"),
        ({"battles": 10**9}, "battles"),
        ({"game": "chess"}, "game"),
        ({"options": {"players": ["nobody"]}}, "options"),
        ({"seed": -1}, "seed"),
    ],
)
def test_bad_input_names_the_field_and_leaves_no_job(
    owner: User, kwargs: dict[str, Any], field: str
) -> None:
    values = {"owner": owner, "game": "monopoly", "options": {}, "battles": 5, **kwargs}
    with pytest.raises(ValidationError) as error:
        services.job_queue(**values)
    assert field in error.value.message_dict
    assert SimulationJob.objects.count() == 0


def test_the_running_jobs_limit_is_named(owner: User, settings: Any) -> None:
    settings.SBG_MAX_ACTIVE_JOBS = 1
    services.job_queue(owner=owner, game="monopoly", options={}, battles=3)
    with pytest.raises(ValidationError, match="limit is 1"):
        services.job_queue(owner=owner, game="monopoly", options={}, battles=3)


def test_a_cancelled_job_records_nothing_more(owner: User) -> None:
    job = services.job_queue(owner=owner, game="monopoly", options={}, battles=3)
    assert services.job_cancel(job=job)
    assert services.chunk_run(chunk_id=job.chunks.get().pk) == 0
    assert job.results.count() == 0
    assert not services.job_cancel(job=job)


def test_a_failing_battle_fails_the_job_with_the_reason(
    owner: User, django_capture_on_commit_callbacks: Capture
) -> None:
    job = services.job_queue(owner=owner, game="monopoly", options={}, battles=2)
    SimulationJob.objects.filter(pk=job.pk).update(options={"max_rounds": "many"})
    from battlesim.tasks import chunk_run

    chunk_run.apply(args=[job.chunks.get().pk], throw=False)
    job.refresh_from_db()
    assert job.status == SimulationJob.Status.FAILED
    assert "max_rounds" in job.error

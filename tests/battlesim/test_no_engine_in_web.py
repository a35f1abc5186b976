"""Issue 22 item 5: no web request plays a battle. A replay whose log was not kept is
played again by a worker task (sent once, then the page waits); every page and API answer
of a job is served with the engines unreachable."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any
from unittest import mock

import pytest
from django.contrib.auth.models import User
from django.test import Client
from rest_framework.test import APIClient

from battlesim import services
from battlesim.job_finish import job_finish
from battlesim.models import SimulationJob
from config.celery import app as celery_app

pytestmark = pytest.mark.django_db


def _no_engine(*_args: Any, **_kwargs: Any) -> Any:
    raise AssertionError("a web request ran an engine")


@pytest.fixture
def job(settings: Any) -> SimulationJob:
    settings.SBG_LOGS_FIRST, settings.SBG_LOGS_EVERY = 1, 1000
    owner = User.objects.create_user("watcher", password="pw-watcher-123")
    queued = services.job_queue(
        owner=owner,
        game="sbg",
        options={"forces": ["minas_tirith", "mordor"], "turn_limit": 2},
        battles=3,
        seed=8,
        dispatch=False,
    )
    for chunk in queued.chunks.all():  # the worker's part, before the web's
        services.chunk_run(chunk_id=chunk.pk)
    job_finish(job_id=queued.pk)
    return SimulationJob.objects.get(pk=queued.pk)


@pytest.fixture
def engines_unreachable() -> Iterator[mock.MagicMock]:
    """Engines raise; tasks are recorded instead of run (a real site sends them away)."""
    eager = celery_app.conf.task_always_eager
    celery_app.conf.task_always_eager = False
    with (
        mock.patch("battlesim.services.play_function", _no_engine),
        mock.patch("battlesim.engines.registry.play_function", _no_engine),
        mock.patch("battlesim.tasks.battle_log_regenerate.delay") as sent,
        mock.patch("battlesim.tasks.job_finish.delay"),
    ):
        yield sent
    celery_app.conf.task_always_eager = eager


def test_no_page_of_a_job_runs_an_engine(
    job: SimulationJob, engines_unreachable: mock.MagicMock
) -> None:
    page = Client()
    page.force_login(job.owner)
    base = f"/jobs/{job.pk}/"
    for url in ("", "progress.json", "statistics.json", "results.csv", "charts/outcomes.svg"):
        assert page.get(base + url).status_code == 200, url
    kept = page.get(base + "battles/0/")
    assert kept.status_code == 200 and "Minas Tirith" in kept.content.decode()
    waiting = page.get(base + "battles/2/")
    assert waiting.status_code == 202 and 'id="replay-waiting"' in waiting.content.decode()
    api = APIClient()
    api.force_authenticate(job.owner)
    answer = api.get(f"/api/jobs/{job.pk}/battles/2/log/")
    assert answer.status_code == 202 and answer["Retry-After"] == "2"
    assert engines_unreachable.call_count == 1  # asked once, whoever asks again
    engines_unreachable.assert_called_with(job.pk, 2)


def test_the_worker_task_keeps_the_log_and_the_page_then_replays_it(job: SimulationJob) -> None:
    page = Client()
    page.force_login(job.owner)
    assert job.results.get(index=2).log_gz is None
    answer = page.get(f"/jobs/{job.pk}/battles/2/")  # eager here: the task runs at once
    assert answer.status_code == 200 and b"events-data" in answer.content
    assert job.results.get(index=2).log_gz is not None

"""Heavy pages of an ended job (figures, charts) are computed once and then read from the
cache; a job still running is always computed afresh."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from battlesim import services
from battlesim.models import BattleResult, SimulationJob

pytestmark = pytest.mark.django_db


def _result_reads(client: Client, url: str) -> int:
    with CaptureQueriesContext(connection) as captured:
        assert client.get(url).status_code == 200
    return sum('"battlesim_battleresult"' in q["sql"] for q in captured)


@pytest.fixture
def owner() -> User:
    return User.objects.create_user("owner", password="pw-owner-123")


def test_an_ended_jobs_figures_and_charts_are_computed_once(
    owner: User, django_capture_on_commit_callbacks: Any
) -> None:
    with django_capture_on_commit_callbacks(execute=True):
        job = services.job_queue(owner=owner, game="monopoly", options={}, battles=4, seed=2)
    job.refresh_from_db()
    assert job.status == SimulationJob.Status.DONE
    client = Client()
    client.force_login(owner)
    chart = f"/jobs/{job.pk}/charts/outcomes.svg"
    first_svg = client.get(chart).content
    assert _result_reads(client, chart) == 0  # from the cache: no result read, no drawing
    assert client.get(chart).content == first_svg
    api = f"/jobs/{job.pk}/statistics.json"
    first = client.get(api).json()
    assert _result_reads(client, api) == 0
    assert client.get(api).json() == first


def test_a_running_jobs_figures_are_computed_every_time(owner: User, settings: Any) -> None:
    settings.SBG_CHUNK_SIZE = 2
    job = services.job_queue(owner=owner, game="monopoly", options={}, battles=4, dispatch=False)
    services.chunk_run(chunk_id=job.chunks.order_by("index").first().pk)
    job.refresh_from_db()
    assert job.is_active and BattleResult.objects.filter(job=job).exists()
    client = Client()
    client.force_login(owner)
    url = f"/jobs/{job.pk}/statistics.json"
    assert _result_reads(client, url) >= 1
    assert _result_reads(client, url) >= 1

"""The recovery of lost chunks (battlesim/recovery.py), one rule at a time; tasks run in this
process. The same rules against real worker processes and a real Redis restart are in
tests/integration/test_recovery.py."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.utils import timezone

from battlesim import recovery, services
from battlesim.models import BattleResult, JobChunk, SimulationJob
from battlesim.recovery import chunks_recover

pytestmark = pytest.mark.django_db


@pytest.fixture
def job(settings: Any) -> SimulationJob:
    """A job of three chunks whose tasks were sent and never ran (``dispatch`` then lost)."""
    settings.SBG_CHUNK_SIZE = 2
    owner = User.objects.create_user("owner", password="pw-owner-123")
    job = services.job_queue(owner=owner, game="monopoly", options={}, battles=6, seed=9)
    assert job.chunks.filter(sent_at__isnull=False).count() == 3  # sent on commit, not run
    return job


def _later(seconds: float) -> Any:
    return timezone.now() + timedelta(seconds=seconds)


def test_chunks_waiting_while_nothing_runs_are_sent_again(job: SimulationJob) -> None:
    assert chunks_recover(now=_later(5)) == 0  # waiting a little is normal
    assert chunks_recover(now=_later(31)) == 3
    job.refresh_from_db()
    assert job.status == SimulationJob.Status.DONE and job.battles_done == 6
    assert BattleResult.objects.filter(job=job).count() == 6


def test_nothing_is_resent_while_another_chunk_runs(job: SimulationJob) -> None:
    first = job.chunks.get(index=0)
    JobChunk.objects.filter(pk=first.pk).update(heartbeat_at=_later(30))  # its lease is fresh
    assert chunks_recover(now=_later(31)) == 0
    assert job.chunks.filter(status="pending").count() == 3


def test_a_chunk_whose_worker_stopped_renewing_its_lease_is_sent_again(
    job: SimulationJob,
) -> None:
    first = job.chunks.get(index=0)
    JobChunk.objects.filter(pk=first.pk).update(heartbeat_at=timezone.now(), worker="dead@host")
    # Another chunk finished a moment ago, so the queue works: only the orphan goes again.
    JobChunk.objects.filter(pk=job.chunks.get(index=2).pk).update(finished_at=_later(29))
    assert chunks_recover(now=_later(20)) == 0  # the lease still holds
    assert chunks_recover(now=_later(31)) == 1
    first.refresh_from_db()
    assert first.status == JobChunk.Status.DONE and first.attempts == 1
    assert job.chunks.get(index=1).status == JobChunk.Status.PENDING


def test_a_resend_is_claimed_once(job: SimulationJob, monkeypatch: pytest.MonkeyPatch) -> None:
    """Two recovery runs at the same moment (two beats, or beat and a starting worker)."""
    sent: list[int] = []
    monkeypatch.setattr(recovery, "_send", sent.append)  # count the sends, run nothing
    moment = _later(31)
    assert chunks_recover(now=moment) == 3
    assert chunks_recover(now=moment) == 0
    assert sorted(sent) == sorted(job.chunks.values_list("pk", flat=True))


def test_chunks_of_a_local_run_are_never_sent_to_workers() -> None:
    owner = User.objects.create_user("local", password="pw-local-123")
    job = services.job_queue(owner=owner, game="monopoly", options={}, battles=4, dispatch=False)
    assert chunks_recover(now=_later(3600)) == 0
    assert job.chunks.filter(status="pending").count() == job.chunks.count()


def test_chunks_of_a_cancelled_job_are_not_sent_again(job: SimulationJob) -> None:
    services.job_cancel(job=job)
    assert chunks_recover(now=_later(60)) == 0

"""Jobs on real workers: two worker processes over Redis, one killed mid-job and restarted."""

from __future__ import annotations

import signal
from collections.abc import Callable
from typing import Any

import pytest
from django.contrib.auth.models import User

from battlesim import services
from battlesim.models import BattleResult, SimulationJob
from tests.workers import WorkerProcess, wait_for

pytestmark = pytest.mark.integration

GAME, BATTLES, SEED = "monopoly", 50, 2024


def outcomes(job: SimulationJob) -> list[tuple[Any, ...]]:
    rows = BattleResult.objects.filter(job=job).order_by("index")
    return list(rows.values_list("index", "seed", "winner", "termination", "summary"))


def run_job(owner: User) -> SimulationJob:
    return services.job_queue(owner=owner, game=GAME, options={}, battles=BATTLES, seed=SEED)


def wait_done(job: SimulationJob, workers: list[WorkerProcess], timeout: float = 300) -> None:
    def finished() -> bool:
        job.refresh_from_db()
        return job.status != SimulationJob.Status.QUEUED and not job.is_active

    logs = "\n".join(worker.log()[-3000:] for worker in workers)
    wait_for(finished, timeout=timeout, what=f"job {job.pk} to finish; logs:\n{logs}")
    assert job.status == SimulationJob.Status.DONE, job.error


def test_two_workers_run_a_job_and_survive_one_killed_mid_job(
    start_worker: Callable[..., WorkerProcess], settings: Any
) -> None:
    settings.SBG_CHUNK_SIZE = 5
    owner = User.objects.create_user("owner", password="pw-owner-123")
    workers = [start_worker(), start_worker()]

    calm = run_job(owner)
    wait_done(calm, workers)
    assert BattleResult.objects.filter(job=calm).count() == BATTLES
    assert len({row.worker for row in calm.chunks.all()}) == 2  # both workers took chunks

    disturbed = run_job(owner)

    def busy() -> WorkerProcess | None:
        # whichever worker holds a chunk of the job now (either may take the first ones)
        for worker in workers:
            if disturbed.chunks.filter(worker=worker.name, status="pending").exists():
                return worker
        return None

    wait_for(lambda: busy() is not None, timeout=120, what="a worker to start a chunk")
    victim = busy()
    assert victim is not None
    victim.process.send_signal(signal.SIGKILL)
    victim.process.wait(timeout=10)
    workers.append(start_worker(name=victim.name))
    wait_done(disturbed, workers)

    assert BattleResult.objects.filter(job=disturbed).count() == BATTLES
    disturbed.refresh_from_db()
    assert disturbed.battles_done == BATTLES
    assert [row[1:] for row in outcomes(disturbed)] == [row[1:] for row in outcomes(calm)]
    assert disturbed.chunks.filter(attempts__gt=1).exists()  # the killed chunk ran again

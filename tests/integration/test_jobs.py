"""Jobs on real workers: two worker processes over Redis, one killed mid-job and restarted."""

from __future__ import annotations

import signal
from collections.abc import Callable
from typing import Any

import pytest
from django.contrib.auth.models import User

from battlesim import services
from battlesim.models import BattleResult, JobChunk, SimulationJob
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
    for worker in workers:  # else a fast job may be done before the second is up
        worker.wait_ready()

    calm = run_job(owner)
    wait_done(calm, workers)
    assert BattleResult.objects.filter(job=calm).count() == BATTLES
    assert len({row.worker for row in calm.chunks.all()}) == 2  # both workers took chunks

    disturbed = run_job(owner)

    live, killed = list(workers), []  # killed: chunks whose worker died while they ran

    def busy() -> tuple[WorkerProcess, int] | None:
        # whichever live worker holds a chunk of the job now (either may take the first ones)
        for worker in live:
            held = disturbed.chunks.filter(worker=worker.name, status="pending")
            chunk = held.exclude(pk__in=killed).values_list("pk", flat=True).first()
            if chunk is not None:
                return worker, chunk
        return None

    # The kill must land mid-chunk: a chunk of fast games may be recorded between the look
    # and the signal, and then the kill interrupts nothing; the next chunk is tried then.
    # The wait keeps the busy worker it saw: a second look could find that chunk recorded
    # and no other started yet.
    seen: list[tuple[WorkerProcess, int]] = []

    def spotted() -> bool:
        found = busy()
        if found is not None:
            seen.append(found)
        return found is not None

    for _ in range(5):
        seen.clear()
        wait_for(spotted, timeout=120, what="a worker to start a chunk")
        victim, chunk_id = seen[-1]
        victim.process.send_signal(signal.SIGKILL)
        victim.process.wait(timeout=10)
        live.remove(victim)
        live.append(start_worker(name=victim.name))
        workers.append(live[-1])
        if JobChunk.objects.filter(pk=chunk_id, status="pending").exists():
            killed.append(chunk_id)
            break
    assert killed, "no kill landed while its worker was running a chunk, in 5 tries"
    wait_done(disturbed, workers)

    assert BattleResult.objects.filter(job=disturbed).count() == BATTLES
    disturbed.refresh_from_db()
    assert disturbed.battles_done == BATTLES
    assert [row[1:] for row in outcomes(disturbed)] == [row[1:] for row in outcomes(calm)]
    assert JobChunk.objects.get(pk=killed[0]).attempts > 1  # the killed chunk ran again

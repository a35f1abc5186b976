"""A task queued through a real Redis broker runs in a separate Celery worker process."""

from __future__ import annotations

import os
from collections.abc import Callable

import pytest

from battlesim.models import WorkerHeartbeat
from battlesim.tasks import worker_heartbeat_record
from tests.workers import WorkerProcess, wait_for

pytestmark = pytest.mark.integration


def test_a_task_queued_through_redis_runs_in_a_separate_worker(
    start_worker: Callable[..., WorkerProcess],
) -> None:
    worker = start_worker()
    wait_for(
        lambda: WorkerHeartbeat.objects.filter(hostname=worker.name).exists(),
        what=f"worker {worker.name} to announce itself; log:\n{worker.log()}",
    )
    worker_heartbeat_record.delay(hostname="probe-from-test")
    wait_for(
        lambda: WorkerHeartbeat.objects.filter(hostname="probe-from-test").exists(),
        what=f"the queued task to run; worker log:\n{worker.log()}",
    )
    row = WorkerHeartbeat.objects.get(hostname="probe-from-test")
    assert row.pid != os.getpid()
    assert row.transport == "redis"
    assert worker.process.poll() is None

"""A broker restart is survived: Redis (without persistence) dies mid-job and comes back;
the worker reconnects (or, as under systemd, is started again if Celery gave up) and the
job's lost chunks are sent again, each recorded once."""

from __future__ import annotations

import socket
import subprocess
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest
import redis
from django.contrib.auth.models import User

from battlesim import services
from battlesim.models import BattleResult, SimulationJob
from tests.workers import WorkerProcess, wait_for

pytestmark = pytest.mark.integration


class RedisServer:
    """A private redis-server on a free port, which the test may kill and start again."""

    def __init__(self) -> None:
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            self.port = probe.getsockname()[1]
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        self.process = subprocess.Popen(
            [
                "redis-server",
                "--port",
                str(self.port),
                "--bind",
                "127.0.0.1",
                "--save",
                "",
                "--appendonly",
                "no",
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        wait_for(self._answers, timeout=20, what=f"redis-server on port {self.port}")

    def _answers(self) -> bool:
        try:
            return bool(redis.Redis.from_url(self.url, socket_connect_timeout=1).ping())
        except redis.RedisError:
            return False

    def kill(self) -> None:
        if self.process is not None:
            self.process.kill()
            self.process.wait()


@pytest.fixture
def private_redis() -> Iterator[RedisServer]:
    server = RedisServer()
    server.start()
    yield server
    server.kill()


@pytest.fixture
def broker_url(private_redis: RedisServer) -> str:
    return private_redis.url


def test_a_job_survives_a_broker_restart(
    private_redis: RedisServer, start_worker: Callable[..., WorkerProcess], settings: Any
) -> None:
    settings.SBG_CHUNK_SIZE, settings.SBG_STALE_SECONDS = 2, 4
    owner = User.objects.create_user("owner", password="pw-owner-123")
    worker = start_worker()
    job = services.job_queue(owner=owner, game="monopoly", options={}, battles=30, seed=5)
    wait_for(
        lambda: job.chunks.filter(status="done").exists(),
        timeout=120,
        what=f"a first chunk; worker log:\n{worker.log()}",
    )

    private_redis.kill()  # every queued task is lost with it
    time.sleep(1)
    private_redis.start()

    workers = [worker]

    def finished() -> bool:
        supervise(workers, start_worker)
        job.refresh_from_db()
        services.job_redispatch_stale(job=job)  # what the job page's progress poll does
        return not job.is_active

    wait_for(finished, timeout=240, what=f"the job to finish; worker logs:\n{_logs(workers)}")
    assert job.status == SimulationJob.Status.DONE, job.error
    assert BattleResult.objects.filter(job=job).count() == 30 and job.battles_done == 30
    assert workers[-1].process.poll() is None  # a worker is connected to the new broker
    for dead in workers[:-1]:  # only the known Celery crash on a lost connection, never ours
        assert "Connection to broker lost" in dead.log() and "Unrecoverable" in dead.log()


def supervise(workers: list[WorkerProcess], start_worker: Callable[..., WorkerProcess]) -> None:
    """Do what the service manager does in production (``Restart=on-failure`` in
    deploy/systemd/sbg-worker@.service): start a worker again when it exits. The worker
    usually reconnects by itself; when the broker dies in the middle of an acknowledgement,
    Celery 5.7 / kombu sometimes stop with "Unrecoverable error" instead (celery/kombu
    issues about restoring unacknowledged messages on a lost connection)."""
    if workers[-1].process.poll() is not None and len(workers) < 3:
        workers.append(start_worker())


def _logs(workers: list[WorkerProcess]) -> str:
    return "\n".join(worker.log() for worker in workers)

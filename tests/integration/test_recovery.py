"""Jobs recover by themselves, with the shipped recovery settings and no request made to the
job: real worker processes, Celery beat and a private Redis.

- A worker SIGKILLed mid-chunk: its chunk's lease runs out and beat's recovery task sends
  it again (the broker's visibility timeout, minutes, is not what saves it).
- Redis (without persistence) restarted mid-job: every queued chunk is lost; the recovery
  task sees chunks waiting while nothing runs and sends them again.

Both jobs end with exactly N results, identical to an undisturbed run of the same seed.
"""

from __future__ import annotations

import signal
import socket
import subprocess
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest
import redis
from django.conf import settings as django_settings
from django.contrib.auth.models import User

from battlesim import services
from battlesim.models import BattleResult, SimulationJob
from tests.workers import WorkerProcess, wait_for

pytestmark = pytest.mark.integration

GAME, SEED = "monopoly", 77
RECOVERY_LIMIT = 90.0  # seconds from the fault (or from Redis coming back) to the job's end
# The broker's own redelivery far beyond the test: only the recovery task can save the job.
SHIPPED = {"SBG_VISIBILITY_TIMEOUT": "3600"}


class RedisServer:
    """A private redis-server on a free loopback port, which the test may kill and restart
    (never the shared one)."""

    def __init__(self) -> None:
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            self.port = probe.getsockname()[1]
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        command = ["redis-server", "--port", str(self.port), "--bind", "127.0.0.1"]
        command += ["--save", "", "--appendonly", "no"]
        self.process = subprocess.Popen(
            command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
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


def outcomes(job: SimulationJob) -> list[tuple[Any, ...]]:
    rows = BattleResult.objects.filter(job=job).order_by("index")
    return list(rows.values_list("index", "seed", "winner", "termination", "summary"))


def queue_job(owner: User, battles: int) -> SimulationJob:
    return services.job_queue(owner=owner, game=GAME, options={}, battles=battles, seed=SEED)


def wait_finished(
    job: SimulationJob, timeout: float, workers: list[WorkerProcess], tick: Callable[[], None]
) -> float:
    """Wait for the job's end, reading only the database; return the seconds it took."""
    started = time.monotonic()

    def finished() -> bool:
        tick()
        job.refresh_from_db()
        return not job.is_active

    logs = lambda: "\n".join(w.log()[-4000:] for w in workers)  # noqa: E731
    wait_for(finished, timeout=timeout, what=f"job {job.pk} to finish (no request made)")
    assert job.status == SimulationJob.Status.DONE, (job.error, logs())
    return time.monotonic() - started


def assert_same_as_undisturbed(job: SimulationJob, calm: SimulationJob, battles: int) -> None:
    job.refresh_from_db()
    assert job.battles_done == battles
    assert BattleResult.objects.filter(job=job).count() == battles
    assert [row[1:] for row in outcomes(job)] == [row[1:] for row in outcomes(calm)]


def test_a_worker_killed_mid_chunk_is_recovered_within_90_seconds(
    start_worker: Callable[..., WorkerProcess], start_beat: Callable[..., WorkerProcess], settings
) -> None:
    settings.SBG_CHUNK_SIZE = 150  # several seconds of unlogged Monopoly games a chunk
    battles = 600
    owner = User.objects.create_user("owner", password="pw-owner-123")
    workers = [start_worker(env=SHIPPED), start_worker(env=SHIPPED)]
    beat = start_beat(env=SHIPPED)
    calm = queue_job(owner, battles)
    wait_finished(calm, 300, workers, lambda: None)

    disturbed = queue_job(owner, battles)
    # Whichever worker starts a chunk first is the victim (either may take the first ones).
    running = disturbed.chunks.filter(status="pending", worker__in=[w.name for w in workers])
    wait_for(running.exists, timeout=120, what="a worker to start a chunk")
    chunk = running.first()
    assert chunk is not None
    victim = next(w for w in workers if w.name == chunk.worker)
    survivor = next(w for w in workers if w is not victim)
    victim.process.send_signal(signal.SIGKILL)
    victim.process.wait(timeout=10)
    killed = running.filter(pk=chunk.pk, worker=victim.name).first()
    assert killed is not None, "the chunk ended before the kill: make chunks longer"

    took = wait_finished(disturbed, RECOVERY_LIMIT, workers + [beat], lambda: None)
    assert took < RECOVERY_LIMIT
    assert_same_as_undisturbed(disturbed, calm, battles)
    killed.refresh_from_db()
    assert killed.attempts == 2 and killed.worker == survivor.name  # run again, elsewhere
    lease = django_settings.SBG_CHUNK_LEASE_SECONDS
    print(f"worker killed: job finished {took:.1f} s after the kill (lease {lease} s)")


def test_a_redis_restart_is_recovered_within_90_seconds(
    private_redis: RedisServer,
    start_worker: Callable[..., WorkerProcess],
    start_beat: Callable[..., WorkerProcess],
    settings,
) -> None:
    settings.SBG_CHUNK_SIZE = 5
    battles = 150  # 30 chunks: most of them still queued when Redis dies
    owner = User.objects.create_user("owner", password="pw-owner-123")
    workers = [start_worker(env=SHIPPED)]
    beats = [start_beat(env=SHIPPED)]
    calm = queue_job(owner, battles)
    wait_finished(calm, 300, workers, lambda: None)

    disturbed = queue_job(owner, battles)
    wait_for(
        lambda: disturbed.chunks.filter(status="done").exists(),
        timeout=120,
        what="a first chunk",
    )
    private_redis.kill()  # every queued task is lost with it
    time.sleep(1)
    private_redis.start()
    assert disturbed.chunks.filter(status="pending").count() > 5

    def supervise() -> None:
        """What the service manager does in production (``Restart=on-failure`` in the
        deploy/systemd units): start a worker or beat again when it exits. Celery 5.7
        usually reconnects; when Redis dies in the middle of an acknowledgement it may stop
        with "Unrecoverable error" instead."""
        if workers[-1].process.poll() is not None and len(workers) < 4:
            workers.append(start_worker(env=SHIPPED))
        if beats[-1].process.poll() is not None and len(beats) < 4:
            beats.append(start_beat(env=SHIPPED))

    took = wait_finished(disturbed, RECOVERY_LIMIT, workers + beats, supervise)
    assert took < RECOVERY_LIMIT
    assert_same_as_undisturbed(disturbed, calm, battles)
    for dead in workers[:-1]:  # only the known Celery crash on a lost connection, never ours
        assert "Connection to broker lost" in dead.log() and "Unrecoverable" in dead.log()
    print(f"Redis restarted: job finished {took:.1f} s after Redis came back")

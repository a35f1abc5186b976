"""Real services for tests: a Redis broker and Celery worker processes (a pytest plugin).

The worker is a separate ``celery -A config worker`` process that shares the test database
(pytest-django's, reached through ``DATABASE_URL``) and listens on a queue of its own, so
runs never pick up each other's tasks.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import kombu.pools
import pytest
import redis
from django.db import connection

from config.celery import app as celery_app

ROOT = Path(__file__).resolve().parents[1]


def database_url() -> str:
    """Return a URL for the test database this process is using."""
    db = connection.settings_dict
    if connection.vendor == "sqlite":
        return f"sqlite:///{db['NAME']}"
    auth = db["USER"] + (f":{db['PASSWORD']}" if db["PASSWORD"] else "")
    return f"postgres://{auth}@{db['HOST'] or '127.0.0.1'}:{db['PORT'] or 5432}/{db['NAME']}"


@pytest.fixture(scope="session")
def redis_url() -> str:
    url = os.environ.get("SBG_TEST_REDIS_URL", "redis://127.0.0.1:6379/15")
    try:
        redis.Redis.from_url(url, socket_connect_timeout=2).ping()
    except redis.RedisError as exc:
        pytest.fail(f"integration tests need Redis at {url} (SBG_TEST_REDIS_URL): {exc}")
    return url


@dataclass
class WorkerProcess:
    """A running ``celery worker`` subprocess and how to reach it."""

    process: subprocess.Popen[bytes]
    name: str
    queue: str
    log_path: Path

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()

    def log(self) -> str:
        return self.log_path.read_text(errors="replace")

    def wait_ready(self, timeout: float = 120.0) -> None:
        """Until the worker consumes from its queue (Celery logs "<name> ready.")."""
        ready = f"{self.name} ready."
        wait_for(lambda: ready in self.log(), timeout=timeout, what=f"{self.name} to start")


@pytest.fixture
def broker_url(redis_url: str) -> str:
    """The broker of a test's workers (a test module may override this fixture)."""
    return redis_url


@pytest.fixture
def broker(broker_url: str) -> Iterator[str]:
    """Point this process's Celery app at Redis on a fresh queue; yield the queue name."""
    queue = f"test-{uuid.uuid4().hex[:12]}"
    saved = {
        key: celery_app.conf[key]
        for key in ("broker_url", "broker_transport_options", "task_default_queue")
    }
    celery_app.conf.update(
        broker_url=broker_url, broker_transport_options={}, task_default_queue=queue
    )
    _reset_connections()
    yield queue
    celery_app.conf.update(saved)
    _reset_connections()


def _reset_connections() -> None:
    """Drop pooled broker connections so the next send uses the current broker settings."""
    if celery_app._pool is not None:
        celery_app._pool.force_close_all()
        celery_app._pool = None
    celery_app.amqp._producer_pool = None
    kombu.pools.reset()  # kombu keeps producer pools per connection in a global registry


@pytest.fixture
def start_worker(
    transactional_db: None, broker: str, broker_url: str, tmp_path: Path
) -> Iterator[object]:
    """Start real worker processes on the test queue; all are stopped at teardown."""
    workers: list[WorkerProcess] = []

    def start(name: str | None = None, env: dict[str, str] | None = None) -> WorkerProcess:
        """Start one worker; a solo pool, so SIGKILL stops the very process running tasks.
        ``env`` overrides settings (by default a task whose worker died comes back to the
        queue after 5 s: the broker's visibility timeout)."""
        name = name or f"w{len(workers)}-{uuid.uuid4().hex[:6]}@test"
        log_path = tmp_path / f"{name}-{len(workers)}.log"
        env = {**service_env(broker_url, broker), "SBG_VISIBILITY_TIMEOUT": "5", **(env or {})}
        command = [
            sys.executable, "-m", "celery", "-A", "config", "worker", "-Q", broker,
            "-n", name, "--pool=solo", "--loglevel=INFO", "--without-gossip", "--without-mingle",
        ]  # fmt: skip
        with log_path.open("wb") as log:
            process = subprocess.Popen(command, cwd=ROOT, env=env, stdout=log, stderr=log)
        worker = WorkerProcess(process, name, broker, log_path)
        workers.append(worker)
        return worker

    yield start
    for worker in workers:
        worker.stop()


def service_env(broker_url: str, queue: str) -> dict[str, str]:
    """The environment of a worker or beat process of this test run."""
    return {
        **os.environ,
        "DATABASE_URL": database_url(),
        "REDIS_URL": broker_url,
        "SBG_CELERY_QUEUE": queue,
    }


@pytest.fixture
def start_beat(
    transactional_db: None, broker: str, broker_url: str, tmp_path: Path
) -> Iterator[object]:
    """Start Celery beat (the periodic recovery of lost chunks) on the test queue."""
    beats: list[WorkerProcess] = []

    def start(env: dict[str, str] | None = None) -> WorkerProcess:
        log_path = tmp_path / f"beat-{len(beats)}.log"
        command = [
            sys.executable, "-m", "celery", "-A", "config", "beat", "--loglevel=INFO",
            "-s", str(tmp_path / f"beat-schedule-{len(beats)}"),
        ]  # fmt: skip
        with log_path.open("wb") as log:
            process = subprocess.Popen(
                command,
                cwd=ROOT,
                env={**service_env(broker_url, broker), **(env or {})},
                stdout=log,
                stderr=log,
            )
        beat = WorkerProcess(process, "beat", broker, log_path)
        beats.append(beat)
        return beat

    yield start
    for beat in beats:
        beat.stop()


def wait_for(predicate: object, timeout: float = 60.0, what: str = "condition") -> None:
    """Poll ``predicate()`` until it is true or fail after ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():  # type: ignore[operator]
            return
        time.sleep(0.2)
    pytest.fail(f"timed out after {timeout:.0f} s waiting for {what}")

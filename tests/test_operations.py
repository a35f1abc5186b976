"""What operators see: the health endpoint (a probe for anyone, details for staff) and
structured JSON-lines logs carrying job and chunk ids."""

from __future__ import annotations

import io
import json
import logging
import uuid
from collections.abc import Callable
from typing import Any

import pytest
import redis
from django.contrib.auth.models import User
from django.test import Client
from django.utils import timezone

from battlesim import services
from battlesim.models import SimulationJob, WorkerHeartbeat
from config.logs import JsonLinesFormatter
from tests.workers import WorkerProcess, wait_for


@pytest.fixture
def staff(db: None) -> Client:
    client = Client()
    client.force_login(User.objects.create_user("ops", password="pw-ops-1234", is_staff=True))
    return client


@pytest.mark.django_db
def test_anyone_learns_only_whether_the_site_is_up() -> None:
    WorkerHeartbeat.objects.create(
        hostname="node@secret-host", pid=99, transport="redis", seen_at=timezone.now()
    )
    answer = Client().get("/health/")
    assert answer.status_code == 200 and answer.json() == {"status": "ok"}


def test_staff_see_workers_jobs_and_chunks(staff: Client, settings: Any) -> None:
    settings.SBG_CHUNK_SIZE = 2
    WorkerHeartbeat.objects.create(
        hostname="node@host", pid=99, transport="filesystem", seen_at=timezone.now()
    )
    owner = User.objects.create_user("owner", password="pw-owner-123")
    services.job_queue(owner=owner, game="monopoly", options={}, battles=6, seed=1)
    body = staff.get("/health/").json()
    assert body["status"] == "ok" and body["database"]["ok"]
    assert body["workers"][0] | {"seen_seconds_ago": 0} == {
        "name": "node@host",
        "pid": 99,
        "transport": "filesystem",
        "seen_seconds_ago": 0,
        "alive": True,
    }
    assert body["jobs"] == {"queued": 1}
    assert (body["chunks_waiting"], body["chunks_running"], body["chunks_lease_expired"]) == (
        3,
        0,
        0,
    )


@pytest.mark.integration
def test_staff_see_the_length_of_the_redis_queue(
    staff: Client, settings: Any, redis_url: str
) -> None:
    queue = f"health-{uuid.uuid4().hex[:8]}"
    settings.CELERY_BROKER_URL, settings.CELERY_TASK_DEFAULT_QUEUE = redis_url, queue
    client = redis.Redis.from_url(redis_url)
    keys = [queue, f"{queue}\x06\x166"]  # priority 0 and the chunks' priority 6
    try:
        client.rpush(keys[0], "a")
        client.rpush(keys[1], "b", "c")
        broker = staff.get("/health/").json()["broker"]
    finally:
        client.delete(*keys)
    assert broker["ok"] and broker["transport"] == "redis" and broker["queued"] == 3


@pytest.mark.django_db
def test_chunk_logs_are_json_lines_with_job_and_chunk_ids(
    django_capture_on_commit_callbacks: Any,
) -> None:
    stream = io.StringIO()
    handler = logging.StreamHandler(stream)
    handler.setFormatter(JsonLinesFormatter())
    logger = logging.getLogger("battlesim.services")
    logger.addHandler(handler)
    try:
        owner = User.objects.create_user("owner", password="pw-owner-123")
        with django_capture_on_commit_callbacks(execute=True):
            job = services.job_queue(owner=owner, game="monopoly", options={}, battles=2)
    finally:
        logger.removeHandler(handler)
    lines = [json.loads(line) for line in stream.getvalue().splitlines()]
    recorded = [line for line in lines if line["message"] == "chunk recorded"]
    assert recorded and all(line["job_id"] == job.pk for line in recorded)
    assert {line["chunk_id"] for line in recorded} == set(job.chunks.values_list("pk", flat=True))
    assert all(line["level"] == "INFO" and line["time"].endswith("+00:00") for line in lines)


@pytest.mark.integration
def test_a_worker_writes_json_lines(start_worker: Callable[..., WorkerProcess]) -> None:
    worker = start_worker(env={"SBG_LOG_FORMAT": "json"})
    owner = User.objects.create_user("owner", password="pw-owner-123")
    job = services.job_queue(owner=owner, game="monopoly", options={}, battles=3, seed=4)

    def done() -> bool:
        job.refresh_from_db()
        return job.status == SimulationJob.Status.DONE

    wait_for(done, timeout=120, what=f"the job; log:\n{worker.log()}")
    lines = [json.loads(line) for line in worker.log().splitlines() if line.startswith("{")]
    messages = {line["message"] for line in lines}
    assert any(m.startswith("Task battlesim.chunk_run") for m in messages)  # Celery's own
    mine = [line for line in lines if line["message"] == "chunk recorded"]
    assert mine and mine[0]["job_id"] == job.pk and mine[0]["worker"] == worker.name

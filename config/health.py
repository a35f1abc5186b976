"""Health of the service as JSON: database, broker and its queue, workers, jobs and chunks.

Anyone may ask whether the site is up (``status`` only, 200 or 503, for probes); staff get the
details an operator needs: which workers report, how long the queue is, how many chunks run,
wait or lost their worker.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import redis
from django.conf import settings
from django.db import DatabaseError, connection
from django.db.models import Count, Min
from django.utils import timezone

from battlesim.models import JobChunk, SimulationJob, WorkerHeartbeat

# kombu's Redis transport keeps a queue's priorities in separate lists (step 0 is the name).
_PRIORITY_STEPS = (0, 3, 6, 9)
_PRIORITY_SEP = "\x06\x16"


def database_ok() -> bool:
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
        return True
    except DatabaseError:
        return False


def broker_state() -> dict[str, Any]:
    """Whether the broker answers and, for Redis, how many tasks wait and run."""
    transport = settings.CELERY_BROKER_URL.split(":", 1)[0]
    if transport != "redis":
        return {"transport": transport, "ok": True}
    client = redis.Redis.from_url(settings.CELERY_BROKER_URL, socket_timeout=2)
    queue = settings.CELERY_TASK_DEFAULT_QUEUE
    keys = [queue if step == 0 else f"{queue}{_PRIORITY_SEP}{step}" for step in _PRIORITY_STEPS]
    try:
        queued = sum(client.llen(key) for key in keys)
        unacked = client.hlen("unacked")
    except redis.RedisError as exc:
        return {"transport": transport, "ok": False, "error": type(exc).__name__}
    return {"transport": transport, "ok": True, "queued": queued, "unacknowledged": unacked}


def workers_state() -> list[dict[str, Any]]:
    now = timezone.now()
    alive_within = 3 * settings.SBG_WORKER_HEARTBEAT_SECONDS
    return [
        {
            "name": w.hostname,
            "pid": w.pid,
            "transport": w.transport,
            "seen_seconds_ago": round((now - w.seen_at).total_seconds(), 1),
            "alive": (now - w.seen_at).total_seconds() <= alive_within,
        }
        for w in WorkerHeartbeat.objects.all()[:100]
    ]


def jobs_state() -> dict[str, Any]:
    now = timezone.now()
    lease = now - timedelta(seconds=settings.SBG_CHUNK_LEASE_SECONDS)
    active = (SimulationJob.Status.QUEUED, SimulationJob.Status.RUNNING)
    pending = JobChunk.objects.filter(status=JobChunk.Status.PENDING, job__status__in=active)
    waiting = pending.filter(heartbeat_at__isnull=True)
    oldest = waiting.aggregate(oldest=Min("sent_at"))["oldest"]
    by_status = SimulationJob.objects.values("status").annotate(n=Count("id"))
    return {
        "jobs": {row["status"]: row["n"] for row in by_status},
        "chunks_running": pending.filter(heartbeat_at__gte=lease).count(),
        "chunks_waiting": waiting.count(),
        "chunks_lease_expired": pending.filter(heartbeat_at__lt=lease).count(),
        "oldest_waiting_seconds": round((now - oldest).total_seconds(), 1) if oldest else None,
    }


def health(*, detailed: bool) -> tuple[int, dict[str, Any]]:
    """The status code and body of the health endpoint."""
    if not database_ok():
        return 503, {"status": "down", "database": False}
    if not detailed:
        return 200, {"status": "ok"}
    broker = broker_state()
    workers = workers_state()
    body = {
        "status": "ok" if broker["ok"] and any(w["alive"] for w in workers) else "degraded",
        "database": {"ok": True, "vendor": connection.vendor},
        "broker": broker,
        "workers": workers,
        **jobs_state(),
    }
    return 200, body

"""Celery tasks: thin wrappers that load by id and call one service each."""

from __future__ import annotations

import logging

from celery import Task, shared_task
from celery.signals import worker_ready
from django.db import InterfaceError, OperationalError

from battlesim import services

logger = logging.getLogger(__name__)


@shared_task(name="battlesim.worker_heartbeat_record")
def worker_heartbeat_record(hostname: str | None = None) -> int:
    """Record this worker's heartbeat; return its row id."""
    return services.worker_heartbeat_record(hostname=hostname).pk


class ChunkTask(Task):  # type: ignore[misc]
    """Marks the job failed, with the reason, when a chunk raises."""

    def on_failure(self, exc, task_id, args, kwargs, einfo) -> None:  # type: ignore[no-untyped-def]
        from battlesim.models import JobChunk

        chunk = JobChunk.objects.filter(pk=args[0] if args else kwargs["chunk_id"]).first()
        if chunk is not None:
            services.job_fail(job_id=chunk.job_id, error=f"{type(exc).__name__}: {exc}")


@shared_task(
    bind=True,
    base=ChunkTask,
    name="battlesim.chunk_run",
    acks_late=True,
    # A busy or restarting database is worth a few more tries before the job fails.
    autoretry_for=(OperationalError, InterfaceError),
    retry_backoff=2,
    max_retries=5,
)
def chunk_run(self: Task, chunk_id: int) -> int:
    """Play and record one chunk of a job; safe to run twice."""
    return services.chunk_run(chunk_id=chunk_id, worker=self.request.hostname or "")


@worker_ready.connect
def _worker_ready(sender: object, **_: object) -> None:
    """Announce a freshly started worker, and resend chunks a lost broker dropped."""
    services.worker_heartbeat_record(hostname=getattr(sender, "hostname", None))
    services.jobs_redispatch_stale()

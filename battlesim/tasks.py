"""Celery tasks: thin wrappers that load by id and call one service each."""

from __future__ import annotations

import gc
import logging
import threading

from celery import Task, shared_task
from celery.signals import worker_process_init, worker_ready
from django.conf import settings
from django.db import InterfaceError, OperationalError, connection

from battlesim import recovery, services

logger = logging.getLogger(__name__)

# Redis serves lower numbers first: the recovery task passes the queued chunks.
CHUNK_PRIORITY = 6


@shared_task(name="battlesim.worker_heartbeat_record")
def worker_heartbeat_record(hostname: str | None = None) -> int:
    """Record this worker's heartbeat; return its row id."""
    return services.worker_heartbeat_record(hostname=hostname).pk


@shared_task(name="battlesim.chunks_recover", ignore_result=True)
def chunks_recover() -> int:
    """Sent by Celery beat every ``SBG_RECOVER_EVERY_SECONDS``: see ``battlesim.recovery``."""
    return recovery.chunks_recover()


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
    priority=CHUNK_PRIORITY,
    # A busy or restarting database is worth a few more tries before the job fails.
    autoretry_for=(OperationalError, InterfaceError),
    retry_backoff=2,
    max_retries=5,
)
def chunk_run(self: Task, chunk_id: int) -> int:
    """Play and record one chunk of a job; safe to run twice."""
    worker = self.request.hostname or ""
    return services.chunk_run(chunk_id=chunk_id, worker=worker, lease=not self.request.is_eager)


@shared_task(name="battlesim.job_finish", ignore_result=True)
def job_finish(job_id: int) -> int:
    """Compute an ended job's statistics and draw its charts once (``battlesim.job_finish``)."""
    from battlesim.job_finish import job_finish as finish

    return finish(job_id=job_id)


@shared_task(name="battlesim.battle_log_regenerate", ignore_result=True)
def battle_log_regenerate(job_id: int, index: int) -> bool:
    """Replay a battle whose log was not kept, and keep it (the replay page waits for it)."""
    return services.battle_log_regenerate(job_id=job_id, index=index)


def _heartbeat_forever(hostname: str | None) -> None:
    """Keep this worker's row fresh, for the status page and the health endpoint."""
    stop = threading.Event()
    while not stop.wait(settings.SBG_WORKER_HEARTBEAT_SECONDS):
        try:
            services.worker_heartbeat_record(hostname=hostname)
        except Exception:  # the database may be restarting; try again next time
            logger.exception("worker heartbeat not recorded")
            connection.close()


@worker_ready.connect
def _worker_ready(sender: object, **_: object) -> None:
    """Announce a freshly started worker, keep announcing it, and recover lost chunks."""
    hostname = getattr(sender, "hostname", None)
    services.worker_heartbeat_record(hostname=hostname)
    threading.Thread(
        target=_heartbeat_forever, args=(hostname,), name="worker-heartbeat", daemon=True
    ).start()
    recovery.chunks_recover()


@worker_process_init.connect
def _worker_process_init(**_: object) -> None:
    """What a worker process holds once started (Django, the engines, their tables) is
    moved out of the collector's sight: its full collections then walk only what battles
    make (a 600 v 600 village battle after the worker's imports: 0.087 -> 0.024 CPU s in the
    collector, of about 1.7; play never depends on it)."""
    gc.freeze()

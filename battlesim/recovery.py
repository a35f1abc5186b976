"""Jobs recover by themselves: chunks whose worker died or whose message the broker lost are
sent again, by a periodic task (Celery beat, ``battlesim.chunks_recover``).

- A running chunk holds a lease: its worker renews ``heartbeat_at`` every
  ``SBG_CHUNK_HEARTBEAT_SECONDS`` from a thread beside the battles. A lease older than
  ``SBG_CHUNK_LEASE_SECONDS`` means the worker is gone (killed, machine lost): the chunk is
  sent again at once, instead of waiting for the broker's visibility timeout.
- A broker restarted without persistence forgets every queued message. Nothing can list what
  it lost, but its effect shows: chunks wait while no chunk runs or finishes anywhere. After
  ``SBG_IDLE_RESEND_SECONDS`` of that, the waiting chunks are sent again.

Sending a chunk twice is safe: a chunk is recorded once, under a row lock, whoever runs it
(``services._chunk_record``). Each resend is claimed by a conditional update, so two
recovery runs at once never send the same chunk twice.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import datetime, timedelta

from django.conf import settings
from django.db import connection
from django.db.models import Q
from django.utils import timezone

from battlesim.models import JobChunk, SimulationJob

logger = logging.getLogger(__name__)

ACTIVE = (SimulationJob.Status.QUEUED, SimulationJob.Status.RUNNING)
PENDING = JobChunk.Status.PENDING


@contextmanager
def chunk_lease(chunk_id: int) -> Iterator[None]:
    """Renew the chunk's lease from a thread while the body runs (a battle may be long)."""
    every = settings.SBG_CHUNK_HEARTBEAT_SECONDS
    stop = threading.Event()

    def renew() -> None:
        try:
            while not stop.wait(every):
                JobChunk.objects.filter(pk=chunk_id, status=PENDING).update(
                    heartbeat_at=timezone.now()
                )
        except Exception:  # a lost lease is recovered from; the battles must go on
            logger.exception("chunk lease renewal stopped", extra={"chunk_id": chunk_id})
        finally:
            connection.close()  # this thread's own database connection

    thread = threading.Thread(target=renew, name=f"chunk-lease-{chunk_id}", daemon=True)
    thread.start()
    try:
        yield
    finally:
        stop.set()
        thread.join()


def chunks_recover(*, now: datetime | None = None) -> int:
    """Send again the chunks of active jobs that lost their worker or their message;
    return how many were sent."""
    now = now or timezone.now()
    sent = _resend_orphans(now) + _resend_lost(now)
    if sent:
        logger.warning("chunks sent again", extra={"chunks": sent})
    return sent


def _waiting() -> object:
    """Pending chunks of active jobs that were sent to the workers (not ``--local`` runs)."""
    return JobChunk.objects.filter(
        status=PENDING, job__status__in=ACTIVE, sent_at__isnull=False
    ).only("pk", "job_id", "heartbeat_at", "sent_at")


def _resend_orphans(now: datetime) -> int:
    expired = now - timedelta(seconds=settings.SBG_CHUNK_LEASE_SECONDS)
    sent = 0
    for chunk in _waiting().filter(heartbeat_at__lt=expired):  # type: ignore[attr-defined]
        claimed = JobChunk.objects.filter(
            pk=chunk.pk, status=PENDING, heartbeat_at=chunk.heartbeat_at
        ).update(heartbeat_at=None, sent_at=now)
        if claimed:
            logger.warning(
                "worker lost mid-chunk; chunk sent again",
                extra={"job_id": chunk.job_id, "chunk_id": chunk.pk},
            )
            _send(chunk.pk)
            sent += 1
    return sent


def _resend_lost(now: datetime) -> int:
    idle_since = now - timedelta(seconds=settings.SBG_IDLE_RESEND_SECONDS)
    busy = JobChunk.objects.filter(
        Q(status=PENDING, heartbeat_at__gte=idle_since) | Q(finished_at__gte=idle_since)
    ).exists()
    if busy:  # workers take chunks: the queue works, whatever waits is only waiting
        return 0
    sent = 0
    lost = _waiting().filter(heartbeat_at__isnull=True, sent_at__lt=idle_since)  # type: ignore[attr-defined]
    for chunk in lost:
        claimed = JobChunk.objects.filter(
            pk=chunk.pk, status=PENDING, heartbeat_at__isnull=True, sent_at=chunk.sent_at
        ).update(sent_at=now)
        if claimed:
            _send(chunk.pk)
            sent += 1
    if sent:
        logger.warning("queue idle with chunks waiting; chunks sent again", extra={"chunks": sent})
    return sent


def _send(chunk_id: int) -> None:
    from battlesim.tasks import chunk_run

    chunk_run.delay(chunk_id)

"""Celery tasks: thin wrappers that call one service each."""

from __future__ import annotations

from celery import shared_task
from celery.signals import worker_ready

from battlesim import services


@shared_task(name="battlesim.worker_heartbeat_record")
def worker_heartbeat_record(hostname: str | None = None) -> int:
    """Record this worker's heartbeat; return its row id."""
    return services.worker_heartbeat_record(hostname=hostname).pk


@worker_ready.connect
def _worker_ready(sender: object, **_: object) -> None:
    """Announce a freshly started worker on the status page."""
    services.worker_heartbeat_record(hostname=getattr(sender, "hostname", None))

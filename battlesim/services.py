"""Simulation services: business logic called by tasks, views and commands."""

from __future__ import annotations

import os
import socket

from django.conf import settings
from django.utils import timezone

from battlesim.models import WorkerHeartbeat


def worker_heartbeat_record(*, hostname: str | None = None) -> WorkerHeartbeat:
    """Record that the calling worker process is alive and which broker it listens on."""
    transport = settings.CELERY_BROKER_URL.split(":", 1)[0]
    heartbeat, _ = WorkerHeartbeat.objects.update_or_create(
        hostname=hostname or socket.gethostname(),
        defaults={"pid": os.getpid(), "transport": transport, "seen_at": timezone.now()},
    )
    return heartbeat

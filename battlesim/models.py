"""Simulation rows: worker heartbeats now; battle jobs and results to come."""

from __future__ import annotations

from django.db import models


class WorkerHeartbeat(models.Model):
    """The last sign of life of one worker process, written by a task that worker ran."""

    hostname = models.CharField(max_length=200, unique=True)
    pid = models.PositiveIntegerField()
    transport = models.CharField(max_length=40)
    seen_at = models.DateTimeField()

    class Meta:
        ordering = ["-seen_at"]

    def __str__(self) -> str:
        return f"{self.hostname} (pid {self.pid})"

"""Simulation jobs: a job is cut into chunks; each battle's result is one row.

Battle ``i`` of a job is played with a seed derived from the job seed and ``i``, so any
battle replays on demand. A chunk's results are written in one transaction together with the
chunk's state, and ``(job, index)`` is unique: a chunk run twice (a redelivered task) can
neither lose a battle nor count one twice.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from battlesim.engines.registry import GAMES


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


class SimulationJob(models.Model):
    """A batch of battles (or games) of one registered engine, with fixed inputs."""

    class Status(models.TextChoices):
        QUEUED = "queued", _("Queued")
        RUNNING = "running", _("Running")
        DONE = "done", _("Done")
        FAILED = "failed", _("Failed")
        CANCELLED = "cancelled", _("Cancelled")

    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="simulation_jobs"
    )
    game = models.CharField(
        max_length=20, choices=[(key, _(name)) for key, name in sorted(GAMES.items())]
    )
    label = models.CharField(max_length=200, blank=True)
    options = models.JSONField(default=dict, help_text="Engine input, validated at queueing.")
    seed = models.BigIntegerField()
    battles = models.PositiveIntegerField()
    chunk_size = models.PositiveIntegerField(default=25)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.QUEUED)
    error = models.TextField(blank=True)
    battles_done = models.PositiveIntegerField(default=0)
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    dispatched_at = models.DateTimeField(null=True, blank=True, help_text="Chunks last sent.")
    simulate_anyway = models.BooleanField(
        default=False, help_text="Queued although a list breaks the rules (the owner's choice)."
    )
    breaches = models.JSONField(
        default=list, blank=True, help_text="Each list's rule breaches when it was queued."
    )
    swap_sides = models.BooleanField(
        default=False,
        help_text="SBG: odd battles replay the previous battle's seed with the sides swapped.",
    )
    statistics = models.JSONField(
        null=True, blank=True, help_text="Figures computed once by the worker when it ended."
    )

    class Meta:
        ordering = ["-created_at"]
        indexes = [models.Index(fields=["owner", "status"])]

    def __str__(self) -> str:
        return f"{self.get_game_display()} job {self.pk} ({self.battles} battles)"

    @property
    def is_active(self) -> bool:
        return self.status in {self.Status.QUEUED, self.Status.RUNNING}

    def statistics_drawn(self) -> bool:
        """Whether the worker stored the ended job's figures and charts (one query)."""
        return SimulationJob.objects.filter(pk=self.pk, statistics__isnull=False).exists()


class JobChunk(models.Model):
    """Battles ``start`` to ``stop - 1`` of a job, run by one task.

    A running chunk's worker renews ``heartbeat_at`` (its lease); ``sent_at`` says when its
    task was last queued. ``battlesim.recovery`` sends a chunk again when its lease ran out
    (the worker died) or when the broker lost its message (nothing runs, yet work waits).
    """

    class Status(models.TextChoices):
        PENDING = "pending", _("Pending")
        DONE = "done", _("Done")

    job = models.ForeignKey(SimulationJob, on_delete=models.CASCADE, related_name="chunks")
    index = models.PositiveIntegerField()
    start = models.PositiveIntegerField()
    stop = models.PositiveIntegerField()
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PENDING)
    attempts = models.PositiveIntegerField(default=0)
    battles_run = models.PositiveIntegerField(
        default=0, help_text="Battles played by the current attempt, not yet recorded."
    )
    worker = models.CharField(max_length=200, blank=True)
    sent_at = models.DateTimeField(null=True, blank=True, help_text="Task last sent to workers.")
    heartbeat_at = models.DateTimeField(
        null=True, blank=True, help_text="Last sign of life of the worker running it."
    )
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["job", "index"]
        constraints = [
            models.UniqueConstraint(fields=["job", "index"], name="chunk_unique_index"),
        ]
        # The recovery task's queries, run every few seconds.
        indexes = [
            models.Index(fields=["status", "heartbeat_at"], name="chunk_status_heartbeat"),
            models.Index(fields=["finished_at"], name="chunk_finished_at"),
        ]

    def __str__(self) -> str:
        return f"chunk {self.index} of job {self.job_id}"


class BattleResult(models.Model):
    """One battle's outcome and figures; its full log only for a bounded sample."""

    job = models.ForeignKey(SimulationJob, on_delete=models.CASCADE, related_name="results")
    index = models.PositiveIntegerField()
    seed = models.BigIntegerField()
    winner = models.CharField(max_length=100, blank=True)
    termination = models.CharField(max_length=100)
    summary = models.JSONField(default=dict)
    log_gz = models.BinaryField(null=True, blank=True, help_text="gzip of the JSON event log")
    elapsed_ms = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ["job", "index"]
        constraints = [
            models.UniqueConstraint(fields=["job", "index"], name="result_unique_index"),
        ]

    def __str__(self) -> str:
        return f"battle {self.index} of job {self.job_id}"


class JobChart(models.Model):
    """A chart of an ended job, drawn once by the worker and served as it is."""

    job = models.ForeignKey(SimulationJob, on_delete=models.CASCADE, related_name="charts")
    name = models.CharField(max_length=100)
    # One drawing per language of the site (settings.LANGUAGES): its title, axes and alt text.
    language = models.CharField(max_length=10, default="en-gb")
    title = models.CharField(max_length=300)
    alt = models.TextField(help_text="The chart's numbers in words, for screen readers.")
    svg = models.TextField()

    class Meta:
        ordering = ["job", "pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["job", "name", "language"], name="chart_unique_name_language"
            )
        ]

    def __str__(self) -> str:
        return f"{self.name} of job {self.job_id}"

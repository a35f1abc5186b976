"""Read simulation jobs for a user, their progress, statistics and logs."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import timedelta
from typing import Any, TypeVar

from django.conf import settings
from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.core.cache import cache
from django.db.models import Avg, QuerySet
from django.http import Http404
from django.utils import timezone

from battlesim.game_statistics import game_tables, outcome_label
from battlesim.models import BattleResult, JobChunk, SimulationJob, WorkerHeartbeat
from battlesim.report import report
from battlesim.services import log_decompress
from battlesim.statistics import ResultRow, job_statistics

User = AbstractBaseUser | AnonymousUser
T = TypeVar("T")
ENDED_JOB_CACHE_SECONDS = 24 * 3600


def job_list_for_user(*, user: User) -> QuerySet[SimulationJob]:
    if not user.is_authenticated:
        return SimulationJob.objects.none()
    return SimulationJob.objects.filter(owner=user)


def job_get_for_user(*, user: User, pk: int) -> SimulationJob:
    """Return the user's job, or raise 404 (also for another user's job)."""
    job = job_list_for_user(user=user).filter(pk=pk).first()
    if job is None:
        raise Http404("No such simulation job.")
    return job


@dataclass(frozen=True, slots=True)
class Progress:
    """Where a job stands. ``done``: battles recorded; ``playing``: battles already played by
    chunks still running (shown, not yet counted); ``queue_position``: 1 + the active jobs
    queued before it while none of its own battles runs; ``eta_seconds``: the battles left
    times this job's measured seconds per battle, over the chunks running at once."""

    status: str
    done: int
    total: int
    percent: float
    rate_per_second: float | None
    eta_seconds: float | None
    error: str
    playing: int = 0
    queue_position: int | None = None
    workers_busy: int = 0
    workers_live: int = 0
    seconds_per_battle: float | None = None
    report_ready: bool = False

    def to_json(self) -> dict[str, Any]:
        return {name: getattr(self, name) for name in self.__slots__}


def job_progress(*, job: SimulationJob) -> Progress:
    """Battles done and playing, queue position, workers, and the expected finish."""
    job.refresh_from_db(fields=["status", "battles_done", "started_at", "finished_at", "error"])
    ready = not job.is_active and job.statistics_drawn()
    running = _running_chunks(job) if job.is_active else []
    playing = min(sum(count for _worker, count in running), job.battles - job.battles_done)
    per_battle = _seconds_per_battle(job)
    rate = eta = None
    if per_battle:
        parallel = max(1, len(running))
        rate = parallel / per_battle
        eta = (job.battles - job.battles_done - playing) / rate if job.is_active else 0.0
    shown = job.battles_done + playing
    percent = 100.0 * shown / job.battles if job.battles else 100.0
    live, busy = _workers() if job.is_active else (0, 0)
    return Progress(
        status=job.status,
        done=job.battles_done,
        total=job.battles,
        percent=round(percent, 1),
        rate_per_second=rate,
        eta_seconds=eta,
        error=job.error,
        playing=playing,
        queue_position=_queue_position(job) if job.is_active and not running else None,
        workers_busy=busy,
        workers_live=live,
        seconds_per_battle=per_battle,
        report_ready=ready,
    )


def _lease_cutoff() -> Any:
    return timezone.now() - timedelta(seconds=settings.SBG_CHUNK_LEASE_SECONDS)


def _running_chunks(job: SimulationJob) -> list[tuple[str, int]]:
    """(worker, battles played) of the job's chunks whose worker is alive."""
    chunks = job.chunks.filter(status=JobChunk.Status.PENDING, heartbeat_at__gte=_lease_cutoff())
    return list(chunks.values_list("worker", "battles_run"))


def _seconds_per_battle(job: SimulationJob) -> float | None:
    """This job's measured mean time per battle (None before its first battle is recorded)."""
    mean = job.results.aggregate(mean=Avg("elapsed_ms"))["mean"]
    return None if mean is None else max(float(mean), 1.0) / 1000


def _workers() -> tuple[int, int]:
    """Workers alive (a recent heartbeat) and workers running a chunk of any job now."""
    seen = timezone.now() - timedelta(seconds=3 * settings.SBG_WORKER_HEARTBEAT_SECONDS)
    live = WorkerHeartbeat.objects.filter(seen_at__gte=seen).count()
    busy = (
        JobChunk.objects.filter(status=JobChunk.Status.PENDING, heartbeat_at__gte=_lease_cutoff())
        .exclude(worker="")
        .values("worker")
        .distinct()
        .count()
    )
    return max(live, busy), busy


def _queue_position(job: SimulationJob) -> int:
    """1 + the active jobs queued earlier that still have battles waiting (served first)."""
    ahead = (
        SimulationJob.objects.filter(
            status__in=(SimulationJob.Status.QUEUED, SimulationJob.Status.RUNNING),
            created_at__lt=job.created_at,
            chunks__status=JobChunk.Status.PENDING,
        )
        .distinct()
        .count()
    )
    return ahead + 1


def job_result_rows(*, job: SimulationJob) -> list[ResultRow]:
    """The job's results in battle order, winners given readable labels."""
    values = job.results.order_by("index").values_list("winner", "termination", "summary")
    rows = [ResultRow(winner, termination, summary) for winner, termination, summary in values]
    return [ResultRow(outcome_label(job.game, row), row.termination, row.summary) for row in rows]


def job_statistics_get(*, job: SimulationJob) -> dict[str, Any]:
    """Generic figures plus the game's own tables (``tables``: name -> label -> number);
    cached once the job ended, as its results no longer change."""

    if job.statistics is not None and not job.is_active:
        return job.statistics  # computed once by the worker when the job ended
    return ended_job_cached(job, "statistics", lambda: job_statistics_compute(job))


def job_statistics_compute(job: SimulationJob) -> dict[str, Any]:
    """Every figure of the job's results so far, with the page's words (``report``)."""
    rows = job_result_rows(job=job)
    figures = {**job_statistics(rows), "tables": game_tables(job.game, rows)}
    return {**figures, **report(job.game, rows, figures["tables"], figures["numbers"])}


def ended_job_cached(job: SimulationJob, what: str, compute: Callable[[], T]) -> T:
    """``compute()``, kept in the cache for a job that ended (its results are final), so
    heavy pages (figures, charts) are computed once, not on every view."""
    if job.is_active:
        return compute()
    key = f"sbg:job:{job.pk}:{job.status}:{job.battles_done}:{what}"
    return cache.get_or_set(key, compute, timeout=ENDED_JOB_CACHE_SECONDS)  # type: ignore[no-any-return]


def battle_log_get(*, job: SimulationJob, index: int) -> list[dict[str, Any]] | None:
    """The stored log of battle ``index``; None when its log was not kept (a worker task
    replays it: ``services.battle_log_request``). A page never plays a battle."""
    if not 0 <= index < job.battles:
        raise Http404("No such battle in this job.")
    stored = BattleResult.objects.filter(job=job, index=index).values_list("log_gz", flat=True)
    if not stored.exists():
        raise Http404("This battle has not been played yet.")
    data = stored.first()
    return log_decompress(data) if data else None

"""Read simulation jobs for a user, their progress, statistics and logs."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.core.cache import cache
from django.db.models import QuerySet
from django.http import Http404
from django.utils import timezone

from battlesim.game_statistics import game_tables, outcome_label
from battlesim.models import BattleResult, SimulationJob
from battlesim.services import battle_play, log_decompress
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
    status: str
    done: int
    total: int
    percent: float
    rate_per_second: float | None
    eta_seconds: float | None
    error: str

    def to_json(self) -> dict[str, Any]:
        return {
            "status": self.status,
            "done": self.done,
            "total": self.total,
            "percent": self.percent,
            "rate_per_second": self.rate_per_second,
            "eta_seconds": self.eta_seconds,
            "error": self.error,
        }


def job_progress(*, job: SimulationJob) -> Progress:
    """Battles done and total, the rate since the job started and the expected finish."""
    job.refresh_from_db(fields=["status", "battles_done", "started_at", "finished_at", "error"])
    rate = eta = None
    if job.started_at and job.battles_done:
        end = job.finished_at or timezone.now()
        elapsed = max((end - job.started_at).total_seconds(), 1e-3)
        rate = job.battles_done / elapsed
        eta = (job.battles - job.battles_done) / rate if job.is_active else 0.0
    percent = 100.0 * job.battles_done / job.battles if job.battles else 100.0
    return Progress(
        job.status, job.battles_done, job.battles, round(percent, 1), rate, eta, job.error
    )


def job_result_rows(*, job: SimulationJob) -> list[ResultRow]:
    """The job's results in battle order, winners given readable labels."""
    values = job.results.order_by("index").values_list("winner", "termination", "summary")
    rows = [ResultRow(winner, termination, summary) for winner, termination, summary in values]
    return [ResultRow(outcome_label(job.game, row), row.termination, row.summary) for row in rows]


def job_statistics_get(*, job: SimulationJob) -> dict[str, Any]:
    """Generic figures plus the game's own tables (``tables``: name -> label -> number);
    cached once the job ended, as its results no longer change."""

    def compute() -> dict[str, Any]:
        rows = job_result_rows(job=job)
        return {**job_statistics(rows), "tables": game_tables(job.game, rows)}

    return ended_job_cached(job, "statistics", compute)


def ended_job_cached(job: SimulationJob, what: str, compute: Callable[[], T]) -> T:
    """``compute()``, kept in the cache for a job that ended (its results are final), so
    heavy pages (figures, charts) are computed once, not on every view."""
    if job.is_active:
        return compute()
    key = f"sbg:job:{job.pk}:{job.status}:{job.battles_done}:{what}"
    return cache.get_or_set(key, compute, timeout=ENDED_JOB_CACHE_SECONDS)  # type: ignore[no-any-return]


def battle_log_get(*, job: SimulationJob, index: int) -> list[dict[str, Any]]:
    """The stored log of battle ``index``, or the log regenerated from its seed."""
    if not 0 <= index < job.battles:
        raise Http404("No such battle in this job.")
    stored = BattleResult.objects.filter(job=job, index=index).values_list("log_gz", flat=True)
    data = stored.first()
    if data:
        return log_decompress(data)
    return battle_play(job, index).result.log.to_json()

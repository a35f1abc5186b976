"""Simulation services: queue jobs, run chunks of battles, cancel; workers' heartbeats.

A job is cut into chunks of battles; one task runs one chunk. Results are written at the end
of the chunk in one transaction that also marks the chunk done, under a row lock on the
chunk: a task redelivered after a worker died replays the same seeds and either writes the
chunk once or finds it done. Nothing is lost and nothing is counted twice.
"""

from __future__ import annotations

import gzip
import json
import logging
import os
import socket
import time
from collections.abc import Callable, Mapping
from contextlib import nullcontext
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.contrib.auth.models import AbstractBaseUser
from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import F
from django.utils import timezone
from django.utils.translation import gettext

from battlesim.dry_run import sbg_setup_problem, swapped_options
from battlesim.engines.registry import GAMES, GameResult, play_function, validate_options
from battlesim.models import BattleResult, JobChunk, SimulationJob, WorkerHeartbeat
from battlesim.recovery import chunk_lease
from battlesim.seeds import MAX_SEED, battle_seed, job_seed_new
from config.errors import refuse_nul

ACTIVE = (SimulationJob.Status.QUEUED, SimulationJob.Status.RUNNING)
logger = logging.getLogger(__name__)


def worker_heartbeat_record(*, hostname: str | None = None) -> WorkerHeartbeat:
    """Record that the calling worker process is alive and which broker it listens on."""
    transport = settings.CELERY_BROKER_URL.split(":", 1)[0]
    heartbeat, _ = WorkerHeartbeat.objects.update_or_create(
        hostname=hostname or socket.gethostname(),
        defaults={"pid": os.getpid(), "transport": transport, "seen_at": timezone.now()},
    )
    return heartbeat


def _check_job_input(owner: AbstractBaseUser, game: str, battles: int, seed: int | None) -> None:
    if game not in GAMES:
        raise ValidationError(
            {
                "game": gettext("Unknown game {game}; choose one of {GAMES}.").format(
                    game=repr(game), GAMES=sorted(GAMES)
                )
            }
        )
    limit = settings.SBG_MAX_BATTLES_PER_JOB
    if not 1 <= battles <= limit:
        raise ValidationError(
            {"battles": gettext("A job runs 1 to {limit} battles.").format(limit=limit)}
        )
    if seed is not None and not 0 <= seed <= MAX_SEED:
        raise ValidationError(
            {"seed": gettext("A seed is a whole number from 0 to {limit}.").format(limit=MAX_SEED)}
        )
    running = SimulationJob.objects.filter(owner=owner, status__in=ACTIVE).count()
    if running >= settings.SBG_MAX_ACTIVE_JOBS:
        raise ValidationError(
            {
                "battles": gettext(
                    "You already have {running} jobs running; the limit is {limit}. "
                    "Wait or cancel one."
                ).format(running=running, limit=settings.SBG_MAX_ACTIVE_JOBS)
            }
        )


def _check_options(game: str, options: Mapping[str, Any]) -> None:
    refuse_nul(dict(options), "options")
    try:
        validate_options(game, options)
    except ValueError as exc:
        raise ValidationError({"options": str(exc)}) from exc
    except _WRONG_TYPE as exc:
        # An engine's validator met a value of the wrong type (``players: 3``).
        key = _wrong_type_key(game, options)
        where = f"options.{key}" if key else "options"
        raise ValidationError(
            {where: gettext("a value of the wrong type ({exc})").format(exc=exc)}
        ) from exc


_WRONG_TYPE = (TypeError, AttributeError, KeyError, IndexError)


def _wrong_type_key(game: str, options: Mapping[str, Any]) -> str | None:
    """The option whose removal lets the engine's validator run without a type error."""
    for key in options:
        try:
            validate_options(game, {k: v for k, v in options.items() if k != key})
        except _WRONG_TYPE:
            continue
        except ValueError:
            return str(key)
        return str(key)
    return None


def _check_setup(game: str, options: Mapping[str, Any], swap_sides: bool) -> None:
    """SBG: the set-up dry-run (forces read, table built, both sides deployed)."""
    if game != "sbg":
        return
    problem = sbg_setup_problem(options, both_ways=swap_sides)
    if problem:
        raise ValidationError({"options": problem})


def chunk_size_for(game: str) -> int:
    """Battles per chunk: about ``SBG_CHUNK_SECONDS`` of work at the rate measured over the
    game's recent battles, at most ``SBG_CHUNK_SIZE`` (the size before anything is measured).
    Progress moves battle by battle whatever the size (``JobChunk.battles_run``)."""
    recent = BattleResult.objects.filter(job__game=game).order_by("-pk")[:200]
    elapsed = [ms for ms in recent.values_list("elapsed_ms", flat=True)]
    if len(elapsed) < 10:
        return int(settings.SBG_CHUNK_SIZE)
    per_battle = max(sum(elapsed) / len(elapsed) / 1000, 1e-3)
    fitted = int(settings.SBG_CHUNK_SECONDS / per_battle)
    return max(1, min(int(settings.SBG_CHUNK_SIZE), fitted))


def job_queue(
    *,
    owner: AbstractBaseUser,
    game: str,
    options: Mapping[str, Any],
    battles: int,
    seed: int | None = None,
    label: str = "",
    dispatch: bool = True,
    simulate_anyway: bool = False,
    breaches: list[dict[str, Any]] | None = None,
) -> SimulationJob:
    """Validate, store the job and its chunks, and queue the chunks once committed
    (``dispatch=False`` leaves them for the caller to run, as ``simulate --local`` does).

    An SBG job plays each seed with both side assignments (``swap_sides``): side bias cancels
    out of its win rates, and the page gives both assignments' rates.
    """
    _check_job_input(owner, game, battles, seed)
    _check_options(game, options)
    swap_sides = game == "sbg"
    _check_setup(game, options, swap_sides)
    with transaction.atomic():
        job = SimulationJob.objects.create(
            owner=owner,
            game=game,
            options=dict(options),
            battles=battles,
            label=label[:200],
            seed=job_seed_new() if seed is None else seed,
            chunk_size=chunk_size_for(game),
            simulate_anyway=simulate_anyway,
            breaches=list(breaches or []),
            swap_sides=swap_sides,
        )
        chunks = _chunks_create(job)
        if dispatch:
            now = timezone.now()
            job.dispatched_at = now
            job.save(update_fields=["dispatched_at"])
            job.chunks.update(sent_at=now)
            transaction.on_commit(lambda: _chunks_send([chunk.pk for chunk in chunks]))
    logger.info(
        "job queued",
        extra={"job_id": job.pk, "game": game, "battles": battles, "chunks": len(chunks)},
    )
    return job


def _chunks_create(job: SimulationJob) -> list[JobChunk]:
    starts = range(0, job.battles, job.chunk_size)
    return JobChunk.objects.bulk_create(
        JobChunk(job=job, index=i, start=start, stop=min(start + job.chunk_size, job.battles))
        for i, start in enumerate(starts)
    )


def _chunks_send(chunk_ids: list[int]) -> None:
    from battlesim.tasks import chunk_run

    for chunk_id in chunk_ids:
        chunk_run.delay(chunk_id)


@dataclass(frozen=True, slots=True)
class PlayedBattle:
    index: int
    seed: int
    result: GameResult
    elapsed_ms: int


def battle_swapped(job: SimulationJob, index: int) -> bool:
    """Whether battle ``index`` plays list B on side 0 (odd battles of a swapping job)."""
    return job.swap_sides and index % 2 == 1


def battle_seed_of(job: SimulationJob, index: int) -> int:
    """Battle ``index``'s seed; a swapping job plays battles 2k and 2k+1 on one seed."""
    return battle_seed(job.seed, index // 2 if job.swap_sides else index)


def battle_options(job: SimulationJob, index: int) -> dict[str, Any]:
    """The engine options of battle ``index``: the job's, sides swapped on odd battles."""
    options = dict(job.options)
    return swapped_options(options) if battle_swapped(job, index) else options


def battle_play(job: SimulationJob, index: int, *, logged: bool = True) -> PlayedBattle:
    """Play battle ``index`` of a job from its derived seed (a worker's work: a web request
    never calls this, ``tests/battlesim/test_no_engine_in_web.py``). ``logged=False``: the
    engine's unlogged play where it has one (same outcome and summary, empty log), for a
    battle whose log is not kept; its replay is played again from the seed."""
    seed = battle_seed_of(job, index)
    started = time.perf_counter()
    play = play_function(job.game, logged=logged)
    result = play(seed=seed, options=battle_options(job, index))
    elapsed = int((time.perf_counter() - started) * 1000)
    if battle_swapped(job, index):
        result = in_list_order(result)
    return PlayedBattle(index, seed, result, elapsed)


def in_list_order(result: GameResult) -> GameResult:
    """A swapped battle's outcome told in the job's order (side 0 is list A again): the
    winner and every per-side pair of the summary (``casualties: [a, b]``, heroes' sides)
    are swapped back; ``swapped`` says it was played so. The log stays as played."""
    summary: dict[str, Any] = {}
    for key, value in result.summary.items():
        pair = isinstance(value, list) and len(value) == 2 and key != "heroes"
        summary[key] = value[::-1] if pair else value
    for key in ("winner",):
        if isinstance(summary.get(key), int):
            summary[key] = 1 - summary[key]
    if isinstance(summary.get("heroes"), list):
        summary["heroes"] = [
            {**hero, "side": 1 - hero["side"]} if isinstance(hero.get("side"), int) else hero
            for hero in summary["heroes"]
        ]
    summary["swapped"] = True
    winner = result.winner
    if winner in ("0", "1"):
        winner = str(1 - int(winner))
    return GameResult(winner, result.termination, result.log, summary)


def log_kept(job: SimulationJob, index: int) -> bool:
    """Keep full logs for the first battles and a regular sample of the rest."""
    return index < settings.SBG_LOGS_FIRST or index % settings.SBG_LOGS_EVERY == 0


def log_compress(result: GameResult) -> bytes:
    return gzip.compress(result.log.dumps().encode(), compresslevel=6)


def log_decompress(data: bytes) -> list[dict[str, Any]]:
    return json.loads(gzip.decompress(bytes(data)).decode())  # type: ignore[no-any-return]


def _result_row(job: SimulationJob, played: PlayedBattle) -> BattleResult:
    log = log_compress(played.result) if log_kept(job, played.index) else None
    return BattleResult(
        job=job,
        index=played.index,
        seed=played.seed,
        winner=played.result.winner or "",
        termination=played.result.termination,
        summary=played.result.summary,
        log_gz=log,
        elapsed_ms=played.elapsed_ms,
    )


def chunk_run(
    *,
    chunk_id: int,
    worker: str = "",
    on_battle: Callable[[int], None] | None = None,
    lease: bool = False,
) -> int:
    """Play one chunk and record it; return how many results this call wrote.

    ``lease``: renew the chunk's heartbeat while it runs (on a worker), so a worker that dies
    mid-chunk is noticed within ``SBG_CHUNK_LEASE_SECONDS`` (``battlesim.recovery``).
    """
    chunk = JobChunk.objects.select_related("job").get(pk=chunk_id)
    job = chunk.job
    if chunk.status == JobChunk.Status.DONE or job.status not in ACTIVE:
        return 0
    _job_mark_running(job)
    JobChunk.objects.filter(pk=chunk.pk).update(
        attempts=F("attempts") + 1, worker=worker, heartbeat_at=timezone.now(), battles_run=0
    )
    ids = {"job_id": job.pk, "chunk_id": chunk.pk, "worker": worker}
    logger.info("chunk started", extra={**ids, "attempt": chunk.attempts + 1})
    started = time.perf_counter()
    counter = _BattleCounter(chunk.pk)
    with chunk_lease(chunk.pk) if lease else nullcontext():
        rows = []
        for index in range(chunk.start, chunk.stop):
            # A battle whose log is not kept plays unlogged (a replay plays it again).
            played = battle_play(job, index, logged=log_kept(job, index))
            rows.append(_result_row(job, played))
            counter.played(len(rows))
            if on_battle is not None:
                on_battle(index)
        written = _chunk_record(chunk.pk, job.pk, rows)
    seconds = round(time.perf_counter() - started, 3)
    logger.info("chunk recorded", extra={**ids, "results": written, "seconds": seconds})
    if written and job.dispatched_at is not None and _job_ended(job.pk):
        job_finish_send(job.pk)  # its last chunk: a worker draws the figures once
    return written


def _job_ended(job_id: int) -> bool:
    return SimulationJob.objects.filter(pk=job_id, status=SimulationJob.Status.DONE).exists()


class _BattleCounter:
    """Tells the progress bar of each battle played, before the chunk is recorded: at most
    one update every ``EVERY`` seconds (games of a few milliseconds would otherwise write
    more than they play). Only shown, never counted as done: a chunk is recorded whole."""

    EVERY = 0.5

    def __init__(self, chunk_id: int) -> None:
        self.chunk_id = chunk_id
        self.last = 0.0

    def played(self, count: int) -> None:
        now = time.monotonic()
        if now - self.last >= self.EVERY:
            self.last = now
            JobChunk.objects.filter(pk=self.chunk_id, status=JobChunk.Status.PENDING).update(
                battles_run=count
            )


def _job_mark_running(job: SimulationJob) -> None:
    SimulationJob.objects.filter(pk=job.pk, status=SimulationJob.Status.QUEUED).update(
        status=SimulationJob.Status.RUNNING, started_at=timezone.now()
    )


@transaction.atomic
def _chunk_record(chunk_id: int, job_id: int, rows: list[BattleResult]) -> int:
    chunk = JobChunk.objects.select_for_update().get(pk=chunk_id)
    job = SimulationJob.objects.select_for_update().get(pk=job_id)
    if chunk.status == JobChunk.Status.DONE or job.status not in ACTIVE:
        return 0
    BattleResult.objects.bulk_create(rows)
    chunk.status, chunk.finished_at = JobChunk.Status.DONE, timezone.now()
    chunk.battles_run = 0
    chunk.save(update_fields=["status", "finished_at", "battles_run"])
    job.battles_done += len(rows)
    if not job.chunks.exclude(status=JobChunk.Status.DONE).exists():
        job.status, job.finished_at = SimulationJob.Status.DONE, timezone.now()
    job.save(update_fields=["battles_done", "status", "finished_at"])
    return len(rows)


REPLAY_REQUEST_SECONDS = 300


def battle_log_request(*, job: SimulationJob, index: int) -> bool:
    """Have a worker replay battle ``index`` from its seed and keep its log (once: a request
    already pending is not sent again). Return True when a task was sent."""
    from django.core.cache import cache

    from battlesim.tasks import battle_log_regenerate

    if not cache.add(f"sbg:replay:{job.pk}:{index}", 1, timeout=REPLAY_REQUEST_SECONDS):
        return False
    battle_log_regenerate.delay(job.pk, index)
    return True


def battle_log_regenerate(*, job_id: int, index: int) -> bool:
    """A worker's task: play battle ``index`` again from its seed and store its log on the
    result row (the outcome is the same: one seed, one battle). False if no such result."""
    from django.core.cache import cache

    job = SimulationJob.objects.get(pk=job_id)
    if not BattleResult.objects.filter(job=job, index=index).exists():
        return False
    played = battle_play(job, index)
    BattleResult.objects.filter(job=job, index=index, log_gz__isnull=True).update(
        log_gz=log_compress(played.result)
    )
    cache.delete(f"sbg:replay:{job.pk}:{index}")
    return True


def job_finish_send(job_id: int) -> None:
    """Have a worker compute the ended job's statistics and draw its charts."""
    from battlesim.tasks import job_finish

    job_finish.delay(job_id)


def job_finish_request(*, job: SimulationJob) -> bool:
    """Ask a worker, at most once every few minutes, to draw an ended job's figures."""
    from django.core.cache import cache

    if not cache.add(f"sbg:finish:{job.pk}", 1, timeout=REPLAY_REQUEST_SECONDS):
        return False
    job_finish_send(job.pk)
    return True


def job_fail(*, job_id: int, error: str) -> None:
    """Mark a job failed with the reason, unless it already ended."""
    logger.error("job failed", extra={"job_id": job_id, "error": error[:500]})
    changed = SimulationJob.objects.filter(pk=job_id, status__in=ACTIVE).update(
        status=SimulationJob.Status.FAILED, error=error[:2000], finished_at=timezone.now()
    )
    if changed:
        transaction.on_commit(lambda: job_finish_send(job_id))


def job_cancel(*, job: SimulationJob) -> bool:
    """Cancel a job still queued or running; chunks not yet recorded are skipped."""
    changed = SimulationJob.objects.filter(pk=job.pk, status__in=ACTIVE).update(
        status=SimulationJob.Status.CANCELLED, finished_at=timezone.now()
    )
    if changed:  # the battles recorded so far get their figures and charts too
        transaction.on_commit(lambda: job_finish_send(job.pk))
    return bool(changed)

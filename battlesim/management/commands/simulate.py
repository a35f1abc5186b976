"""Queue a simulation job and watch it with a progress bar, or run it here with --local."""

from __future__ import annotations

import json
import time
from typing import Any

from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError, CommandParser
from tqdm import tqdm

from battlesim import services
from battlesim.engines.registry import GAMES
from battlesim.engines.sbg.policies.roster import DESCRIPTIONS, PLAYERS
from battlesim.job_finish import job_finish
from battlesim.job_input import job_queue_requested
from battlesim.models import SimulationJob
from battlesim.selectors import Progress, job_progress, job_statistics_get
from battlesim.wording import noun
from config.errors import error_text


def progress_words(progress: Progress) -> str:
    """``queue 2 · 1/2 workers busy · ETA 40 s`` (the job page's words, shortened)."""
    parts = []
    if progress.queue_position:
        parts.append(f"queue {progress.queue_position}")
    if progress.status in ("queued", "running"):
        parts.append(f"{progress.workers_busy}/{progress.workers_live} workers busy")
        if progress.eta_seconds is not None:
            parts.append(f"ETA {int(progress.eta_seconds) + 1} s")
        elif not progress.queue_position:
            parts.append("measuring the pace")
    return " · ".join(parts) or progress.status


class Command(BaseCommand):
    help = "Run a simulation job of a registered game and show its progress and outcomes."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("game", choices=sorted(GAMES))
        parser.add_argument("--battles", type=int, default=100)
        parser.add_argument("--seed", type=int, default=None)
        parser.add_argument("--options", default="{}", help="engine options as a JSON object")
        parser.add_argument(
            "--list-a", default=None, help="SBG: own:<id>, shared:<token> or starter:<name>"
        )
        parser.add_argument("--list-b", default=None)
        parser.add_argument(
            "--player-a",
            choices=sorted(PLAYERS),
            default=None,
            help="SBG: who plays the first list; "
            + "; ".join(f"{name}: {DESCRIPTIONS[name]}" for name in sorted(PLAYERS)),
        )
        parser.add_argument(
            "--player-b", choices=sorted(PLAYERS), default=None, help="SBG: the second list's"
        )
        parser.add_argument(
            "--simulate-anyway",
            action="store_true",
            help="simulate a list that breaks the army-building rules (recorded on the job)",
        )
        parser.add_argument("--user", default="simulator", help="owner of the job")
        parser.add_argument(
            "--local",
            action="store_true",
            help="run the chunks in this process instead of on workers",
        )

    def handle(self, *args: Any, **opts: Any) -> None:
        owner, _ = get_user_model().objects.get_or_create(username=opts["user"])
        values = {
            "game": opts["game"],
            "options": self._options(opts["options"]),
            "list_a": opts["list_a"],
            "list_b": opts["list_b"],
            "player_a": opts["player_a"],
            "player_b": opts["player_b"],
            "battles": opts["battles"],
            "seed": opts["seed"],
            "simulate_anyway": opts["simulate_anyway"],
        }
        try:
            job = job_queue_requested(owner=owner, values=values, dispatch=not opts["local"])
        except ValidationError as exc:
            raise CommandError(error_text(exc)) from exc
        self.stdout.write(
            f"Job {job.pk}: {job.battles} battles of {job.get_game_display()}, seed {job.seed}"
        )
        if opts["local"]:
            self._run_here(job)
        else:
            self._watch(job)
        self._report(job)

    def _options(self, raw: str) -> dict[str, Any]:
        try:
            value = json.loads(raw)
        except json.JSONDecodeError as exc:
            raise CommandError(f"--options is not valid JSON: {exc.msg}") from exc
        if not isinstance(value, dict):
            raise CommandError("--options must be a JSON object")
        return value

    def _run_here(self, job: SimulationJob) -> None:
        with tqdm(total=job.battles, unit=noun(job.game, False), desc=noun(job.game)) as bar:
            for chunk in job.chunks.order_by("index"):
                services.chunk_run(
                    chunk_id=chunk.pk, worker="local", on_battle=lambda _index: bar.update(1)
                )
        job_finish(job_id=job.pk)  # no worker ran it: figures and charts here
        job.refresh_from_db()

    def _watch(self, job: SimulationJob) -> None:
        """The page's progress, in the terminal: battles played, the place in the queue,
        the workers busy and the ETA from this job's measured pace."""
        with tqdm(total=job.battles, unit=noun(job.game, False), desc=noun(job.game)) as bar:
            while True:
                progress = job_progress(job=job)
                shown = min(progress.total, progress.done + progress.playing)
                bar.update(shown - bar.n)
                bar.set_postfix_str(progress_words(progress), refresh=True)
                if progress.status not in ("queued", "running"):
                    break
                time.sleep(0.5)
        job.refresh_from_db()
        if job.status != SimulationJob.Status.DONE:
            raise CommandError(f"Job {job.pk} ended {job.status}: {job.error}")

    def _report(self, job: SimulationJob) -> None:
        figures = job_statistics_get(job=job)
        overall = figures.get("overall") or {"outcomes": figures["outcomes"]}
        self._outcomes(overall)
        for group in figures.get("assignments", []):
            self.stdout.write(f" {group['label']}:")
            self._outcomes(group)
        for ending in figures.get("endings", []):
            self.stdout.write(f"  ended: {ending['label']:<60} {100 * ending['rate']:5.1f}%")

    def _outcomes(self, figures: dict[str, Any]) -> None:
        for outcome in figures["outcomes"]:
            low, high = outcome["ci95"]
            self.stdout.write(
                f"  {outcome['outcome']:<24} {outcome['count']:>6} "
                f"{100 * outcome['rate']:5.1f}%  [{100 * low:4.1f}, "
                f"{100 * high:4.1f}]"
            )
        if "safety" in figures:
            self.stdout.write(
                f"  {'stopped by a safety limit':<24} {figures['safety']['count']:>6} "
                f"{100 * figures['safety']['rate']:5.1f}%"
            )

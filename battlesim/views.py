"""Simulation pages: queue a job, watch it, read its statistics, replay a battle."""

from __future__ import annotations

import csv
import json
from typing import Any

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.utils.cache import patch_vary_headers
from django.utils.translation import get_language, gettext
from django.utils.translation import gettext_lazy as _
from django.views.decorators.gzip import gzip_page
from django.views.decorators.http import require_POST

from battlesim import page_words, sbg_pages, services
from battlesim.breadth import offered_lists_breadth
from battlesim.compare import comparison, side_of
from battlesim.engines.registry import GAMES
from battlesim.game_statistics import outcome_label
from battlesim.job_input import job_queue_requested
from battlesim.models import BattleResult, SimulationJob
from battlesim.narration import Names, share_sentences
from battlesim.phrasebook import phrasebook
from battlesim.replay_data import replay_board
from battlesim.replay_rotk import rotk_board
from battlesim.seeds import MAX_SEED
from battlesim.selectors import (
    battle_log_get,
    job_get_for_user,
    job_list_for_user,
    job_progress,
    job_statistics_get,
)
from battlesim.statistics import ResultRow
from battlesim.wording import ending_label, noun, translated_label
from config.errors import form_add_errors
from config.throttles import JobCreateThrottle, throttled


class JobForm(forms.Form):
    game = forms.ChoiceField(
        label=_("Game"),
        choices=[
            (key, _(name)) for key, name in sorted(GAMES.items(), key=lambda i: i[0] != "sbg")
        ],
        initial="sbg",
    )
    battles = forms.IntegerField(label=_("Battles"), min_value=1, initial=100)
    seed = forms.IntegerField(
        label=_("Seed"),
        min_value=0,
        max_value=MAX_SEED,
        required=False,
        help_text=_("Leave empty for a random seed (it is stored)."),
    )
    label = forms.CharField(label=_("Label"), max_length=200, required=False)
    list_a = forms.ChoiceField(required=False, label=_("First list (SBG)"))
    list_b = forms.ChoiceField(required=False, label=_("Second list (SBG)"))
    simulate_anyway = forms.BooleanField(
        required=False,
        label=_("Simulate anyway"),
        help_text=_("Simulate a list that breaks the army-building rules as it is (recorded)."),
    )
    scenario = forms.ChoiceField(label=_("Scenario"), choices=sbg_pages.SCENARIOS, required=False)
    table = forms.ChoiceField(label=_("Table"), choices=sbg_pages.TABLES, required=False)
    mode = forms.ChoiceField(choices=sbg_pages.MODES, required=False, label=_("Game type (SBG)"))
    player_a = forms.ChoiceField(
        choices=sbg_pages.PLAYERS, required=False, label=_("Who plays the first list (SBG)")
    )
    player_b = forms.ChoiceField(
        choices=sbg_pages.PLAYERS, required=False, label=_("Who plays the second list (SBG)")
    )
    options = forms.CharField(
        label=_("Options"),
        widget=forms.Textarea(attrs={"rows": 3}),
        required=False,
        help_text=_('Engine options as JSON, e.g. {"players": 4}.'),
    )

    def __init__(self, *args: Any, user: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        choices = sbg_pages.list_choices(user)
        self.fields["list_a"].choices = choices
        self.fields["list_b"].choices = choices

    def clean_options(self) -> dict[str, Any]:
        raw = self.cleaned_data.get("options") or "{}"
        try:
            value = json.loads(raw)
        except json.JSONDecodeError as exc:
            raise forms.ValidationError(
                gettext("Not valid JSON: {error}.").format(error=exc.msg)
            ) from exc
        if not isinstance(value, dict):
            raise forms.ValidationError(gettext("Options are a JSON object."))
        return value


@login_required
@throttled(JobCreateThrottle)
def job_index(request: HttpRequest) -> HttpResponse:
    form = JobForm(request.POST or None, user=request.user)
    if request.method == "POST" and form.is_valid():
        values = {
            **form.cleaned_data,
            "options": sbg_pages.engine_options(form.cleaned_data),
        }
        try:
            job = job_queue_requested(owner=request.user, values=values)
            return redirect("battlesim:job", pk=job.pk)
        except ValidationError as exc:
            form_add_errors(form, exc)
    jobs = job_list_for_user(user=request.user)[:50]
    offered = offered_lists_breadth(request.user, form.fields["list_a"].choices)
    return render(request, "battlesim/index.html", {"form": form, "jobs": jobs, "offered": offered})


@login_required
def job_detail(request: HttpRequest, pk: int) -> HttpResponse:
    job = job_get_for_user(user=request.user, pk=pk)
    if not job.is_active and job.statistics is None:
        services.job_finish_request(job=job)  # ended before figures were stored, or lost
        job.refresh_from_db()
    statistics = page_words.statistics_in_language(job_statistics_get(job=job))
    context = {
        "job": job,
        "noun": gettext(noun(job.game, plural=False)),
        "noun_plural": gettext(noun(job.game)),
        "progress": job_progress(job=job),
        "statistics": statistics,
        "tables": _tables(statistics),
        "figures": [
            (translated_label(statistics.get("figure_labels", {}).get(name, name), gettext), figure)
            for name, figure in statistics["numbers"].items()
        ],
        "charts": page_words.job_charts_shown(job) if not job.is_active else [],
        "results": _labelled_results(job),
        "options_json": json.dumps(_options_shown(job.options))[:2000],
        "sides": sbg_pages.job_sides(job),
    }
    return render(request, "battlesim/job.html", context)


def _tables(statistics: dict[str, Any]) -> list[dict[str, Any]]:
    """The game's tables, each with what it counts, its rows (the first 15) and intervals."""
    found = []
    for index, title in enumerate(sorted(statistics["tables"])):
        intervals = statistics.get("table_intervals", {}).get(title, {})
        rows = [
            (translated_label(label, gettext), value, intervals.get(label))
            for label, value in list(statistics["tables"][title].items())[:15]
        ]
        found.append(
            {
                "chart": f"table-{index}",
                "title": gettext(title),
                "counts": page_words.table_count(title, statistics),
                "rows": rows,
                "more": max(0, len(statistics["tables"][title]) - 15),
            }
        )
    return found


def _options_shown(options: dict[str, Any]) -> dict[str, Any]:
    """The job's options without the forces' full cards (named above, by list)."""
    forces = options.get("forces")
    if isinstance(forces, list):
        names = [f.get("name", "?") if isinstance(f, dict) else f for f in forces]
        return {**options, "forces": names}
    return options


def _labelled_results(job: SimulationJob) -> list[BattleResult]:
    """The first battles of a job, each with a readable ``label`` for its winner."""
    results = list(job.results.order_by("index").defer("log_gz")[:50])
    kept = set(job.results.filter(log_gz__isnull=False).values_list("index", flat=True))
    for result in results:
        row = ResultRow(result.winner, result.termination, result.summary)
        result.label = outcome_label(job.game, row) or gettext("draw")  # type: ignore[attr-defined]
        result.log_kept = result.index in kept  # type: ignore[attr-defined]
        result.ending = gettext(ending_label(job.game, result.termination))  # type: ignore[attr-defined]
        result.swapped = bool(result.summary.get("swapped"))  # type: ignore[attr-defined]
        result.shares = _shares(result.summary)  # type: ignore[attr-defined]
    return results


def _shares(summary: dict[str, Any]) -> list[str]:
    """Why a side fields less than its list: the scenario's share of the points (SBG)."""
    if "points_share" not in summary:
        return []
    forces = [{"name": name} for name in summary.get("forces") or []]
    names = Names({"forces": forces}, phrasebook(get_language()))
    return share_sentences(summary["points_share"], names)


@login_required
def job_progress_json(request: HttpRequest, pk: int) -> JsonResponse:
    job = job_get_for_user(user=request.user, pk=pk)
    return JsonResponse(job_progress(job=job).to_json())


@login_required
@require_POST
def job_cancel(request: HttpRequest, pk: int) -> HttpResponse:
    job = job_get_for_user(user=request.user, pk=pk)
    if services.job_cancel(job=job):
        messages.success(request, gettext("Job cancelled."))
    else:
        messages.error(
            request,
            gettext("The job is {status}: nothing to cancel.").format(
                status=job.get_status_display()
            ),
        )
    return redirect("battlesim:job", pk=job.pk)


@login_required
@gzip_page
def job_chart(request: HttpRequest, pk: int, name: str) -> HttpResponse:
    """A chart as the worker drew it when the job ended (an ended job drawn before charts
    were stored is drawn by a worker task first)."""
    job = job_get_for_user(user=request.user, pk=pk)
    if job.is_active:
        raise Http404("Charts are drawn when the job ends.")
    if not job.charts.exists() and job.results.exists():
        services.job_finish_request(job=job)  # eager in tests; a worker task on a site
    drawn = job.charts.filter(name=name, language=page_words.chart_language(job))
    chart = drawn.values_list("svg", flat=True).first()
    if chart is None:
        raise Http404("No such chart.")
    response = HttpResponse(chart, content_type="image/svg+xml")
    response["Cache-Control"] = "private, max-age=86400"
    patch_vary_headers(response, ("Cookie", "Accept-Language"))  # one drawing per language
    return response


@login_required
def job_statistics_json(request: HttpRequest, pk: int) -> JsonResponse:
    job = job_get_for_user(user=request.user, pk=pk)
    response = JsonResponse(job_statistics_get(job=job))
    response["Content-Disposition"] = f'attachment; filename="job-{job.pk}-statistics.json"'
    return response


@login_required
def job_results_csv(request: HttpRequest, pk: int) -> HttpResponse:
    job = job_get_for_user(user=request.user, pk=pk)
    rows = job.results.order_by("index").values_list(
        "index", "seed", "winner", "termination", "summary"
    )
    response = HttpResponse(content_type="text/csv")
    response["Content-Disposition"] = f'attachment; filename="job-{job.pk}-results.csv"'
    writer = csv.writer(response)
    writer.writerow(["battle", "seed", "winner", "termination", "summary"])
    for index, seed, winner, termination, summary in rows:
        writer.writerow([index, seed, winner, termination, json.dumps(summary)])
    return response


@login_required
def battle_replay(request: HttpRequest, pk: int, index: int) -> HttpResponse:
    job = job_get_for_user(user=request.user, pk=pk)
    events = battle_log_get(job=job, index=index)
    context: dict[str, Any] = {
        "job": job,
        "index": index,
        "noun": gettext(noun(job.game, plural=False)),
        "has_next": index + 1 < job.battles_done,
    }
    if events is None:  # not kept: a worker replays it; this page waits for it
        services.battle_log_request(job=job, index=index)
        events = battle_log_get(job=job, index=index)  # eager tasks (tests) have it now
    if events is None:
        return render(request, "battlesim/replay_waiting.html", context, status=202)
    context.update(
        events=sbg_pages.replay_events(job.game, events, get_language()),
        board=replay_board(job.game, get_language()),
        rotk_board=rotk_board() if job.game == "rotk" else None,
    )
    return render(request, "battlesim/replay.html", context)


@login_required
def job_compare(request: HttpRequest) -> HttpResponse:
    """Two of the user's ended SBG jobs side by side with the difference in win rate."""
    ended = job_list_for_user(user=request.user).filter(game="sbg", status="done")[:100]
    chosen = [_chosen_job(request, key) for key in ("a", "b")]
    context: dict[str, Any] = {"jobs": ended, "chosen": [j.pk if j else None for j in chosen]}
    if all(chosen):
        first, second = (
            side_of(job.pk, job_statistics_get(job=job))
            for job in chosen  # type: ignore[union-attr]
        )
        context.update(sides=[first, second], comparison=comparison(first, second))
    return render(request, "battlesim/compare.html", context)


def _chosen_job(request: HttpRequest, key: str) -> SimulationJob | None:
    raw = request.GET.get(key, "")
    if not raw:
        return None
    if not raw.isdigit():
        raise Http404("No such job.")
    job = job_get_for_user(user=request.user, pk=int(raw))
    if job.game != "sbg" or job.is_active:
        raise Http404("Compare two ended SBG jobs.")
    return job

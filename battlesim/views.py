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
from django.views.decorators.http import require_POST

from armybuilder.selectors import army_list_for_user
from battlesim import charts, services
from battlesim.breadth import job_breadth, offered_lists_breadth
from battlesim.engines.registry import GAMES
from battlesim.engines.sbg.core.tables_more import ALL_PRESETS as TABLE_PRESETS
from battlesim.engines.sbg.rules.scenario_library import LIBRARY as SCENARIO_LIBRARY
from battlesim.engines.sbg.rules.scenario_library import SETS as SCENARIO_SETS
from battlesim.game_statistics import outcome_label
from battlesim.job_input import job_queue_requested, starter_lists
from battlesim.models import BattleResult, SimulationJob
from battlesim.replay_data import replay_board
from battlesim.replay_rotk import rotk_board
from battlesim.seeds import MAX_SEED
from battlesim.selectors import (
    battle_log_get,
    ended_job_cached,
    job_get_for_user,
    job_list_for_user,
    job_progress,
    job_result_rows,
    job_statistics_get,
)
from battlesim.statistics import ResultRow, numeric_series
from config.errors import form_add_errors
from config.throttles import JobCreateThrottle, throttled

SCENARIOS = [
    *((name, spec.title) for name, spec in SCENARIO_LIBRARY.items()),
    *((f"random:{name}", f"A random scenario ({name})") for name in SCENARIO_SETS),
]
TABLES = [
    ("", "Open field (or the scenario's own table)"),
    *((name, name.capitalize()) for name in TABLE_PRESETS if name != "open field"),
    ("generated", "Seeded random layout"),
]
MODES = [("matched", "Matched play"), ("narrative", "Narrative (no Break, Good first)")]


class JobForm(forms.Form):
    game = forms.ChoiceField(
        choices=sorted(GAMES.items(), key=lambda item: item[0] != "sbg"), initial="sbg"
    )
    battles = forms.IntegerField(min_value=1, initial=100)
    seed = forms.IntegerField(
        min_value=0,
        max_value=MAX_SEED,
        required=False,
        help_text="Leave empty for a random seed (it is stored).",
    )
    label = forms.CharField(max_length=200, required=False)
    list_a = forms.ChoiceField(required=False, label="First list (SBG)")
    list_b = forms.ChoiceField(required=False, label="Second list (SBG)")
    scenario = forms.ChoiceField(choices=SCENARIOS, required=False)
    table = forms.ChoiceField(choices=TABLES, required=False)
    mode = forms.ChoiceField(choices=MODES, required=False, label="Game type (SBG)")
    options = forms.CharField(
        widget=forms.Textarea(attrs={"rows": 3}),
        required=False,
        help_text='Engine options as JSON, e.g. {"players": 4}.',
    )

    def __init__(self, *args: Any, user: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        choices = [("", "—")]
        choices += [
            (f"starter:{key}", f"Starter: {item.name}")
            for key, item in sorted(starter_lists().items())
        ]
        choices += [
            (f"own:{army.pk}", f"Mine: {army.name}") for army in army_list_for_user(user=user)
        ]
        self.fields["list_a"].choices = choices
        self.fields["list_b"].choices = choices

    def clean_options(self) -> dict[str, Any]:
        raw = self.cleaned_data.get("options") or "{}"
        try:
            value = json.loads(raw)
        except json.JSONDecodeError as exc:
            raise forms.ValidationError(f"Not valid JSON: {exc.msg}.") from exc
        if not isinstance(value, dict):
            raise forms.ValidationError("Options are a JSON object.")
        return value


def _engine_options(values: dict[str, Any]) -> dict[str, Any]:
    options = dict(values["options"])
    if values["game"] == "sbg":
        if values.get("scenario"):
            options["scenario"] = values["scenario"]
        if values.get("table"):
            options["table"] = values["table"]
        if values.get("mode") and values["mode"] != "matched":
            options["mode"] = values["mode"]
    return options


@login_required
@throttled(JobCreateThrottle)
def job_index(request: HttpRequest) -> HttpResponse:
    form = JobForm(request.POST or None, user=request.user)
    if request.method == "POST" and form.is_valid():
        values = {**form.cleaned_data, "options": _engine_options(form.cleaned_data)}
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
    statistics = job_statistics_get(job=job)
    context = {
        "job": job,
        "progress": job_progress(job=job),
        "statistics": statistics,
        "tables": [
            (f"table-{index}", title, statistics["tables"][title])
            for index, title in enumerate(sorted(statistics["tables"]))
        ],
        "charts": [name for name, d in statistics["numbers"].items() if d["min"] != d["max"]][:6],
        "results": _labelled_results(job),
        "options_json": json.dumps(job.options)[:2000],
        "sides": job_breadth(job.options) if job.game == "sbg" else [],
    }
    return render(request, "battlesim/job.html", context)


def _labelled_results(job: SimulationJob) -> list[BattleResult]:
    """The first battles of a job, each with a readable ``label`` for its winner."""
    results = list(job.results.order_by("index").defer("log_gz")[:50])
    kept = set(job.results.filter(log_gz__isnull=False).values_list("index", flat=True))
    for result in results:
        row = ResultRow(result.winner, result.termination, result.summary)
        result.label = outcome_label(job.game, row) or "draw"  # type: ignore[attr-defined]
        result.log_kept = result.index in kept  # type: ignore[attr-defined]
    return results


@login_required
def job_progress_json(request: HttpRequest, pk: int) -> JsonResponse:
    job = job_get_for_user(user=request.user, pk=pk)
    return JsonResponse(job_progress(job=job).to_json())


@login_required
@require_POST
def job_cancel(request: HttpRequest, pk: int) -> HttpResponse:
    job = job_get_for_user(user=request.user, pk=pk)
    if services.job_cancel(job=job):
        messages.success(request, "Job cancelled.")
    else:
        messages.error(request, f"The job is {job.status}: nothing to cancel.")
    return redirect("battlesim:job", pk=job.pk)


@login_required
def job_chart(request: HttpRequest, pk: int, name: str) -> HttpResponse:
    job = job_get_for_user(user=request.user, pk=pk)
    svg = ended_job_cached(job, f"chart:{name}", lambda: _chart_svg(job, name))
    return HttpResponse(svg, content_type="image/svg+xml")


def _chart_svg(job: SimulationJob, name: str) -> str:
    rows = job_result_rows(job=job)
    if not rows:
        raise Http404("No results yet.")
    if name == "outcomes":
        return charts.outcomes_chart(job_statistics_get(job=job)["outcomes"])
    if name.startswith("table-"):
        tables = job_statistics_get(job=job)["tables"]
        titles = sorted(tables)
        number = name.removeprefix("table-")
        if not number.isdigit() or int(number) >= len(titles):
            raise Http404("No such table.")
        title = titles[int(number)]
        return charts.table_chart(title, tables[title])
    series = numeric_series(rows)
    if name not in series:
        raise Http404("No such figure.")
    return charts.histogram_chart(series[name], name.replace("_", " ").capitalize(), name)


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
    context = {
        "job": job,
        "index": index,
        "events": events,
        "has_next": index + 1 < job.battles_done,
        "board": replay_board(job.game),
        "rotk_board": rotk_board() if job.game == "rotk" else None,
    }
    return render(request, "battlesim/replay.html", context)

"""A job's charts, drawn once by the worker when the job ends (``battlesim.job_finish``),
with alt text that says their numbers; the page serves them as stored. They are drawn in
each of the site's languages (``translate``: a phrasebook of ``battlesim.phrasebook``), the
words of the catalogue translated, the names of lists and models as they are."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from battlesim import charts
from battlesim.phrasebook import Translate, phrasebook
from battlesim.report import COUNTED, TABLE_COUNTS
from battlesim.statistics import ResultRow, numeric_series
from battlesim.wording import translated_label

MAX_HISTOGRAMS = 2
# The figures worth a histogram, by preference (others are in the figures table).
HISTOGRAM_FIRST = ("turns", "rounds", "casualties[0]", "casualties[1]")


@dataclass(frozen=True, slots=True)
class Chart:
    name: str
    title: str
    alt: str
    svg: str


def _percent(value: float) -> str:
    return f"{100 * value:.0f}%"


def _english(translate: Translate | None) -> Translate:
    return translate or phrasebook(None)


def outcomes_alt(stats: dict[str, Any], translate: Translate | None = None) -> str:
    _ = _english(translate)
    overall = stats["overall"]
    parts = [
        # xgettext:no-python-format
        _("{outcome} {rate} (95% interval {low} to {high})").format(
            outcome=translated_label(str(o["outcome"]), _),
            rate=_percent(o["rate"]),
            low=_percent(o["ci95"][0]),
            high=_percent(o["ci95"][1]),
        )
        for o in overall["outcomes"]
    ]
    stopped = overall["safety"]
    return _(
        "Outcomes of {battles} {noun}: {parts}. {rate} were stopped by a safety limit."
    ).format(
        battles=overall["battles"],
        noun=_(stats["noun"]),
        parts="; ".join(parts),
        rate=_percent(stopped["rate"]),
    )


def endings_alt(stats: dict[str, Any], translate: Translate | None = None) -> str:
    _ = _english(translate)
    parts = [f"{_percent(e['rate'])} {_(e['label'])}" for e in stats["endings"]]
    return _("How the {battles} {noun} ended: {parts}.").format(
        battles=stats["battles"], noun=_(stats["noun"]), parts="; ".join(parts)
    )


def table_alt(
    title: str, table: dict[str, float], count: str, translate: Translate | None = None
) -> str:
    _ = _english(translate)
    top = sorted(table.items(), key=lambda item: -item[1])[:6]
    values = "; ".join(f"{translated_label(label, _)} {value:.2f}" for label, value in top)
    more = (
        _(" and {count} more").format(count=len(table) - len(top)) if len(table) > len(top) else ""
    )
    return f"{_(title)} ({count}): {values}{more}."


def histogram_alt(
    label: str, figure: dict[str, float], stats: dict[str, Any], translate: Translate | None = None
) -> str:
    _ = _english(translate)
    return _(
        "{label} over {battles} {noun}: mean {mean:.1f}, median {median:g}, "
        "5% to 95%: {low:g} to {high:g}."
    ).format(
        label=label,
        battles=stats["battles"],
        noun=_(stats["noun"]),
        mean=figure["mean"],
        median=figure["median"],
        low=figure["p05"],
        high=figure["p95"],
    )


def histogram_keys(stats: dict[str, Any]) -> list[str]:
    varying = [key for key, d in stats["numbers"].items() if d["min"] != d["max"]]
    ordered = [k for k in HISTOGRAM_FIRST if k in varying] + sorted(
        k for k in varying if k not in HISTOGRAM_FIRST
    )
    return ordered[:MAX_HISTOGRAMS]


def job_charts(
    stats: dict[str, Any], rows: Sequence[ResultRow], translate: Translate | None = None
) -> list[Chart]:
    """Every chart of a job's page, from its statistics (``job_statistics_compute``), in
    the language of ``translate`` (English by default)."""
    if not stats["battles"]:
        return []
    _ = _english(translate)
    noun = _(stats["noun"])
    # xgettext:no-python-format
    share = _("% of {noun} (bars: 95% interval)").format(noun=noun)
    # xgettext:no-python-format
    outcomes_title = _("Outcomes with 95% intervals")
    outcomes = [
        {**o, "outcome": translated_label(str(o["outcome"]), _)}
        for o in stats["overall"]["outcomes"]
    ]
    found = [
        Chart(
            "outcomes",
            outcomes_title,
            outcomes_alt(stats, _),
            charts.outcomes_chart(outcomes, outcomes_title, share),
        )
    ]
    endings = [
        {"outcome": _(e["label"]), "rate": e["rate"], "ci95": e["ci95"]} for e in stats["endings"]
    ]
    ended = _("Why the {noun} ended").format(noun=noun)
    found.append(
        Chart("endings", ended, endings_alt(stats, _), charts.outcomes_chart(endings, ended, share))
    )
    for index, title in enumerate(sorted(stats["tables"])):
        table = {translated_label(k, _): v for k, v in stats["tables"][title].items()}
        count = (
            _(COUNTED).format(what=_(TABLE_COUNTS[title]), count=stats["battles"], noun=noun)
            if title in TABLE_COUNTS
            else stats["table_counts"].get(title, "")
        )
        found.append(
            Chart(
                f"table-{index}",
                _(title),
                table_alt(title, stats["tables"][title], count, _),
                charts.table_chart(_(title), table),
            )
        )
    series = numeric_series(rows)
    for key in histogram_keys(stats):
        label = translated_label(stats["figure_labels"].get(key, key), _)
        found.append(
            Chart(
                key,
                label,
                histogram_alt(label, stats["numbers"][key], stats, _),
                charts.histogram_chart(series[key], label, label, noun),
            )
        )
    return found

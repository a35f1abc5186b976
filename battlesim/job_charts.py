"""A job's charts, drawn once by the worker when the job ends (``battlesim.job_finish``),
with alt text that says their numbers; the page serves them as stored."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from battlesim import charts
from battlesim.statistics import ResultRow, numeric_series

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


def outcomes_alt(stats: dict[str, Any]) -> str:
    overall = stats["overall"]
    parts = [
        f"{o['outcome']} {_percent(o['rate'])} "
        f"(95% interval {_percent(o['ci95'][0])} to {_percent(o['ci95'][1])})"
        for o in overall["outcomes"]
    ]
    stopped = overall["safety"]
    return (
        f"Outcomes of {overall['battles']} {stats['noun']}: {'; '.join(parts)}. "
        f"{_percent(stopped['rate'])} were stopped by a safety limit."
    )


def endings_alt(stats: dict[str, Any]) -> str:
    parts = [f"{_percent(e['rate'])} {e['label']}" for e in stats["endings"]]
    return f"How the {stats['battles']} {stats['noun']} ended: {'; '.join(parts)}."


def table_alt(title: str, table: dict[str, float], count: str) -> str:
    top = sorted(table.items(), key=lambda item: -item[1])[:6]
    values = "; ".join(f"{label} {value:.2f}" for label, value in top)
    more = f" and {len(table) - len(top)} more" if len(table) > len(top) else ""
    return f"{title} ({count}): {values}{more}."


def histogram_alt(label: str, figure: dict[str, float], stats: dict[str, Any]) -> str:
    return (
        f"{label} over {stats['battles']} {stats['noun']}: mean {figure['mean']:.1f}, "
        f"median {figure['median']:g}, 5% to 95%: {figure['p05']:g} to {figure['p95']:g}."
    )


def histogram_keys(stats: dict[str, Any]) -> list[str]:
    varying = [key for key, d in stats["numbers"].items() if d["min"] != d["max"]]
    ordered = [k for k in HISTOGRAM_FIRST if k in varying] + sorted(
        k for k in varying if k not in HISTOGRAM_FIRST
    )
    return ordered[:MAX_HISTOGRAMS]


def job_charts(stats: dict[str, Any], rows: Sequence[ResultRow]) -> list[Chart]:
    """Every chart of a job's page, from its statistics (``job_statistics_compute``)."""
    if not stats["battles"]:
        return []
    found = [
        Chart(
            "outcomes",
            "Outcomes with 95% intervals",
            outcomes_alt(stats),
            charts.outcomes_chart(stats["overall"]["outcomes"]),
        )
    ]
    endings = [
        {"outcome": e["label"], "rate": e["rate"], "ci95": e["ci95"]} for e in stats["endings"]
    ]
    found.append(
        Chart(
            "endings",
            f"Why the {stats['noun']} ended",
            endings_alt(stats),
            charts.outcomes_chart(endings, f"Why the {stats['noun']} ended"),
        )
    )
    for index, title in enumerate(sorted(stats["tables"])):
        table = stats["tables"][title]
        count = stats["table_counts"].get(title, "")
        found.append(
            Chart(
                f"table-{index}",
                title,
                table_alt(title, table, count),
                charts.table_chart(title, table),
            )
        )
    series = numeric_series(rows)
    for key in histogram_keys(stats):
        label = stats["figure_labels"].get(key, key)
        found.append(
            Chart(
                key,
                label,
                histogram_alt(label, stats["numbers"][key], stats),
                charts.histogram_chart(series[key], label, label),
            )
        )
    return found

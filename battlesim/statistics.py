"""Statistics over a job's results: outcome rates with 95% intervals, distributions.

Pure: plain result tuples in, JSON-ready figures out. Summaries differ by game; the generic
part reads the winner, the termination, every scalar number and every per-side list of
numbers (``victory_points: [9, 0]``), so each engine's summary feeds it as it is.
"""

from __future__ import annotations

import math
import statistics as stats
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

Z95 = 1.959963984540054
DRAW = "draw"


@dataclass(frozen=True, slots=True)
class ResultRow:
    winner: str
    termination: str
    summary: dict[str, Any]


def wilson_interval(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion (good near 0 and 1, unlike p +- z*se).

    >>> wilson_interval(50, 100)
    (0.4038..., 0.5961...)
    """
    if trials == 0:
        return (0.0, 1.0)
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


def outcome_rates(rows: Sequence[ResultRow]) -> list[dict[str, Any]]:
    """Share of battles won by each winner (or drawn), with a 95% Wilson interval."""
    counts = Counter(row.winner or DRAW for row in rows)
    total = len(rows)
    return [
        {
            "outcome": outcome,
            "count": count,
            "rate": count / total,
            "ci95": list(wilson_interval(count, total)),
        }
        for outcome, count in sorted(counts.items(), key=lambda item: (-item[1], item[0]))
    ]


def describe(values: Sequence[float]) -> dict[str, float]:
    ordered = sorted(values)
    return {
        "mean": stats.fmean(ordered),
        "median": stats.median(ordered),
        "min": ordered[0],
        "max": ordered[-1],
        "p05": ordered[int(0.05 * (len(ordered) - 1))],
        "p95": ordered[int(0.95 * (len(ordered) - 1))],
    }


def _is_number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def _is_side_list(value: Any) -> bool:
    """A short list of numbers, one per side or seat (long lists are per-square data)."""
    return isinstance(value, list) and 0 < len(value) <= 8 and all(map(_is_number, value))


def numeric_series(rows: Iterable[ResultRow]) -> dict[str, list[float]]:
    """Every scalar number of the summaries, and per-side lists as ``key[i]`` series."""
    series: dict[str, list[float]] = {}
    for row in rows:
        for key, value in row.summary.items():
            if _is_number(value):
                series.setdefault(key, []).append(float(value))
            elif _is_side_list(value):
                for side, number in enumerate(value):
                    series.setdefault(f"{key}[{side}]", []).append(float(number))
    return series


# Summary numbers that identify rather than measure: never described or charted.
NOT_FIGURES = frozenset({"winner", "winner_seat", "seed"})


def job_statistics(rows: Sequence[ResultRow]) -> dict[str, Any]:
    """All figures of a job's results; empty figures for a job without results yet."""
    if not rows:
        return {"battles": 0, "outcomes": [], "terminations": {}, "numbers": {}}
    numbers = {
        key: describe(values)
        for key, values in sorted(numeric_series(rows).items())
        if key.split("[")[0] not in NOT_FIGURES
    }
    return {
        "battles": len(rows),
        "outcomes": outcome_rates(rows),
        "terminations": dict(Counter(row.termination for row in rows).most_common()),
        "numbers": numbers,
    }


def difference_interval(
    wins_a: int, trials_a: int, wins_b: int, trials_b: int
) -> tuple[float, float, float]:
    """The difference of two proportions (a - b) with Newcombe's 95% interval, built from
    each side's Wilson interval (method 10 of Newcombe 1998; sound near 0 and 1).

    >>> [round(x, 3) for x in difference_interval(60, 100, 45, 100)]
    [0.15, 0.012, 0.28]
    """
    p_a = wins_a / trials_a if trials_a else 0.0
    p_b = wins_b / trials_b if trials_b else 0.0
    low_a, high_a = wilson_interval(wins_a, trials_a)
    low_b, high_b = wilson_interval(wins_b, trials_b)
    difference = p_a - p_b
    lower = difference - math.sqrt((p_a - low_a) ** 2 + (high_b - p_b) ** 2)
    upper = difference + math.sqrt((high_a - p_a) ** 2 + (p_b - low_b) ** 2)
    return difference, max(-1.0, lower), min(1.0, upper)

"""Two SBG jobs side by side: the first list's win rate in each and the difference, with
its 95% interval (list A v B against list A' v B: did the change help?)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from battlesim.statistics import difference_interval


@dataclass(frozen=True, slots=True)
class Side:
    """One job as compared: its lists, its first list's wins and its safety stops."""

    job_id: int
    lists: list[str]
    battles: int
    wins: int
    rate: float
    ci95: list[float]
    safety_rate: float


def side_of(job_id: int, stats: dict[str, Any]) -> Side:
    overall = stats.get("overall") or {"outcomes": [], "safety": {"rate": 0.0}, "battles": 0}
    lists = list(stats.get("sides") or [])
    first = lists[0] if lists else ""
    outcome = next((o for o in overall["outcomes"] if o["outcome"] == first), None)
    wins = outcome["count"] if outcome else 0
    battles = overall["battles"]
    return Side(
        job_id=job_id,
        lists=lists,
        battles=battles,
        wins=wins,
        rate=wins / battles if battles else 0.0,
        ci95=list(outcome["ci95"]) if outcome else [0.0, 0.0],
        safety_rate=overall["safety"]["rate"],
    )


def comparison(first: Side, second: Side) -> dict[str, Any]:
    """The first list's win rate in the first job minus that in the second, with its 95%
    interval; ``clear`` when the interval leaves out zero."""
    difference, low, high = difference_interval(
        first.wins, first.battles, second.wins, second.battles
    )
    return {
        "difference": difference,
        "ci95": [low, high],
        "clear": low > 0 or high < 0,
    }

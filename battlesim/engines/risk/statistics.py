"""Figures over many game summaries: win rates by strategy, seat and side, game length, the
turn the Ring is destroyed, regions held at the end (issue 8, "simulation jobs").

Input is the JSON ``summary`` of ``play_game``, so the job service can aggregate stored
results without the engine.
"""

from __future__ import annotations

import statistics as stats
from collections import Counter
from collections.abc import Iterable, Mapping
from typing import Any

Summary = Mapping[str, Any]


def _won(summary: Summary, seat: Mapping[str, Any]) -> bool:
    """A seat wins with its team (team scoring) or alone (player scoring)."""
    if summary["scoring"] == "team":
        return seat["side"] == summary["winner"]
    return seat["colour"] == summary["winner"]


def _rates(wins: Counter[str], plays: Counter[str]) -> dict[str, float]:
    return {key: round(wins[key] / plays[key], 4) for key in sorted(plays)}


def _spread(values: list[int]) -> dict[str, float]:
    if not values:
        return {}
    return {
        "mean": round(stats.mean(values), 2),
        "median": stats.median(values),
        "min": min(values),
        "max": max(values),
    }


def aggregate(summaries: Iterable[Summary]) -> dict[str, Any]:
    """Return the statistics of a batch of games as JSON-ready figures."""
    wins: dict[str, Counter[str]] = {k: Counter() for k in ("strategy", "seat", "side")}
    plays: dict[str, Counter[str]] = {k: Counter() for k in ("strategy", "seat", "side")}
    turns, ring_turns, regions, games = [], [], Counter[str](), 0
    for summary in summaries:
        games += 1
        turns.append(summary["turns"])
        if summary["ring_destroyed_turn"] is not None:
            ring_turns.append(summary["ring_destroyed_turn"])
        for seat in summary["seats"]:
            keys = {"strategy": seat["strategy"], "seat": seat["colour"], "side": seat["side"]}
            for kind, key in keys.items():
                plays[kind][key] += 1
                wins[kind][key] += _won(summary, seat)
            regions.update(seat["regions"])
    return {
        "games": games,
        "win_rate": {kind: _rates(wins[kind], plays[kind]) for kind in wins},
        "turns": _spread(turns),
        "ring_destroyed_turn": _spread(ring_turns),
        "regions_held": dict(sorted(regions.items())),
    }

"""Batch statistics over game summaries (issue 8: win rate by strategy, seat and side, game
length, the turn the Ring is destroyed, regions held)."""

from __future__ import annotations

from typing import Any

from battlesim.engines.risk.game import play_game
from battlesim.engines.risk.statistics import aggregate


def seat(colour: str, side: str, strategy: str, regions: list[str]) -> dict[str, Any]:
    return {"colour": colour, "side": side, "strategy": strategy, "regions": regions}


def test_team_and_player_scoring_are_counted_as_such() -> None:
    team_game = {
        "scoring": "team",
        "winner": "good",
        "turns": 20,
        "ring_destroyed_turn": 20,
        "seats": [
            seat("Yellow", "good", "aggressive", ["Rhûn"]),
            seat("Red", "evil", "random", []),
        ],
    }
    solo_game = {
        "scoring": "player",
        "winner": "Black",
        "turns": 30,
        "ring_destroyed_turn": None,
        "seats": [
            seat("Yellow", "good", "aggressive", []),
            seat("Red", "evil", "random", []),
            seat("Black", "evil", "random", ["Mordor", "Rhûn"]),
        ],
    }
    figures = aggregate([team_game, solo_game])
    assert figures["games"] == 2
    assert figures["win_rate"]["strategy"] == {"aggressive": 0.5, "random": round(1 / 3, 4)}
    assert figures["win_rate"]["side"] == {"evil": round(1 / 3, 4), "good": 0.5}
    assert figures["win_rate"]["seat"]["Black"] == 1.0
    assert figures["turns"] == {"mean": 25, "median": 25.0, "min": 20, "max": 30}
    assert figures["ring_destroyed_turn"]["max"] == 20
    assert figures["regions_held"] == {"Mordor": 1, "Rhûn": 2}


def test_it_reads_real_summaries() -> None:
    """Two-player games: one seat a side, so the side win rates add up to the decided share."""
    options = {"players": ["region", "random"]}
    summaries = [play_game(seed=seed, options=options).summary for seed in (1, 2)]
    rates = aggregate(summaries)["win_rate"]["side"]
    decided = sum(summary["winner"] is not None for summary in summaries)
    assert rates["good"] + rates["evil"] == decided / 2

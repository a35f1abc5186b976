"""Statistics: Wilson intervals, outcome rates, per-side series, game tables."""

from __future__ import annotations

import pytest

from battlesim.game_statistics import game_tables, outcome_label
from battlesim.statistics import ResultRow, job_statistics, wilson_interval


def test_wilson_interval_matches_the_textbook_values() -> None:
    low, high = wilson_interval(50, 100)
    assert low == pytest.approx(0.4038, abs=1e-4) and high == pytest.approx(0.5962, abs=1e-4)
    assert wilson_interval(0, 10)[0] == 0.0 and wilson_interval(0, 10)[1] == pytest.approx(
        0.2775, abs=1e-4
    )
    assert wilson_interval(0, 0) == (0.0, 1.0)


def test_outcomes_draws_and_side_series() -> None:
    rows = [
        ResultRow("0", "quarter", {"turns": 5, "victory_points": [3, 1]}),
        ResultRow("", "turn_limit", {"turns": 9, "victory_points": [1, 1]}),
        ResultRow("0", "quarter", {"turns": 7, "victory_points": [5, 0]}),
    ]
    figures = job_statistics(rows)
    assert [(o["outcome"], o["count"]) for o in figures["outcomes"]] == [("0", 2), ("draw", 1)]
    assert figures["terminations"] == {"quarter": 2, "turn_limit": 1}
    assert figures["numbers"]["turns"]["mean"] == 7 and figures["numbers"]["turns"]["median"] == 7
    assert figures["numbers"]["victory_points[0]"]["max"] == 5


def test_sbg_tables_name_sides_by_force_and_count_profiles() -> None:
    summary = {
        "forces": ["Gondor", "Mordor"],
        "casualties_by_profile": [{"Warrior": 4}, {"Orc": 10, "Orc Captain": 1}],
        "first_casualty": ["Warrior", "Orc"],
        "heroes": [
            {"name": "Faramir", "side": 0, "survived": True},
            {"name": "Orc Captain", "side": 1, "survived": False},
        ],
    }
    rows = [ResultRow("0", "quarter", summary), ResultRow("1", "quarter", summary)]
    tables = game_tables("sbg", rows)
    assert tables["Mean casualties per battle by profile"]["Orc (Mordor)"] == 10
    assert tables["First to die"] == {"Warrior (Gondor)": 1.0, "Orc (Mordor)": 1.0}
    assert tables["Hero survival"] == {"Faramir (Gondor)": 1.0, "Orc Captain (Mordor)": 0.0}
    assert outcome_label("sbg", rows[1]) == "Mordor"
    assert game_tables("sbg", []) == {}


def test_sbg_spells_cast_resisted_and_by_power() -> None:
    """Issue 16: SBG jobs show spells cast and resisted per side (generic series) and the
    powers taking effect per battle (a game table); a job without magic has no such table."""
    magic = {"spells_cast": [3, 1], "spells_resisted": [0, 1], "spells_by_power": {"transfix": 2}}
    rows = [
        ResultRow("0", "quarter", magic),
        ResultRow("1", "quarter", {**magic, "spells_by_power": {}}),
    ]
    figures = job_statistics(rows)
    assert figures["numbers"]["spells_cast[0]"]["mean"] == 3
    assert figures["numbers"]["spells_resisted[1]"]["max"] == 1
    assert game_tables("sbg", rows)["Spells taking effect per battle by power"] == {"transfix": 1.0}
    plain = [ResultRow("0", "quarter", {"spells_by_power": {}})]
    assert "Spells taking effect per battle by power" not in game_tables("sbg", plain)


def test_monopoly_tables_show_the_share_of_wins_with_each_complete_group() -> None:
    """Which groups win: each group's share among all games, from the winner's groups."""
    rows = [
        ResultRow("seat 0: hunter", "last_player", {"winner_groups": ["orange", "red"]}),
        ResultRow("seat 1: builder", "last_player", {"winner_groups": ["orange"]}),
        ResultRow("seat 2: cautious", "round_limit", {"winner_groups": []}),
        ResultRow("seat 0: hunter", "last_player", {"winner_groups": ["dark_blue"]}),
    ]
    table = game_tables("monopoly", rows)["Winner's complete groups"]
    assert table == {"orange": 0.5, "red": 0.25, "dark_blue": 0.25}
    assert list(table)[0] == "orange"


def test_risk_tables_count_sides_seats_and_strategies() -> None:
    def row(winner: str, best: int) -> ResultRow:
        seats = [
            {"seat": i, "strategy": s, "score": 10 + (5 if i == best else 0)}
            for i, s in enumerate(["aggressive", "region"])
        ]
        return ResultRow(
            winner,
            "ring_destroyed",
            {"winning_side": winner, "seats": seats, "ring_destroyed_turn": 20, "regions_held": {}},
        )

    tables = game_tables("risk", [row("good", 0), row("evil", 1), row("evil", 1)])
    assert tables["Top scorer by seat"] == {"seat 1": 2 / 3, "seat 0": 1 / 3}
    assert tables["Win rate by side"] == {"evil": 2 / 3, "good": 1 / 3}
    assert tables["Top scorer by strategy"] == {"aggressive": 1 / 3, "region": 2 / 3}
    assert tables["Ring destroyed"] == {"share of games": 1.0, "mean turn": 20.0}


def test_a_certain_outcome_is_charted_although_its_interval_ends_at_one() -> None:
    """A rate of 1 with an upper bound of 1 left a -1e-16 error bar, which matplotlib
    refuses: the ended job then had no charts at all."""
    from battlesim import charts
    from battlesim.statistics import wilson_interval

    for count in (1, 3, 7, 10, 37, 1000):
        low, high = wilson_interval(count, count)
        assert "<svg" in charts.outcomes_chart([{"outcome": "x", "rate": 1.0, "ci95": [low, high]}])

"""Figures particular to each game, read from the summaries its engine writes.

Each function takes the job's result rows and returns named tables (label -> number) that
the job page shows beside the generic figures, and the charts draw. A game without an entry
here gets the generic figures only.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Callable, Sequence

from battlesim.phrasebook import gettext_noop
from battlesim.statistics import ResultRow
from battlesim.wording import side_names

Tables = dict[str, dict[str, float]]


def _rates(counts: Counter[str], total: int) -> dict[str, float]:
    return {key: count / total for key, count in counts.most_common()}


def _win_rate_by(
    rows: Sequence[ResultRow],
    seats_of: Callable[[ResultRow], list[str]],
    winner_of: Callable[[ResultRow], str | None],
) -> dict[str, float]:
    """Share of games won by each label among the games where that label played."""
    played: Counter[str] = Counter()
    won: Counter[str] = Counter()
    for row in rows:
        for label in set(seats_of(row)):
            played[label] += 1
        winner = winner_of(row)
        if winner is not None:
            won[winner] += 1
    return {label: won[label] / played[label] for label in sorted(played)}


def monopoly_tables(rows: Sequence[ResultRow]) -> Tables:
    landings = [0.0] * 40
    for row in rows:
        for square, count in enumerate(row.summary.get("landings", [])[:40]):
            landings[square] += count
    total = sum(landings) or 1.0
    return {
        gettext_noop("Win rate by strategy"): _win_rate_by(
            rows,
            lambda r: list(r.summary.get("strategies", [])),
            lambda r: r.summary.get("winner_strategy"),
        ),
        gettext_noop("Win rate by seat"): _rates(
            Counter(f"seat {r.summary.get('winner_seat')}" for r in rows), len(rows)
        ),
        gettext_noop("Landing frequency by square"): {
            f"{i:02d}": n / total for i, n in enumerate(landings)
        },
        gettext_noop("Winner's complete groups"): _rates(
            Counter(g for r in rows for g in set(r.summary.get("winner_groups", []))), len(rows)
        ),
    }


def risk_tables(rows: Sequence[ResultRow]) -> Tables:
    def strategies(row: ResultRow) -> list[str]:
        return [seat["strategy"] for seat in row.summary.get("seats", [])]

    def winning_strategy(row: ResultRow) -> str | None:
        scores = row.summary.get("seats", [])
        best = max(scores, key=lambda seat: seat.get("score", 0), default=None)
        return best["strategy"] if best else None

    destroyed = [
        r.summary["ring_destroyed_turn"]
        for r in rows
        if r.summary.get("ring_destroyed_turn") is not None
    ]
    regions: Counter[str] = Counter()
    for row in rows:
        for held in row.summary.get("regions_held", {}).values():
            regions.update(held)
    seats = Counter(
        f"seat {max(r.summary['seats'], key=lambda seat: seat.get('score', 0))['seat']}"
        for r in rows
        if r.summary.get("seats")
    )
    return {
        gettext_noop("Top scorer by seat"): _rates(seats, len(rows)),
        gettext_noop("Win rate by side"): _rates(
            Counter(str(r.summary.get("winning_side")) for r in rows), len(rows)
        ),
        gettext_noop("Top scorer by strategy"): _win_rate_by(rows, strategies, winning_strategy),
        gettext_noop("Ring destroyed"): {
            gettext_noop("share of games"): len(destroyed) / len(rows),
            gettext_noop("mean turn"): sum(destroyed) / len(destroyed) if destroyed else 0.0,
        },
        gettext_noop("Regions held at the end (per game)"): {
            k: v / len(rows) for k, v in regions.most_common()
        },
    }


def rotk_tables(rows: Sequence[ResultRow]) -> Tables:
    ends = Counter(r.termination for r in rows)
    by_strategy: dict[str, list[bool]] = defaultdict(list)
    for row in rows:
        key = "+".join(sorted(set(row.summary.get("strategies", [])))) or "?"
        by_strategy[key].append(bool(row.summary.get("players_win")))
    return {
        gettext_noop("Ends"): _rates(ends, len(rows)),
        gettext_noop("Players win, by strategies"): {
            k: sum(v) / len(v) for k, v in sorted(by_strategy.items())
        },
        gettext_noop("Gollum wins"): {
            gettext_noop("share of games"): sum(bool(r.summary.get("gollum_wins")) for r in rows)
            / len(rows)
        },
    }


def sbg_tables(rows: Sequence[ResultRow]) -> Tables:
    casualties: dict[str, float] = defaultdict(float)
    first: Counter[str] = Counter()
    survived: dict[str, list[bool]] = defaultdict(list)
    spells: Counter[str] = Counter()
    for row in rows:
        spells.update(row.summary.get("spells_by_power", {}))
        for side, profiles in enumerate(row.summary.get("casualties_by_profile", [])):
            for profile, count in profiles.items():
                casualties[f"{profile} ({_side(row, side)})"] += count
        for side, profile in enumerate(row.summary.get("first_casualty", [])):
            if profile:
                first[f"{profile} ({_side(row, side)})"] += 1
        for hero in row.summary.get("heroes", []):
            survived[f"{hero['name']} ({_side(row, hero['side'])})"].append(hero["survived"])
    return {
        gettext_noop("Mean casualties per battle by profile"): {
            k: v / len(rows) for k, v in sorted(casualties.items(), key=lambda i: -i[1])
        },
        gettext_noop("First to die"): _rates(first, len(rows)),
        gettext_noop("Hero survival"): {k: sum(v) / len(v) for k, v in sorted(survived.items())},
        gettext_noop("Spells taking effect per battle by power"): {
            power: count / len(rows) for power, count in spells.most_common()
        },
    }


def _side(row: ResultRow, side: int) -> str:
    forces = side_names([str(name) for name in row.summary.get("forces", [])])
    return forces[side] if side < len(forces) else f"side {side + 1}"


GAME_TABLES: dict[str, Callable[[Sequence[ResultRow]], Tables]] = {
    "monopoly": monopoly_tables,
    "risk": risk_tables,
    "rotk": rotk_tables,
    "sbg": sbg_tables,
}


def game_tables(game: str, rows: Sequence[ResultRow]) -> Tables:
    """The game's own tables, without empty ones; nothing for a job without results."""
    if not rows or game not in GAME_TABLES:
        return {}
    return {name: table for name, table in GAME_TABLES[game](rows).items() if table}


def outcome_label(game: str, row: ResultRow) -> str:
    """A readable winner: the SBG engine names sides by index, the page by force name."""
    if game == "sbg" and row.winner.isdigit():
        return _side(row, int(row.winner))
    return row.winner


__all__ = ["game_tables", "outcome_label"]

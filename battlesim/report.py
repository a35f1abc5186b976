"""What a job's statistics page leads with, in the game's words: the win rates overall and
for each side assignment, each beside the share of battles a safety limit stopped; why the
battles ended; what each table counts. Pure: result rows in, JSON-ready figures out."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from battlesim.phrasebook import gettext_noop
from battlesim.statistics import ResultRow, outcome_rates, wilson_interval
from battlesim.wording import (
    MANY_SAFETY_STOPS,
    ending_label,
    figure_label,
    is_safety_stop,
    noun,
    side_names,
)

# Tables whose values are shares of all the job's battles: a 95% interval is given.
SHARE_TABLES = frozenset(
    {
        "First to die",
        "Hero survival",
        "Win rate by seat",
        "Top scorer by seat",
        "Win rate by side",
        "Ends",
        "Winner's complete groups",
        "Gollum wins",
    }
)
# Stored in English; the page says them in the reader's language (battlesim/views.py).
ASSIGNMENT = gettext_noop("{first} on side 1, {second} on side 2")
COUNTED = gettext_noop("{what}, over {count} {noun}")
TABLE_COUNTS = {
    "Mean casualties per battle by profile": gettext_noop(
        "mean models of each profile slain per battle"
    ),
    "First to die": gettext_noop(
        "share of battles in which the profile was its side's first casualty"
    ),
    "Hero survival": gettext_noop("share of battles each Hero survived"),
    "Spells taking effect per battle by power": gettext_noop(
        "mean spells of each power taking effect per battle"
    ),
    "Win rate by strategy": gettext_noop("share of the games a strategy played that it won"),
    "Win rate by seat": gettext_noop("share of games won from each seat"),
    "Landing frequency by square": gettext_noop("share of all landings on each square"),
    "Winner's complete groups": gettext_noop("share of games in which the winner held each group"),
    "Top scorer by seat": gettext_noop("share of games in which each seat scored most"),
    "Win rate by side": gettext_noop("share of games won by each side"),
    "Top scorer by strategy": gettext_noop(
        "share of the games a strategy played in which it scored most"
    ),
    "Ring destroyed": gettext_noop(
        "share of games in which the Ring was destroyed, and the mean turn"
    ),
    "Regions held at the end (per game)": gettext_noop("mean regions of each kind held at the end"),
    "Ends": gettext_noop("share of games ending each way"),
    "Players win, by strategies": gettext_noop(
        "share of games the players won, by their strategies"
    ),
    "Gollum wins": gettext_noop("share of games Gollum won"),
}


def safety_share(game: str, rows: Sequence[ResultRow]) -> dict[str, Any]:
    """How many of ``rows`` a safety limit stopped, with the 95% interval of the share."""
    count = sum(is_safety_stop(game, row.termination) for row in rows)
    total = len(rows)
    return {
        "count": count,
        "rate": count / total if total else 0.0,
        "ci95": list(wilson_interval(count, total)),
    }


def win_rates(game: str, rows: Sequence[ResultRow]) -> dict[str, Any]:
    """Outcome rates with intervals, and beside them the share stopped by a safety limit."""
    return {
        "battles": len(rows),
        "outcomes": outcome_rates(rows),
        "safety": safety_share(game, rows),
    }


def endings(game: str, rows: Sequence[ResultRow]) -> list[dict[str, Any]]:
    """Why the battles ended, most frequent first, each with its share and interval."""
    counts = Counter(row.termination for row in rows)
    total = len(rows)
    return [
        {
            "termination": termination,
            "label": ending_label(game, termination),
            "count": count,
            "rate": count / total,
            "ci95": list(wilson_interval(count, total)),
            "safety": is_safety_stop(game, termination),
        }
        for termination, count in counts.most_common()
    ]


def sides_of(rows: Sequence[ResultRow]) -> list[str]:
    """The SBG job's lists by name, in the job's order (summaries are told in list order)."""
    for row in rows:
        forces = row.summary.get("forces")
        if isinstance(forces, list) and len(forces) == 2:
            return side_names([str(name) for name in forces])
    return []


def assignments(game: str, rows: Sequence[ResultRow], sides: list[str]) -> list[dict[str, Any]]:
    """SBG: the win rates of each side assignment (the first list on side 1, then on side 2)."""
    if game != "sbg" or len(sides) != 2:
        return []
    groups = [
        (ASSIGNMENT.format(first=sides[0], second=sides[1]), False),
        (ASSIGNMENT.format(first=sides[1], second=sides[0]), True),
    ]
    found = []
    for label, swapped in groups:
        part = [row for row in rows if bool(row.summary.get("swapped")) == swapped]
        if part:
            found.append({"label": label, **win_rates(game, part)})
    return found


def table_intervals(tables: dict[str, dict[str, float]], total: int) -> dict[str, Any]:
    """95% intervals of the tables whose values are shares of all the job's battles."""
    return {
        title: {
            label: list(wilson_interval(round(value * total), total))
            for label, value in table.items()
        }
        for title, table in tables.items()
        if title in SHARE_TABLES
    }


def report(
    game: str, rows: Sequence[ResultRow], tables: dict[str, dict[str, float]], numbers: Any
) -> dict[str, Any]:
    """The page's headline figures and the words for the rest."""
    sides = sides_of(rows) if game == "sbg" else []
    overall = win_rates(game, rows)
    counted = noun(game)
    return {
        "noun": counted,
        "sides": sides,
        "overall": overall,
        "assignments": assignments(game, rows, sides),
        "endings": endings(game, rows),
        "many_safety_stops": bool(rows) and overall["safety"]["rate"] > MANY_SAFETY_STOPS,
        "figure_labels": {key: figure_label(game, key, sides) for key in numbers},
        "table_counts": {
            title: COUNTED.format(
                what=TABLE_COUNTS.get(title, title), count=len(rows), noun=counted
            )
            for title in tables
        },
        "table_intervals": table_intervals(tables, len(rows)),
    }

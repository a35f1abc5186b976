"""Rebuild the board from a stored event log, without rerunning the engine.

The replay page and any later viewer read the JSON log; this exporter shows the log is
enough: it replays claims, placements, battalion changes, conquests, moves, leaders and the
Fellowship, and yields the board after every event.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

Record = dict[str, Any]


@dataclass(slots=True)
class BoardView:
    """What a map shows at one moment."""

    owner: dict[str, int] = field(default_factory=dict)
    armies: dict[str, int] = field(default_factory=dict)
    leaders: dict[str, int] = field(default_factory=dict)
    fellowship: str = "The Shire"
    ring_destroyed: bool = False


def _claim(view: BoardView, e: Record) -> None:
    view.owner[e["territory"]] = e["seat"]
    view.armies[e["territory"]] = 1


def _place(view: BoardView, e: Record) -> None:
    view.armies[e["territory"]] += e["count"]


def _battalions(view: BoardView, e: Record) -> None:
    view.armies[e["territory"]] += e["change"]


def _move(view: BoardView, e: Record) -> None:
    view.armies[e["source"]] -= e["count"]
    view.armies[e["target"]] += e["count"]


def _conquest(view: BoardView, e: Record) -> None:
    view.owner[e["target"]] = e["seat"]
    _move(view, e)


def _leader(view: BoardView, e: Record) -> None:
    view.leaders[e["territory"]] = e["seat"]


def _leader_removed(view: BoardView, e: Record) -> None:
    del view.leaders[e["territory"]]


def _leader_move(view: BoardView, e: Record) -> None:
    view.leaders[e["target"]] = view.leaders.pop(e["source"])


def _fellowship(view: BoardView, e: Record) -> None:
    view.fellowship = e["territory"]


def _ring(view: BoardView, e: Record) -> None:
    view.ring_destroyed = view.ring_destroyed or e["destroyed"]


HANDLERS: dict[str, Callable[[BoardView, Record], None]] = {
    "claim": _claim,
    "place": _place,
    "battalions": _battalions,
    "conquest": _conquest,
    "fortify": _move,
    "withdrawal": _move,
    "leader": _leader,
    "leader_removed": _leader_removed,
    "leader_move": _leader_move,
    "fellowship_moves": _fellowship,
    "ring_roll": _ring,
}


def apply(view: BoardView, record: Record) -> None:
    handler = HANDLERS.get(record["kind"])
    if handler:
        handler(view, record)


def boards(records: Iterable[Record]) -> Iterator[tuple[Record, BoardView]]:
    """Yield each event with the board as it stands after it (one shared, mutating view)."""
    view = BoardView()
    for record in records:
        apply(view, record)
        yield record, view


def final_board(records: Iterable[Record]) -> BoardView:
    view = BoardView()
    for record in records:
        apply(view, record)
    return view

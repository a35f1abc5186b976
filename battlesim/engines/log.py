"""Structured event logs shared by every engine: JSON-serialisable records in order.

A log is the starting set-up plus every action and roll in order; views (replay, text,
statistics) are small exporters over the one record.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from mypy_extensions import mypyc_attr

JsonValue = Any
Listener = Callable[["Event"], None]


@dataclass(frozen=True, slots=True)
class Event:
    """One thing that happened: its kind and a JSON-ready payload."""

    index: int
    kind: str
    data: dict[str, JsonValue]

    def to_json(self) -> dict[str, JsonValue]:
        return {"i": self.index, "kind": self.kind, **self.data}


@mypyc_attr(allow_interpreted_subclasses=True)  # compiled: subclasses may be Python
class EventLog:
    """An append-only list of events; listeners (progress bars, printers) see each one.

    With no listener, an event is kept as its (kind, data) pair and becomes an ``Event`` only
    when ``events`` is read: most logs of a simulation are written and dumped, never read one
    by one, and a board game writes thousands (building a frozen record was a tenth of a
    Monopoly turn). ``to_json`` and ``dumps`` read the pairs directly.
    """

    __slots__ = ("_events", "_pending", "listeners")

    def __init__(
        self, events: list[Event] | None = None, listeners: list[Listener] | None = None
    ) -> None:
        self._events: list[Event] = events if events is not None else []
        self._pending: list[tuple[str, dict[str, JsonValue]]] = []
        self.listeners: list[Listener] = listeners if listeners is not None else []

    def emit(self, kind: str, **data: JsonValue) -> None:
        if not self.listeners:
            self._pending.append((kind, data))
            return
        events = self.events
        event = Event(len(events), kind, data)
        events.append(event)
        for listener in self.listeners:
            listener(event)

    def emit_lazy(
        self, kind: str, payload: Callable[..., dict[str, JsonValue]], *args: Any
    ) -> None:
        """``emit(kind, **payload(*args))``, the payload made only by a log that keeps it: a
        hot path (a Risk throw, a Monopoly roll or turn's table) costs an unlogged game no
        more than the call. ``payload`` returns a fresh dict, which the log keeps as it is."""
        if not self.listeners:
            self._pending.append((kind, payload(*args)))  # as ``emit`` keeps it, one call less
            return
        self.emit(kind, **payload(*args))

    @property
    def events(self) -> list[Event]:
        """Every event in order (the pending pairs become records now, once)."""
        pending = self._pending
        if pending:
            start = len(self._events)
            self._events += [Event(start + i, kind, data) for i, (kind, data) in enumerate(pending)]
            pending.clear()
        return self._events

    def __iter__(self) -> Iterator[Event]:
        return iter(self.events)

    def __len__(self) -> int:
        return len(self._events) + len(self._pending)

    def of_kind(self, kind: str) -> list[Event]:
        return [event for event in self.events if event.kind == kind]

    def to_json(self) -> list[dict[str, JsonValue]]:
        made = [event.to_json() for event in self._events]
        start = len(made)
        return made + [
            {"i": start + i, "kind": kind, **data} for i, (kind, data) in enumerate(self._pending)
        ]

    def dumps(self) -> str:
        return json.dumps(self.to_json(), separators=(",", ":"), sort_keys=True)


class NullLog(EventLog):
    """A log that keeps nothing: a game played for its result only (a study's batch, whose
    replays are played again from the seed when someone opens one). Same seed, same play:
    the rules never read their own log."""

    __slots__ = ()

    # Nothing is kept, nor a lazy payload made. Methods, not a C no-op put in the class
    # (``"".format``, half a Python call cheaper): a compiled build calls an ``EventLog``'s
    # methods through its own table, which a class attribute does not reach.
    def emit(self, kind: str, **data: JsonValue) -> None:
        return None

    def emit_lazy(
        self, kind: str, payload: Callable[..., dict[str, JsonValue]], *args: Any
    ) -> None:
        return None

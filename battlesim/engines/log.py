"""Structured event logs shared by every engine: JSON-serialisable records in order.

A log is the starting set-up plus every action and roll in order; views (replay, text,
statistics) are small exporters over the one record.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

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


@dataclass(slots=True)
class EventLog:
    """An append-only list of events; listeners (progress bars, printers) see each one."""

    events: list[Event] = field(default_factory=list)
    listeners: list[Listener] = field(default_factory=list)

    def emit(self, kind: str, **data: JsonValue) -> Event:
        event = Event(len(self.events), kind, data)
        self.events.append(event)
        for listener in self.listeners:
            listener(event)
        return event

    def __iter__(self) -> Iterator[Event]:
        return iter(self.events)

    def __len__(self) -> int:
        return len(self.events)

    def of_kind(self, kind: str) -> list[Event]:
        return [event for event in self.events if event.kind == kind]

    def to_json(self) -> list[dict[str, JsonValue]]:
        return [event.to_json() for event in self.events]

    def dumps(self) -> str:
        return json.dumps(self.to_json(), separators=(",", ":"), sort_keys=True)

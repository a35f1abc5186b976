"""The event log: events kept as (kind, data) until read, numbered in order either way."""

from __future__ import annotations

from battlesim.engines.log import Event, EventLog, NullLog


def test_events_read_late_are_numbered_in_order_and_dump_as_read() -> None:
    log = EventLog()
    log.emit("roll", dice=[1, 2])
    log.emit("move", to=5)
    assert len(log) == 2
    dumped = log.to_json()
    assert dumped == [{"i": 0, "kind": "roll", "dice": [1, 2]}, {"i": 1, "kind": "move", "to": 5}]
    assert log.events == [Event(0, "roll", {"dice": [1, 2]}), Event(1, "move", {"to": 5})]
    log.emit("pay", amount=3)
    assert log.to_json() == [*dumped, {"i": 2, "kind": "pay", "amount": 3}]
    assert [e.index for e in log] == [0, 1, 2]
    assert [e.kind for e in log.of_kind("move")] == ["move"]


def test_a_listener_added_late_sees_the_next_event_with_its_true_index() -> None:
    seen: list[Event] = []
    log = EventLog()
    log.emit("setup")
    log.listeners.append(seen.append)
    log.emit("turn", seat=0)
    assert seen == [Event(1, "turn", {"seat": 0})]
    assert [e.index for e in log.events] == [0, 1]


def test_a_log_built_from_events_goes_on_numbering_after_them() -> None:
    log = EventLog(events=[Event(0, "a", {})])
    log.emit("b")
    assert log.to_json() == [{"i": 0, "kind": "a"}, {"i": 1, "kind": "b"}]


def test_a_lazy_payload_is_made_by_a_keeping_log_only() -> None:
    made: list[int] = []

    def payload(seat: int, count: int) -> dict[str, int]:
        made.append(seat)
        return {"seat": seat, "count": count}

    log, null = EventLog(), NullLog()
    log.emit_lazy("place", payload, 2, 5)
    null.emit_lazy("place", payload, 3, 6)
    null.emit("place", seat=3, count=6)
    assert made == [2] and len(null) == 0 and null.to_json() == []
    assert log.to_json() == [{"i": 0, "kind": "place", "seat": 2, "count": 5}]

"""Typed statuses that a rule keeps on a model or on the battle, and how long they last.

A rule family owns its per-model (or per-battle) data: it declares a ``Status`` key with the
type of its data and a factory, and reads it with ``KEY.of(model)``. The state only stores
the values; it never knows their types, so the core imports no rule. The state drops every
value of a status when its ``Lasting`` ends (``BattleState.reset_turn`` and friends), so a
rule never has to remember to clear it.

    HEROIC_TURN = Status("heroic turn", HeroicTurn, Lasting.TURN)
    HEROIC_TURN.of(model).no_charge = True    # gone at the end of the turn
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Generic, Protocol, TypeVar

from battlesim.engines.sbg.core.keys import Key

T = TypeVar("T")


class Lasting(Key):
    """When the state drops a status's values."""

    FIGHT = "fight"  # after each fight is resolved
    PHASE = "phase"  # at the end of each phase
    TURN = "turn"  # in the End phase (TURN-06, 002:L335)
    BATTLE = "battle"  # never: the rule clears it itself


class Holder(Protocol):
    """A model or the battle: anything with a ``status`` dictionary."""

    status: dict[Status[Any], Any]


class Status(Generic[T]):
    """A key to one rule's data on a holder, created on first use from ``factory``."""

    __slots__ = ("factory", "lasting", "name")

    def __init__(self, name: str, factory: Callable[[], T], lasting: Lasting) -> None:
        self.name = name
        self.factory = factory
        self.lasting = lasting

    def __repr__(self) -> str:
        return f"Status({self.name!r}, {self.lasting.value})"

    def __deepcopy__(self, memo: dict[int, Any]) -> Status[T]:
        """A key is shared by every copy of a holder (core/clone.py): values are found by
        the key's identity."""
        return self

    def of(self, holder: Holder) -> T:
        """The holder's value, made by the factory the first time it is asked for."""
        try:
            value: T = holder.status[self]
        except KeyError:
            value = holder.status[self] = self.factory()
        return value

    def peek(self, holder: Holder) -> T | None:
        """The holder's value if the rule ever set one (no value is made)."""
        value: T | None = holder.status.get(self)
        return value

    def put(self, holder: Holder, value: T) -> None:
        holder.status[self] = value

    def drop(self, holder: Holder) -> None:
        holder.status.pop(self, None)


def expire(holder: Holder, lasting: Lasting) -> None:
    """Drop every value whose status lasts ``lasting`` (called by the state on time)."""
    if holder.status:
        for key in [key for key in holder.status if key.lasting is lasting]:
            del holder.status[key]

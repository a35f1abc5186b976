"""One way to ask a player: typed decisions.

Every choice the rules give a side (which model moves, whom to strike, whether to spend
Might...) is a small frozen ``Decision`` subclass, defined beside the rule that asks. It holds
what the side needs to know, and its ``default`` is the answer when a player has no view of
its own: a new rule's decision therefore works with every player the day it is written, and
the rules never see an AI module.

    @dataclass(frozen=True, slots=True)
    class StandsUp(Decision[bool]):
        model: ModelState

        def default(self, state: BattleState) -> bool:
            return True

    if player.decide(state, StandsUp(model)): ...

The phases check every answer as before: a player's answer is a request, never a write.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar

if TYPE_CHECKING:
    from battlesim.engines.sbg.core.state import BattleState

T = TypeVar("T")


class NoDefaultError(NotImplementedError):
    """The decision has no sensible default: a player must answer it."""


class Decision(Generic[T]):
    """A choice the rules give a side; subclasses are frozen dataclasses."""

    __slots__ = ()

    def default(self, state: BattleState) -> T:
        """The answer when the player has none of its own."""
        raise NoDefaultError(f"{type(self).__name__} needs an answer from the player")

    def facts(self) -> tuple[Any, ...]:
        """The decision's fields in order (what a policy's answering method receives)."""
        return tuple(getattr(self, name) for name in self.__match_args__)  # type: ignore[attr-defined]


class Player(Protocol):
    """A side's player: it answers decisions and never writes the state."""

    def decide(self, state: BattleState, decision: Decision[T]) -> T: ...

"""TURN-05 (002:L333): the Priority player chooses the order in which combats are resolved.

The player returns a permutation of the combats' indices; anything else is refused (logged)
and the combats are fought in the order they were split (by centre model id).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, TypeVar

from battlesim.engines.sbg.core.decisions import Decision
from battlesim.engines.sbg.core.state import BattleState

if TYPE_CHECKING:
    from battlesim.engines.sbg.core.decisions import Player

C = TypeVar("C")


def order_combats(state: BattleState, player: Player, combats: Sequence[C]) -> list[C]:
    """The combats in the order the Priority ``player`` asks for, once it is checked."""
    if len(combats) < 2:
        return list(combats)
    answer: list[int] = player.decide(state, CombatOrder(combats))
    order = list(answer)
    if sorted(order) != list(range(len(combats))):
        state.log.emit("refused", player=state.priority, reason=f"combat order {order}")
        return list(combats)
    if order != sorted(order):
        state.log.emit("combat_order", player=state.priority, order=order)
    return [combats[i] for i in order]


# Decisions this module asks a player (core/decisions.py).


@dataclass(frozen=True, slots=True)
class CombatOrder(Decision[list[int]]):
    """TURN-05: the order in which the Priority player resolves the fights."""

    combats: Sequence[object]

"""PRIO-04 (002:L355, L190): special rules that give Priority instead of the dice.

*The Palantír* (002:L190, ACTIF): once per game its controlling player automatically wins a
Priority roll, declared before any die is rolled. Each side is asked before the roll; when
both declare, both uses are spent and the dice decide (data.ASSUMPTIONS "auto-priority").
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from battlesim.engines.sbg.core.decisions import Decision
from battlesim.engines.sbg.core.state import BattleState
from battlesim.engines.sbg.core.units import ModelId, PlayerId

if TYPE_CHECKING:
    from battlesim.engines.sbg.core.decisions import Player

# Rule names as the profile cards spell them (the ACTIF/PASSIF label is stripped).
AUTO_PRIORITY_RULES = frozenset({"the palantír", "the palantir", "le palantir"})


def holders(state: BattleState, side: PlayerId) -> list[ModelId]:
    """Living models of ``side`` whose once-per-game Priority rule is still unused."""
    return [
        m.uid
        for m in state.living(side)
        if m.triggers & AUTO_PRIORITY_RULES and m.uid not in state.priority_rule_used
    ]


def declared_priority(state: BattleState, players: Sequence[Player]) -> PlayerId | None:
    """The side that takes Priority without rolling this turn, or None (roll the dice)."""
    declared = [side for side in (0, 1) if _declares(state, players[side], side)]
    return declared[0] if len(declared) == 1 else None


def _declares(state: BattleState, player: Player, side: PlayerId) -> bool:
    options = holders(state, side)
    if not options:
        return False
    choice = player.decide(state, ClaimPriority(side, options))
    if choice is None:
        return False
    if choice not in options:
        state.log.emit("refused", player=side, reason=f"{choice} cannot claim Priority")
        return False
    state.priority_rule_used.add(choice)
    state.log.emit("auto_priority", player=side, model=choice)
    return True


# Army rules that change a side's Priority die after the roll (re-rolls, Foresight points):
# each gets the side losing the roll and both dice, and returns that side's new die.
PriorityDice = tuple[int, int]
PriorityAdjuster = Callable[[BattleState, PlayerId, PriorityDice], int]
_ADJUSTERS: list[PriorityAdjuster] = []


def priority_adjuster(adjuster: PriorityAdjuster) -> PriorityAdjuster:
    _ADJUSTERS.append(adjuster)
    return adjuster


def adjusted(state: BattleState, dice: PriorityDice) -> PriorityDice:
    """The dice after the army rules of the side losing the roll (each rule once, in turn,
    while that side still loses; a tie counts as losing)."""
    for adjuster in _ADJUSTERS:
        if dice[0] == dice[1] and state.previous_priority is None:
            return dice  # PRIO-02: on turn 1 a tie is rolled again
        if dice[0] == dice[1]:
            loser: PlayerId = 0 if state.previous_priority == 0 else 1
        else:
            loser = 0 if dice[0] < dice[1] else 1
        new = adjuster(state, loser, dice)
        dice = (new, dice[1]) if loser == 0 else (dice[0], new)
    return dice


# Decisions this module asks a player (core/decisions.py).


@dataclass(frozen=True, slots=True)
class ClaimPriority(Decision[ModelId | None]):
    """PRIO-04: the model whose rule claims Priority, if any."""

    side: PlayerId
    holders: Sequence[ModelId]

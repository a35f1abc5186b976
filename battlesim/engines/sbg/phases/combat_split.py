"""Who fights whom: the Priority player chooses among the valid splits (MOVE-SEP-04, 002:L490).

The engine finds a few valid splits (stars covering every engaged model once, ambiguity A11)
by ranking the would-be centres differently, and the Priority player picks one with
``Player.choose_split``; a player without that method, or an invalid answer, gets the first.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from battlesim.engines.sbg.core.actions import IllegalActionError
from battlesim.engines.sbg.core.decisions import Decision
from battlesim.engines.sbg.core.state import BattleState
from battlesim.engines.sbg.rules.combats import Combat, Ranking, split_combats

if TYPE_CHECKING:
    from battlesim.engines.sbg.core.decisions import Player


def _rankings(state: BattleState) -> list[Ranking | None]:
    """The default, the other side's centres first, and fewest contacts first."""
    side = state.priority
    return [
        None,
        lambda u, n: (-n, state.models[u].player == side, u),
        lambda u, n: (n, state.models[u].player != side, u),
    ]


def candidate_splits(state: BattleState) -> list[list[Combat]]:
    """Distinct valid splits, the engine's default first."""
    found: list[list[Combat]] = []
    seen: set[frozenset[frozenset[str]]] = set()
    for rank in _rankings(state):
        split = split_combats(state, rank)
        key = frozenset(frozenset(c.uids()) for c in split)
        if key not in seen:
            seen.add(key)
            found.append(split)
    return found


def chosen_split(state: BattleState, players: tuple[Player, Player]) -> list[Combat]:
    """MOVE-SEP-04: the Priority player's choice among the candidate splits."""
    options = candidate_splits(state)
    if len(options) == 1:
        return options[0]
    index = players[state.priority].decide(state, ChooseSplit(options))
    if not isinstance(index, int) or not 0 <= index < len(options):
        error = IllegalActionError(f"split {index!r} is not one of the {len(options)} offered")
        state.log.emit("refused", model=None, reason=str(error))
        return options[0]
    return options[index]


def gang_ups(state: BattleState, split: Sequence[Combat], side: int) -> int:
    """Combats where ``side`` outnumbers the enemy, less those where it is outnumbered."""
    score = 0
    for combat in split:
        mine, theirs = len(combat.side(side)), len(combat.side(1 - side))
        score += (mine > theirs) - (theirs > mine)
    return score


# Decisions this module asks a player (core/decisions.py).


@dataclass(frozen=True, slots=True)
class ChooseSplit(Decision[int]):
    """MOVE-SEP-04: which of the valid splits into fights the Priority player takes."""

    options: Sequence[list[Combat]]

    def default(self, state: BattleState) -> int:
        return 0

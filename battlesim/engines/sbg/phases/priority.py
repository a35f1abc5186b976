"""The Priority phase (checklist part 1 §3, 002:L341-355) and the broken check (COUR-BRK-02)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from battlesim.engines.sbg.core.state import BattleState, Phase
from battlesim.engines.sbg.core.units import PlayerId
from battlesim.engines.sbg.rules.courage import update_broken
from battlesim.engines.sbg.rules.priority_rules import adjusted, declared_priority

if TYPE_CHECKING:
    from battlesim.engines.sbg.core.decisions import Player


def roll_priority(state: BattleState) -> PlayerId:
    """PRIO-02 (turn 1: higher wins, re-roll ties); PRIO-03 (later: a tie goes to the player
    who did not have Priority last turn)."""
    while True:
        a, b = state.roll(1, "priority side 0")[0], state.roll(1, "priority side 1")[0]
        a, b = adjusted(state, (a, b))  # army rules of the losing side (priority_rules.py)
        if a != b:
            return 0 if a > b else 1
        if state.previous_priority is not None:
            return 1 - state.previous_priority


def run_priority_phase(state: BattleState, players: Sequence[Player] | None = None) -> None:
    """TURN-02: start of the turn: broken armies are decided, then Priority is rolled unless
    a side declares a rule that wins it (PRIO-04, asked before any die is rolled)."""
    state.begin_phase(Phase.PRIORITY)
    state.log.emit("phase", phase=Phase.PRIORITY.value, turn=state.turn)
    update_broken(state)
    state.previous_priority = state.priority if state.turn > 1 else None
    declared = declared_priority(state, players) if players is not None else None
    state.priority = declared if declared is not None else roll_priority(state)
    state.log.emit("priority", turn=state.turn, player=state.priority)

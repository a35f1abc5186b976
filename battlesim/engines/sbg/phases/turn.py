"""TURN-01 (002:L325-335): a turn is five phases, Priority, Move, Shoot, Fight and End.

``play_turn`` plays one; ``rest_of_turn`` plays a turn on from the moment a side is asked its
move order (a search player plays its candidates on copies of the state from there).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from battlesim.engines.sbg.core.state import BattleState, Tick, tick
from battlesim.engines.sbg.core.units import PlayerId
from battlesim.engines.sbg.phases.end import run_end_phase
from battlesim.engines.sbg.phases.fight import run_fight_phase
from battlesim.engines.sbg.phases.move import rest_of_move_phase, run_move_phase
from battlesim.engines.sbg.phases.priority import run_priority_phase
from battlesim.engines.sbg.phases.shoot import run_shoot_phase

if TYPE_CHECKING:
    from battlesim.engines.sbg.core.decisions import Player


def play_turn(state: BattleState, players: tuple[Player, Player]) -> None:
    """TURN-01: Priority, Move, Shoot, Fight, End."""
    state.turn += 1
    tick(state, Tick.TURN_START)
    run_priority_phase(state, players)
    tick(state, Tick.PHASE_END)
    run_move_phase(state, players)
    after_move_phase(state, players)


def rest_of_turn(state: BattleState, players: tuple[Player, Player], side: PlayerId) -> None:
    """The turn on from ``side``'s move order: the rest of the Move phase, then Shoot,
    Fight and End."""
    rest_of_move_phase(state, players, side)
    after_move_phase(state, players)


def after_move_phase(state: BattleState, players: tuple[Player, Player]) -> None:
    """Shoot, Fight and End (a search player plays them on from a copy's Move phase)."""
    tick(state, Tick.PHASE_END)
    run_shoot_phase(state, players)
    tick(state, Tick.PHASE_END)
    run_fight_phase(state, players)
    tick(state, Tick.PHASE_END)
    run_end_phase(state)
    tick(state, Tick.PHASE_END)
    tick(state, Tick.TURN_END)

"""The Move phase: moves, charges and control zones (checklist part 1 §4, 002:L359-687).

Players propose one action per model; ``check_action`` refuses what the rules forbid and
``apply_action`` carries it out. Moves are straight segments (data.ASSUMPTIONS).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from battlesim.engines.sbg.core.actions import (
    IllegalActionError,
    MoveOrder,
    SoundDrum,
)
from battlesim.engines.sbg.core.state import (
    BattleState,
    ModelState,
    Phase,
)
from battlesim.engines.sbg.phases.model_move import take_action
from battlesim.engines.sbg.rules import (
    prone,
    reinforcements,
    siege_moves,
)
from battlesim.engines.sbg.rules import ring_moves as ring
from battlesim.engines.sbg.rules.courage import broken_test
from battlesim.engines.sbg.rules.movement import can_move

if TYPE_CHECKING:
    from battlesim.engines.sbg.core.decisions import Player


def run_move_phase(state: BattleState, players: tuple[Player, Player]) -> None:
    """MOVE-GEN-01/02, TURN-03: the Priority side moves all its models, then the other."""
    state.begin_phase(Phase.MOVE)
    state.log.emit("phase", phase=Phase.MOVE.value, turn=state.turn)
    ring.start_of_move_phase(state, players)  # RING-WILL-01: before any Heroic Action
    heroic.declare_all(state, players, Phase.MOVE)  # HERO-HA-01
    heroic.run_heroic_moves(state, players)  # HERO-HM-01: before the Priority order
    for player in (state.priority, 1 - state.priority):
        _move_side(state, players, player)
    _finish_move_phase(state)


def rest_of_move_phase(state: BattleState, players: tuple[Player, Player], side: int) -> None:
    """The Move phase from the moment ``side`` is asked its move order to the phase's end
    (a search player plays it on a copy of the state, ``core/clone.py``)."""
    _move_models(state, players, side)
    if side == state.priority:
        _move_side(state, players, 1 - side)
    _finish_move_phase(state)


def _finish_move_phase(state: BattleState) -> None:
    if state.crews:
        trample.lapse_panics(state)  # WB-DMG-03/04: control returns to the owner
    heroic.end_move_phase(state)


def _move_side(state: BattleState, players: tuple[Player, Player], side: int) -> None:
    player = players[side]
    ring.start_of_move(state, players, side)
    if state.engines:
        siege_moves.push_engines(state, player, side)  # SE-MOVE-01: pushers move first
    drummer = player.decide(state, SoundDrum(side))
    if drummer is not None:
        try:
            _sound_drum(state, side, drummer)
        except IllegalActionError as error:
            state.log.emit("refused", model=drummer, reason=str(error))
    _move_models(state, players, side)


def _move_models(state: BattleState, players: tuple[Player, Player], side: int) -> None:
    player = players[side]
    for uid in player.decide(state, MoveOrder(side)):
        model = state.models.get(uid)
        if model is None or model.player != side or not can_move(state, model):
            continue
        if not broken_test(state, model):
            continue
        if model.uid in state.crews:
            _move_war_beast(state, players, model)
            continue
        if heroic.leads_march(state, model):
            heroic.lead(state, players, model, heroic.HEROIC_MARCH)  # HERO-HMA-01/03
        else:
            take_action(state, players, model)
    reinforcements.arrive(state, player, side)  # MOVE-REINF-01: after the models on table


def _move_war_beast(state: BattleState, players: tuple[Player, Player], beast: ModelState) -> None:
    """WB-MOV-07..11, WB-DMG-02..04: its trample; WB-MOV-05/06: a Heroic March its leader
    declared moves it, the leader's friends within 6" following ("At the Double!")."""
    leader = trample.war_beasts.leader(state, beast)
    if leader is not None and heroic.leads_march(state, leader):
        heroic.lead(state, players, leader, heroic.HEROIC_MARCH)  # -> take_action(leader)
    else:
        trample.move_beast(state, players, beast)


stand_up = prone.stand_up  # MOVE-PRONE-05 (kept here for older callers)


def _sound_drum(state: BattleState, side: int, drummer_id: str) -> None:
    """EQP-DRUM-01: declared at the start of the Move phase by a living drummer."""
    drummer = state.models.get(drummer_id)
    if drummer is None or not drummer.alive or drummer.player != side:
        raise IllegalActionError(f"{drummer_id} cannot sound a war drum")
    if "war drum" not in drummer.triggers:
        raise IllegalActionError(f"{drummer_id} has no war drum")
    state.drum_sounded[side] = drummer_id
    state.log.emit("war_drum", model=drummer_id)


# --- queries for players: where a model can go (the engine still checks the action) --------


# Imported last: trample reuses the crossing checks and is called from ``_move_side``; the
# Heroic Actions glue reuses this module's steps (take_action, can_move).
from battlesim.engines.sbg.phases import heroic, trample  # noqa: E402

"""Fortify your position (003:L106-110): one move along a line of own territories."""

from __future__ import annotations

from battlesim.engines.risk.actions import Fortify, IllegalActionError
from battlesim.engines.risk.data import Seat, TerritoryName
from battlesim.engines.risk.state import GameState, walk_linked


def connected(state: GameState, seat: Seat, source: TerritoryName) -> frozenset[TerritoryName]:
    """Own territories reachable from ``source`` through own territories only (003:L108-110)."""
    if state.owner.get(source) == seat:
        return state.linked_land(seat, source)
    return walk_linked(state, seat, source)


def check_fortify(state: GameState, seat: Seat, move: Fortify) -> None:
    if state.owner.get(move.source) != seat or move.source == move.target:
        raise IllegalActionError(f"seat {seat} cannot fortify from {move.source}")
    if move.target not in connected(state, seat, move.source):
        raise IllegalActionError(f"{move.target} is not linked to {move.source} (003:L108)")
    if not 0 < move.count < state.armies[move.source]:
        raise IllegalActionError(f"{move.source} must keep at least one battalion (003:L108)")
    if move.with_leader and (
        state.leaders.get(move.source) != seat or move.target in state.leaders
    ):
        raise IllegalActionError("leaders move with battalions, never two together (003:L110)")


def apply_fortify(state: GameState, seat: Seat, move: Fortify) -> None:
    check_fortify(state, seat, move)
    state.move_battalions(move.source, move.target, move.count)
    if move.with_leader:
        state.move_leader(move.source, move.target)
    state.log.emit(
        "fortify",
        seat=seat,
        source=move.source,
        target=move.target,
        count=move.count,
        leader=move.with_leader,
    )

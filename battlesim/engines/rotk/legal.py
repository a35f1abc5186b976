"""Enumerate the legal actions of a state (attack card sets excepted: too many to list)."""

from __future__ import annotations

from battlesim.engines.rotk.actions import (
    Action,
    AragornMove,
    ChooseLot,
    EndTurn,
    Enter,
    ForcedMarch,
    Move,
    Phase,
    Protect,
    Reinforce,
    Reroll,
    Resolve,
)
from battlesim.engines.rotk.combat import can_reroll_with
from battlesim.engines.rotk.data import ActionCard, CardKind, HexKind
from battlesim.engines.rotk.state import State


def legal_actions(state: State) -> list[Action]:
    """Return the legal actions of the current decision, attacks excepted."""
    if state.phase is Phase.RECRUIT:
        return [ChooseLot(i) for i, lot in enumerate(state.lots) if lot is not None]
    if state.phase is Phase.AFTER_ROLL:
        return _after_roll(state)
    if state.phase is Phase.TURN:
        return _turn(state)
    return []


def _turn(state: State) -> list[Action]:
    seat = state.seats[state.current]
    if seat.pawn is None:
        return [Enter(h) for h in state.material.hexes_of(HexKind.START, HexKind.MINAS_TIRITH)]
    steps = state.free_neighbours(seat.pawn)
    actions: list[Action] = [Move(h, card.id) for h in steps for card in seat.hand]
    if state.can_move_free_with_aragorn(state.current):
        actions.extend(AragornMove(h) for h in steps)
    for card in seat.hand:
        if card.action is ActionCard.REINFORCEMENTS:
            actions.append(Reinforce(card.id))
        elif card.action is ActionCard.FORCED_MARCH:
            actions.extend(ForcedMarch(card.id, path) for path in _marches(state, seat.pawn))
    actions.append(EndTurn())
    return actions


def _marches(state: State, start: tuple[int, int]) -> list[tuple[tuple[int, int], ...]]:
    paths: list[tuple[tuple[int, int], ...]] = []
    for first in state.free_neighbours(start):
        paths.append((first,))
        paths.extend((first, second) for second in state.free_neighbours(first))
    return paths


def _after_roll(state: State) -> list[Action]:
    attack, hand = state.pending, state.seats[state.current].hand
    assert attack is not None
    actions: list[Action] = []
    if not attack.success:
        actions.extend(Reroll(c.id) for c in hand if can_reroll_with(c, attack))
    if not attack.protected:
        actions.extend(Protect(c.id) for c in hand if c.action is ActionCard.GANDALFS_PROTECTION)
    actions.append(Resolve())
    if not attack.success and not attack.protected:
        actions.extend(Resolve(c.id) for c in attack.armies if c.kind is CardKind.ARMY)
    return actions

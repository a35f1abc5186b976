"""Movement: entering on the start row, one card a hex, forced march, Aragorn's free move,
and the reinforcements card (seed L120-131, L368-380, L397-404)."""

from __future__ import annotations

from battlesim.engines.rotk.actions import (
    AragornMove,
    EndTurn,
    Enter,
    ForcedMarch,
    IllegalActionError,
    Move,
    Reinforce,
)
from battlesim.engines.rotk.board import adjacent
from battlesim.engines.rotk.data import ActionCard, Card, Hex, HexKind
from battlesim.engines.rotk.state import State


def require_pawn(state: State) -> Hex:
    """Return the current pawn's hex; every turn action but entering needs one."""
    pawn = state.seats[state.current].pawn
    if pawn is None:
        raise IllegalActionError("the pawn must first enter on the start row (seed L120)")
    return pawn


def end_turn(state: State, _: EndTurn) -> None:
    """End the turn; the pawn must have entered first (seed L120)."""
    require_pawn(state)
    state.finish_turn()


def _step(state: State, start: Hex, to: Hex) -> None:
    if not (state.is_free(to) and adjacent(start, to)):
        raise IllegalActionError(f"{to} is not a free hex next to {start} (seed L125-131)")


def enter(state: State, action: Enter) -> None:
    """Place the pawn on any hex of the start row (seed L120-123)."""
    kind = state.material.hexes.get(action.hex)
    if state.seats[state.current].pawn is not None:
        raise IllegalActionError("the pawn is already on the board")
    if kind not in (HexKind.START, HexKind.MINAS_TIRITH):
        raise IllegalActionError(f"{action.hex} is not on the start row (seed L120-123)")
    state.seats[state.current].pawn = action.hex
    state.log.emit("enter", seat=state.current, hex=list(action.hex))


def move(state: State, action: Move) -> None:
    """Step to an adjacent free hex, discarding one card (seed L125-131)."""
    _step(state, require_pawn(state), action.hex)
    seat = state.seats[state.current]
    state.discard.extend(seat.take([action.card]))
    seat.pawn = action.hex
    state.log.emit("move", seat=state.current, hex=list(action.hex), card=action.card)


def aragorn_move(state: State, action: AragornMove) -> None:
    """Step for free by showing three Aragorn army cards, once a turn (seed L397-404)."""
    _step(state, require_pawn(state), action.hex)
    if not state.can_move_free_with_aragorn(state.current):
        raise IllegalActionError("a free move needs three Aragorn cards, once a turn (seed L397)")
    state.aragorn_used = True
    state.seats[state.current].pawn = action.hex
    state.log.emit("aragorn_move", seat=state.current, hex=list(action.hex))


def forced_march(state: State, action: ForcedMarch) -> None:
    """Play "Eilmarsch": up to two free hexes without discarding (seed L376-380)."""
    here, seat = require_pawn(state), state.seats[state.current]
    if not 1 <= len(action.path) <= state.material.forced_march_hexes:
        raise IllegalActionError("a forced march covers one or two hexes (seed L376-380)")
    play_action_card(state, action.card, ActionCard.FORCED_MARCH)
    for step in action.path:
        _step(state, here, step)
        here = step
    state.discard.extend(seat.take([action.card]))
    seat.pawn = here
    path = [list(h) for h in action.path]
    state.log.emit("forced_march", seat=state.current, card=action.card, path=path)


def play_action_card(state: State, card_id: int, kind: ActionCard) -> Card:
    card = state.seats[state.current].card(card_id)
    if card.action is not kind:
        raise IllegalActionError(f"card {card_id} is not {kind.value}")
    return card


def reinforce(state: State, action: Reinforce) -> None:
    """Play "Verstarkung": draw two cards, outside an attack (seed L368-372)."""
    require_pawn(state)
    play_action_card(state, action.card, ActionCard.REINFORCEMENTS)
    seat = state.seats[state.current]
    played = seat.take([action.card])
    drawn = state.draw_many(state.material.reinforcements_draw)
    state.discard.extend(played)  # after the draw: the card cannot draw itself back
    seat.give(drawn)
    state.log.emit("reinforce", seat=state.current, card=action.card, drawn=[c.id for c in drawn])

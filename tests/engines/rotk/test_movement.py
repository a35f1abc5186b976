"""Movement: entering on the start row, one card a hex, forced march, Aragorn's free move."""

from __future__ import annotations

import pytest

from battlesim.engines.rotk.actions import (
    AragornMove,
    ChooseLot,
    EndTurn,
    Enter,
    ForcedMarch,
    IllegalActionError,
    Move,
    Reinforce,
)
from battlesim.engines.rotk.data import ActionCard, Colour, TileKind
from battlesim.engines.rotk.rules import apply, legal_actions
from battlesim.engines.rotk.state import Entry, State
from tests.engines.rotk.scenarios import (
    action_card,
    army,
    blank_state,
    put_tile,
    reroll_card,
    start_turn,
)


def test_a_pawn_enters_on_any_hex_of_the_start_row() -> None:
    """Seed L120-123: Minas Tirith or any other hex of the row with the yellow line."""
    state = start_turn(blank_state(), 0)
    with pytest.raises(IllegalActionError):
        apply(state, Enter((1, 3)))
    apply(state, Enter((0, 6)))
    assert state.seats[0].pawn == (0, 6)


def test_nothing_but_entering_is_allowed_before_the_pawn_is_on_the_board() -> None:
    """Seed L120: the player first places the pawn."""
    state = start_turn(blank_state(), 0)
    card = army(state, 0, Colour.GONDOR, 1)
    with pytest.raises(IllegalActionError):
        apply(state, Move((0, 1), card.id))


def _pass(state: State) -> None:
    """End the current turn, placing the pawn first if it is off the board."""
    if state.seats[state.current].pawn is None:
        apply(state, Enter((0, 1)))
    apply(state, EndTurn())


@pytest.mark.parametrize("entry", list(Entry))
def test_the_entry_reading_decides_where_the_next_turn_starts(entry: Entry) -> None:
    """Seed L120-123, both readings: the pawn stays where it ended ("once"), or is placed
    anew on the start row at the start of every turn ("each_turn")."""
    state = start_turn(blank_state(3, entry=entry), 0, pawn=(0, 3))
    state.seats[1].pawn = state.seats[2].pawn = (0, 0)
    apply(state, Move((1, 3), army(state, 0, Colour.GONDOR, 1).id))
    for _ in range(3):
        _pass(state)
    for lot in range(3):
        apply(state, ChooseLot(lot))
    for _ in range(2):  # seat 1 starts round two, then seat 2; seat 0 plays last
        _pass(state)
    if entry is Entry.ONCE:
        assert state.seats[0].pawn == (1, 3)
        return
    assert state.seats[0].pawn is None
    assert all(isinstance(a, Enter) for a in legal_actions(state))
    with pytest.raises(IllegalActionError):
        apply(state, Move((1, 3), army(state, 0, Colour.GONDOR, 1).id))
    apply(state, Enter((0, 5)))
    assert state.seats[0].pawn == (0, 5)


def test_each_hex_moved_costs_one_discarded_card_and_moving_back_is_allowed() -> None:
    """Seed L125-131: one card of the player's choice per hex; going back is allowed."""
    state = start_turn(blank_state(), 0, pawn=(0, 3))
    first, second = army(state, 0, Colour.GONDOR, 3), army(state, 0, Colour.ROHAN, 1)
    apply(state, Move((1, 3), first.id))
    apply(state, Move((0, 3), second.id))
    assert state.seats[0].pawn == (0, 3)
    assert state.seats[0].hand == [] and state.discard == [first, second]


def test_a_pawn_cannot_move_onto_or_through_a_sauron_tile() -> None:
    """Seed L129-131: hexes covered by a Sauron tile cannot be crossed."""
    state = start_turn(blank_state(), 0, pawn=(0, 3))
    put_tile(state, (1, 3), TileKind.ORCS)
    card = army(state, 0, Colour.GONDOR, 1)
    with pytest.raises(IllegalActionError):
        apply(state, Move((1, 3), card.id))
    with pytest.raises(IllegalActionError):
        apply(state, Move((2, 3), card.id))  # not adjacent either
    assert state.seats[0].hand == [card]


def test_forced_march_moves_two_hexes_without_discarding() -> None:
    """Seed L376-380: "Eilmarsch" moves the pawn two hexes without playing cards."""
    state = start_turn(blank_state(), 0, pawn=(0, 3))
    march = action_card(state, 0, ActionCard.FORCED_MARCH)
    keep = army(state, 0, Colour.GONDOR, 2)
    apply(state, ForcedMarch(march.id, ((1, 3), (2, 3))))
    assert state.seats[0].pawn == (2, 3)
    assert state.seats[0].hand == [keep] and state.discard == [march]


def test_forced_march_cannot_go_three_hexes_or_through_a_tile() -> None:
    """Seed L379: two hexes; L129: never through a tile."""
    state = start_turn(blank_state(), 0, pawn=(0, 3))
    march = action_card(state, 0, ActionCard.FORCED_MARCH)
    with pytest.raises(IllegalActionError):
        apply(state, ForcedMarch(march.id, ((1, 3), (2, 3), (3, 3))))
    put_tile(state, (1, 3), TileKind.WARGS)
    with pytest.raises(IllegalActionError):
        apply(state, ForcedMarch(march.id, ((1, 3), (2, 3))))
    assert state.seats[0].pawn == (0, 3) and march in state.seats[0].hand


def test_three_aragorn_cards_give_one_free_move_a_turn_and_stay_in_hand() -> None:
    """Seed L397-404: show three Aragorn army cards, move one hex free, once a turn."""
    state = start_turn(blank_state(3), 0, pawn=(0, 3))
    shown = [army(state, 0, Colour.ARAGORN, 1), army(state, 0, Colour.ARAGORN, 2)]
    shown.append(reroll_card(state, 0, Colour.ARAGORN))
    apply(state, AragornMove((1, 3)))
    assert state.seats[0].pawn == (1, 3) and sorted(state.seats[0].hand, key=id) == sorted(
        shown, key=id
    )
    with pytest.raises(IllegalActionError):
        apply(state, AragornMove((2, 3)))


def test_the_free_aragorn_move_needs_three_aragorn_cards() -> None:
    """Seed L397-399: only a player who can show three Aragorn army cards."""
    state = start_turn(blank_state(3), 0, pawn=(0, 3))
    army(state, 0, Colour.ARAGORN, 1)
    army(state, 0, Colour.ARAGORN, 2)
    army(state, 0, Colour.GONDOR, 2)
    with pytest.raises(IllegalActionError):
        apply(state, AragornMove((1, 3)))


def test_the_free_aragorn_move_comes_back_next_turn() -> None:
    """Seed L402-404: unused in battle, the cards give the free move again next turn;
    L296-299: the start player passes on to the left, so seat 1 starts round two."""
    state = start_turn(blank_state(3), 0, pawn=(0, 3))
    state.seats[1].pawn = state.seats[2].pawn = (0, 0)
    for value in (1, 2, 3):
        army(state, 0, Colour.ARAGORN, value)
    apply(state, AragornMove((1, 3)))
    for _ in range(3):
        apply(state, EndTurn())
    assert state.round == 2 and state.order == [0, 2, 1]  # choosing: right of seat 1 first
    for lot in range(3):
        apply(state, ChooseLot(lot))
    assert state.order == [1, 2, 0]
    apply(state, EndTurn())
    apply(state, EndTurn())
    apply(state, AragornMove((2, 3)))
    assert state.seats[0].pawn == (2, 3)


def test_reinforcements_draw_two_cards() -> None:
    """Seed L368-372: "Verstarkung" draws two cards from the deck."""
    state = start_turn(blank_state(), 0, pawn=(0, 3))
    card = action_card(state, 0, ActionCard.REINFORCEMENTS)
    top = state.deck[-2:]
    apply(state, Reinforce(card.id))
    assert sorted(c.id for c in state.seats[0].hand) == sorted(c.id for c in top)
    assert state.discard == [card]

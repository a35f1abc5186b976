"""Recruitment: lots of five cards chosen counter-clockwise (seed L95-110)."""

from __future__ import annotations

import pytest

from battlesim.engines.rotk.actions import ChooseLot, IllegalActionError, Phase
from battlesim.engines.rotk.rules import apply
from tests.engines.rotk.scenarios import blank_state


def test_the_player_right_of_the_start_player_chooses_first_and_the_start_player_last() -> None:
    """Seed L104-108: right of the start player first, counter-clockwise, start player last."""
    state = blank_state(4)
    state.start_player = 1
    state.deal_lots()
    assert state.order == [0, 3, 2, 1]


def test_a_chosen_lot_joins_the_hand_and_cannot_be_chosen_again() -> None:
    """Seed L104-106: the chooser puts the five cards of the lot into the hand."""
    state = blank_state(3)
    state.deal_lots()
    lot = list(state.lots[1] or [])
    chooser = state.current
    apply(state, ChooseLot(1))
    assert set(lot) <= set(state.seats[chooser].hand) and len(lot) == 5
    with pytest.raises(IllegalActionError):
        apply(state, ChooseLot(1))


def test_after_the_last_lot_the_start_player_moves_first() -> None:
    """Seed L113-118: movement starts with the start player, then clockwise."""
    state = blank_state(4)
    state.start_player = 2
    state.deal_lots()
    for lot in range(4):
        apply(state, ChooseLot(lot))
    assert state.phase is Phase.TURN
    assert state.order == [2, 3, 0, 1]


def test_the_discard_pile_is_shuffled_into_a_new_deck_when_the_deck_runs_out() -> None:
    """Seed L99-101: an exhausted deck is rebuilt from the shuffled discards."""
    state = blank_state(3, dice=[1] * 20)
    state.discard, state.deck = state.deck[:12], state.deck[12:15]
    state.deal_lots()
    assert [len(lot or []) for lot in state.lots] == [5, 5, 5]
    assert len(state.deck) == 0 and len(state.discard) == 0
    assert len(state.log.of_kind("reshuffle")) == 1


def test_there_is_no_hand_limit() -> None:
    """Seed L109-110: no limit to the cards a player holds."""
    state = blank_state(3)
    state.seats[0].give(state.deck[:40])
    state.deck = state.deck[40:]
    state.deal_lots()
    apply(state, ChooseLot(0))
    apply(state, ChooseLot(1))
    apply(state, ChooseLot(2))
    assert len(state.seats[0].hand) == 45

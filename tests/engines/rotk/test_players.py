"""The players choose through the same decision points, each after its own tactic."""

from __future__ import annotations

from battlesim.engines.rotk.actions import Attack, ChooseLot, EndTurn, Reroll, Resolve, Special
from battlesim.engines.rotk.data import Colour, TileKind
from battlesim.engines.rotk.players import GateSaverPlayer, GreedyPlayer, RacerPlayer
from battlesim.engines.rotk.rules import apply
from battlesim.engines.rotk.state import State
from battlesim.engines.rotk.tracks import Place
from tests.engines.rotk.scenarios import (
    army,
    blank_state,
    hero,
    put_tile,
    reroll_card,
    start_turn,
)

HERE, ORCS_HEX, WARGS_HEX = (0, 3), (1, 2), (1, 3)


def facing_orcs_and_wargs(dice: list[int] | None = None) -> State:
    """Seat 0 on Minas Tirith between orcs and wargs, holding two Gondor 3s."""
    state = start_turn(blank_state(4, dice=dice or []), 0, pawn=HERE)
    put_tile(state, ORCS_HEX, TileKind.ORCS)
    put_tile(state, WARGS_HEX, TileKind.WARGS)
    army(state, 0, Colour.GONDOR, 3)
    army(state, 0, Colour.GONDOR, 3)
    return state


def test_the_greedy_player_takes_the_surest_attack() -> None:
    """Greedy: orcs (8) are a sure thing with two 3s; it buys the certainty."""
    action = GreedyPlayer().act(facing_orcs_and_wargs())
    assert isinstance(action, Attack) and action.target == ORCS_HEX


def test_the_racer_prefers_a_tile_that_moves_frodo() -> None:
    """Racer: orcs leave Frodo and Sam where they are (seed L254), so it attacks the wargs."""
    action = RacerPlayer().act(facing_orcs_and_wargs())
    assert isinstance(action, Attack) and action.target == WARGS_HEX


def test_the_racer_grows_careful_once_gollum_can_move() -> None:
    """Racer: a 58 % attack is fine early, not once Frodo is on the mountain (seed L260-263)."""
    state = start_turn(blank_state(4), 0, pawn=HERE)
    put_tile(state, WARGS_HEX, TileKind.WARGS)
    army(state, 0, Colour.GONDOR, 3)  # 3 + dice >= 10: 58 %
    assert isinstance(RacerPlayer().act(state), Attack)
    state.frodo = Place(True, 2)
    assert RacerPlayer().act(state) == EndTurn()


def test_the_gate_saver_keeps_its_cards_until_the_gate_is_likely_to_fall() -> None:
    """Gate saver: at the Gate (18, seed L331) with a weak hand it waits, with a strong one
    it attacks."""
    state = start_turn(blank_state(4), 0, pawn=(10, 3))
    army(state, 0, Colour.GONDOR, 3)
    assert GateSaverPlayer().act(state) == EndTurn()
    for _ in range(3):
        army(state, 0, Colour.GONDOR, 3)
    hero(state, 0, "gandalf")
    action = GateSaverPlayer().act(state)
    assert isinstance(action, Attack) and action.target is Special.BLACK_GATE


def test_after_a_failed_roll_players_reroll_then_keep_their_best_army_card() -> None:
    """Seed L222-225, L240-247: reroll with a matching card, else keep the best army card."""
    state = facing_orcs_and_wargs(dice=[1, 1, 1, 1])
    reroll_card(state, 0, Colour.GONDOR)
    player = GreedyPlayer()
    apply(state, player.act(state))
    assert isinstance(player.act(state), Reroll)
    apply(state, player.act(state))
    keep = player.act(state)
    assert isinstance(keep, Resolve) and keep.keep is not None
    assert state.material.cards[keep.keep].value == 3


def test_every_player_chooses_a_lot_through_the_same_decision() -> None:
    """Seed L104-108: the chooser takes one of the lots on the table."""
    state = blank_state(3)
    state.deal_lots()
    for player in (GreedyPlayer(), RacerPlayer(), GateSaverPlayer()):
        action = player.act(state)
        assert isinstance(action, ChooseLot)
        apply(state, action)
    assert all(lot is None for lot in state.lots) or state.lots == []

"""The One Ring special rules (seed 001:L76-109)."""

from __future__ import annotations

from battlesim.engines.monopoly.data import RING_PATH
from battlesim.engines.monopoly.movement import DiceRoll
from battlesim.engines.monopoly.outcome import Termination
from battlesim.engines.monopoly.state import GameState, Variant
from tests.engines.monopoly.helpers import table

RING = Variant(one_ring=True)


def test_the_eye_counts_as_one_without_the_special_rules() -> None:
    """001:L78: the Eye of Sauron is a 1 unless the special rules are played."""
    rules = table([1, 2])
    rules.play_turn(0)
    assert rules.state.players[0].position == 3 and rules.state.ring is None


def test_an_eye_moves_the_ring_before_the_token_which_may_claim_it_free() -> None:
    """001:L82-93: Ring from Cul-de-Sac past Événement to Ferme Maggotte; claim it free."""
    rules = table([1, 2], variant=RING)
    rules.play_turn(0)
    assert rules.state.ring == 3 and rules.state.players[0].position == 3
    assert rules.state.owner[3] == 0 and rules.state.players[0].cash == 1500


def test_two_eyes_move_the_ring_two_territories() -> None:
    """001:L88: two Eyes, two territories (skipping Bill le Poney and the card squares)."""
    rules = table([], variant=RING)
    rules.on_roll(0, DiceRoll(1, 1))
    assert rules.state.ring == 6
    rules.on_roll(0, DiceRoll(1, 1))
    assert rules.state.ring == 9
    assert len(RING_PATH) == 22


def test_landing_on_the_ring_pays_double_rent() -> None:
    """001:L95: a claimed territory under the Ring pays double the normal rent."""
    rules = table([2, 3], variant=RING)
    rules.state.ring = 6
    rules.state.set_owner(6, 1)
    rules.state.players[0].position = 1
    rules.play_turn(0)
    assert rules.state.players[0].cash == 1500 - 2 * 6


def test_the_game_ends_when_the_ring_reaches_mount_doom_and_the_richest_wins() -> None:
    """001:L97-109: the game ends at once; cash, deeds and buildings are counted."""
    rules = table([1, 4], variant=RING)
    rules.state.ring = 37
    rules.state.set_owner(5, 1)
    rules.play_turn(0)
    state = rules.state
    assert state.ring == 39 and state.termination is Termination.RING_AT_MOUNT_DOOM
    assert state.players[0].position == 0  # the token never moved
    assert state.winner == 1


def test_the_valuation_counts_cash_deeds_half_mortgages_and_buildings() -> None:
    """001:L101-107: cash, deeds at price, mortgaged at half, buildings at their cost."""
    state = GameState(["a", "b"])
    state.set_owner(1, 0)
    state.set_owner(3, 0)
    state.set_owner(39, 0)
    state.level[1], state.level[3] = 5, 4
    state.mortgaged[39] = True
    expected = 1500 + 60 + 60 + 200 + 5 * 50 + 4 * 50
    assert state.valuation(0) == expected

"""Dice, doubles, Départ, prison and card movement (seed 001, scripted dice)."""

from __future__ import annotations

import pytest

from battlesim.engines.monopoly.actions import IllegalActionError, JailChoice
from battlesim.engines.monopoly.data import EVENT_CARDS, SALARY, Deck
from tests.engines.monopoly.helpers import kinds, on_top, table


def test_it_moves_by_the_sum_of_both_dice() -> None:
    """001:L154: roll both dice and move that many squares."""
    rules = table([2, 3])
    rules.play_turn(0)
    assert rules.state.players[0].position == 5


def test_it_rolls_again_after_a_double() -> None:
    """001:L166: after a double, resolve the square, then roll again."""
    rules = table([2, 2, 3, 4])
    rules.play_turn(0)
    player = rules.state.players[0]
    assert player.position == 11
    assert player.cash == 1500 - 200  # the tax of square 4 was paid before the second roll
    assert rules.dice.remaining == 0


def test_it_sends_three_doubles_to_prison_without_moving() -> None:
    """001:L166, L220: the third double in a row sends the token straight to prison."""
    rules = table([2, 2, 3, 3, 4, 4])
    rules.play_turn(0)
    player = rules.state.players[0]
    assert player.in_jail and player.position == 10
    assert kinds(rules).count("move") == 2


def test_it_pays_the_salary_when_passing_depart() -> None:
    """001:L170: passing Départ pays 200."""
    rules = table([2, 4])
    rules.state.players[0].position = 35
    rules.play_turn(0)
    assert rules.state.players[0].position == 1
    assert rules.state.players[0].cash == 1500 + SALARY


def test_it_pays_the_salary_when_landing_on_depart() -> None:
    """001:L170: stopping on Départ pays 200 too."""
    rules = table([2, 4])
    rules.state.players[0].position = 34
    rules.play_turn(0)
    assert rules.state.players[0].cash == 1500 + SALARY


def test_it_pays_two_salaries_in_one_turn_with_a_card() -> None:
    """001:L170: pass Départ, then draw 'go to Départ': two salaries in the same turn."""
    rules = table([2, 2, 2, 3])
    on_top(rules, Deck.EVENT, 1)  # Placez-vous sur la case Départ
    rules.state.players[0].position = 38
    rules.play_turn(0)
    assert rules.state.players[0].cash == 1500 + 2 * SALARY
    assert rules.state.players[0].position == 5  # the double still gave a second roll


def test_it_sends_to_prison_from_the_square_without_salary_and_ends_the_turn() -> None:
    """001:L204, L218, L222: 'Allez en prison' square; no salary, a double gives no roll."""
    rules = table([3, 3])
    rules.state.players[0].position = 24
    rules.play_turn(0)
    player = rules.state.players[0]
    assert player.in_jail and player.position == 10 and player.cash == 1500
    assert rules.dice.remaining == 0


def test_it_sends_to_prison_by_card() -> None:
    """001:L219: a card may send the token to prison."""
    rules = table([1, 1])
    on_top(rules, Deck.EVENT, 3)
    rules.play_turn(0)
    assert rules.state.players[0].in_jail and rules.dice.remaining == 0


def test_a_simple_visit_is_no_penalty() -> None:
    """001:L229: stopping on the prison square without being sent is a simple visit."""
    rules = table([4, 6])
    rules.play_turn(0)
    player = rules.state.players[0]
    assert player.position == 10 and not player.in_jail and player.cash == 1500


def _jailed(dice: list[int], **spec: object):
    rules = table(dice, [spec, {}])
    rules.send_to_jail(0, "test")
    return rules


def test_it_leaves_prison_paying_50_then_plays() -> None:
    """001:L224: pay 50 and play."""
    rules = _jailed([2, 3], jail=JailChoice.PAY)
    rules.play_turn(0)
    player = rules.state.players[0]
    assert not player.in_jail and player.position == 15 and player.cash == 1450


def test_it_leaves_prison_with_a_release_card_which_goes_under_its_deck() -> None:
    """001:L226, L202: use the release card; it goes back under its deck."""
    rules = _jailed([2, 3], jail=JailChoice.USE_CARD)
    card = EVENT_CARDS[3]
    rules.decks[Deck.EVENT].cards.remove(card)
    rules.state.players[0].jail_cards.append(card)
    rules.play_turn(0)
    assert not rules.state.players[0].in_jail and rules.state.players[0].cash == 1500
    assert rules.decks[Deck.EVENT].cards[-1] is card


def test_it_refuses_a_release_card_the_player_does_not_hold() -> None:
    """001:L226: only 'si vous en possédez une'."""
    rules = _jailed([2, 3], jail=JailChoice.USE_CARD)
    with pytest.raises(IllegalActionError):
        rules.play_turn(0)


def test_a_double_in_prison_frees_and_moves_by_that_roll() -> None:
    """001:L227: a double gets you out and that roll moves you (no further roll)."""
    rules = _jailed([3, 3])
    rules.play_turn(0)
    player = rules.state.players[0]
    assert not player.in_jail and player.position == 16 and player.cash == 1500
    assert rules.dice.remaining == 0


def test_a_failed_attempt_keeps_the_token_in_prison() -> None:
    """001:L227: no double, stay in prison."""
    rules = _jailed([2, 3])
    rules.play_turn(0)
    player = rules.state.players[0]
    assert player.in_jail and player.position == 10 and player.jail_attempts == 1


def test_after_three_failed_attempts_pay_50_and_move() -> None:
    """001:L229: after three turns without a double, pay 50 and move by that roll."""
    rules = _jailed([2, 3, 2, 4, 1, 5])
    for _ in range(3):
        rules.play_turn(0)
    player = rules.state.players[0]
    assert not player.in_jail and player.position == 16 and player.cash == 1450


def test_rents_are_collected_from_prison() -> None:
    """001:L229: while in prison you still collect your rents."""
    rules = table([2, 4], 2)
    rules.send_to_jail(1, "test")
    rules.state.set_owner(11, 1)
    rules.state.players[0].position = 5
    rules.play_turn(0)
    assert rules.state.players[1].cash == 1500 + 10


def test_a_card_moves_back_three_squares() -> None:
    """001:L196: a card may move the token (Peuple 'Reculez de trois cases')."""
    rules = table([1, 2])
    on_top(rules, Deck.PEOPLE, 7)
    rules.state.players[0].position = 4
    rules.play_turn(0)
    assert rules.state.players[0].position == 4
    assert rules.state.players[0].cash == 1500 - 200  # the tax square it went back to


def test_a_forward_card_past_depart_pays_the_salary() -> None:
    """001:L204: moved by a card past Départ, receive 200."""
    rules = table([3, 4])
    on_top(rules, Deck.PEOPLE, 5)  # Rendez-vous à Edoras (24)
    rules.state.players[0].position = 29
    rules.play_turn(0)
    assert rules.state.players[0].position == 24
    assert rules.state.players[0].cash == 1500 + SALARY


def test_a_drawn_card_goes_under_the_deck() -> None:
    """001:L202: act on the card after putting it back under the deck."""
    rules = table([3, 4])
    on_top(rules, Deck.PEOPLE, 14)
    rules.play_turn(0)
    assert rules.decks[Deck.PEOPLE].cards[-1].number == 14
    assert rules.state.players[0].cash == 1550


def test_a_release_card_is_kept() -> None:
    """001:L202: 'Vous êtes libéré de prison' is kept until used or sold."""
    rules = table([3, 4])
    on_top(rules, Deck.PEOPLE, 8)
    rules.play_turn(0)
    assert [c.number for c in rules.state.players[0].jail_cards] == [8]
    assert all(c.number != 8 for c in rules.decks[Deck.PEOPLE].cards)

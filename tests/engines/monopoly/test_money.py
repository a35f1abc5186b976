"""Mortgages, trades, cards that move money, bankruptcy and the winner (seed 001)."""

from __future__ import annotations

import pytest

from battlesim.engines.monopoly.actions import (
    Build,
    IllegalActionError,
    Mortgage,
    Trade,
    Unmortgage,
)
from battlesim.engines.monopoly.data import Deck
from battlesim.engines.monopoly.outcome import Termination
from battlesim.engines.monopoly.state import BANK, GameState
from tests.engines.monopoly.helpers import on_top, table


def test_a_mortgage_pays_the_value_on_the_back() -> None:
    """001:L259: turn the deed over and receive its mortgage value."""
    state = GameState(["a", "b"])
    state.set_owner(39, 0)
    assert state.apply(0, Mortgage(39)) == 200
    assert state.mortgaged[39] and state.owner[39] == 0


def test_lifting_a_mortgage_costs_ten_percent_more() -> None:
    """001:L259: pay the value plus 10 % interest."""
    state = GameState(["a", "b"])
    state.set_owner(1, 0)
    state.mortgaged[1] = True
    assert state.apply(0, Unmortgage(1)) == -33
    assert not state.mortgaged[1]


def test_a_built_property_cannot_be_mortgaged() -> None:
    """001:L259: sell its buildings first."""
    state = GameState(["a", "b"])
    state.set_owner(1, 0)
    state.set_owner(3, 0)
    state.level[1] = 1
    with pytest.raises(IllegalActionError, match="buildings first"):
        state.apply(0, Mortgage(1))


def test_no_trade_of_a_deed_whose_group_has_buildings() -> None:
    """001:L251: no sale to a player while the group has buildings."""
    rules = table([])
    rules.state.set_owner(1, 0)
    rules.state.set_owner(3, 0)
    rules.state.level[3] = 1
    with pytest.raises(IllegalActionError, match="buildings"):
        rules.offer_trade(Trade(0, 1, give=(1,), take_cash=100))


def test_no_lending_in_a_trade() -> None:
    """001:L277: no player lends or borrows; a trade needs the cash in hand."""
    rules = table([])
    rules.state.set_owner(1, 0)
    with pytest.raises(IllegalActionError, match="lending"):
        rules.offer_trade(Trade(0, 1, give=(1,), take_cash=2000))


def test_an_accepted_trade_moves_deeds_cash_and_release_cards() -> None:
    """001:L251, L225: sale at an agreed price; a release card may be sold too."""
    rules = table([], [{}, {"accept": True}])
    state = rules.state
    state.set_owner(5, 0)
    state.players[1].jail_cards.append(rules.decks[Deck.EVENT].cards[3])
    assert rules.offer_trade(Trade(0, 1, give=(5,), take_cash=250, take_cards=1))
    assert state.owner[5] == 1 and state.players[0].cash == 1750
    assert len(state.players[0].jail_cards) == 1 and not state.players[1].jail_cards


def test_a_refused_trade_changes_nothing() -> None:
    """001:L251: 'à un prix convenu entre vous': both must agree."""
    rules = table([])
    rules.state.set_owner(5, 0)
    assert not rules.offer_trade(Trade(0, 1, give=(5,), take_cash=250))
    assert rules.state.owner[5] == 0 and rules.state.players[1].cash == 1500


@pytest.mark.parametrize(("lift", "cash_after"), [(False, 1500 - 10 - 10), (True, 1500 - 10 - 110)])
def test_receiving_a_mortgaged_deed_costs_ten_percent_then_keep_or_lift(
    lift: bool, cash_after: int
) -> None:
    """001:L261, L267: the buyer pays 10 % at once, then keeps the mortgage or lifts it."""
    rules = table([], [{}, {"accept": True, "lift": lift}])
    rules.state.set_owner(19, 0)
    rules.state.mortgaged[19] = True
    rules.offer_trade(Trade(0, 1, give=(19,), take_cash=10))
    assert rules.state.players[1].cash == cash_after
    assert rules.state.mortgaged[19] is not lift


def test_birthday_card_collects_from_every_player() -> None:
    """001:L198: a card may make you receive money (here from each other player)."""
    rules = table([2, 3], 3)
    on_top(rules, Deck.EVENT, 6)
    rules.state.players[0].position = 12
    rules.play_turn(0)
    assert [p.cash for p in rules.state.players] == [1520, 1490, 1490]


def test_repairs_card_charges_per_building() -> None:
    """001:L197: a card may make you pay; repairs per stronghold and fortress."""
    rules = table([3, 4])
    rules.state.set_owner(1, 0)
    rules.state.set_owner(3, 0)
    rules.state.level[1], rules.state.level[3] = 5, 2
    on_top(rules, Deck.PEOPLE, 9)
    rules.play_turn(0)
    assert rules.state.players[0].cash == 1500 - (2 * 25 + 100)


def test_pay_or_draw_card_lets_the_player_draw_a_peuple_card() -> None:
    """'Payez 10 ou tirez une carte Peuple' (ASSUMPTIONS['pay_or_draw'])."""
    rules = table([2, 3], [{"draw": True}, {}])
    on_top(rules, Deck.EVENT, 5)
    on_top(rules, Deck.PEOPLE, 16)
    rules.state.players[0].position = 12
    rules.play_turn(0)
    assert rules.state.players[0].cash == 1600


def test_a_debtor_mortgages_to_pay() -> None:
    """001:L259: short of cash, mortgage a property to pay a debt."""
    rules = table([1, 2], 2)
    rules.state.set_owner(39, 0)
    rules.state.set_owner(3, 1)
    rules.state.players[0].cash = 2
    rules.play_turn(0)
    assert rules.state.mortgaged[39] and rules.state.players[0].cash == 202 - 4


def test_bankruptcy_to_a_player_hands_over_everything() -> None:
    """001:L267, L281: buildings sold at half, cash, deeds and cards go to the creditor."""
    rules = table([1, 2], [{}, {"lift": False}])
    state = rules.state
    state.set_owner(1, 0)
    state.mortgaged[1] = True
    state.set_owner(3, 1)
    state.players[0].cash = 3
    card = rules.decks[Deck.PEOPLE].cards[7]
    state.players[0].jail_cards.append(card)
    rules.play_turn(0)
    assert state.players[0].bankrupt and state.owner[1] == 1
    assert state.players[1].cash == 1500 + 3 - 3  # got 3, paid 10 % of the 30 mortgage
    assert state.players[1].jail_cards == [card]
    assert state.termination is Termination.LAST_PLAYER and state.winner == 1


def test_bankruptcy_to_a_player_sells_buildings_at_half() -> None:
    """001:L267: the debtor's buildings go to the bank at half, the money to the creditor."""
    rules = table([], 3)
    state = rules.state
    state.set_owner(1, 0)
    state.set_owner(3, 0)
    state.level[1] = state.level[3] = 5
    state.hotels_left = 10
    state.players[0].cash = 0
    rules.bankrupt(0, 1)
    assert state.players[1].cash == 1500 + 2 * 125 and state.hotels_left == 12
    assert state.owner[1] == state.owner[3] == 1 and state.level[1] == 0


def test_bankruptcy_to_the_bank_auctions_the_deeds_and_returns_cards() -> None:
    """001:L267: the bank takes the cash and deeds, auctions them; cards back under decks."""
    rules = table([1, 3], [{}, {}, {"bid_limit": 40}])
    state = rules.state
    state.set_owner(1, 0)
    state.mortgaged[1] = True
    state.players[0].cash = 20
    card = rules.decks[Deck.PEOPLE].cards.popleft()
    state.players[0].jail_cards.append(card)
    money = state.bank_cash + sum(p.cash for p in state.players)
    rules.play_turn(0)
    assert state.players[0].bankrupt and state.players[0].cash == 0
    assert state.owner[1] == 2 and not state.mortgaged[1]
    assert rules.decks[Deck.PEOPLE].cards[-1] is card
    assert state.bank_cash + sum(p.cash for p in state.players) == money
    assert state.players[2].cash == 1500 - 10


def test_the_last_player_standing_wins() -> None:
    """001:L125, L281: the last player still in the game wins."""
    rules = table([], 3)
    rules.bankrupt(0, BANK)
    assert not rules.state.is_over
    rules.bankrupt(2, BANK)
    assert rules.state.winner == 1 and rules.state.termination is Termination.LAST_PLAYER


def test_lifting_the_last_mortgage_allows_building_again() -> None:
    """001:L261: with no mortgage left in the group, the owner may build again."""
    state = GameState(["a", "b"])
    state.set_owner(1, 0)
    state.set_owner(3, 0)
    state.mortgaged[3] = True
    assert Build(1) not in state.legal_actions(0)
    state.apply(0, Unmortgage(3))
    assert Build(1) in state.legal_actions(0) and Build(3) in state.legal_actions(0)

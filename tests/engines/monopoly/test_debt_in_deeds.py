"""A debt paid partly in cash, partly in deeds the creditor accepts (seed 001:L271)."""

from __future__ import annotations

import pytest

from battlesim.engines.dice import ScriptedDice
from battlesim.engines.monopoly.actions import (
    DeedOffer,
    DeedSettlement,
    IllegalActionError,
)
from battlesim.engines.monopoly.players import Player
from battlesim.engines.monopoly.rules import ClassicRules
from battlesim.engines.monopoly.state import BANK, GameState
from tests.engines.monopoly.helpers import table

BARAD_DUR = 37  # dark blue, price 350, mortgage 175
MOUNT_DOOM = 39  # dark blue, price 400


def _debtor_table(settle: DeedSettlement | None, mortgaged: bool = False) -> ClassicRules:
    """Seat 0 holds 100 Pouvoir and Barad-dûr, owes 300 to seat 1 who holds Mount Doom."""
    debtor = {"liquidate": False, "offer": [BARAD_DUR]}
    rules = table([], [debtor, {"settle": settle}, {}])
    state = rules.state
    state.transfer(0, BANK, 1400)
    state.set_owner(BARAD_DUR, 0)
    state.set_owner(MOUNT_DOOM, 1)
    state.mortgaged[BARAD_DUR] = mortgaged
    return rules


def _money(state: GameState) -> int:
    return state.bank_cash + sum(p.cash for p in state.players)


def test_a_debt_paid_with_cash_plus_an_accepted_deed() -> None:
    """001:L271: 100 in cash cannot pay 300; the creditor takes the deed for 250, 50 in cash."""
    rules = _debtor_table(DeedSettlement((BARAD_DUR,), 250))
    state = rules.state
    assert rules.pay(0, 1, 300, "rent 39")
    assert not state.players[0].bankrupt and state.owner[BARAD_DUR] == 1
    assert state.players[0].cash == 100 - 50 and state.players[1].cash == 1500 + 50
    assert _money(state) == 0  # no Pouvoir created or lost
    offer = rules.log.of_kind("deed_offer")[0].data
    assert offer["squares"] == [BARAD_DUR] and offer["amount"] == 300 and offer["cash"] == 100
    assert rules.log.of_kind("deeds_paid")[0].data["value"] == 250


def test_a_refused_offer_leads_to_bankruptcy() -> None:
    """001:L271 'le créancier peut alors accepter': refused, the debtor is bankrupt (L267)."""
    rules = _debtor_table(None)
    state = rules.state
    assert not rules.pay(0, 1, 300, "rent 39")
    assert rules.log.of_kind("deed_offer")
    assert state.players[0].bankrupt and state.owner[BARAD_DUR] == 1
    assert state.players[1].cash == 1500 + 100 and _money(state) == 0


def test_a_mortgaged_deed_is_accepted_with_its_ten_percent() -> None:
    """001:L271 'y compris si elles sont hypothéquées', 001:L261: the taker pays 10 % at once."""
    rules = _debtor_table(DeedSettlement((BARAD_DUR,), 250), mortgaged=True)
    state = rules.state
    assert rules.pay(0, 1, 300, "rent 39")
    assert state.owner[BARAD_DUR] == 1 and state.mortgaged[BARAD_DUR]  # kept mortgaged
    assert state.players[1].cash == 1500 + 50 - 18  # 10 % of 175, rounded up
    assert state.bank_cash == -(state.players[0].cash + state.players[1].cash + 1500)
    interest = [e.data for e in rules.log.of_kind("pay") if e.data["reason"] == "mortgage interest"]
    assert interest == [{"seat": 1, "to": BANK, "amount": 18, "reason": "mortgage interest"}]


def test_the_bank_never_takes_deeds() -> None:
    """001:L265, L271: a debt to the bank ends in bankruptcy, no deed offered."""
    rules = _debtor_table(DeedSettlement((BARAD_DUR,), 250))
    assert not rules.pay(0, BANK, 300, "tax")
    assert not rules.log.of_kind("deed_offer") and rules.state.players[0].bankrupt


@pytest.mark.parametrize(
    ("settlement", "reason"),
    [
        (DeedSettlement((BARAD_DUR,), 301), "between 200 and 300"),  # no change (001:L277)
        (DeedSettlement((BARAD_DUR,), 150), "between 200 and 300"),  # cash cannot cover it
        (DeedSettlement((MOUNT_DOOM,), 250), "only offered deeds"),
        (DeedSettlement((), 250), "at least one"),
    ],
)
def test_the_rules_check_the_agreed_value_and_the_deeds(
    settlement: DeedSettlement, reason: str
) -> None:
    """001:L271: the value must settle the debt with the cash in hand, on offered deeds only."""
    rules = _debtor_table(settlement)
    with pytest.raises(IllegalActionError, match=reason):
        rules.pay(0, 1, 300, "rent 39")


def test_deeds_of_a_group_with_buildings_cannot_be_offered() -> None:
    """001:L271 'propriétés dépourvues de bâtiments', 001:L251."""
    rules = _debtor_table(DeedSettlement((BARAD_DUR,), 250))
    state = rules.state
    state.set_owner(MOUNT_DOOM, 0)
    state.level[MOUNT_DOOM], state.houses_left = 1, 31
    with pytest.raises(IllegalActionError, match="buildings"):
        rules.pay(0, 1, 300, "rent 39")


def test_the_steady_player_takes_a_deed_that_completes_its_group() -> None:
    """001:L271: the creditor accepts above the real value 'pour réunir un groupe complet'."""
    state = GameState(["a", "b", "c"])
    state.set_owner(BARAD_DUR, 0)
    state.set_owner(MOUNT_DOOM, 1)
    player = Player(ScriptedDice([]))
    offer = DeedOffer(0, 1, amount=600, cash=100, squares=(BARAD_DUR,))
    assert player.accept_deeds(state, 1, offer) == DeedSettlement((BARAD_DUR,), 500)
    state.set_owner(MOUNT_DOOM, None)  # no group to complete or block: the deed is refused
    assert player.accept_deeds(state, 1, offer) is None
    state.set_owner(MOUNT_DOOM, 1)
    state.players[2].bankrupt = True  # two left: bankruptcy would end the game, so refuse
    assert player.accept_deeds(state, 1, offer) is None

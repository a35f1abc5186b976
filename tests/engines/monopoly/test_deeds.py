"""Buying, auctions, rents, staffs, mounts, taxes and free parking (seed 001)."""

from __future__ import annotations

import pytest

from battlesim.engines.monopoly.actions import IllegalActionError
from battlesim.engines.monopoly.movement import DiceRoll
from tests.engines.monopoly.helpers import table


def test_it_buys_an_unowned_deed_at_its_price() -> None:
    """001:L174: pay the printed price to the bank and take the deed."""
    rules = table([1, 2], [{"buy": True}, {}])
    rules.play_turn(0)
    assert rules.state.owner[3] == 0
    assert rules.state.players[0].cash == 1440
    assert rules.state.bank_cash + sum(p.cash for p in rules.state.players) == 0


def test_a_declined_deed_is_auctioned_and_the_lander_may_bid() -> None:
    """001:L174: declined, the bank auctions it at once; the lander may take part."""
    rules = table([1, 2], [{"bid_limit": 30}, {"bid_limit": 25}])
    rules.play_turn(0)
    assert rules.state.owner[3] == 0
    assert rules.state.players[0].cash == 1500 - 30
    auction = rules.log.of_kind("auction")[0].data
    assert auction["bids"][:2] == [[0, 10], [1, 20]]


def test_it_goes_to_the_highest_bidder() -> None:
    """001:L174: 'La propriété revient au plus offrant.'"""
    rules = table([1, 2], [{}, {"bid_limit": 45}, {"bid_limit": 41}])
    rules.play_turn(0)
    assert rules.state.owner[3] == 1
    assert rules.state.players[1].cash == 1500 - 41  # just above the other's last bid


def test_nobody_bidding_leaves_the_deed_with_the_bank() -> None:
    """ASSUMPTIONS['auction']: no bid, the bank keeps the deed."""
    rules = table([1, 2])
    rules.play_turn(0)
    assert rules.state.owner[3] is None


def _land(square_from: int, dice: list[int], owner_squares: list[int], **kw: object):
    rules = table(dice)
    for square in owner_squares:
        rules.state.set_owner(square, 1)
    for square, value in kw.items():
        rules.state.mortgaged[int(square.removeprefix("m"))] = bool(value)
    rules.state.players[0].position = square_from
    rules.play_turn(0)
    return rules.state.players[0].cash


def test_it_pays_the_printed_rent() -> None:
    """001:L182: the rent on the deed."""
    assert _land(0, [1, 2], [3]) == 1500 - 4


def test_rent_is_doubled_on_a_complete_unbuilt_group() -> None:
    """001:L182, L237: all the group, no building: double rent."""
    assert _land(0, [1, 2], [1, 3]) == 1500 - 8


def test_no_double_rent_when_one_of_the_group_is_mortgaged() -> None:
    """001:L182: no double rent if one of the group is mortgaged."""
    assert _land(0, [1, 2], [1, 3], m1=True) == 1500 - 4


def test_no_rent_on_a_mortgaged_deed() -> None:
    """001:L182, L261: nothing is due on a mortgaged property."""
    assert _land(0, [1, 2], [3], m3=True) == 1500


def test_a_built_territory_charges_its_building_rent() -> None:
    """001:L182: with buildings, the rent printed for that many."""
    rules = table([1, 2])
    rules.state.set_owner(1, 1)
    rules.state.set_owner(3, 1)
    rules.state.level[3] = 2
    rules.play_turn(0)
    assert rules.state.players[0].cash == 1500 - 60


def test_one_staff_charges_four_times_the_dice() -> None:
    """001:L186: one staff, 4 times the dice."""
    assert _land(5, [3, 4], [12]) == 1500 - 28


def test_both_staffs_charge_ten_times_the_dice() -> None:
    """001:L186: both staffs, 10 times the dice."""
    assert _land(5, [3, 4], [12, 28]) == 1500 - 70


def test_a_card_sending_to_a_staff_means_rolling_again() -> None:
    """001:L186: sent by a card, roll again to set the rent."""
    rules = table([6, 5])
    rules.state.set_owner(12, 1)
    rules.state.players[0].position = 7
    rules.move_to(0, 12, forward=True, roll=DiceRoll(1, 2))
    assert rules.state.players[0].cash == 1500 - 44


@pytest.mark.parametrize(("mounts", "rent"), [([5], 25), ([5, 15], 50), ([5, 15, 25], 100)])
def test_mount_rent_depends_on_mounts_owned(mounts: list[int], rent: int) -> None:
    """001:L190: the rent varies with how many mounts the owner holds."""
    assert _land(0, [2, 3], mounts + [35]) == 1500 - 2 * rent


def test_taxes_are_paid_to_the_bank() -> None:
    """001:L208: pay the amount shown (ASSUMPTIONS['taxes'])."""
    assert _land(0, [1, 3], []) == 1300
    assert _land(35, [1, 2], []) == 1400


def test_free_parking_does_nothing() -> None:
    """001:L212: rest on free parking."""
    assert _land(15, [2, 3], []) == 1500


def test_no_rent_on_ones_own_deed() -> None:
    """001:L178: rent is paid by visitors, not by the owner."""
    rules = table([1, 2])
    rules.state.set_owner(3, 0)
    rules.play_turn(0)
    assert rules.state.players[0].cash == 1500


def test_a_bid_above_cash_is_refused() -> None:
    """ASSUMPTIONS['auction'] and 001:L277: no lending, so no bid beyond one's Pouvoir."""
    rules = table([1, 2])
    with pytest.raises(IllegalActionError):
        rules.auction([0, 1], lambda seat, high, leader: 5000, opening=1, item={})

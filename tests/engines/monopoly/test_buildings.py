"""Strongholds and fortresses: building, shortage, selling (seed 001:L231-255, L289)."""

from __future__ import annotations

import pytest

from battlesim.engines.dice import Dice
from battlesim.engines.log import EventLog
from battlesim.engines.monopoly.actions import (
    BreakFortress,
    Build,
    IllegalActionError,
    SellBuilding,
    SellFortresses,
)
from battlesim.engines.monopoly.data import DEEDS, Group
from battlesim.engines.monopoly.game import new_rules, play_one_turn, set_up
from battlesim.engines.monopoly.state import GameState, Variant
from tests.engines.monopoly.helpers import table

BROWN = (1, 3)


def _brown(levels: tuple[int, int] = (0, 0), variant: Variant | None = None) -> GameState:
    state = GameState(["a", "b"], variant)
    for square, level in zip(BROWN, levels, strict=True):
        state.set_owner(square, 0)
        state.level[square] = level
    return state


def test_building_needs_the_whole_group() -> None:
    """001:L178, L233: build only with every deed of the colour."""
    state = _brown()
    state.set_owner(3, 1)
    with pytest.raises(IllegalActionError, match="whole group"):
        state.apply(0, Build(1))


def test_a_stronghold_costs_the_printed_price() -> None:
    """001:L233: the house price is on the deed."""
    state = _brown()
    assert state.apply(0, Build(1)) == -50
    assert state.level[1] == 1 and state.houses_left == 31 and state.players[0].cash == 1450


def test_build_evenly() -> None:
    """001:L235: no second stronghold before one on each property of the group."""
    state = _brown((1, 0))
    with pytest.raises(IllegalActionError, match="evenly"):
        state.apply(0, Build(1))
    state.apply(0, Build(3))
    state.apply(0, Build(1))
    assert state.level[1] == 2


def test_no_building_while_the_group_has_a_mortgage() -> None:
    """001:L235, L261: no building if a deed of the group is mortgaged."""
    state = _brown()
    state.mortgaged[3] = True
    with pytest.raises(IllegalActionError, match="mortgage"):
        state.apply(0, Build(1))


def test_a_fortress_takes_four_strongholds_back_plus_its_price() -> None:
    """001:L241: four strongholds on each, then the fortress returns four to the bank."""
    state = _brown((4, 4))
    state.houses_left = 24
    state.apply(0, Build(1))
    assert state.is_fortress(1) and state.hotels_left == 11 and state.houses_left == 28
    assert state.players[0].cash == 1450
    with pytest.raises(IllegalActionError, match="one fortress"):
        state.apply(0, Build(1))


def test_no_stronghold_left_means_waiting() -> None:
    """001:L245: with no stronghold left in the bank, wait until some come back."""
    state = _brown()
    state.houses_left = 0
    with pytest.raises(IllegalActionError, match="no stronghold left"):
        state.apply(0, Build(1))


def test_a_fortress_cannot_be_broken_down_without_strongholds_in_stock() -> None:
    """001:L245: sold fortresses cannot become strongholds if none are left."""
    state = _brown((5, 5))
    state.houses_left = 3
    with pytest.raises(IllegalActionError, match="not enough strongholds"):
        state.apply(0, BreakFortress(1))


def test_breaking_a_fortress_gives_four_strongholds_and_half_its_price() -> None:
    """001:L255: exchange the fortress for four strongholds plus half its value in cash."""
    state = _brown((5, 5))
    state.houses_left, state.hotels_left = 32, 10
    assert state.apply(0, BreakFortress(1)) == 25
    assert state.level[1] == 4 and state.houses_left == 28 and state.hotels_left == 11


def test_strongholds_are_sold_back_at_half_evenly() -> None:
    """001:L235, L251: sell to the bank at half the price, evenly."""
    state = _brown((2, 1))
    state.houses_left = 29
    with pytest.raises(IllegalActionError, match="evenly"):
        state.apply(0, SellBuilding(3))
    assert state.apply(0, SellBuilding(1)) == 25
    assert state.houses_left == 30


def test_a_groups_fortresses_are_sold_together_at_half_with_their_strongholds() -> None:
    """001:L253: half the fortress plus half the four strongholds; all at the same time."""
    state = _brown((5, 5))
    state.hotels_left = 10
    assert state.apply(0, SellFortresses(Group.BROWN)) == 2 * (25 + 4 * 25)
    assert state.level[1] == state.level[3] == 0 and state.hotels_left == 12


def test_the_quick_game_needs_three_strongholds_for_a_fortress() -> None:
    """001:L289: in the quick game, three strongholds on each before the fortress."""
    state = _brown((3, 3), Variant(quick=True))
    state.houses_left = 26
    state.apply(0, Build(1))
    assert state.is_fortress(1) and state.houses_left == 29
    assert state.rent(1, 7) == 250  # the fortress rent is unchanged (001:L291)


def test_the_quick_game_sells_a_fortress_for_half_with_three_strongholds() -> None:
    """001:L291: half the fortress price plus half of each of the three strongholds."""
    state = _brown((4, 4), Variant(quick=True))
    assert state.apply(0, SellFortresses(Group.BROWN)) == 2 * (25 + 3 * 25)


def test_a_shortage_with_two_buyers_is_auctioned() -> None:
    """001:L247: few buildings left and two players want them: auction from the card price."""
    rules = table(
        [],
        [
            {"actions": [Build(1)], "building_bid_limit": 60},
            {"wants": 6, "building_bid_limit": 90},
        ],
    )
    state = rules.state
    state.set_owner(1, 0)
    state.set_owner(3, 0)
    for square in (6, 8, 9):
        state.set_owner(square, 1)
    state.houses_left = 1
    rules.manage(0)
    assert state.level[6] == 1 and state.level[1] == 0
    auction = rules.log.of_kind("auction")[0].data
    assert auction["bids"][0] == [0, 50]  # opened at the lowest building price
    assert auction["winner"] == 1 and state.players[1].cash == 1500 - auction["price"] == 1440


def test_without_a_rival_the_last_stronghold_is_simply_bought() -> None:
    """001:L247: the auction is only for two or more buyers."""
    rules = table([], [{"actions": [Build(1)]}, {}])
    rules.state.set_owner(1, 0)
    rules.state.set_owner(3, 0)
    rules.state.houses_left = 1
    rules.manage(0)
    assert rules.state.level[1] == 1 and rules.state.players[0].cash == 1450


def test_the_buildable_squares_are_exactly_those_the_build_check_accepts() -> None:
    """001:L235, L241, L245: GameState.buildable (the fast plan) never differs from asking
    check(Build) square by square, over whole seeded games with building."""

    def accepted(state: GameState, seat: int) -> list[int]:
        squares = []
        for square in DEEDS:
            try:
                state.check(seat, Build(square))
            except IllegalActionError:
                continue
            squares.append(square)
        return squares

    compared = 0
    for seed in range(3):
        rules = new_rules(["builder", "hunter", "acquisitive"], Variant(), Dice(seed), EventLog())
        set_up(rules)
        state = rules.state
        while not state.is_over and state.round < 120:
            state.round += 1
            for seat in list(state.order):
                if not state.players[seat].bankrupt and not state.is_over:
                    play_one_turn(rules, seat)
                for other in state.active_seats():
                    assert sorted(state.buildable(other)) == accepted(state, other)
                    compared += bool(accepted(state, other))
    assert compared > 20

"""Set-up, the quick game, the time-limited game and the options (seed 001)."""

from __future__ import annotations

import pytest

from battlesim.engines.dice import Dice
from battlesim.engines.monopoly.actions import BadOptionError
from battlesim.engines.monopoly.data import SQUARES
from battlesim.engines.monopoly.game import new_rules, play_game, set_up, starting_seat
from battlesim.engines.monopoly.outcome import Termination
from battlesim.engines.monopoly.state import BANK, GameState, Variant
from tests.engines.monopoly.helpers import table


def test_each_player_starts_with_1500() -> None:
    """001:L141: the banker gives each player 1500."""
    state = GameState(["a", "b", "c"])
    assert [p.cash for p in state.players] == [1500] * 3
    assert state.bank_cash == -4500


def test_the_highest_roll_starts_and_ties_roll_again() -> None:
    """001:L150: the highest score plays first; we re-roll ties among the tied."""
    rules = table([3, 4, 6, 5, 5, 6, 2, 2, 3, 3], 3)
    assert starting_seat(rules) == 2


def test_the_quick_game_deals_two_paid_deeds_each() -> None:
    """001:L285-287: two deeds dealt to each player, paid at once at their price."""
    rules = new_rules(["acquisitive"] * 4, Variant(quick=True), Dice(11), None)
    set_up(rules)
    for player in rules.state.players:
        deeds = rules.state.deeds_of(player.seat)
        assert len(deeds) == 2
        assert player.cash == 1500 - sum(SQUARES[d].price for d in deeds)


def test_the_quick_game_ends_at_the_second_bankruptcy_richest_wins() -> None:
    """001:L293-303: first bankrupt retires; the second ends the game; the richest wins."""
    rules = table([], 4, Variant(quick=True))
    rules.state.set_owner(39, 3)
    rules.bankrupt(0, BANK)
    assert not rules.state.is_over
    rules.bankrupt(1, BANK)
    assert rules.state.termination is Termination.SECOND_BANKRUPTCY
    assert rules.state.winner == 3


def test_the_time_limited_game_ends_at_the_limit_richest_wins() -> None:
    """001:L305-307: at the agreed time (here a number of rounds) the richest wins."""
    result = play_game(seed=4, options={"variant": "time_limited", "time_limit_rounds": 6})
    summary = result.summary
    assert summary["rounds"] == 6 and result.termination == "time_limit"
    values = summary["values"]
    alive = [s for s in range(4) if s not in summary["bankrupt_order"]]
    assert summary["winner_seat"] == max(alive, key=lambda s: values[s])


def test_the_all_rich_option_stops_once_every_survivor_holds_more_cash() -> None:
    """Option all_rich_cash (not a rule; public simulators stop there): the round after which
    every player still in holds more cash than the threshold ends the game, richest wins."""
    result = play_game(seed=4, options={"all_rich_cash": 1000})
    summary = result.summary
    assert result.termination == "all_rich"
    alive = [s for s in range(4) if s not in summary["bankrupt_order"]]
    assert all(summary["cash"][s] > 1000 for s in alive)
    values = summary["values"]
    assert values[summary["winner_seat"]] == max(values[s] for s in alive)
    unstopped = play_game(seed=4).summary
    assert unstopped["rounds"] > summary["rounds"]


@pytest.mark.parametrize(
    "options",
    [
        {"all_rich_cash": 0},
        {"all_rich_cash": "5000"},
        {"players": ["acquisitive"]},
        {"players": ["nobody", "cautious"]},
        {"variant": "fast"},
        {"time_limit_rounds": 5},
        {"variant": "time_limited", "time_limit_rounds": 0},
        {"one_ring": "yes"},
        {"colour": "red"},
    ],
)
def test_bad_options_are_refused_by_name(options: dict[str, object]) -> None:
    """The registry contract: a bad option raises a ValueError subclass naming it."""
    with pytest.raises(BadOptionError):
        play_game(seed=1, options=options)

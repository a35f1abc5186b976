"""Building, selling and mortgaging between the other players' turns (seed 001:L235, L247)."""

from __future__ import annotations

from battlesim.engines.monopoly.actions import Build, Mortgage
from battlesim.engines.monopoly.game import play_one_turn
from tests.engines.monopoly.helpers import table

BROWN = (1, 3)
LIGHT_BLUE = (6, 8, 9)


def _give(rules, seat: int, squares: tuple[int, ...]) -> None:
    for square in squares:
        rules.state.set_owner(square, seat)


def test_a_player_builds_during_another_players_turn() -> None:
    """001:L235 'entre les tours des autres joueurs': seats 1 then 2 build after seat 0's turn."""
    rules = table([4, 6], [{}, {"between": [Build(1)]}, {"between": [Build(6)]}])
    _give(rules, 1, BROWN)
    _give(rules, 2, LIGHT_BLUE)
    play_one_turn(rules, 0)
    state = rules.state
    assert state.players[0].position == 10  # just visiting: seat 0's own turn did nothing
    assert state.level[1] == 1 and state.players[1].cash == 1500 - 50
    assert state.level[6] == 1 and state.players[2].cash == 1500 - 50
    events = [(e.kind, e.data.get("seat")) for e in rules.log]
    builds = [i for i, event in enumerate(events) if event[0] == "manage"]
    assert [events[i][1] for i in builds] == [1, 2]  # in playing order from the next player
    assert events.index(("turn", 0)) < builds[0] and builds[-1] < events.index(("turn_end", 0))


def test_the_order_between_turns_starts_after_the_player_who_just_played() -> None:
    """001:L150, L235: after seat 1's turn, seat 2 then seat 0 may act (seat 1 is not asked)."""
    rules = table(
        [], [{"between": [Mortgage(1)]}, {"between": [Mortgage(3)]}, {"between": [Mortgage(6)]}]
    )
    _give(rules, 0, (1,))
    _give(rules, 1, (3,))
    _give(rules, 2, (6,))
    rules.manage_between_turns(1)
    seats = [e.data["seat"] for e in rules.log.of_kind("manage")]
    assert seats == [2, 0]
    assert rules.state.mortgaged[6] and rules.state.mortgaged[1] and not rules.state.mortgaged[3]
    assert rules.state.players[0].cash == 1500 + 30  # mortgage value of the brown deed


def test_a_shortage_auction_between_turns() -> None:
    """001:L247: one stronghold left, two players want it between turns: sold by auction."""
    rules = table(
        [],
        [
            {},
            {"between": [Build(1)], "building_bid_limit": 60},
            {"wants": 6, "building_bid_limit": 90},
        ],
    )
    _give(rules, 1, BROWN)
    _give(rules, 2, LIGHT_BLUE)
    rules.state.houses_left = 1
    rules.manage_between_turns(0)
    auction = rules.log.of_kind("auction")[0].data
    assert auction["bids"][0] == [1, 50]  # opened at the lowest price on the deeds (001:L247)
    assert auction["winner"] == 2 and auction["price"] == 60
    assert rules.state.level[6] == 1 and rules.state.level[1] == 0
    assert rules.state.players[2].cash == 1440 and rules.state.houses_left == 0

"""Set-up for 2, 3 and 4 players (003:L4-32)."""

from __future__ import annotations

from collections import Counter

import pytest

from battlesim.engines.dice import Dice, ScriptedDice
from battlesim.engines.log import EventLog
from battlesim.engines.risk.data import AdventureKind, Side, TerritoryCard, territory_cards
from battlesim.engines.risk.setup import (
    deal_hands,
    deal_opening_cards,
    new_state,
    occupy_dealt,
    roll_for_first,
    set_up,
)
from battlesim.engines.risk.state import GameState
from tests.engines.risk.conftest import adventure, players_for


def fresh(count: int, seed: int = 5) -> GameState:
    return new_state(Dice(seed), EventLog(), ["region"] * count)


@pytest.mark.parametrize(("count", "stock"), [(2, 60), (3, 52), (4, 45)])
def test_it_gives_60_52_or_45_battalions(count: int, stock: int) -> None:
    """003:L10: 2 players start with 60, 3 with 52 and 4 with 45 battalions."""
    state = fresh(count)
    assert [p.reserve for p in state.players] == [stock] * count


def test_it_seats_free_peoples_against_sauron() -> None:
    """003:L8: Yellow and Green are the Free Peoples, Red and Black Sauron; 3 players 1 v 2."""
    four, three = fresh(4), fresh(3)
    assert {p.colour: p.side for p in four.players} == {
        "Yellow": Side.GOOD,
        "Green": Side.GOOD,
        "Red": Side.EVIL,
        "Black": Side.EVIL,
    }
    assert Counter(p.side for p in three.players) == {Side.GOOD: 1, Side.EVIL: 2}


def _classes(state: GameState, hands: dict[int, list[TerritoryCard]]) -> dict[int, Counter[str]]:
    board = state.board
    return {
        s: Counter(board.territories[c.territory].card_class for c in h) for s, h in hands.items()
    }


def test_four_players_get_half_of_their_side_deck() -> None:
    """003:L12: half the Evil cards to each Sauron player, half the Good to each Free player."""
    state = fresh(4)
    classes = _classes(state, deal_opening_cards(state))
    for player in state.players:
        assert classes[player.seat] == {player.side.value: 8}


def test_three_players_sauron_also_shares_the_neutral_deck() -> None:
    """003:L12: in 3 players the Sauron players also get half of the Neutral deck each."""
    state = fresh(3)
    hands = deal_opening_cards(state)
    classes = _classes(state, hands)
    assert classes[0] == {"good": 16}
    assert classes[1] == classes[2] == {"evil": 8, "neutral": 16}
    occupy_dealt(state, hands)
    assert len(state.owner) == 64 and set(state.armies.values()) == {1}


def test_the_dealt_cards_put_one_battalion_on_each_territory() -> None:
    """003:L14: each player puts 1 battalion into each territory listed on their cards."""
    state = fresh(4)
    hands = deal_opening_cards(state)
    occupy_dealt(state, hands)
    for seat, hand in hands.items():
        assert all(state.owner[c.territory] == seat for c in hand)
        assert state.players[seat].reserve == 45 - 8
    assert sum(state.armies.values()) == 32


def test_ties_for_first_roll_again() -> None:
    """003:L16, L32: highest roll goes first; the tied players roll again (assumption)."""
    state = new_state(ScriptedDice([6, 6, 2, 1, 3, 5]), EventLog(), ["random"] * 4)
    assert roll_for_first(state, "test") == 1


@pytest.mark.parametrize("count", [2, 3, 4])
def test_a_full_set_up(count: int) -> None:
    """003:L16-30: all 64 claimed, every battalion placed, one leader each in different
    territories, one territory card and four adventure cards (no event) each, Ring in the Shire."""
    state = fresh(count, seed=11)
    set_up(state, players_for(state))
    stock = state.board.rules["battalions"][count]
    assert len(state.owner) == 64
    assert all(p.reserve == 0 for p in state.players)
    assert [state.battalions_of(p.seat) for p in state.players] == [stock] * count
    assert sorted(state.leaders.values()) == list(range(count))
    assert all(len(p.cards) == 1 and len(p.adventures) == 4 for p in state.players)
    assert all(c.kind is not AdventureKind.EVENT for p in state.players for c in p.adventures)
    assert len(state.territory_deck) == 66 - count  # 64 cards and 2 wild cards (003:L14)
    assert len(state.adventure_deck) == 60 - 4 * count  # events went back (003:L28)
    assert state.fellowship_territory() == "The Shire"


def test_claims_differ_by_at_most_one_territory() -> None:
    """003:L16: claiming in turn; a player may own one more territory than another."""
    state = fresh(4, seed=3)
    set_up(state, players_for(state))
    counts = [len(state.territories_of(p.seat)) for p in state.players]
    assert max(counts) - min(counts) <= 1


def test_the_rest_is_placed_one_at_a_time_in_a_circle() -> None:
    """003:L18: each player places one battalion, in a circle, until none are left."""
    state = fresh(4, seed=2)
    set_up(state, players_for(state))
    order = [e.data["seat"] for e in state.log.of_kind("place")]
    assert all(e.data["count"] == 1 for e in state.log.of_kind("place"))
    first_round = order[:4]
    assert sorted(first_round) == [0, 1, 2, 3]
    assert order[4:8] == first_round


def test_play_immediately_cards_are_returned_at_the_deal() -> None:
    """003:L26-28: a 'Play Immediately' card dealt is returned and replaced until four are
    held; the returned cards are shuffled back into the deck."""
    state = fresh(2)
    names = ["Ambush", "Raiders", "Smeagol", "Gollum", "Winter Storms", "Mission: Erech"]
    deck = [adventure(n) for n in reversed(names)]  # the top of the deck is the list's end
    state.adventure_deck = [adventure("Siege Machines"), adventure("Black Sails")] + deck
    state.territory_deck = list(territory_cards()[:2])
    state.order = [0]
    deal_hands(state)
    hand = [c.name for c in state.players[0].adventures]
    assert hand == ["Ambush", "Smeagol", "Gollum", "Mission: Erech"]
    left = {c.name for c in state.adventure_deck}
    assert left == {"Raiders", "Winter Storms", "Black Sails", "Siege Machines"}

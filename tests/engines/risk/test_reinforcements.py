"""Part I, reinforcements (003:L52-64)."""

from __future__ import annotations

import pytest

from battlesim.engines.risk.actions import IllegalActionError
from battlesim.engines.risk.cards import legal_sets, set_value, trade
from battlesim.engines.risk.data import Seat, TerritoryCard
from battlesim.engines.risk.players import Player
from battlesim.engines.risk.state import GameState
from battlesim.engines.risk.turn import reinforce, reinforcement_counts, trade_sets
from tests.engines.risk.conftest import card, give, players_for, position, wild

VALUES = {"infantry": 4, "cavalry": 6, "creature": 8, "mixed": 10}
MORDOR = ("Barad-dûr", "Gorgoroth", "Minas Morgul", "Mount Doom", "Nurn", "Udûn Vale")
GONDOR_SOME = ("Andrast", "Anfalas", "Belfalas", "Druwaith Iaur", "Ithilien", "Lamedon")


class Refuser(Player):
    """Never trades by choice."""

    def trade(
        self, state: GameState, seat: Seat, sets: list[tuple[TerritoryCard, ...]], forced: bool
    ) -> tuple[TerritoryCard, ...] | None:
        return None


@pytest.mark.parametrize(("owned", "expected"), [(2, 3), (8, 3), (9, 3), (12, 4), (14, 4)])
def test_territories_divided_by_three_at_least_three(owned: int, expected: int) -> None:
    """003:L56-58: territories / 3, remainder ignored, never less than 3."""
    state = position()
    names = sorted(state.board.territories)
    names = [n for n in names if state.board.territories[n].region not in ("Mordor", "Rhûn")]
    give(state, 0, 1, *names[:owned])
    assert reinforcement_counts(state, 0)["territories"] == expected


def test_a_whole_region_adds_its_bonus() -> None:
    """003:L60: controlling all of Mordor adds its bonus of 2; five of six adds nothing."""
    state = position()
    give(state, 0, 1, *MORDOR[:5])
    assert reinforcement_counts(state, 0)["regions"] == 0
    give(state, 0, 1, MORDOR[5])
    assert reinforcement_counts(state, 0)["regions"] == 2


def test_one_battalion_on_each_stronghold_then_everything_placed() -> None:
    """003:L54 one battalion into each stronghold you control; L64 all must be placed."""
    state = position()
    give(state, 0, 2, "Minas Tirith", "Barad-dûr", *GONDOR_SOME)
    reinforce(state, 0, players_for(state))
    stronghold_gifts = [
        e.data["territory"]
        for e in state.log.of_kind("battalions")
        if e.data["reason"] == "stronghold"
    ]
    assert sorted(stronghold_gifts) == ["Barad-dûr", "Minas Tirith"]
    assert state.players[0].reserve == 0
    assert state.battalions_of(0) == 8 * 2 + 2 + 3


@pytest.mark.parametrize(
    ("names", "value"),
    [
        (("Evendim Hills", "Harlindon", "Lune Valley"), 4),  # 3 infantry (Elven archers)
        (("The Shire", "Buckland", "Fangorn"), 6),  # 3 cavalry (Dark Riders)
        (("Forlindon", "Mithlond", "Tower Hills"), 8),  # 3 creatures (Eagles)
        (("Evendim Hills", "The Shire", "Mithlond"), 10),  # one of each
        (("Evendim Hills", "Harlindon", "The Shire"), 0),  # no set
    ],
)
def test_set_values(names: tuple[str, ...], value: int) -> None:
    """003:L62: 3 Elven archers = 4, 3 Dark Riders = 6, 3 Eagles = 8, one of each = 10."""
    assert set_value(tuple(card(n) for n in names), VALUES) == value


def test_wild_cards_stand_for_any_symbol() -> None:
    """003:L62: wild cards can be used as any type of card (the best reading counts)."""
    two_infantry = (card("Evendim Hills"), card("Harlindon"), wild())
    mixed = (card("Evendim Hills"), card("The Shire"), wild())
    assert set_value(two_infantry, VALUES) == 4
    assert set_value(mixed, VALUES) == 10


def test_trading_a_set_grants_its_battalions() -> None:
    """003:L62: turning in three Eagles gives 8 battalions; the cards leave the hand."""
    state = position()
    trio = (card("Forlindon"), card("Mithlond"), card("Tower Hills"))
    state.players[0].cards = list(trio)
    assert trade(state, 0, trio, "test") == 8
    assert state.players[0].reserve == 8 and state.players[0].cards == []


def test_a_set_is_forced_with_five_cards() -> None:
    """003:L62: with 5 or more cards at the start of the turn a set must be turned in."""
    state = position()
    names = ("Forlindon", "Mithlond", "Tower Hills", "The Shire")
    state.players[0].cards = [card(n) for n in names]
    trade_sets(state, 0, Refuser(state.dice), forced=5)  # four cards: may keep them
    assert len(state.players[0].cards) == 4
    state.players[0].cards.append(card("Buckland"))
    with pytest.raises(IllegalActionError):
        trade_sets(state, 0, Refuser(state.dice), forced=5)


def test_cards_that_are_no_set_cannot_be_traded() -> None:
    """003:L62: three cards that are neither all alike nor all different give nothing."""
    state = position()
    trio = (card("Evendim Hills"), card("Harlindon"), card("The Shire"))
    state.players[0].cards = list(trio)
    assert legal_sets(state, 0) == []
    with pytest.raises(IllegalActionError):
        trade(state, 0, trio, "test")


@pytest.mark.parametrize(("enabled", "extra"), [(False, 0), (True, 2)])
def test_optional_card_territory_bonus(enabled: bool, extra: int) -> None:
    """Reference §1.5 (2002 rule, not in seed 003, option off by default): trading a card of
    a territory you occupy puts 2 more battalions there."""
    state = position()
    state.card_territory_bonus = enabled
    give(state, 0, 3, "Mithlond")
    trio = (card("Forlindon"), card("Mithlond"), card("Tower Hills"))
    state.players[0].cards = list(trio)
    trade(state, 0, trio, "test")
    assert state.armies["Mithlond"] == 3 + extra and state.players[0].reserve == 8

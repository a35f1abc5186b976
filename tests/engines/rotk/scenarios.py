"""Hand-built positions for the rule tests: chosen tiles, chosen cards, scripted dice."""

from __future__ import annotations

from collections.abc import Iterable

from battlesim.engines.dice import Dice, ScriptedDice
from battlesim.engines.log import EventLog
from battlesim.engines.rotk.actions import Phase
from battlesim.engines.rotk.data import (
    ActionCard,
    Card,
    CardKind,
    Colour,
    Hex,
    Material,
    Tile,
    TileKind,
    load_material,
)
from battlesim.engines.rotk.state import Entry, Rules, State


def blank_state(
    players: int = 4, dice: Iterable[int] = (), variant: bool = False, entry: Entry = Entry.ONCE
) -> State:
    """An empty board, every card in the deck, Frodo and Gollum on their starts."""
    material = load_material()
    scripted: Dice = ScriptedDice(dice)
    state = State(material, Rules(players, variant, entry), scripted, EventLog())
    state.deck = list(material.cards)
    state.trolls = [t for t in material.tiles if t.kind is TileKind.TROLL][: players - 1]
    state.round = 1
    return state


def tile(kind: TileKind, index: int = 0) -> Tile:
    """The ``index``-th tile of a kind (each has its own hidden points)."""
    return [t for t in load_material().tiles if t.kind is kind][index]


def put_tile(state: State, hex_: Hex, kind: TileKind, index: int = 0) -> Tile:
    chosen = tile(kind, index)
    state.board_tiles[hex_] = chosen
    return chosen


def _matches(
    card: Card, kind: CardKind, colour: Colour | None, value: int | None, name: str | None
) -> bool:
    return (
        card.kind is kind
        and (colour is None or card.colour is colour)
        and (value is None or card.value == value)
        and (
            name is None
            or card.name == name
            or (card.action is not None and card.action.value == name)
        )
    )


def give(
    state: State,
    seat: int,
    kind: CardKind,
    colour: Colour | None = None,
    value: int | None = None,
    name: str | None = None,
) -> Card:
    """Move a matching card from the deck into a hand and return it."""
    card = next(c for c in state.deck if _matches(c, kind, colour, value, name))
    state.deck.remove(card)
    state.seats[seat].give([card])
    return card


def army(state: State, seat: int, colour: Colour, value: int) -> Card:
    return give(state, seat, CardKind.ARMY, colour, value)


def hero(state: State, seat: int, name: str) -> Card:
    return give(state, seat, CardKind.HERO, name=name)


def action_card(state: State, seat: int, action: ActionCard) -> Card:
    return give(state, seat, CardKind.ACTION, name=action.value)


def reroll_card(state: State, seat: int, colour: Colour) -> Card:
    return give(state, seat, CardKind.REROLL, colour)


def start_turn(state: State, seat: int, pawn: Hex | None = None) -> State:
    """Make it ``seat``'s movement and combat turn, the others still to play after it."""
    n = state.rules.players
    state.start_player = seat
    state.order = [(seat + k) % n for k in range(n)]
    state.phase = Phase.TURN
    state.seats[seat].pawn = pawn
    return state


def material() -> Material:
    return load_material()

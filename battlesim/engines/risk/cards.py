"""Territory cards: drawing, sets and trade-ins (003:L62, L96-98, L112-114)."""

from __future__ import annotations

from itertools import combinations, product

from battlesim.engines.risk.actions import IllegalActionError
from battlesim.engines.risk.data import Seat, Symbol, TerritoryCard
from battlesim.engines.risk.state import GameState

PLAIN = (Symbol.INFANTRY, Symbol.CAVALRY, Symbol.CREATURE)


def _plain_value(symbols: tuple[Symbol, ...], values: dict[str, int]) -> int:
    if len(set(symbols)) == 1:
        return values[symbols[0].value]
    if len(set(symbols)) == 3:
        return values["mixed"]
    return 0


def set_value(cards: tuple[TerritoryCard, ...], values: dict[str, int]) -> int:
    """Return the battalions three cards are worth (0 if they are no set).

    Wild cards stand for any symbol (003:L62), so the best reading counts.
    """
    if len(cards) != 3:
        return 0
    options = [PLAIN if c.symbol is Symbol.WILD else (c.symbol,) for c in cards]
    return max(_plain_value(symbols, values) for symbols in product(*options))


def legal_sets(state: GameState, seat: Seat) -> list[tuple[TerritoryCard, ...]]:
    """Return every set of three cards in the player's hand, by card id."""
    values = state.board.rules["set_values"]
    hand = sorted(state.players[seat].cards, key=lambda c: c.id)
    return [trio for trio in combinations(hand, 3) if set_value(trio, values) > 0]


def trade(state: GameState, seat: Seat, trio: tuple[TerritoryCard, ...], reason: str) -> int:
    """Trade three cards in for reinforcements; return how many were granted."""
    value = set_value(trio, state.board.rules["set_values"])
    hand = state.players[seat].cards
    if value == 0 or any(card not in hand for card in trio) or len(set(trio)) != 3:
        raise IllegalActionError(f"cards {[c.id for c in trio]} are not a set held by {seat}")
    for card in trio:
        hand.remove(card)
        state.territory_discard.append(card)
    state.log.emit("trade", seat=seat, cards=[c.id for c in trio], value=value, reason=reason)
    state.grant_reserve(seat, value, "cards")
    if state.card_territory_bonus:
        _territory_bonus(state, seat, trio)
    return value


def _territory_bonus(state: GameState, seat: Seat, trio: tuple[TerritoryCard, ...]) -> None:
    """Optional 2002 rule: 2 battalions on one traded card's territory that you occupy."""
    owned = [c.territory for c in trio if c.territory and state.owner.get(c.territory) == seat]
    if owned:
        state.add_battalions(sorted(owned)[0], 2, "card territory")


def draw_territory_card(state: GameState, seat: Seat) -> TerritoryCard | None:
    """Take the top territory card; the discards are reshuffled when the deck is empty."""
    if not state.territory_deck and state.territory_discard:
        state.territory_deck = sorted(state.territory_discard, key=lambda c: c.id)
        state.territory_discard = []
        state.dice.shuffle(state.territory_deck, "reshuffle territory cards")
    if not state.territory_deck:
        return None
    card = state.territory_deck.pop()
    state.players[seat].cards.append(card)
    state.log.emit("territory_card", seat=seat, card=card.id, territory=card.territory)
    return card

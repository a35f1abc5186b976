"""Adventure cards (003:L94, L102-104, L116-120): missions, events and power cards."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from battlesim.engines.risk.actions import IllegalActionError
from battlesim.engines.risk.cards import draw_territory_card
from battlesim.engines.risk.data import (
    AdventureCard,
    AdventureKind,
    Seat,
    Side,
    Symbol,
    TerritoryName,
)
from battlesim.engines.risk.state import Effect, EffectKind, GameState

if TYPE_CHECKING:
    from battlesim.engines.risk.players import Strategy


# --- drawing ---------------------------------------------------------------------------------
def draw_adventure(state: GameState) -> AdventureCard | None:
    """Take the top adventure card; discards are reshuffled when the deck runs out."""
    if not state.adventure_deck and state.adventure_discard:
        state.adventure_deck = sorted(state.adventure_discard, key=lambda c: c.id)
        state.adventure_discard = []
        state.dice.shuffle(state.adventure_deck, "reshuffle adventure cards")
    return state.adventure_deck.pop() if state.adventure_deck else None


def collect_adventure(state: GameState, seat: Seat, player: Strategy) -> None:
    """Part V: draw, resolving events at once, until a mission or a power (003:L118-120)."""
    state.flags.drew_adventure = True
    while (card := draw_adventure(state)) is not None:
        state.log.emit("adventure_card", seat=seat, card=card.id, name=card.name)
        if card.kind is not AdventureKind.EVENT:
            state.players[seat].adventures.append(card)
            break
        resolve_event(state, seat, card, player)
    _discard_to_limit(state, seat, player)


def _discard_to_limit(state: GameState, seat: Seat, player: Strategy) -> None:
    hand = state.players[seat].adventures
    while len(hand) > state.board.rules["adventure_hand_limit"]:
        card = player.discard_adventure(state, seat, sorted(hand, key=lambda c: c.id))
        if card not in hand:
            raise IllegalActionError(f"card {card.id} is not in the hand of seat {seat}")
        hand.remove(card)
        state.adventure_discard.append(card)
        state.log.emit("adventure_discard", seat=seat, card=card.id)


def spend_card(state: GameState, seat: Seat, card: AdventureCard) -> None:
    """Move a card from the hand to the played pile, where it scores (003:L140)."""
    hand = state.players[seat].adventures
    if card in hand:
        hand.remove(card)
    state.players[seat].played.append(card)
    state.log.emit("adventure_played", seat=seat, card=card.id, name=card.name)


# --- missions ----------------------------------------------------------------------------
def complete_missions(state: GameState, seat: Seat) -> None:
    """Turn in every mission whose site holds one of the player's leaders (003:L94)."""
    if state.flags.drew_adventure and seat == state.current:
        return
    leaders, mission = state.leaders, AdventureKind.MISSION
    # The missions due, picked before sorting (asked after every conquest; a reward moves
    # no leader, so the cards due are the same read before or during the loop).
    due = [
        c
        for c in state.players[seat].adventures
        if c.kind is mission and leaders.get(c.territory or "") == seat
    ]
    if not due:
        return  # the common case: no sort, no key function made
    for card in sorted(due, key=lambda c: c.id):
        spend_card(state, seat, card)
        _mission_reward(state, seat, card)


def _mission_reward(state: GameState, seat: Seat, card: AdventureCard) -> None:
    if card.extra_card:
        draw_territory_card(state, seat)
        return
    evil, good = card.reward
    reward = evil if state.players[seat].side is Side.EVIL else good
    if reward and card.territory:
        state.add_battalions(card.territory, reward, f"mission {card.name}")


# --- events ------------------------------------------------------------------------------
def resolve_event(state: GameState, seat: Seat, card: AdventureCard, player: Strategy) -> None:
    """Follow an event card at once (003:L118); it scores 0 but counts as played."""
    spend_card(state, seat, card)
    EVENTS[card.effect](state, seat, card, player)


def _second_leader(state: GameState, seat: Seat, card: AdventureCard, player: Strategy) -> None:
    options = [t for t in state.territories_of(seat) if t not in state.leaders]
    if state.players[seat].leaders_in_pool and options:
        state.place_leader(seat, player.place_leader(state, seat, options), card.name)


def reveal(state: GameState, count: int) -> list[TerritoryName]:
    """Show the top territory cards and put them at the bottom (wild cards show nothing)."""
    shown = state.territory_deck[-count:] if count else []
    del state.territory_deck[len(state.territory_deck) - len(shown) :]
    state.territory_deck[:0] = shown
    names = [c.territory for c in shown if c.symbol is not Symbol.WILD and c.territory]
    state.log.emit("reveal", territories=names)
    return names


def _winter_storms(state: GameState, seat: Seat, card: AdventureCard, player: Strategy) -> None:
    frozen = frozenset(reveal(state, 3))
    state.effects.append(Effect(EffectKind.WINTER_STORMS, seat, frozen))


def _raiders(state: GameState, seat: Seat, card: AdventureCard, player: Strategy) -> None:
    for territory in reveal(state, 3):
        count = state.armies[territory]
        loss = min(count // 2, count - 1)
        if loss:
            state.remove_battalions(territory, loss, card.name)


def _mustering(state: GameState, seat: Seat, card: AdventureCard, player: Strategy) -> None:
    for territory in reveal(state, 3):
        state.add_battalions(territory, card.amount, card.name)


def _local_uprising(state: GameState, seat: Seat, card: AdventureCard, player: Strategy) -> None:
    shown = reveal(state, 1)
    state.players[seat].uprisings += shown
    resolve_uprisings(state, seat)


def resolve_uprisings(state: GameState, seat: Seat) -> None:
    """Local Uprising pays its battalions once the player controls the territory."""
    pending = state.players[seat].uprisings
    for territory in [t for t in pending if state.owner.get(t) == seat]:
        pending.remove(territory)
        state.add_battalions(territory, 4, "Local Uprising")


def _corsairs(state: GameState, seat: Seat, card: AdventureCard, player: Strategy) -> None:
    state.effects.append(Effect(EffectKind.CORSAIRS, seat, frozenset()))


def _region_event(state: GameState, seat: Seat, card: AdventureCard, player: Strategy) -> None:
    territory = card.territory or ""
    side = state.players[state.owner[territory]].side
    change = card.evil if side is Side.EVIL else card.good
    if change > 0:
        state.add_battalions(territory, change, card.name)
    loss = min(-change, state.armies[territory] - 1)
    if change < 0 and loss > 0:
        state.remove_battalions(territory, loss, card.name)


EventHandler = Callable[[GameState, Seat, AdventureCard, "Strategy"], None]
EVENTS: dict[str, EventHandler] = {
    "second_leader": _second_leader,
    "winter_storms": _winter_storms,
    "raiders": _raiders,
    "mustering": _mustering,
    "local_uprising": _local_uprising,
    "corsairs": _corsairs,
    "region_event": _region_event,
}

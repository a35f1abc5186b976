"""Scripted tables for rule tests: chosen dice, decks in printed order, obedient players."""

from __future__ import annotations

from collections.abc import Sequence

from battlesim.engines.dice import Dice, ScriptedDice
from battlesim.engines.log import EventLog
from battlesim.engines.monopoly.actions import (
    DeedOffer,
    DeedSettlement,
    JailChoice,
    ManageAction,
    Trade,
)
from battlesim.engines.monopoly.data import Deck, SquareIndex
from battlesim.engines.monopoly.players import Player, next_bid
from battlesim.engines.monopoly.rules import ClassicRules, OneRingRules
from battlesim.engines.monopoly.state import GameState, Variant


class Scripted(Player):
    """Answers every decision as the test says; by default declines and never bids."""

    name = "scripted"

    def __init__(
        self,
        dice: Dice,
        *,
        buy: bool = False,
        bid_limit: int = 0,
        building_bid_limit: int = 0,
        jail: JailChoice = JailChoice.ROLL,
        actions: Sequence[ManageAction] = (),
        wants: SquareIndex | None = None,
        lift: bool = False,
        accept: bool = False,
        draw: bool = False,
        trade: Trade | None = None,
        between: Sequence[ManageAction] = (),
        liquidate: bool = True,
        offer: Sequence[SquareIndex] | None = None,
        settle: DeedSettlement | None = None,
    ) -> None:
        super().__init__(dice)
        self.buy, self.limit, self.building_limit = buy, bid_limit, building_bid_limit
        self.jail_answer, self.actions, self.wants = jail, list(actions), wants
        self.lift, self.accept, self.draw, self.trade = lift, accept, draw, trade
        self.between, self.liquidate = list(between), liquidate
        self.offer, self.settle = offer, settle

    def decide_buy(self, state: GameState, seat: int, square: int) -> bool:
        return self.buy

    def bid(self, state: GameState, seat: int, square: int, high: int, leader: int | None):
        return next_bid(high, self.limit, leader)

    def bid_building(self, state: GameState, seat: int, high: int, leader: int | None, f: bool):
        return next_bid(high, self.building_limit, leader)

    def jail_choice(self, state: GameState, seat: int) -> JailChoice:
        return self.jail_answer

    def pay_or_draw(self, state: GameState, seat: int) -> bool:
        return self.draw

    def next_action(self, state: GameState, seat: int) -> ManageAction | None:
        return self.actions.pop(0) if self.actions else None

    def between_turns_action(self, state: GameState, seat: int) -> ManageAction | None:
        return self.between.pop(0) if self.between else None

    def raise_cash(self, state: GameState, seat: int, amount: int) -> ManageAction | None:
        return super().raise_cash(state, seat, amount) if self.liquidate else None

    def offer_deeds(
        self, state: GameState, seat: int, creditor: int, shortfall: int
    ) -> tuple[SquareIndex, ...]:
        if self.offer is None:
            return super().offer_deeds(state, seat, creditor, shortfall)
        return tuple(self.offer)

    def accept_deeds(self, state: GameState, seat: int, offer: DeedOffer) -> DeedSettlement | None:
        return self.settle

    def place_building(self, state: GameState, seat: int, fortress: bool | None):
        return self.wants

    def lift_mortgage_now(self, state: GameState, seat: int, square: int) -> bool:
        return self.lift

    def propose_trade(self, state: GameState, seat: int) -> Trade | None:
        trade, self.trade = self.trade, None
        return trade

    def accept_trade(self, state: GameState, seat: int, trade: Trade) -> bool:
        return self.accept


def table(
    dice: Sequence[int],
    players: int | Sequence[dict[str, object]] = 2,
    variant: Variant | None = None,
) -> ClassicRules:
    """A table with scripted dice; ``players`` gives each seat's Scripted answers."""
    specs = [{} for _ in range(players)] if isinstance(players, int) else list(players)
    scripted = ScriptedDice(dice)
    state = GameState(["scripted"] * len(specs), variant or Variant())
    seats = [Scripted(scripted, **spec) for spec in specs]  # type: ignore[arg-type]
    rules_class = OneRingRules if state.variant.one_ring else ClassicRules
    return rules_class(state, seats, scripted, EventLog())


def on_top(rules: ClassicRules, deck: Deck, number: int) -> None:
    """Put card ``number`` of ``deck`` on top, as if the shuffle had left it there."""
    cards = rules.decks[deck].cards
    card = next(c for c in cards if c.number == number)
    cards.remove(card)
    cards.appendleft(card)


def kinds(rules: ClassicRules) -> list[str]:
    assert rules.log is not None
    return [event.kind for event in rules.log]

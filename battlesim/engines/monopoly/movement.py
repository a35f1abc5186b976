"""How tokens move: the two dice, doubles, prison, Départ and the card decks (001:L154-229).

``MovementRules`` is the turn structure with no economy: every money matter is a hook that
``rules.ClassicRules`` fills in. The movement-only Markov-chain test runs this very class, so
the simulated walk and the full game share one movement code.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from battlesim.engines.dice import Dice
from battlesim.engines.log import EventLog, NullLog
from battlesim.engines.monopoly.actions import IllegalActionError, JailChoice
from battlesim.engines.monopoly.data import (
    BOARD_SIZE,
    CARDS,
    DECK_OF_SQUARE,
    DOUBLES_TO_JAIL,
    EYE_FACE,
    JAIL_ATTEMPTS,
    JAIL_SQUARE,
    SQUARES,
    Card,
    Deck,
    Effect,
    Seat,
    SquareIndex,
    SquareKind,
)
from battlesim.engines.monopoly.state import GameState

if TYPE_CHECKING:
    from battlesim.engines.monopoly.players import Strategy


@dataclass(frozen=True, slots=True)
class DiceRoll:
    first: int
    second: int
    # Read after every roll: worked out once when the roll is made, not on each reading.
    total: int = field(init=False, repr=False, compare=False)
    is_double: bool = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "total", self.first + self.second)
        object.__setattr__(self, "is_double", self.first == self.second)

    @property
    def eyes(self) -> int:
        """How many Eyes of Sauron show (the Eye stands where the 1 would, 001:L78)."""
        return (self.first == EYE_FACE) + (self.second == EYE_FACE)


# Every pair of faces, made once: a roll picks its record instead of building one.
_PAIRS = [[DiceRoll(first, second) for second in range(7)] for first in range(7)]


def roll_pair(dice: Dice, purpose: str) -> DiceRoll:
    first = dice.roll(6, purpose)
    return _PAIRS[first][dice.roll(6, purpose)]


def advance(position: SquareIndex, steps: int) -> tuple[SquareIndex, bool]:
    """Return the square ``steps`` ahead and whether Départ was passed or reached."""
    target = position + steps
    return target % BOARD_SIZE, target >= BOARD_SIZE


# Payloads made only by a log that keeps them (``emit_lazy``): every roll and move.
def _rolled(seat: Seat, roll: DiceRoll, purpose: str) -> dict[str, Any]:
    return {"seat": seat, "dice": [roll.first, roll.second], "purpose": purpose}


def _moved(seat: Seat, start: SquareIndex, target: SquareIndex, passed: bool) -> dict[str, Any]:
    return {"seat": seat, "start": start, "to": target, "passed_go": passed}


class CardDeck:
    """A face-down pile: draw from the top, put back underneath (001:L202)."""

    def __init__(self, deck: Deck, cards: Sequence[Card]) -> None:
        self.deck = deck
        self.cards: deque[Card] = deque(cards)

    def draw(self) -> Card:
        card = self.cards.popleft()
        if card.effect is not Effect.JAIL_FREE:  # a release card is kept until used
            self.cards.append(card)
        return card

    def put_back(self, card: Card) -> None:
        self.cards.append(card)


class MovementRules:
    """One turn of movement; every hook below is a no-op until an economy fills it in."""

    def __init__(
        self,
        state: GameState,
        players: Sequence[Strategy],
        dice: Dice,
        log: EventLog | None = None,
    ) -> None:
        self.state = state
        self.players = players
        self.dice = dice
        self.log = NullLog() if log is None else log  # no log: a game played for its result
        self.decks = {deck: CardDeck(deck, CARDS[deck]) for deck in Deck}
        # The log's own emits, bound once (a turn emits about seven events); a hot path's
        # payload goes through ``emit_lazy``, made only when the log keeps it.
        self.emit: Callable[..., None] = self.log.emit
        self.emit_lazy: Callable[..., None] = self.log.emit_lazy
        # Is ``on_roll`` more than the no-op below (asked after every roll)?
        self.rolls_matter = type(self).on_roll is not MovementRules.on_roll

    def shuffle_decks(self) -> None:
        """Shuffle both decks (001:L134) through the one Dice."""
        for deck in Deck:
            cards = list(CARDS[deck])
            self.dice.shuffle(cards, f"shuffle {deck.value}")
            self.decks[deck] = CardDeck(deck, cards)
            self.emit("deck_shuffled", deck=deck.value, order=[c.number for c in cards])

    # -- the turn ----------------------------------------------------------------------
    def play_turn(self, seat: Seat) -> None:
        """Play one turn: leave prison or not, then roll until no double (001:L166)."""
        if self.state.players[seat].in_jail and not self._jail_turn(seat):
            return
        self._roll_sequence(seat)

    def _roll_sequence(self, seat: Seat) -> None:
        doubles, state = 0, self.state
        while True:
            roll = self.roll(seat, "move")
            if state.termination is not None:  # is_over, read directly (every roll)
                return
            doubles += roll.is_double
            if doubles == DOUBLES_TO_JAIL:
                self.send_to_jail(seat, "three doubles")  # 001:L166, L220
                return
            self.move_by(seat, roll.total, roll)
            if not roll.is_double or self.turn_stops(seat):
                return

    def turn_stops(self, seat: Seat) -> bool:
        state = self.state
        player = state.players[seat]
        return player.in_jail or player.bankrupt or state.termination is not None

    def roll(self, seat: Seat, purpose: str) -> DiceRoll:
        roll = roll_pair(self.dice, purpose)
        self.emit_lazy("roll", _rolled, seat, roll, purpose)
        if self.rolls_matter:
            self.on_roll(seat, roll)
        return roll

    # -- prison ------------------------------------------------------------------------
    def _jail_turn(self, seat: Seat) -> bool:
        """Return True when the player leaves before rolling and then plays normally."""
        player = self.state.players[seat]
        choice = self.players[seat].jail_choice(self.state, seat)
        if choice is JailChoice.USE_CARD:
            if not player.jail_cards:
                raise IllegalActionError("no release card to use (001:L226)")
            card = player.jail_cards.pop(0)
            self.decks[card.deck].put_back(card)  # back under its deck (001:L267)
            self.release(seat, "card")
            return True
        if choice is JailChoice.PAY:
            if not self.can_pay_fine(seat):
                raise IllegalActionError("not enough Pouvoir to pay the fine")
            if self.pay_fine(seat):
                self.release(seat, "fine")
            return not player.in_jail
        return self._jail_attempt(seat)

    def _jail_attempt(self, seat: Seat) -> bool:
        player = self.state.players[seat]
        roll = self.roll(seat, "prison")
        if self.state.is_over:
            return False
        if roll.is_double:
            self.release(seat, "double")  # 001:L227
            self.move_by(seat, roll.total, roll)
            return False
        player.jail_attempts += 1
        if player.jail_attempts < JAIL_ATTEMPTS:
            self.emit("jail_stay", seat=seat, attempts=player.jail_attempts)
            return False
        if self.pay_fine(seat):  # 001:L229: pay, then move by this roll
            self.release(seat, "third attempt")
            self.move_by(seat, roll.total, roll)
        return False

    def send_to_jail(self, seat: Seat, reason: str) -> None:
        """Straight to prison, no salary (001:L204), and the turn ends (001:L222)."""
        player = self.state.players[seat]
        player.in_jail = True
        player.jail_attempts = 0
        self.emit("jail", seat=seat, reason=reason)
        self.place(seat, JAIL_SQUARE)

    def release(self, seat: Seat, how: str) -> None:
        player = self.state.players[seat]
        player.in_jail = False
        player.jail_attempts = 0
        self.emit("jail_leave", seat=seat, how=how)

    # -- moving and landing ----------------------------------------------------------
    def place(self, seat: Seat, square: SquareIndex) -> None:
        """Put the token on ``square``: every placement counts as a landing."""
        self.state.players[seat].position = square
        self.state.landings[square] += 1

    def move_by(self, seat: Seat, steps: int, roll: DiceRoll | None) -> None:
        start = self.state.players[seat].position
        target, passed = advance(start, steps)
        self.emit_lazy("move", _moved, seat, start, target, passed)
        self.place(seat, target)
        if passed:
            self.on_salary(seat)
        self.land(seat, roll, via_card=False)

    def move_to(
        self, seat: Seat, target: SquareIndex, *, forward: bool, roll: DiceRoll | None
    ) -> None:
        """Move by a card: forward pays the salary when Départ is passed (001:L204)."""
        start = self.state.players[seat].position
        passed = forward and target <= start
        self.emit("move", seat=seat, start=start, to=target, passed_go=passed)
        self.place(seat, target)
        if passed:
            self.on_salary(seat)
        self.land(seat, roll, via_card=True)

    def land(self, seat: Seat, roll: DiceRoll | None, *, via_card: bool) -> None:
        if self.turn_stops(seat):
            return
        square = self.state.players[seat].position
        kind = SQUARES[square].kind
        if kind is SquareKind.GO_TO_JAIL:
            self.send_to_jail(seat, "square")  # 001:L218
        elif kind in DECK_OF_SQUARE:
            self.draw_card(seat, DECK_OF_SQUARE[kind], roll)
        else:
            self.on_square(seat, square, roll, via_card)

    # -- cards -------------------------------------------------------------------------
    def draw_card(self, seat: Seat, deck: Deck, roll: DiceRoll | None) -> None:
        card = self.decks[deck].draw()
        self.emit("card", seat=seat, card=card.key, text=card.text)
        self.apply_card(seat, card, roll)

    def apply_card(self, seat: Seat, card: Card, roll: DiceRoll | None) -> None:
        """Follow a card at once (001:L202); money effects go to ``on_money_card``."""
        position = self.state.players[seat].position
        effect = card.effect
        if effect is Effect.ADVANCE_TO:
            self.move_to(seat, card.target, forward=True, roll=roll)
        elif effect is Effect.BACK_TO:
            self.move_to(seat, card.target, forward=False, roll=roll)
        elif effect is Effect.MOVE_BACK:
            self.move_to(seat, (position - card.amount) % BOARD_SIZE, forward=False, roll=roll)
        elif effect is Effect.GO_TO_JAIL:
            self.send_to_jail(seat, "card")  # 001:L219
        elif effect is Effect.JAIL_FREE:
            self.state.players[seat].jail_cards.append(card)
        elif effect is Effect.PAY_OR_DRAW and self.players[seat].pay_or_draw(self.state, seat):
            self.draw_card(seat, Deck.PEOPLE, roll)
        else:
            self.on_money_card(seat, card)

    # -- hooks (no economy here) ---------------------------------------------------------
    def on_roll(self, seat: Seat, roll: DiceRoll) -> None:
        """Called after every two-dice roll (the One Ring variant moves the Ring here)."""

    def on_salary(self, seat: Seat) -> None:
        """Called when a token passes or reaches Départ."""

    def on_square(
        self, seat: Seat, square: SquareIndex, roll: DiceRoll | None, via_card: bool
    ) -> None:
        """Called on every other square: deeds, taxes, free parking, simple visit."""

    def on_money_card(self, seat: Seat, card: Card) -> None:
        """Called for a card that moves money only."""

    def can_pay_fine(self, seat: Seat) -> bool:
        return True

    def pay_fine(self, seat: Seat) -> bool:
        """Pay the prison fine; return False when the player went bankrupt instead."""
        return True

"""The state of one game: the table, whose decision it is, and the bookkeeping of rounds.

What is legal and how an action changes the state live one layer up, in ``rules.py``
(``legal_actions``, ``apply``), so this module imports none of the rule modules.

Rounds (seed L88-92): recruitment (lots of five cards) then movement and combat, one turn per
player clockwise from the start player; the start player passes on after the round (L296-299).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field

from battlesim.engines.dice import Dice
from battlesim.engines.log import EventLog
from battlesim.engines.rotk import tracks
from battlesim.engines.rotk.actions import (
    ChooseLot,
    IllegalActionError,
    Phase,
    Special,
    Target,
)
from battlesim.engines.rotk.board import adjacency
from battlesim.engines.rotk.combat import PendingAttack
from battlesim.engines.rotk.data import (
    Card,
    Colour,
    Hex,
    HexKind,
    Material,
    Tile,
)
from battlesim.engines.rotk.outcome import Outcome, Termination


@dataclass(slots=True)
class Seat:
    """One player's hand, pawn and the tiles taken (victory points hidden until the end)."""

    hand: list[Card] = field(default_factory=list)
    pawn: Hex | None = None
    trophies: list[Tile] = field(default_factory=list)

    def card(self, card_id: int) -> Card:
        for card in self.hand:
            if card.id == card_id:
                return card
        raise IllegalActionError(f"card {card_id} is not in the hand")

    def give(self, cards: list[Card]) -> None:
        self.hand.extend(cards)
        self.hand.sort(key=lambda card: card.id)

    def take(self, card_ids: tuple[int, ...] | list[int]) -> list[Card]:
        if len(set(card_ids)) != len(card_ids):
            raise IllegalActionError("a card cannot be played twice")
        cards = [self.card(card_id) for card_id in card_ids]
        for card in cards:
            self.hand.remove(card)
        return cards


class Entry(enum.Enum):
    """The two readings of seed L120-123 ("Le joueur dont c'est le tour place son pion sur le
    plateau dans l'hexagone de depart")."""

    ONCE = "once"  # the pawn enters on its first turn and stays on the board
    EACH_TURN = "each_turn"  # every turn starts with the pawn placed anew on the start row


@dataclass(frozen=True, slots=True)
class Rules:
    """Rule options: the player count, the seed's variant (L429-432), the entry reading."""

    players: int = 4
    variant: bool = False
    entry: Entry = Entry.ONCE


class State:
    """One game in progress. Build it with :func:`battlesim.engines.rotk.setup.new_game`."""

    def __init__(self, material: Material, rules: Rules, dice: Dice, log: EventLog) -> None:
        self.material, self.rules, self.dice, self.log = material, rules, dice, log
        self.seats = [Seat() for _ in range(rules.players)]
        self.deck: list[Card] = []
        self.discard: list[Card] = []
        self.lots: list[list[Card] | None] = []
        self.board_tiles: dict[Hex, Tile] = {}
        self.trolls: list[Tile] = []
        self.gate_fallen = False
        self.frodo = tracks.frodo_start(material.tracks, rules.players)
        self.gollum = material.tracks.gollum_start
        self.ring_destroyed = False
        self.round = 0
        self.start_player = 0
        self.phase = Phase.RECRUIT
        self.order: list[int] = []  # seats still to choose a lot or to play, current first
        self.aragorn_used = False
        self.pending: PendingAttack | None = None
        self.ending: Termination | None = None
        self.outcome: Outcome | None = None
        self.adjacency = adjacency(material.hexes)

    # ----- queries -------------------------------------------------------------------

    @property
    def current(self) -> int:
        """The seat whose decision it is."""
        return self.order[0]

    @property
    def is_over(self) -> bool:
        return self.phase is Phase.OVER

    @property
    def gollum_steps(self) -> int:
        steps = self.material.tracks
        return steps.gollum_steps_variant if self.rules.variant else steps.gollum_steps

    def is_free(self, hex_: Hex) -> bool:
        """A hex on the board without a Sauron tile (seed L125-131)."""
        return hex_ in self.adjacency and hex_ not in self.board_tiles

    def free_neighbours(self, hex_: Hex) -> list[Hex]:
        return [h for h in self.adjacency[hex_] if h not in self.board_tiles]

    def on_gate_approach(self, seat: int) -> bool:
        pawn = self.seats[seat].pawn
        return pawn is not None and self.material.hexes[pawn] is HexKind.GATE_APPROACH

    def attack_targets(self, seat: int) -> list[Target]:
        """Tiles next to the pawn, and the Gate or a troll from the approach hexes (L138-141)."""
        pawn = self.seats[seat].pawn
        if pawn is None or self.phase is not Phase.TURN:
            return []
        targets: list[Target] = [h for h in self.adjacency[pawn] if h in self.board_tiles]
        if self.on_gate_approach(seat):
            if not self.gate_fallen:
                targets.append(Special.BLACK_GATE)
            elif self.trolls:
                targets.append(Special.TROLL)
        return targets

    def target_tile(self, target: Target) -> Tile:
        if target is Special.BLACK_GATE:
            return self.material.black_gate
        if target is Special.TROLL:
            return self.trolls[0]
        return self.board_tiles[target]

    def can_move_free_with_aragorn(self, seat: int) -> bool:
        """Three Aragorn army cards shown, once a turn (seed L397-404)."""
        shown = sum(1 for card in self.seats[seat].hand if card.colour is Colour.ARAGORN)
        return not self.aragorn_used and shown >= self.material.aragorn_cards_for_free_move

    def card_count(self) -> int:
        """Every card is somewhere: hands, lots, the table, the discard pile or the deck."""
        in_lots = sum(len(lot) for lot in self.lots if lot is not None)
        on_table = len(self.pending.cards()) if self.pending else 0
        in_hands = sum(len(seat.hand) for seat in self.seats)
        return in_hands + in_lots + on_table + len(self.discard) + len(self.deck)

    # ----- cards ---------------------------------------------------------------------

    def draw(self) -> Card | None:
        """Draw from the deck, shuffling the discard pile in when it runs out (seed L99-101)."""
        if not self.deck and self.discard:
            self.deck, self.discard = self.discard, []
            self.dice.shuffle(self.deck, "reshuffle")
            self.log.emit("reshuffle", cards=len(self.deck))
        return self.deck.pop() if self.deck else None

    def draw_many(self, count: int) -> list[Card]:
        drawn = [self.draw() for _ in range(count)]
        return [card for card in drawn if card is not None]

    def deal_lots(self) -> None:
        """The start player lays out one lot of five per player (seed L96-99)."""
        size = self.material.lot_size
        self.lots = [self.draw_many(size) for _ in self.seats]
        n, first = self.rules.players, self.start_player
        # Seed L104-108: right of the start player first, counter-clockwise, start player last.
        self.order = [(first - 1 - k) % n for k in range(n)]
        self.phase = Phase.RECRUIT
        lots = [[card.id for card in lot] for lot in self.lots if lot is not None]
        self.log.emit("lots", round=self.round, lots=lots, order=list(self.order))

    # ----- recruitment ---------------------------------------------------------------

    def choose_lot(self, action: ChooseLot) -> None:
        if not 0 <= action.lot < len(self.lots) or self.lots[action.lot] is None:
            raise IllegalActionError(f"lot {action.lot} is not on the table")
        seat, lot = self.order.pop(0), self.lots[action.lot]
        assert lot is not None
        self.lots[action.lot] = None
        self.seats[seat].give(lot)
        self.log.emit("lot_taken", seat=seat, lot=action.lot, cards=[c.id for c in lot])
        if not self.order:
            self.lots = []
            self._start_movement()

    def _start_movement(self) -> None:
        n = self.rules.players
        self.order = [(self.start_player + k) % n for k in range(n)]  # clockwise (seed L114-118)
        self.start_turn()

    def start_turn(self) -> None:
        self.phase, self.aragorn_used = Phase.TURN, False
        seat = self.seats[self.current]
        if self.rules.entry is Entry.EACH_TURN:
            seat.pawn = None  # back to the start row (seed L120, second reading)
        self.log.emit("turn", seat=self.current, round=self.round, hand=[c.id for c in seat.hand])

    def finish_turn(self) -> None:
        self.log.emit("turn_end", seat=self.current)
        self.order.pop(0)
        if self.order:
            self.start_turn()
        else:
            self._finish_round()

    def _finish_round(self) -> None:
        """End the game after this full round if it is decided (seed L347-349), else go on."""
        self.log.emit("round_end", round=self.round)
        if self.ending is not None:
            self.finish(self.ending)
        elif self.round >= self.material.round_limit:
            self.finish(Termination.ROUND_LIMIT)
        else:
            self.round += 1
            self.start_player = (self.start_player + 1) % self.rules.players  # to the left
            self.deal_lots()

    # ----- the end -------------------------------------------------------------------

    def victory_points(self) -> tuple[int, ...]:
        return tuple(sum(tile.vp for tile in seat.trophies) for seat in self.seats)

    def finish(self, termination: Termination) -> None:
        """Turn the tiles over and count the points (seed L420-422), or record the loss."""
        points = self.victory_points()
        players_win = termination in (Termination.RING, Termination.BLACK_GATE)
        best = max(points)
        leaders = tuple(s for s, p in enumerate(points) if p == best) if players_win else ()
        self.outcome = Outcome(termination, players_win, points, leaders)
        self.phase, self.order = Phase.OVER, []
        self.log.emit(
            "game_over",
            termination=termination.value,
            players_win=players_win,
            victory_points=list(points),
            leaders=list(leaders),
        )

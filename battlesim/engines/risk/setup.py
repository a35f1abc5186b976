"""Set-up for 2, 3 and 4 players (003:L4-32)."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import cycle

from battlesim.engines.dice import Dice
from battlesim.engines.log import EventLog
from battlesim.engines.risk.actions import IllegalActionError
from battlesim.engines.risk.data import (
    AdventureCard,
    AdventureKind,
    Seat,
    Side,
    TerritoryCard,
    adventure_cards,
    load_board,
    territory_cards,
)
from battlesim.engines.risk.players import Strategy
from battlesim.engines.risk.state import GameState, PlayerState


def new_state(
    dice: Dice, log: EventLog, strategies: Sequence[str], scoring: str | None = None
) -> GameState:
    """Seat the players with their colours and sides (003:L8) and their stock (003:L10)."""
    board = load_board()
    count = len(strategies)
    seats = board.rules["seats"][count]
    stock = board.rules["battalions"][count]
    players = [
        PlayerState(seat, colour, Side(side), strategy, reserve=stock, gained=stock)
        for seat, ((colour, side), strategy) in enumerate(zip(seats, strategies, strict=True))
    ]
    for player in players:
        player.leaders_in_pool = board.rules["leaders_per_player"]
    default = "player" if count == 3 else "team"
    state = GameState(board, dice, log, players, scoring=scoring or default)
    state.order = list(range(count))
    log.emit("setup", players=[_seat_json(p) for p in players], scoring=state.scoring)
    return state


def _seat_json(player: PlayerState) -> dict[str, object]:
    return {
        "seat": player.seat,
        "colour": player.colour,
        "side": player.side.value,
        "strategy": player.strategy,
        "battalions": player.reserve,
    }


def roll_for_first(state: GameState, purpose: str) -> Seat:
    """Each player rolls one die; the highest goes first, ties roll again (003:L16, L32)."""
    contenders = list(state.order)
    while len(contenders) > 1:
        rolls = {seat: state.dice.d6(f"{purpose}: seat {seat}") for seat in contenders}
        best = max(rolls.values())
        contenders = [seat for seat in contenders if rolls[seat] == best]
        state.log.emit("first_roll", purpose=purpose, rolls={str(s): r for s, r in rolls.items()})
    return contenders[0]


def deal_opening_cards(state: GameState) -> dict[Seat, list[TerritoryCard]]:
    """Deal the side decks (and in 3 players the neutral deck to Sauron) (003:L6, L12)."""
    decks: dict[str, list[TerritoryCard]] = {"good": [], "evil": [], "neutral": []}
    for card in territory_cards():
        if card.territory is not None:
            decks[state.board.territories[card.territory].card_class].append(card)
    for name in sorted(decks):
        state.dice.shuffle(decks[name], f"shuffle {name} territory cards")
    hands: dict[Seat, list[TerritoryCard]] = {p.seat: [] for p in state.players}
    for side in Side:
        team = [p.seat for p in state.players if p.side is side]
        _split(decks[side.value], team, hands)
        if len(state.players) == 3 and len(team) == 2:
            _split(decks["neutral"], team, hands)
    return hands


def _split(deck: list[TerritoryCard], seats: list[Seat], hands: dict[Seat, list]) -> None:
    share = len(deck) // len(seats)
    for index, seat in enumerate(seats):
        hands[seat] += deck[index * share : (index + 1) * share]


def occupy_dealt(state: GameState, hands: dict[Seat, list[TerritoryCard]]) -> None:
    """One battalion on each territory of the dealt cards (003:L14)."""
    for seat in sorted(hands):
        for card in sorted(hands[seat], key=lambda c: c.id):
            _occupy(state, seat, card.territory or "", "dealt card")


def _occupy(state: GameState, seat: Seat, territory: str, reason: str) -> None:
    if territory in state.owner:
        raise IllegalActionError(f"{territory} is not vacant (003:L16)")
    state.set_owner(territory, seat)
    state.armies[territory] = 1
    state.players[seat].reserve -= 1
    state.log.emit("claim", seat=seat, territory=territory, reason=reason)


def claim_vacant(state: GameState, players: dict[Seat, Strategy], first: Seat) -> Seat:
    """Claim vacant territories one at a time in turn (003:L16); return who is next."""
    seat = first
    vacant = sorted(set(state.board.territories) - set(state.owner))
    while vacant:
        choice = players[seat].claim(state, seat, list(vacant))
        if choice not in vacant:
            raise IllegalActionError(f"{choice} is not vacant (003:L16)")
        _occupy(state, seat, choice, "claimed")
        vacant.remove(choice)  # the one claim of the turn (sorted still)
        seat = state.next_seat(seat)
    return seat


def place_remaining(state: GameState, players: dict[Seat, Strategy], first: Seat) -> None:
    """Place the rest one battalion at a time, in a circle (003:L18)."""
    left = sum(p.reserve for p in state.players)  # only placing changes it
    start = state.order.index(first)  # the circle: nobody is out of the game at set-up
    for seat in cycle(state.order[start:] + state.order[:start]):
        if not left:
            return
        if state.players[seat].reserve:
            state.place_from_reserve(seat, players[seat].place_one(state, seat), 1)
            left -= 1


def place_leaders(state: GameState, players: dict[Seat, Strategy], first: Seat, each: int) -> None:
    """Each player places leaders in turn, never two in a territory (003:L20-22)."""
    seat = first
    for _ in range(each * len(state.order)):
        options = [t for t in state.territories_of(seat) if t not in state.leaders]
        state.place_leader(seat, players[seat].place_leader(state, seat, options), "set-up")
        seat = state.next_seat(seat)


def build_decks(state: GameState) -> None:
    """Shuffle all territory cards with the wild cards (003:L14) and the adventure deck."""
    state.territory_deck = list(territory_cards())
    state.dice.shuffle(state.territory_deck, "shuffle territory deck")
    state.adventure_deck = list(adventure_cards())
    state.dice.shuffle(state.adventure_deck, "shuffle adventure deck")


def deal_hands(state: GameState) -> None:
    """One territory card and four adventure cards each, no 'Play Immediately' (003:L24-28)."""
    returned: list[AdventureCard] = []
    for seat in state.order:
        state.players[seat].cards.append(state.territory_deck.pop())
        hand = state.players[seat].adventures
        while len(hand) < state.board.rules["adventure_hand_limit"]:
            card = state.adventure_deck.pop()
            (returned if card.kind is AdventureKind.EVENT else hand).append(card)
    state.adventure_deck += returned
    state.dice.shuffle(state.adventure_deck, "shuffle events back")
    state.log.emit("hands", returned_events=[c.id for c in returned], **_hands_json(state))


def _hands_json(state: GameState) -> dict[str, object]:
    return {
        "territory_cards": {str(p.seat): [c.id for c in p.cards] for p in state.players},
        "adventure_cards": {str(p.seat): [c.id for c in p.adventures] for p in state.players},
    }


def set_up(state: GameState, players: dict[Seat, Strategy], leaders_each: int = 1) -> None:
    """Run the whole set-up; the Ring starts in the Shire (003:L30)."""
    occupy_dealt(state, deal_opening_cards(state))
    build_decks(state)
    first = roll_for_first(state, "claim order")
    after_claims = claim_vacant(state, players, first)
    place_remaining(state, players, after_claims)
    place_leaders(state, players, first, leaders_each)
    deal_hands(state)
    state.fellowship = 0
    state.current = roll_for_first(state, "first turn")
    state.log.emit("ring", territory=state.fellowship_territory())

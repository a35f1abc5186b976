"""Monopoly LOTR at a table: a person's seat answers the engine's decision points.

The seat answers the same questions a strategy does (``monopoly.players.Player``); each
becomes a ``Prompt`` with the legal choices read from the engine's state. Two shortcuts keep
the game moving, both documented in ``ASSUMPTIONS``: between other players' turns a person is
asked only when a building or a mortgage lift is open to them, and a debt paid in deeds
offers all or none of the tradeable deeds.
"""

from __future__ import annotations

from typing import Any

from battlesim.engines.dice import Dice
from battlesim.engines.log import Event, EventLog
from battlesim.engines.monopoly.actions import (
    BreakFortress,
    Build,
    DeedOffer,
    DeedSettlement,
    IllegalActionError,
    JailChoice,
    ManageAction,
    Mortgage,
    SellBuilding,
    SellFortresses,
    Trade,
    Unmortgage,
)
from battlesim.engines.monopoly.data import JAIL_FINE, SQUARES
from battlesim.engines.monopoly.game import run, set_up
from battlesim.engines.monopoly.players import STRATEGIES, buildable
from battlesim.engines.monopoly.rules import ClassicRules, OneRingRules
from battlesim.engines.monopoly.state import GameState, Variant
from battlesim.engines.monopoly.trading import tradeable as tradeable_deeds
from battlesim.play.seating import AiSeat, Option, Prompt, Script, yes_no

NAME = "monopoly"
SEATS = (2, 6)
AI_STRATEGIES = sorted(STRATEGIES)
ILLEGAL = (IllegalActionError,)
FRAME_KINDS = frozenset({"turn"})
HIDDEN_KINDS = frozenset({"deck_shuffled"})  # the order of the card piles
ASSUMPTIONS = {
    "between_turns": "Between other players' turns a person is asked only when a build or a "
    "mortgage lift is open to them; mortgaging and selling happen in their own turn or "
    "when they must raise cash.",
    "deed_debts": "A debt paid partly in deeds offers all tradeable deeds or none, and the "
    "creditor takes all of them for the shortfall or refuses.",
}


def sq(square: int) -> str:
    return SQUARES[square].name


def _action_option(action: ManageAction, state: GameState) -> Option:
    if isinstance(action, Build):
        level = state.level[action.square]
        what = "fortress" if level == state.variant.houses_for_hotel else "stronghold"
        cost = SQUARES[action.square].build_cost
        return Option(
            f"build:{action.square}", f"Build a {what} on {sq(action.square)} ({cost})", "Build"
        )
    if isinstance(action, SellBuilding):
        return Option(f"sell:{action.square}", f"Sell a stronghold on {sq(action.square)}", "Sell")
    if isinstance(action, BreakFortress):
        return Option(
            f"break:{action.square}", f"Break the fortress on {sq(action.square)}", "Sell"
        )
    if isinstance(action, SellFortresses):
        return Option(
            f"sellf:{action.group.value}", f"Sell the fortresses of {action.group.value}", "Sell"
        )
    if isinstance(action, Mortgage):
        value = SQUARES[action.square].mortgage
        return Option(
            f"mortgage:{action.square}", f"Mortgage {sq(action.square)} (+{value})", "Mortgage"
        )
    assert isinstance(action, Unmortgage)
    cost = state.unmortgage_cost(action.square)
    return Option(
        f"lift:{action.square}", f"Lift the mortgage on {sq(action.square)} (-{cost})", "Mortgage"
    )


class PersonSeat:
    """A person's answers to every Monopoly decision point, from the script."""

    def __init__(self, seat: int, script: Script) -> None:
        self.seat = seat
        self.script = script

    def _ask(self, prompt: Prompt) -> Any:
        return self.script.ask(prompt)

    def _yes(self, kind: str, text: str, yes: str = "Yes", no: str = "No") -> bool:
        return self._ask(yes_no(self.seat, kind, text, yes, no)) == "yes"

    # -- buying and auctions -----------------------------------------------------------
    def decide_buy(self, state: GameState, seat: int, square: int) -> bool:
        price, cash = SQUARES[square].price, state.players[seat].cash
        text = f"Buy {sq(square)} for {price}? You hold {cash}. If not, it goes to auction."
        return self._yes("buy", text, f"Buy for {price}", "Auction it")

    def _bid(self, kind: str, what: str, high: int, leader: int | None, cash: int) -> int | None:
        lead = "no bid yet" if leader is None else f"highest bid {high} by player {leader + 1}"
        steps = sorted({high + 1, high + 10, high + 50, high + 100, high + 200})
        options = [Option("pass", "Pass (drop out)")]
        options += [Option(str(b), f"Bid {b}") for b in steps if b <= cash]
        choice = self._ask(Prompt(self.seat, kind, f"Auction of {what}: {lead}.", options))
        return None if choice == "pass" else int(choice)

    def bid(
        self, state: GameState, seat: int, square: int, high: int, leader: int | None
    ) -> int | None:
        return self._bid("bid", sq(square), high, leader, state.players[seat].cash)

    def bid_building(
        self, state: GameState, seat: int, high: int, leader: int | None, fortress: bool
    ) -> int | None:
        what = "a fortress" if fortress else "a stronghold"
        return self._bid("bid_building", what, high, leader, state.players[seat].cash)

    def place_building(self, state: GameState, seat: int, fortress: bool | None) -> int | None:
        squares = []
        for square in buildable(state, seat):
            is_fortress = state.level[square] == state.variant.houses_for_hotel
            if fortress is None or fortress == is_fortress:
                squares.append(square)
        if not squares:
            return None
        what = "fortress" if fortress else "stronghold"
        options = [Option("none", "No, I do not want one")]
        options += [Option(str(s), f"On {sq(s)}", "Build") for s in squares]
        text = f"The bank is short of buildings: would you build a {what} now, and where?"
        choice = self._ask(Prompt(self.seat, "want_building", text, options))
        return None if choice == "none" else int(choice)

    def claim_ring_territory(self, state: GameState, seat: int, square: int) -> bool:
        text = f"The One Ring is on {sq(square)}: take the deed for free?"
        return self._yes("ring_claim", text, "Take it", "Leave it")

    # -- prison and cards --------------------------------------------------------------
    def jail_choice(self, state: GameState, seat: int) -> JailChoice:
        player = state.players[seat]
        options = [Option("roll", "Roll for doubles")]
        if player.cash >= JAIL_FINE:
            options.append(Option("pay", f"Pay {JAIL_FINE}"))
        if player.jail_cards:
            options.append(Option("use_card", "Use a release card"))
        return JailChoice(self._ask(Prompt(self.seat, "jail", "You are in prison.", options)))

    def pay_or_draw(self, state: GameState, seat: int) -> bool:
        text = "Pay the small fine, or draw a Peuple card instead?"
        return self._yes("pay_or_draw", text, "Draw a card", "Pay the fine")

    # -- management --------------------------------------------------------------------
    def _manage(
        self, state: GameState, seat: int, kind: str, text: str, done: str
    ) -> ManageAction | None:
        actions = state.legal_actions(seat)
        by_id = {}
        options = [Option("done", done)]
        for action in actions:
            option = _action_option(action, state)
            by_id[option.id] = action
            options.append(option)
        choice = self._ask(Prompt(self.seat, kind, text, options))
        return None if choice == "done" else by_id[choice]

    def next_action(self, state: GameState, seat: int) -> ManageAction | None:
        text = f"Build, sell or mortgage ({state.players[seat].cash} in hand), or end your turn."
        return self._manage(state, seat, "manage", text, "End my turn")

    def between_turns_action(self, state: GameState, seat: int) -> ManageAction | None:
        open_ = [a for a in state.legal_actions(seat) if isinstance(a, Build | Unmortgage)]
        if not open_:
            return None
        text = "Between turns: build or lift a mortgage now, or carry on."
        return self._manage(state, seat, "between_turns", text, "Carry on")

    def raise_cash(self, state: GameState, seat: int, amount: int) -> ManageAction | None:
        cash = state.players[seat].cash
        actions = [a for a in state.legal_actions(seat) if not isinstance(a, Build | Unmortgage)]
        if not actions:
            return None
        by_id = {}
        options = [Option("done", "Give up (go bankrupt)")]
        for action in actions:
            option = _action_option(action, state)
            by_id[option.id] = action
            options.append(option)
        text = f"You owe {amount} and hold {cash}: sell or mortgage to raise the rest."
        choice = self._ask(Prompt(self.seat, "raise_cash", text, options))
        return None if choice == "done" else by_id[choice]

    def lift_mortgage_now(self, state: GameState, seat: int, square: int) -> bool:
        cost = SQUARES[square].mortgage
        text = f"You received {sq(square)} mortgaged: lift the mortgage now ({cost})?"
        return self._yes("lift_now", text, "Lift it now", "Keep it mortgaged")

    # -- debts paid in deeds -----------------------------------------------------------
    def offer_deeds(
        self, state: GameState, seat: int, creditor: int, shortfall: int
    ) -> tuple[int, ...]:
        deeds = tuple(tradeable_deeds(state, seat))
        if not deeds:
            return ()
        names = ", ".join(sq(s) for s in deeds)
        who = f"player {creditor + 1}"
        text = f"You are {shortfall} short of paying {who}: offer your deeds ({names})?"
        return deeds if self._yes("offer_deeds", text, "Offer them", "Offer nothing") else ()

    def accept_deeds(self, state: GameState, seat: int, offer: DeedOffer) -> DeedSettlement | None:
        names = ", ".join(sq(s) for s in offer.squares)
        text = f"Player {offer.debtor + 1} is {offer.shortfall} short and offers {names} instead."
        if self._yes("accept_deeds", text, "Take the deeds", "Refuse (they go bankrupt)"):
            return DeedSettlement(offer.squares, offer.shortfall)
        return None

    # -- trades ------------------------------------------------------------------------
    def propose_trade(self, state: GameState, seat: int) -> Trade | None:
        partners = [s for s in state.active_seats() if s != seat]
        form = {
            "type": "trade",
            "partners": partners,
            "mine": tradeable_deeds(state, seat),
            "theirs": {str(p): tradeable_deeds(state, p) for p in partners},
            "cash": state.players[seat].cash,
            "cards": len(state.players[seat].jail_cards),
        }
        prompt = Prompt(
            self.seat,
            "trade",
            "Propose a trade to another player, or go on.",
            [Option("none", "No trade")],
            form,
        )
        choice = self._ask(prompt)
        if choice == "none":
            return None
        trade = trade_from(seat, choice)
        if trade.partner not in partners:
            raise IllegalActionError(f"player {trade.partner + 1} cannot trade now")
        if any(not 0 <= s < len(SQUARES) for s in (*trade.give, *trade.take)):
            raise IllegalActionError("a trade names squares of the board")
        try:
            state.check_trade(trade)
        except IllegalActionError as error:
            raise ILLEGAL[0](f"trade refused: {error}") from error
        return trade

    def accept_trade(self, state: GameState, seat: int, trade: Trade) -> bool:
        text = f"Player {trade.proposer + 1} offers a trade: {trade_words(trade)}."
        return self._yes("accept_trade", text, "Accept", "Refuse")


def trade_from(seat: int, raw: Any) -> Trade:
    """Build a ``Trade`` from a form; the engine's ``check_trade`` judges it."""
    if not isinstance(raw, dict):
        raise IllegalActionError("a trade is a form with a partner and what changes hands")
    try:
        return Trade(
            proposer=seat,
            partner=_int(raw.get("partner")),
            give=tuple(_int(s) for s in raw.get("give", [])),
            take=tuple(_int(s) for s in raw.get("take", [])),
            give_cash=_int(raw.get("give_cash", 0)),
            take_cash=_int(raw.get("take_cash", 0)),
            give_cards=_int(raw.get("give_cards", 0)),
            take_cards=_int(raw.get("take_cards", 0)),
        )
    except (TypeError, ValueError) as error:
        raise IllegalActionError(f"trade form: {error}") from error


def _int(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int | str):
        raise ValueError(f"{value!r} is not a whole number")
    number = int(value)
    if number < 0:
        raise ValueError(f"{number} is negative")
    return number


def trade_words(trade: Trade) -> str:
    gives = [sq(s) for s in trade.give] + ([f"{trade.give_cash}"] if trade.give_cash else [])
    gives += [f"{trade.give_cards} release card(s)"] if trade.give_cards else []
    takes = [sq(s) for s in trade.take] + ([f"{trade.take_cash}"] if trade.take_cash else [])
    takes += [f"{trade.take_cards} release card(s)"] if trade.take_cards else []
    return f"gives {', '.join(gives) or 'nothing'} for {', '.join(takes) or 'nothing'}"


# -- the game ----------------------------------------------------------------------------
def parse_settings(raw: dict[str, Any]) -> dict[str, Any]:
    variant = raw.get("variant", "quick")
    if variant not in ("quick", "classic"):
        raise ValueError("variant: quick or classic")
    one_ring = raw.get("one_ring", False)
    if not isinstance(one_ring, bool):
        raise ValueError("one_ring: true or false")
    return {"variant": variant, "one_ring": one_ring}


class Game:
    """One run of the engine with people and strategies seated."""

    def __init__(
        self, seed: int, settings: dict[str, Any], seats: list[str | None], script: Script
    ) -> None:
        names = [name or "person" for name in seats]
        variant = Variant(quick=settings["variant"] == "quick", one_ring=settings["one_ring"])
        self.dice = Dice(seed)
        self.log = EventLog()
        self.state = GameState(names, variant)
        players: list[Any] = [
            PersonSeat(seat, script)
            if name is None
            else AiSeat(STRATEGIES[name](self.dice), seat, script)
            for seat, name in enumerate(seats)
        ]
        rules_class = OneRingRules if variant.one_ring else ClassicRules
        self.rules = rules_class(self.state, players, self.dice, self.log)

    def play(self) -> None:
        set_up(self.rules)
        run(self.rules)

    @property
    def over(self) -> bool:
        return self.state.is_over

    def result(self) -> tuple[str | None, str]:
        state = self.state
        termination = state.termination.value if state.termination else ""
        return (None if state.winner is None else str(state.winner)), termination

    def snapshot(self) -> dict[str, Any]:
        state = self.state
        return {
            "round": state.round,
            "current": state.current,
            "order": list(state.order),
            "players": [
                {
                    "seat": p.seat,
                    "cash": p.cash,
                    "position": p.position,
                    "in_jail": p.in_jail,
                    "jail_cards": len(p.jail_cards),
                    "bankrupt": p.bankrupt,
                    "value": state.valuation(p.seat),
                }
                for p in state.players
            ],
            "owner": list(state.owner),
            "level": list(state.level),
            "mortgaged": [i for i, m in enumerate(state.mortgaged) if m],
            "houses_left": state.houses_left,
            "hotels_left": state.hotels_left,
            "fortress_level": state.variant.fortress_level,
            "ring": state.ring,
            "dice": _last_dice(self.log),
        }


def _last_dice(log: EventLog) -> list[int]:
    for event in reversed(log.events):
        if event.kind == "roll":
            return list(event.data["dice"])
    return []


def view(snapshot: dict[str, Any], seats: set[int], finished: bool) -> dict[str, Any]:
    """Nothing on a Monopoly table is hidden from a seat: the snapshot as it is."""
    return snapshot


def hidden_from(event: Event, seats: set[int], finished: bool) -> bool:
    return event.kind in HIDDEN_KINDS


def _p(seat: Any) -> str:
    return "the bank" if seat is None or seat < 0 else f"Player {seat + 1}"


WORDS = {
    "order": lambda d: "Order of play: " + ", ".join(_p(s) for s in d["order"]),
    "turn": lambda d: f"Round {d['round']}: {_p(d['seat'])} to play",
    "roll": lambda d: f"{_p(d['seat'])} rolls {d['dice'][0]} and {d['dice'][1]}",
    "move": lambda d: (
        f"{_p(d['seat'])} moves to {sq(d['to'])}" + (" passing Start" if d["passed_go"] else "")
    ),
    "card": lambda d: f"{_p(d['seat'])} draws: {d['text']}",
    "deed": lambda d: f"{_p(d['seat'])} gets {sq(d['square'])} for {d['price']} ({d['how']})",
    "decline": lambda d: f"{_p(d['seat'])} does not buy {sq(d['square'])}",
    "auction": lambda d: (
        "Auction: nobody bids"
        if d["winner"] is None
        else f"Auction won by {_p(d['winner'])} for {d['price']}"
    ),
    "pay": lambda d: f"{_p(d['seat'])} pays {d['amount']} to {_p(d['to'])} ({d['reason']})",
    "salary": lambda d: f"{_p(d['seat'])} collects {d['amount']}",
    "receive": lambda d: f"{_p(d['seat'])} receives {d['amount']}",
    "jail": lambda d: f"{_p(d['seat'])} goes to prison",
    "jail_leave": lambda d: f"{_p(d['seat'])} leaves prison ({d['how']})",
    "manage": lambda d: (
        f"{_p(d['seat'])}: {d['action']} "
        + (sq(d["square"]) if "square" in d else d.get("group", ""))
    ),
    "trade": lambda d: (
        f"Trade offered by {_p(d['proposer'])} to {_p(d['partner'])}: "
        + ("accepted" if d["accepted"] else "refused")
    ),
    "deed_offer": lambda d: f"{_p(d['debtor'])} offers deeds to {_p(d['creditor'])}",
    "deeds_paid": lambda d: f"{_p(d['seat'])} pays {_p(d['to'])} in deeds worth {d['value']}",
    "bankrupt": lambda d: f"{_p(d['seat'])} goes bankrupt",
    "ring": lambda d: f"The One Ring moves to {sq(d['square'])}",
    "game_over": lambda d: f"Game over ({d['termination']}): {_p(d['winner'])} wins",
}


def words(event: Event) -> str | None:
    describe = WORDS.get(event.kind)
    return describe(event.data) if describe else None


def board() -> dict[str, Any]:
    from battlesim.replay_data import monopoly_board

    return monopoly_board()

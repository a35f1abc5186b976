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
from battlesim.play.phrases import Phrase, Square
from battlesim.play.phrases import Phrase as _
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


def sq(square: int) -> Square:
    """A square, named in the reader's language when shown."""
    return Square(square)


def _action_option(action: ManageAction, state: GameState) -> Option:
    if isinstance(action, Build):
        level = state.level[action.square]
        cost = SQUARES[action.square].build_cost
        label = (
            _("Build a fortress on {square} ({cost})", square=sq(action.square), cost=cost)
            if level == state.variant.houses_for_hotel
            else _("Build a stronghold on {square} ({cost})", square=sq(action.square), cost=cost)
        )
        return Option(f"build:{action.square}", label, _("Build"))
    if isinstance(action, SellBuilding):
        label = _("Sell a stronghold on {square}", square=sq(action.square))
        return Option(f"sell:{action.square}", label, _("Sell"))
    if isinstance(action, BreakFortress):
        label = _("Break the fortress on {square}", square=sq(action.square))
        return Option(f"break:{action.square}", label, _("Sell"))
    if isinstance(action, SellFortresses):
        label = _("Sell the fortresses of {group}", group=action.group.value)
        return Option(f"sellf:{action.group.value}", label, _("Sell"))
    if isinstance(action, Mortgage):
        value = SQUARES[action.square].mortgage
        label = _("Mortgage {square} (+{value})", square=sq(action.square), value=value)
        return Option(f"mortgage:{action.square}", label, _("Mortgage"))
    assert isinstance(action, Unmortgage)
    cost = state.unmortgage_cost(action.square)
    label = _("Lift the mortgage on {square} (-{cost})", square=sq(action.square), cost=cost)
    return Option(f"lift:{action.square}", label, _("Mortgage"))


class PersonSeat:
    """A person's answers to every Monopoly decision point, from the script."""

    def __init__(self, seat: int, script: Script) -> None:
        self.seat = seat
        self.script = script

    def _ask(self, prompt: Prompt) -> Any:
        return self.script.ask(prompt)

    def _yes(
        self, kind: str, text: Phrase, yes: Phrase | None = None, no: Phrase | None = None
    ) -> bool:
        return self._ask(yes_no(self.seat, kind, text, yes, no)) == "yes"

    # -- buying and auctions -----------------------------------------------------------
    def decide_buy(self, state: GameState, seat: int, square: int) -> bool:
        price, cash = SQUARES[square].price, state.players[seat].cash
        text = _(
            "Buy {square} for {price}? You hold {cash}. If not, it goes to auction.",
            square=sq(square),
            price=price,
            cash=cash,
        )
        return self._yes("buy", text, _("Buy for {price}", price=price), _("Auction it"))

    def _bid(
        self, kind: str, what: Phrase | Square, high: int, leader: int | None, cash: int
    ) -> int | None:
        lead = (
            _("no bid yet")
            if leader is None
            else _("highest bid {high} by player {number}", high=high, number=leader + 1)
        )
        steps = sorted({high + 1, high + 10, high + 50, high + 100, high + 200})
        options = [Option("pass", _("Pass (drop out)"))]
        options += [Option(str(b), _("Bid {amount}", amount=b)) for b in steps if b <= cash]
        text = _("Auction of {what}: {lead}.", what=what, lead=lead)
        choice = self._ask(Prompt(self.seat, kind, text, options))
        return None if choice == "pass" else int(choice)

    def bid(
        self, state: GameState, seat: int, square: int, high: int, leader: int | None
    ) -> int | None:
        return self._bid("bid", sq(square), high, leader, state.players[seat].cash)

    def bid_building(
        self, state: GameState, seat: int, high: int, leader: int | None, fortress: bool
    ) -> int | None:
        what = _("a fortress") if fortress else _("a stronghold")
        return self._bid("bid_building", what, high, leader, state.players[seat].cash)

    def place_building(self, state: GameState, seat: int, fortress: bool | None) -> int | None:
        squares = []
        for square in buildable(state, seat):
            is_fortress = state.level[square] == state.variant.houses_for_hotel
            if fortress is None or fortress == is_fortress:
                squares.append(square)
        if not squares:
            return None
        options = [Option("none", _("No, I do not want one"))]
        options += [Option(str(s), _("On {square}", square=sq(s)), _("Build")) for s in squares]
        text = (
            _("The bank is short of buildings: would you build a fortress now, and where?")
            if fortress
            else _("The bank is short of buildings: would you build a stronghold now, and where?")
        )
        choice = self._ask(Prompt(self.seat, "want_building", text, options))
        return None if choice == "none" else int(choice)

    def claim_ring_territory(self, state: GameState, seat: int, square: int) -> bool:
        text = _("The One Ring is on {square}: take the deed for free?", square=sq(square))
        return self._yes("ring_claim", text, _("Take it"), _("Leave it"))

    # -- prison and cards --------------------------------------------------------------
    def jail_choice(self, state: GameState, seat: int) -> JailChoice:
        player = state.players[seat]
        options = [Option("roll", _("Roll for doubles"))]
        if player.cash >= JAIL_FINE:
            options.append(Option("pay", _("Pay {amount}", amount=JAIL_FINE)))
        if player.jail_cards:
            options.append(Option("use_card", _("Use a release card")))
        prompt = Prompt(self.seat, "jail", _("You are in prison."), options)
        return JailChoice(self._ask(prompt))

    def pay_or_draw(self, state: GameState, seat: int) -> bool:
        text = _("Pay the small fine, or draw a Peuple card instead?")
        return self._yes("pay_or_draw", text, _("Draw a card"), _("Pay the fine"))

    # -- management --------------------------------------------------------------------
    def _manage(
        self, state: GameState, seat: int, kind: str, text: Phrase, done: Phrase
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
        cash = state.players[seat].cash
        text = _("Build, sell or mortgage ({cash} in hand), or end your turn.", cash=cash)
        return self._manage(state, seat, "manage", text, _("End my turn"))

    def between_turns_action(self, state: GameState, seat: int) -> ManageAction | None:
        open_ = [a for a in state.legal_actions(seat) if isinstance(a, Build | Unmortgage)]
        if not open_:
            return None
        text = _("Between turns: build or lift a mortgage now, or carry on.")
        return self._manage(state, seat, "between_turns", text, _("Carry on"))

    def raise_cash(self, state: GameState, seat: int, amount: int) -> ManageAction | None:
        cash = state.players[seat].cash
        actions = [a for a in state.legal_actions(seat) if not isinstance(a, Build | Unmortgage)]
        if not actions:
            return None
        by_id = {}
        options = [Option("done", _("Give up (go bankrupt)"))]
        for action in actions:
            option = _action_option(action, state)
            by_id[option.id] = action
            options.append(option)
        text = _(
            "You owe {amount} and hold {cash}: sell or mortgage to raise the rest.",
            amount=amount,
            cash=cash,
        )
        choice = self._ask(Prompt(self.seat, "raise_cash", text, options))
        return None if choice == "done" else by_id[choice]

    def lift_mortgage_now(self, state: GameState, seat: int, square: int) -> bool:
        cost = SQUARES[square].mortgage
        text = _(
            "You received {square} mortgaged: lift the mortgage now ({cost})?",
            square=sq(square),
            cost=cost,
        )
        return self._yes("lift_now", text, _("Lift it now"), _("Keep it mortgaged"))

    # -- debts paid in deeds -----------------------------------------------------------
    def offer_deeds(
        self, state: GameState, seat: int, creditor: int, shortfall: int
    ) -> tuple[int, ...]:
        deeds = tuple(tradeable_deeds(state, seat))
        if not deeds:
            return ()
        text = _(
            "You are {shortfall} short of paying player {number}: offer your deeds ({names})?",
            shortfall=shortfall,
            number=creditor + 1,
            names=[sq(s) for s in deeds],
        )
        offered = self._yes("offer_deeds", text, _("Offer them"), _("Offer nothing"))
        return deeds if offered else ()

    def accept_deeds(self, state: GameState, seat: int, offer: DeedOffer) -> DeedSettlement | None:
        text = _(
            "Player {number} is {shortfall} short and offers {names} instead.",
            number=offer.debtor + 1,
            shortfall=offer.shortfall,
            names=[sq(s) for s in offer.squares],
        )
        take, refuse = _("Take the deeds"), _("Refuse (they go bankrupt)")
        if self._yes("accept_deeds", text, take, refuse):
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
            _("Propose a trade to another player, or go on."),
            [Option("none", _("No trade"))],
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
        text = _(
            "Player {number} offers a trade: {trade}.",
            number=trade.proposer + 1,
            trade=trade_words(trade),
        )
        return self._yes("accept_trade", text, _("Accept"), _("Refuse"))


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


def _side(squares: tuple[int, ...], cash: int, cards: int) -> list[Any] | Phrase:
    items: list[Any] = [sq(s) for s in squares] + ([str(cash)] if cash else [])
    items += [_("{count} release card(s)", count=cards)] if cards else []
    return items or _("nothing")


def trade_words(trade: Trade) -> Phrase:
    gives = _side(trade.give, trade.give_cash, trade.give_cards)
    takes = _side(trade.take, trade.take_cash, trade.take_cards)
    return _("gives {gives} for {takes}", gives=gives, takes=takes)


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


def _p(seat: Any) -> Phrase:
    return _("the bank") if seat is None or seat < 0 else _("Player {number}", number=seat + 1)


# The engine's own words inside a line (how a deed was got, why a sum is paid, a card's
# text, a management action) are the engine's codes and texts, shown as they are.
WORDS = {
    "order": lambda d: _("Order of play: {players}", players=[_p(s) for s in d["order"]]),
    "turn": lambda d: _("Round {round}: {player} to play", round=d["round"], player=_p(d["seat"])),
    "roll": lambda d: _(
        "{player} rolls {first} and {second}",
        player=_p(d["seat"]),
        first=d["dice"][0],
        second=d["dice"][1],
    ),
    "move": lambda d: (
        _("{player} moves to {square} passing Start", player=_p(d["seat"]), square=sq(d["to"]))
        if d["passed_go"]
        else _("{player} moves to {square}", player=_p(d["seat"]), square=sq(d["to"]))
    ),
    "card": lambda d: _("{player} draws: {text}", player=_p(d["seat"]), text=d["text"]),
    "deed": lambda d: _(
        "{player} gets {square} for {price} ({how})",
        player=_p(d["seat"]),
        square=sq(d["square"]),
        price=d["price"],
        how=d["how"],
    ),
    "decline": lambda d: _(
        "{player} does not buy {square}", player=_p(d["seat"]), square=sq(d["square"])
    ),
    "auction": lambda d: (
        _("Auction: nobody bids")
        if d["winner"] is None
        else _("Auction won by {player} for {price}", player=_p(d["winner"]), price=d["price"])
    ),
    "pay": lambda d: _(
        "{player} pays {amount} to {to} ({reason})",
        player=_p(d["seat"]),
        amount=d["amount"],
        to=_p(d["to"]),
        reason=d["reason"],
    ),
    "salary": lambda d: _("{player} collects {amount}", player=_p(d["seat"]), amount=d["amount"]),
    "receive": lambda d: _("{player} receives {amount}", player=_p(d["seat"]), amount=d["amount"]),
    "jail": lambda d: _("{player} goes to prison", player=_p(d["seat"])),
    "jail_leave": lambda d: _("{player} leaves prison ({how})", player=_p(d["seat"]), how=d["how"]),
    "manage": lambda d: _(
        "{player}: {action} {what}",
        player=_p(d["seat"]),
        action=d["action"],
        what=sq(d["square"]) if "square" in d else d.get("group", ""),
    ),
    "trade": lambda d: (
        _(
            "Trade offered by {player} to {partner}: accepted",
            player=_p(d["proposer"]),
            partner=_p(d["partner"]),
        )
        if d["accepted"]
        else _(
            "Trade offered by {player} to {partner}: refused",
            player=_p(d["proposer"]),
            partner=_p(d["partner"]),
        )
    ),
    "deed_offer": lambda d: _(
        "{player} offers deeds to {creditor}", player=_p(d["debtor"]), creditor=_p(d["creditor"])
    ),
    "deeds_paid": lambda d: _(
        "{player} pays {to} in deeds worth {value}",
        player=_p(d["seat"]),
        to=_p(d["to"]),
        value=d["value"],
    ),
    "bankrupt": lambda d: _("{player} goes bankrupt", player=_p(d["seat"])),
    "ring": lambda d: _("The One Ring moves to {square}", square=sq(d["square"])),
    "game_over": lambda d: _(
        "Game over ({ending}): {player} wins", ending=d["termination"], player=_p(d["winner"])
    ),
}


def words(event: Event) -> Phrase | None:
    describe = WORDS.get(event.kind)
    return describe(event.data) if describe else None


def board() -> dict[str, Any]:
    from battlesim.replay_data import monopoly_board

    return monopoly_board()

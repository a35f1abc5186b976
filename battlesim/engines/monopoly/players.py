"""Player strategies: they read the state and choose; the rules check and apply.

Every strategy answers the same decision points: buy, bid, build (in its turn and between
the others' turns), mortgage, trade, prison, and a debt paid partly in deeds (offer, accept).
``Player`` is a plain, sensible base; each strategy changes a few parameters or one decision.
"""

from __future__ import annotations

from typing import ClassVar, Protocol

from mypy_extensions import mypyc_attr

from battlesim.engines.dice import Dice
from battlesim.engines.monopoly.actions import (
    BreakFortress,
    Build,
    DeedOffer,
    DeedSettlement,
    JailChoice,
    ManageAction,
    Mortgage,
    SellBuilding,
    SellFortresses,
    Trade,
    Unmortgage,
)
from battlesim.engines.monopoly.data import (
    GROUPS,
    JAIL_FINE,
    SQUARES,
    Seat,
    SquareIndex,
)
from battlesim.engines.monopoly.state import (
    UNMORTGAGE_COST,
    GameState,
    interest,
)
from battlesim.engines.monopoly.trading import (
    CARD_VALUE,
    Appetite,
    accepts,
    best_offer,
    tradeable,
)

BID_STEP = 10


@mypyc_attr(allow_interpreted_subclasses=True)  # as its subclass Player
class Strategy(Protocol):
    """The decisions the rules ask of a seat: a ``Player`` (every strategy), or any object
    with these methods (at a play table, a person's seat or an AI behind a proxy). The rules
    hold seats by this protocol: a compiled build (mypyc) then checks no class at these calls
    and still calls a ``Player``'s methods natively."""

    def decide_buy(self, state: GameState, seat: Seat, square: SquareIndex) -> bool: ...

    def bid(
        self, state: GameState, seat: Seat, square: SquareIndex, high: int, leader: Seat | None
    ) -> int | None: ...

    def bid_building(
        self, state: GameState, seat: Seat, high: int, leader: Seat | None, fortress: bool
    ) -> int | None: ...

    def claim_ring_territory(self, state: GameState, seat: Seat, square: SquareIndex) -> bool: ...

    def jail_choice(self, state: GameState, seat: Seat) -> JailChoice: ...

    def pay_or_draw(self, state: GameState, seat: Seat) -> bool: ...

    def next_action(self, state: GameState, seat: Seat) -> ManageAction | None: ...

    def build_or_lift(self, state: GameState, seat: Seat) -> ManageAction | None: ...

    def place_building(self, state: GameState, seat: Seat, fortress: bool | None) -> int | None: ...

    def lift_mortgage_now(self, state: GameState, seat: Seat, square: SquareIndex) -> bool: ...

    def raise_cash(self, state: GameState, seat: Seat, amount: int) -> ManageAction | None: ...

    def offer_deeds(
        self, state: GameState, seat: Seat, creditor: Seat, shortfall: int
    ) -> tuple[SquareIndex, ...]: ...

    def accept_deeds(
        self, state: GameState, seat: Seat, offer: DeedOffer
    ) -> DeedSettlement | None: ...

    def propose_trade(self, state: GameState, seat: Seat) -> Trade | None: ...

    def accept_trade(self, state: GameState, seat: Seat, trade: Trade) -> bool: ...

    def between_turns_action(self, state: GameState, seat: Seat) -> ManageAction | None: ...


@mypyc_attr(allow_interpreted_subclasses=True)  # compiled: strategies may be Python
class Player(Strategy):
    """A steady player: buys what it can afford above its reserve, builds evenly."""

    name: ClassVar[str] = "base"
    reserve = 0  # cash kept back when buying or building
    bid_factor = 1.0  # highest bid as a share of the printed price
    max_level = 5  # build up to this level (5 = fortress in the standard game)
    jail = JailChoice.PAY
    appetite = Appetite()  # how trades are weighed (see trading.py)
    deed_premium = 1.5  # a deed taken for a debt is worth this much more if it matters

    def __init__(self, dice: Dice) -> None:
        self.dice = dice
        # The table when this player last had nothing to build or lift: its cash, the owner
        # changes, the bank's stock, the levels and the mortgages (see ``_still_idle``).
        self._idle: tuple[int, int, int, int, list[int], list[bool]] | None = None

    # -- buying ------------------------------------------------------------------------
    def decide_buy(self, state: GameState, seat: Seat, square: SquareIndex) -> bool:
        return state.players[seat].cash - SQUARES[square].price >= self.reserve

    def bid_limit(self, state: GameState, seat: Seat, square: SquareIndex) -> int:
        cash = state.players[seat].cash - self.reserve
        return min(cash, int(SQUARES[square].price * self.bid_factor))

    def bid(
        self, state: GameState, seat: Seat, square: SquareIndex, high: int, leader: Seat | None
    ) -> int | None:
        return next_bid(high, self.bid_limit(state, seat, square), leader)

    def bid_building(
        self, state: GameState, seat: Seat, high: int, leader: Seat | None, fortress: bool
    ) -> int | None:
        square = self.place_building(state, seat, fortress)
        if square is None:
            return None
        limit = min(state.players[seat].cash - self.reserve, 2 * SQUARES[square].build_cost)
        return next_bid(high, limit, leader)

    def claim_ring_territory(self, state: GameState, seat: Seat, square: SquareIndex) -> bool:
        return True

    # -- prison and cards --------------------------------------------------------------
    def jail_choice(self, state: GameState, seat: Seat) -> JailChoice:
        player = state.players[seat]
        if player.jail_cards:
            return JailChoice.USE_CARD
        if self.jail is JailChoice.PAY and player.cash >= JAIL_FINE + self.reserve:
            return JailChoice.PAY
        return JailChoice.ROLL

    def pay_or_draw(self, state: GameState, seat: Seat) -> bool:
        """True draws a Peuple card instead of paying the small fine."""
        return False

    # -- management ----------------------------------------------------------------------
    def next_action(self, state: GameState, seat: Seat) -> ManageAction | None:
        """One build or mortgage lift at a time, or None to end the turn's management."""
        if not state.complete_groups(seat) and True not in state.mortgaged:
            return None  # nothing to build on, nothing to lift: most players, most turns
        return self.build_or_lift(state, seat)

    def build_or_lift(self, state: GameState, seat: Seat) -> ManageAction | None:
        """``next_action`` past its first test (the rules ask this directly when they have
        read that test themselves: ``idle_without_groups``)."""
        cash = state.players[seat].cash
        if self._still_idle(state, seat, cash):
            return None
        square = self.place_building(state, seat, None)
        if square is not None:
            return Build(square)
        action = self.lift_one(state, seat)
        if action is None:
            stock = (state.houses_left, state.hotels_left)
            self._idle = (cash, state.owner_changes, *stock, state.level[:], state.mortgaged[:])
        return action

    def _still_idle(self, state: GameState, seat: Seat, cash: int) -> bool:
        """Nothing to build or lift now either: the table (owners, stock, levels, mortgages)
        is as it was when there was nothing and the cash is no more. Building and lifting
        need cash above a fixed line; the rest they read is that table. (The plans are
        asked about twice a turn with nothing to do; ``seat`` is this player's.)"""
        idle = self._idle
        return (
            idle is not None
            and cash <= idle[0]
            and idle[1] == state.owner_changes
            and idle[2] == state.houses_left
            and idle[3] == state.hotels_left
            and idle[4] == state.level
            and idle[5] == state.mortgaged
        )

    def between_turns_action(self, state: GameState, seat: Seat) -> ManageAction | None:
        """Between the other players' turns: the same steady building and lifting."""
        return self.next_action(state, seat)

    @classmethod
    def idle_without_groups(cls) -> bool:
        """Does this player's management plan (its turn's and between turns) do nothing while
        it owns no complete group and no deed is mortgaged? (True for the plan above; a
        subclass that changes it is asked.)"""
        return (
            cls.next_action is Player.next_action
            and cls.between_turns_action is Player.between_turns_action
        )

    def place_building(self, state: GameState, seat: Seat, fortress: bool | None) -> int | None:
        """The square this player would build on now (of the given kind), or None."""
        options = []
        hotel, levels, spare = state.hotel_level, state.level, self.reserve
        cash = state.players[seat].cash
        for square in state.buildable(seat, below=self.max_level):
            level = levels[square]
            if fortress is not None and fortress != (level == hotel):
                continue
            cost = SQUARES[square].build_cost
            if cash - cost >= spare:
                options.append((level, -cost, square))
        return min(options)[2] if options else None

    def lift_one(self, state: GameState, seat: Seat) -> Unmortgage | None:
        if True not in state.mortgaged:
            return None  # no mortgage on the board (the common case, asked every turn)
        spare = state.players[seat].cash - self.reserve - 200
        mortgaged = state.mortgaged
        for square in state.deeds_of(seat):  # unmortgage_cost, read from its table
            if mortgaged[square] and UNMORTGAGE_COST[square] <= spare:
                return Unmortgage(square)
        return None

    def lift_mortgage_now(self, state: GameState, seat: Seat, square: SquareIndex) -> bool:
        return state.players[seat].cash - SQUARES[square].mortgage >= self.reserve + 200

    def raise_cash(self, state: GameState, seat: Seat, amount: int) -> ManageAction | None:
        """Mortgage loose deeds first, then sell buildings, then mortgage the rest: the first
        legal action of that order, deeds in board order and groups in their order (read
        rank by rank: a debt asks this again after every sale)."""
        deeds, bound = state.deeds_of(seat), []
        for square in deeds:  # a loose deed, the first in board order
            if state.mortgaged[square] or state.level[square]:
                continue  # refused (001:L259)
            mortgage = Mortgage(square)
            if state.owns_group(seat, state.group_of(square)):
                bound.append(mortgage)  # the last rank
            elif state.refusal(seat, mortgage) is None:
                return mortgage
        sales: list[ManageAction] = [
            BreakFortress(square) if state.is_fortress(square) else SellBuilding(square)
            for square in deeds
            if state.level[square]
        ]
        # (only groups holding a fortress: the others' sale is refused, 001:L241)
        sales += [SellFortresses(group) for group in state.fortress_groups()]
        return next((a for a in (*sales, *bound) if state.refusal(seat, a) is None), None)

    # -- a debt paid partly in deeds (001:L271) -------------------------------------------
    def offer_deeds(
        self, state: GameState, seat: Seat, creditor: Seat, shortfall: int
    ) -> tuple[SquareIndex, ...]:
        """Everything that may change hands: better than bankruptcy."""
        return tuple(tradeable(state, seat))

    def accept_deeds(self, state: GameState, seat: Seat, offer: DeedOffer) -> DeedSettlement | None:
        """Take deeds that complete or block a group if worth the shortfall; else refuse."""
        if len(state.active_seats()) <= 2:
            return None  # the debtor's bankruptcy wins the game
        wanted = [s for s in offer.squares if _group_matters(state, seat, s)]
        wanted.sort(key=lambda s: (-_net_deed_value(state, s), s))
        taken: list[SquareIndex] = []
        for square in wanted:
            taken.append(square)
            worth = sum(_net_deed_value(state, s) for s in taken) * self.deed_premium
            if worth >= offer.shortfall:
                return DeedSettlement(tuple(taken), offer.shortfall)
        return None

    # -- trades ------------------------------------------------------------------------
    def propose_trade(self, state: GameState, seat: Seat) -> Trade | None:
        """A release card when in prison without one (001:L225), else the best deal by the
        one trading rule (trading.py): a missing deed for a deed or cash."""
        player = state.players[seat]
        if player.in_jail and not player.jail_cards and player.cash >= CARD_VALUE + 10:
            for other in state.active_seats():
                if other != seat and state.players[other].jail_cards:
                    return Trade(seat, other, give_cash=CARD_VALUE + 10, take_cards=1)
        return best_offer(state, seat, self.appetite, self.reserve)

    def accept_trade(self, state: GameState, seat: Seat, trade: Trade) -> bool:
        return accepts(state, seat, trade, self.appetite)


class BuyEverything(Player):
    """Buys every deed it can pay for, bids up to the price, leaves prison at once."""

    name = "acquisitive"


class CashReserve(Player):
    """Keeps a cash reserve, bids below the price and waits in prison for doubles."""

    name = "cautious"
    reserve = 350
    bid_factor = 0.8
    jail = JailChoice.ROLL
    appetite = Appetite(threat=2.0, margin=50)


class ThreeStrongholds(Player):
    """Builds at once up to three strongholds everywhere (the best return per Pouvoir)."""

    name = "builder"
    reserve = 50
    max_level = 3


class MonopolyHunter(Player):
    """Buys to complete or block groups, overbids for them and values its own groups most."""

    name = "hunter"
    reserve = 100
    appetite = Appetite(completion=1.5)

    def decide_buy(self, state: GameState, seat: Seat, square: SquareIndex) -> bool:
        keen = _group_matters(state, seat, square)
        floor = 0 if keen else self.reserve
        return state.players[seat].cash - SQUARES[square].price >= floor

    def bid_limit(self, state: GameState, seat: Seat, square: SquareIndex) -> int:
        factor = 1.5 if _group_matters(state, seat, square) else 1.0
        return min(state.players[seat].cash, int(SQUARES[square].price * factor))


class RandomPlayer(Player):
    """Chooses at random among legal options (through the one Dice): a fuzzer for the rules."""

    name = "random"

    def _coin(self, purpose: str) -> bool:
        return self.dice.roll(2, purpose) == 1

    def decide_buy(self, state: GameState, seat: Seat, square: SquareIndex) -> bool:
        return self._coin("random buy")

    def bid(
        self, state: GameState, seat: Seat, square: SquareIndex, high: int, leader: Seat | None
    ) -> int | None:
        if self._coin("random bid"):
            return None
        return next_bid(high, min(state.players[seat].cash, 2 * SQUARES[square].price), leader)

    def jail_choice(self, state: GameState, seat: Seat) -> JailChoice:
        player = state.players[seat]
        options = [JailChoice.ROLL]
        options += [JailChoice.PAY] if player.cash >= JAIL_FINE else []
        options += [JailChoice.USE_CARD] if player.jail_cards else []
        return self.dice.choice(options, "random prison")

    def pay_or_draw(self, state: GameState, seat: Seat) -> bool:
        return self._coin("random pay or draw")

    def next_action(self, state: GameState, seat: Seat) -> ManageAction | None:
        if self._coin("random manage"):
            return None
        actions = state.legal_actions(seat)
        return self.dice.choice(actions, "random action") if actions else None

    def lift_mortgage_now(self, state: GameState, seat: Seat, square: SquareIndex) -> bool:
        return self._coin("random lift")

    def propose_trade(self, state: GameState, seat: Seat) -> Trade | None:
        if self.dice.roll(4, "random trade") != 1:
            return None
        others = [o for o in state.active_seats() if o != seat]
        mine = [s for s in state.deeds_of(seat) if not state.group_has_buildings(state.group_of(s))]
        if not others or not mine:
            return None
        partner = self.dice.choice(others, "random partner")
        theirs = [
            s for s in state.deeds_of(partner) if not state.group_has_buildings(state.group_of(s))
        ]
        take = (self.dice.choice(theirs, "random take"),) if theirs else ()
        give = (self.dice.choice(mine, "random give"),)
        cash = min(state.players[seat].cash, self.dice.roll(10, "random cash") * 20)
        return Trade(seat, partner, give=give, take=take, give_cash=cash)

    def accept_trade(self, state: GameState, seat: Seat, trade: Trade) -> bool:
        return self._coin("random accept")

    def accept_deeds(self, state: GameState, seat: Seat, offer: DeedOffer) -> DeedSettlement | None:
        if self._coin("random accept deeds"):
            return None
        return DeedSettlement(offer.squares, offer.shortfall)


STRATEGIES: dict[str, type[Player]] = {
    cls.name: cls for cls in (BuyEverything, CashReserve, ThreeStrongholds, MonopolyHunter)
}
STRATEGIES[RandomPlayer.name] = RandomPlayer


def buildable(state: GameState, seat: Seat) -> list[SquareIndex]:
    """Squares where ``seat`` may legally build now (001:L235, L241, L245)."""
    return state.buildable(seat)


def next_bid(high: int, limit: int, leader: Seat | None) -> int | None:
    """Raise by a step, or by one near the limit; an opening bid is at least one step."""
    bid = max(high + 1, BID_STEP) if leader is None else high + BID_STEP
    if bid > limit:
        bid = high + 1
    return bid if bid <= limit else None


def _deed_value(state: GameState, square: SquareIndex) -> int:
    price = SQUARES[square].price
    return price // 2 if state.mortgaged[square] else price


def _net_deed_value(state: GameState, square: SquareIndex) -> int:
    """A deed's value to its taker, less the 10 % due on a mortgaged one (001:L261)."""
    due = interest(SQUARES[square].mortgage) if state.mortgaged[square] else 0
    return _deed_value(state, square) - due


def _group_matters(state: GameState, seat: Seat, square: SquareIndex) -> bool:
    """Owning the rest of this group, or an opponent owning it: worth paying more."""
    group = SQUARES[square].group
    if group is None:
        return False
    owners = {state.owner[s] for s in GROUPS[group] if s != square} - {None}
    return len(owners) == 1

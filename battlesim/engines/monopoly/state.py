"""The state of one game: money, deeds, buildings, tokens; legal management actions and values.

Money moves only through ``transfer``; the bank is an account that may go negative, since
"la banque ne fait jamais faillite" (001:L148). Bank plus players therefore always sum to zero.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from operator import itemgetter
from typing import Any

from battlesim.engines.monopoly.actions import (
    BreakFortress,
    Build,
    DeedOffer,
    DeedSettlement,
    IllegalActionError,
    ManageAction,
    Mortgage,
    SellBuilding,
    SellFortresses,
    Trade,
    Unmortgage,
)
from battlesim.engines.monopoly.data import (
    BANK_HOTELS,
    BANK_HOUSES,
    BOARD_SIZE,
    DEEDS,
    GROUPS,
    HOUSES_FOR_HOTEL,
    MORTGAGE_INTEREST_PERCENT,
    MOUNT_RENTS,
    RING_START,
    SQUARES,
    STAFF_MULTIPLIERS,
    START_CASH,
    Card,
    Group,
    Seat,
    SquareIndex,
    SquareKind,
)
from battlesim.engines.monopoly.outcome import Outcome, Termination

BANK: Seat = -1
# Every kind of management action, in the order legal_actions lists them.
MANAGE_KINDS: tuple[type, ...] = (
    Build,
    SellBuilding,
    BreakFortress,
    Mortgage,
    Unmortgage,
    SellFortresses,
)
TERRITORY_GROUPS = tuple(g for g in Group if g not in (Group.MOUNTS, Group.STAFFS))
_TERRITORY_MEMBERS = tuple(GROUPS[g] for g in TERRITORY_GROUPS)
# Each territory group's squares read from a per-square list at once (every group has two
# or three squares, so each reader returns a tuple).
_READ_GROUP = {members: itemgetter(*members) for members in _TERRITORY_MEMBERS}
_READ_GROUP_OF = {group: itemgetter(*members) for group, members in GROUPS.items()}


@dataclass(frozen=True, slots=True)
class Variant:
    """Which rules are on: quick game, time limit (in rounds), One Ring, safety cap."""

    quick: bool = False
    one_ring: bool = False
    time_limit_rounds: int | None = None
    max_rounds: int = 500
    # Stop once every player still in holds more cash than this (a simulators' convention,
    # off by default: the rules know no such end).
    all_rich_cash: int | None = None

    @property
    def houses_for_hotel(self) -> int:
        return 3 if self.quick else HOUSES_FOR_HOTEL

    @property
    def fortress_level(self) -> int:
        return self.houses_for_hotel + 1

    @property
    def deals_deeds(self) -> bool:
        return self.quick or self.time_limit_rounds is not None


@dataclass(slots=True)
class PlayerState:
    seat: Seat
    strategy: str
    cash: int = 0
    position: SquareIndex = 0
    in_jail: bool = False
    jail_attempts: int = 0
    jail_cards: list[Card] = field(default_factory=list)
    bankrupt: bool = False


def interest(amount: int) -> int:
    """10 % of ``amount``, rounded up (ASSUMPTIONS["mortgage_rounding"])."""
    return -(-amount * MORTGAGE_INTEREST_PERCENT // 100)


class GameState:
    """Everything on the table; the rules module drives it, players only read it."""

    def __init__(self, strategies: Sequence[str], variant: Variant | None = None) -> None:
        self.variant = variant or Variant()
        self._fortress = self.variant.fortress_level  # read on every rent and check
        self.hotel_level = (
            self.variant.houses_for_hotel
        )  # read on every building plan (players too)
        self.players = [PlayerState(seat, name) for seat, name in enumerate(strategies)]
        # The owner of each square: a plain list (read about fifteen times a turn; a list
        # subclass misses the interpreter's fast paths), changed only through ``set_owner``,
        # which counts the changes: what depends on ownership alone (each seat's deeds, the
        # groups it completes or lacks one deed of) is kept on that count.
        self.owner: list[Seat | None] = [None] * BOARD_SIZE
        self.owner_changes = 0
        # Each seat's complete groups and groups lacking one deed, as of ``_groups_seen``.
        self._complete: dict[Seat, tuple[tuple[SquareIndex, ...], ...]] = {}
        self._lacking: dict[Seat, tuple[tuple[Group, SquareIndex], ...]] = {}
        self._groups_seen = -1
        self._deeds: dict[Seat, tuple[int, list[SquareIndex]]] = {}
        self.offers: dict[Any, Any] = {}  # the trade plan's deals before cash (trading.py)
        self.level = [0] * BOARD_SIZE
        self.mortgaged = [False] * BOARD_SIZE
        self.bank_cash = 0
        self.houses_left = BANK_HOUSES
        self.hotels_left = BANK_HOTELS
        self.ring: SquareIndex | None = RING_START if self.variant.one_ring else None
        self.order: list[Seat] = list(range(len(self.players)))
        self.current: Seat | None = None  # whose turn it is
        self.round = 0
        self.turns = 0
        self.landings = [0] * BOARD_SIZE
        self.termination: Termination | None = None
        self.winner: Seat | None = None
        self.bankrupt_order: list[Seat] = []
        for player in self.players:
            self.transfer(BANK, player.seat, START_CASH)

    def set_owner(self, square: SquareIndex, seat: Seat | None) -> None:
        """Give the deed ``square`` to ``seat`` (None: back to the bank)."""
        self.owner[square] = seat
        self.owner_changes += 1

    # -- money -------------------------------------------------------------------------
    def cash_of(self, seat: Seat) -> int:
        return self.bank_cash if seat == BANK else self.players[seat].cash

    def transfer(self, payer: Seat, payee: Seat, amount: int) -> None:
        """Move money; only the bank may go below zero."""
        if amount < 0:
            raise ValueError(f"negative transfer {amount}")
        # each side's account changed in place (about 360 transfers a game, two sides each)
        if payer == BANK:
            self.bank_cash -= amount
        else:
            player = self.players[payer]
            if player.cash < amount:
                raise IllegalActionError(f"seat {payer} cannot pay {amount}")
            player.cash -= amount
        if payee == BANK:
            self.bank_cash += amount
        else:
            self.players[payee].cash += amount

    # -- reading the table ---------------------------------------------------------------
    @property
    def is_over(self) -> bool:
        return self.termination is not None

    def outcome(self) -> Outcome | None:
        """The result, or None while the game goes on."""
        if self.termination is None or self.winner is None:
            return None
        return Outcome(self.termination, self.winner)

    def active_seats(self) -> list[Seat]:
        return [seat for seat in self.order if not self.players[seat].bankrupt]

    def deeds_of(self, seat: Seat) -> list[SquareIndex]:
        """The deeds ``seat`` holds, in board order (a fresh list: read from one kept until
        an owner changes, since the building, lifting and trade plans ask every turn)."""
        owner = self.owner
        cached = self._deeds.get(seat)
        if cached is None or cached[0] != self.owner_changes:
            cached = (self.owner_changes, [i for i in DEEDS if owner[i] == seat])
            self._deeds[seat] = cached
        return cached[1][:]

    def owns_group(self, seat: Seat, group: Group) -> bool:
        owner, squares = self.owner, GROUPS[group]
        # The first deed settles most calls; the rest counted in C (no generator: a hot path).
        return owner[squares[0]] == seat and _READ_GROUP_OF[group](owner).count(seat) == len(
            squares
        )

    def count_owned(self, seat: Seat, group: Group) -> int:
        return sum(1 for i in GROUPS[group] if self.owner[i] == seat)

    def group_of(self, square: SquareIndex) -> Group:
        group = SQUARES[square].group
        if group is None:
            raise IllegalActionError(f"square {square} is not a deed")
        return group

    def group_has_buildings(self, group: Group) -> bool:
        return any(_READ_GROUP_OF[group](self.level))  # every group has two squares or more

    def groups_built(self, groups: Sequence[Group]) -> tuple[bool, ...]:
        """``group_has_buildings`` of each group, in one call (the trade plan's kept deals
        are checked against it every turn)."""
        level = self.level
        return tuple([any(_READ_GROUP_OF[group](level)) for group in groups])

    def group_has_fortress(self, group: Group) -> bool:
        return self._fortress in _READ_GROUP_OF[group](self.level)

    def fortress_groups(self) -> list[Group]:
        """The territory groups holding a fortress, in their order (one call a debt step)."""
        level, fortress = self.level, self._fortress
        return [g for g in TERRITORY_GROUPS if fortress in _READ_GROUP_OF[g](level)]

    def is_fortress(self, square: SquareIndex) -> bool:
        return self.level[square] == self._fortress

    def houses_on_board(self) -> int:
        """Every level counted, less the fortresses' (a fortress is no stronghold)."""
        fortress = self._fortress
        return sum(self.level) - fortress * self.level.count(fortress)

    def hotels_on_board(self) -> int:
        return self.level.count(self._fortress)

    def buildings_of(self, seat: Seat) -> tuple[int, int]:
        """Return (strongholds, fortresses) owned by ``seat``."""
        houses = hotels = 0
        for i in self.deeds_of(seat):
            if self.is_fortress(i):
                hotels += 1
            else:
                houses += self.level[i]
        return houses, hotels

    # -- rent and value ----------------------------------------------------------------
    def rent(self, square: SquareIndex, dice_total: int) -> int:
        """Rent due by a visitor (001:L182-190); zero on a mortgaged deed."""
        info = SQUARES[square]
        owner = self.owner[square]
        if owner is None or self.mortgaged[square]:
            return 0
        if info.kind is SquareKind.MOUNT:
            return MOUNT_RENTS[self.count_owned(owner, Group.MOUNTS) - 1]
        if info.kind is SquareKind.STAFF:
            return dice_total * STAFF_MULTIPLIERS[self.count_owned(owner, Group.STAFFS) - 1]
        return self._territory_rent(square, owner)

    def _territory_rent(self, square: SquareIndex, owner: Seat) -> int:
        info = SQUARES[square]
        if self.is_fortress(square):
            return info.rents[5]
        if self.level[square]:
            return info.rents[self.level[square]]
        group = GROUPS[self.group_of(square)]
        full = all(self.owner[i] == owner and not self.mortgaged[i] for i in group)
        return info.rents[0] * 2 if full else info.rents[0]  # 001:L182, L237

    def valuation(self, seat: Seat) -> int:
        """Cash, deeds at price (mortgaged at half), buildings at cost (001:L101-107, L295)."""
        total = self.players[seat].cash
        for i in self.deeds_of(seat):
            info = SQUARES[i]
            total += info.price // 2 if self.mortgaged[i] else info.price
            total += self.level[i] * info.build_cost  # a fortress counts its strongholds
        return total

    # -- checks for management actions: the reason for a refusal, or None ------------------
    def _refuse_owner(self, seat: Seat, square: SquareIndex) -> str | None:
        if not 0 <= square < BOARD_SIZE or self.owner[square] != seat:
            return f"seat {seat} does not own square {square}"
        return None

    def check(self, seat: Seat, action: ManageAction) -> None:
        """Refuse an illegal management action with the reason."""
        refusal = self.refusal(seat, action)
        if refusal is not None:
            raise IllegalActionError(refusal)

    def refusal(self, seat: Seat, action: ManageAction) -> str | None:
        """Why ``check`` would refuse ``action``, or None when it is legal (read without
        raising: listing the legal actions asks this of every candidate)."""
        if isinstance(action, SellFortresses):
            return self._refuse_sell_fortresses(seat, action.group)
        return self._refuse_owner(seat, action.square) or _REFUSALS[type(action)](
            self, seat, action.square
        )

    def _refuse_build(self, seat: Seat, square: SquareIndex) -> str | None:
        info = SQUARES[square]
        if info.kind is not SquareKind.TERRITORY:
            return "only territories take buildings"
        group = GROUPS[self.group_of(square)]
        if not self.owns_group(seat, self.group_of(square)):
            return "building needs the whole group (001:L178)"
        if any(self.mortgaged[i] for i in group):
            return "no building while the group has a mortgage (001:L235)"
        lvl = self.level[square]
        if lvl == self.variant.fortress_level:
            return "one fortress per property (001:L241)"
        if lvl > min(self.level[i] for i in group):
            return "build evenly (001:L235)"
        return self._stock_refusal(seat, square, lvl)

    def _stock_refusal(self, seat: Seat, square: SquareIndex, lvl: int) -> str | None:
        if self.players[seat].cash < SQUARES[square].build_cost:
            return "not enough Pouvoir to build"
        return self._bank_refusal(lvl)

    def _bank_refusal(self, lvl: int) -> str | None:
        """Why the bank's stock refuses a building on a square at ``lvl`` (001:L245)."""
        if lvl == self.hotel_level and self.hotels_left < 1:
            return "no fortress left in the bank (001:L245)"
        if lvl < self.hotel_level and self.houses_left < 1:
            return "no stronghold left in the bank (001:L245)"
        return None

    def buildable(self, seat: Seat, below: int | None = None) -> list[SquareIndex]:
        """Squares where ``seat`` may build now: exactly what ``check(seat, Build(square))``
        accepts, judged a group at a time (the building plan asks this every turn); with
        ``below``, only those whose level is under it (a plan's highest level)."""
        squares: list[SquareIndex] = []
        mortgaged, level = self.mortgaged, self.level
        cash = self.players[seat].cash
        # One fortress per property (001:L241): a group at the top takes nothing more.
        top = self._fortress if below is None else min(below, self._fortress)
        for members in self.complete_groups(seat):
            read = _READ_GROUP[members]  # the group's values in one C call
            if True in read(mortgaged):
                continue
            lowest = min(read(level))  # build evenly (001:L235): only the lowest may rise
            if lowest >= top:
                continue
            if self._bank_refusal(lowest) is not None:
                continue  # the stock asked once a group (all its squares at ``lowest``)
            squares += [i for i in members if level[i] == lowest and SQUARES[i].build_cost <= cash]
        return squares

    def complete_groups(self, seat: Seat) -> tuple[tuple[SquareIndex, ...], ...]:
        """The squares of each territory group ``seat`` owns whole (kept until an owner
        changes: the building plan asks every player this every turn)."""
        if self._groups_seen != self.owner_changes:
            self._read_groups()
        return self._complete.get(seat, ())

    def complete_by_seat(self) -> dict[Seat, tuple[tuple[SquareIndex, ...], ...]]:
        """``complete_groups`` of every seat that owns a complete group (the kept dict: the
        caller reads it, never changes it)."""
        if self._groups_seen != self.owner_changes:
            self._read_groups()
        return self._complete

    def lacking_one(self, seat: Seat) -> tuple[tuple[Group, SquareIndex], ...]:
        """(group, the deed ``seat`` lacks) for each territory group it lacks exactly one deed
        of (kept until an owner changes: every player's trade plan asks this every turn)."""
        if self._groups_seen != self.owner_changes:
            self._read_groups()
        return self._lacking.get(seat, ())

    def _read_groups(self) -> None:
        """Every seat's complete groups and groups lacking one deed, in one pass over the
        groups (each seat asks after each change of owner)."""
        complete: dict[Seat, list[tuple[SquareIndex, ...]]] = {}
        lacking: dict[Seat, list[tuple[Group, SquareIndex]]] = {}
        owner = self.owner
        for group, members in zip(TERRITORY_GROUPS, _TERRITORY_MEMBERS, strict=True):
            owners = _READ_GROUP[members](owner)
            for seat in set(owners) - {None}:
                held = owners.count(seat)
                if held == len(members):
                    complete.setdefault(seat, []).append(members)
                elif held == len(members) - 1:  # one deed held by another, or by nobody
                    for missing, holder in zip(members, owners, strict=True):
                        if holder != seat:  # a loop, not next() over a generator: a hot path
                            lacking.setdefault(seat, []).append((group, missing))
                            break
        self._complete = {seat: tuple(found) for seat, found in complete.items()}
        self._lacking = {seat: tuple(found) for seat, found in lacking.items()}
        self._groups_seen = self.owner_changes

    def _refuse_sell(self, seat: Seat, square: SquareIndex) -> str | None:
        lvl = self.level[square]
        if lvl == 0 or self.is_fortress(square):
            return "no stronghold to sell there"
        group = GROUPS[self.group_of(square)]
        if lvl < max(self.level[i] for i in group):
            return "sell evenly (001:L235)"
        return None

    def _refuse_break(self, seat: Seat, square: SquareIndex) -> str | None:
        if not self.is_fortress(square):
            return "no fortress there"
        if self.houses_left < self.variant.houses_for_hotel:
            return "not enough strongholds in the bank (001:L245)"
        return None

    def _refuse_sell_fortresses(self, seat: Seat, group: Group) -> str | None:
        if not self.group_has_fortress(group):
            return "no fortress in that group"
        if not self.owns_group(seat, group):
            return f"seat {seat} does not own group {group.value}"
        return None

    def _refuse_mortgage(self, seat: Seat, square: SquareIndex) -> str | None:
        if self.mortgaged[square]:
            return "already mortgaged"
        if self.level[square]:
            return "sell this property's buildings first (001:L259)"
        return None

    def _refuse_unmortgage(self, seat: Seat, square: SquareIndex) -> str | None:
        if not self.mortgaged[square]:
            return "not mortgaged"
        if self.players[seat].cash < self.unmortgage_cost(square):
            return "not enough Pouvoir to lift the mortgage"
        return None

    def unmortgage_cost(self, square: SquareIndex) -> int:
        """Mortgage value plus 10 % interest (001:L259)."""
        return UNMORTGAGE_COST[square]

    def legal_actions(
        self, seat: Seat, kinds: tuple[type, ...] = MANAGE_KINDS
    ) -> list[ManageAction]:
        """Every management action ``seat`` may take now, in a stable order; ``kinds``
        narrows the search (raising cash never asks about building)."""
        candidates: list[ManageAction] = []
        per_deed = [kind for kind in MANAGE_KINDS[:-1] if kind in kinds]
        for i in self.deeds_of(seat):
            candidates += [kind(i) for kind in per_deed if not _HOPELESS[kind](self, i)]
        if SellFortresses in kinds:  # a group with no fortress is refused first: left out
            fortress, level = self._fortress, self.level
            candidates += [
                SellFortresses(g)
                for g, members in zip(TERRITORY_GROUPS, _TERRITORY_MEMBERS, strict=True)
                if fortress in (level[i] for i in members)
            ]
        refusal = self.refusal
        return [a for a in candidates if refusal(seat, a) is None]

    # -- applying management actions -------------------------------------------------------
    def apply(self, seat: Seat, action: ManageAction) -> int:
        """Check and apply; return the Pouvoir the player received (negative when paying)."""
        self.check(seat, action)
        if isinstance(action, SellFortresses):
            return self._sell_fortresses(seat, action.group)
        appliers = {
            Build: self.build_at,
            SellBuilding: self._sell,
            BreakFortress: self._break,
            Mortgage: self._mortgage,
            Unmortgage: self._unmortgage,
        }
        return appliers[type(action)](seat, action.square)

    def build_at(self, seat: Seat, square: SquareIndex, price: int | None = None) -> int:
        """Build the next level; ``price`` replaces the cost after a shortage auction."""
        cost = SQUARES[square].build_cost if price is None else price
        self.transfer(seat, BANK, cost)
        if self.level[square] == self.variant.houses_for_hotel:
            self.houses_left += self.variant.houses_for_hotel  # 001:L241
            self.hotels_left -= 1
            self.level[square] = self.variant.fortress_level
        else:
            self.houses_left -= 1
            self.level[square] += 1
        return -cost

    def _sell(self, seat: Seat, square: SquareIndex) -> int:
        refund = SQUARES[square].build_cost // 2  # 001:L251
        self.level[square] -= 1
        self.houses_left += 1
        self.transfer(BANK, seat, refund)
        return refund

    def _break(self, seat: Seat, square: SquareIndex) -> int:
        refund = SQUARES[square].build_cost // 2  # 001:L255
        self.level[square] = self.variant.houses_for_hotel
        self.houses_left -= self.variant.houses_for_hotel
        self.hotels_left += 1
        self.transfer(BANK, seat, refund)
        return refund

    def _sell_fortresses(self, seat: Seat, group: Group) -> int:
        total = 0
        for i in GROUPS[group]:
            if self.is_fortress(i):
                total += SQUARES[i].build_cost * self.variant.fortress_level // 2  # 001:L253
                self.level[i] = 0
                self.hotels_left += 1
        self.transfer(BANK, seat, total)
        return total

    def _mortgage(self, seat: Seat, square: SquareIndex) -> int:
        self.mortgaged[square] = True
        self.transfer(BANK, seat, SQUARES[square].mortgage)
        return SQUARES[square].mortgage

    def _unmortgage(self, seat: Seat, square: SquareIndex) -> int:
        cost = self.unmortgage_cost(square)
        self.transfer(seat, BANK, cost)
        self.mortgaged[square] = False
        return -cost

    # -- trades ------------------------------------------------------------------------
    def check_trade(self, trade: Trade) -> None:
        """Refuse a trade that breaks 001:L251 (no buildings in the group) or lacks the goods."""
        proposer, partner = trade.proposer, trade.partner
        if proposer == partner or self.players[partner].bankrupt:
            raise IllegalActionError("a trade needs two players in the game")
        if not (trade.give or trade.take or trade.give_cards or trade.take_cards):
            raise IllegalActionError("a trade must exchange a deed or a release card")
        if len(set(trade.give)) != len(trade.give) or len(set(trade.take)) != len(trade.take):
            raise IllegalActionError("a deed listed twice")
        for seat, squares in ((proposer, trade.give), (partner, trade.take)):
            self._check_tradeable(seat, squares)
        self._check_trade_goods(trade)

    def _check_tradeable(self, seat: Seat, squares: Sequence[SquareIndex]) -> None:
        for i in squares:
            refusal = self._refuse_owner(seat, i)
            if refusal is not None:
                raise IllegalActionError(refusal)
            if self.group_has_buildings(self.group_of(i)):
                raise IllegalActionError("sell the group's buildings before trading (001:L251)")

    def _check_trade_goods(self, trade: Trade) -> None:
        a, b = self.players[trade.proposer], self.players[trade.partner]
        if min(trade.give_cash, trade.take_cash, trade.give_cards, trade.take_cards) < 0:
            raise IllegalActionError("negative amounts in a trade")
        if a.cash < trade.give_cash or b.cash < trade.take_cash:
            raise IllegalActionError("no lending between players (001:L277)")
        if len(a.jail_cards) < trade.give_cards or len(b.jail_cards) < trade.take_cards:
            raise IllegalActionError("release card not held")

    # -- paying a debt partly in deeds (001:L271) ------------------------------------------
    def check_deed_offer(self, offer: DeedOffer) -> None:
        """Refuse an offer to the bank, of deeds not held or in a group with buildings."""
        if offer.creditor == BANK or offer.debtor == offer.creditor:
            raise IllegalActionError("only another player may take deeds for a debt (001:L271)")
        if not offer.squares or len(set(offer.squares)) != len(offer.squares):
            raise IllegalActionError("offer each deed once, at least one")
        if offer.cash != self.players[offer.debtor].cash or offer.shortfall <= 0:
            raise IllegalActionError("deeds are offered only for the part cash cannot pay")
        self._check_tradeable(offer.debtor, offer.squares)

    def check_deed_settlement(self, offer: DeedOffer, settlement: DeedSettlement) -> None:
        """Offered deeds only, at a value covering the shortfall but not above the debt."""
        squares = settlement.squares
        if not squares or len(set(squares)) != len(squares):
            raise IllegalActionError("accept each offered deed once, at least one")
        if not set(squares) <= set(offer.squares):
            raise IllegalActionError("only offered deeds may be accepted")
        if not offer.shortfall <= settlement.value <= offer.amount:
            raise IllegalActionError(
                f"the agreed value must lie between {offer.shortfall} and {offer.amount}"
            )


# One table for every check (built once: the building plan asks thousands of times a game).
# A first refusal its check would also give, read without raising (legal_actions is a hot
# path); False leaves the decision to the check.
_HOPELESS: dict[type, Callable[[GameState, SquareIndex], bool]] = {
    Build: lambda state, square: state.mortgaged[square],
    SellBuilding: lambda state, square: state.level[square] == 0,
    BreakFortress: lambda state, square: state.level[square] != state._fortress,
    Mortgage: lambda state, square: state.mortgaged[square] or state.level[square] != 0,
    Unmortgage: lambda state, square: not state.mortgaged[square],
}
_REFUSALS: dict[type, Callable[[GameState, Seat, SquareIndex], str | None]] = {
    Build: GameState._refuse_build,
    SellBuilding: GameState._refuse_sell,
    BreakFortress: GameState._refuse_break,
    Mortgage: GameState._refuse_mortgage,
    Unmortgage: GameState._refuse_unmortgage,
}
# What lifting each deed's mortgage costs: its value plus 10 % interest (001:L259).
UNMORTGAGE_COST = [info.mortgage + interest(info.mortgage) for info in SQUARES]

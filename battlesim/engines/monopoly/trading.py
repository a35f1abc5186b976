"""One sound rule for deed trades, shared by every strategy (001:L251).

A deed is worth its price to whoever holds it, plus, when it completes a group, what the
whole group is worth over its deeds one by one (the right to build, 001:L235). A trade is
judged from one side as: what its holdings gain, less what the other side's completed groups
gain (an opponent's new group is a threat), plus the cash and release cards that change hands.
A player accepts when that is not negative, so a deal that hands an opponent a group must pay
for the group. A proposer looks for deals it gains from and prices them so that the partner,
judged by the same rule, does not lose.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from battlesim.engines.monopoly.actions import Trade
from battlesim.engines.monopoly.data import GROUPS, SQUARES, Group, Seat, SquareIndex
from battlesim.engines.monopoly.state import TERRITORY_GROUPS, GameState, interest

CARD_VALUE = 50  # what a release card is worth to a player weighing a trade
Owners = Sequence[Seat | None]
Deeds = tuple[SquareIndex, ...]

# What completing a group adds, as a share of the group's printed prices: the rents of a
# complete group double, and only a complete group can be built on (001:L235).
GROUP_PRICE: dict[Group, int] = {
    group: sum(SQUARES[s].price for s in GROUPS[group]) for group in TERRITORY_GROUPS
}


@dataclass(frozen=True, slots=True)
class Appetite:
    """How a strategy weighs a trade: its own completed group, the partner's, and a margin."""

    completion: float = 1.0  # own group completed: this share of the group's prices
    # The other side's completed group, counted against: this share, split over the rivals
    # it will drain (with two players in the game the whole of it: a zero-sum deal).
    threat: float = 1.5
    margin: int = 20  # value a deal must leave over before the player agrees


def deed_worth(state: GameState, square: SquareIndex) -> int:
    """The deed alone: its price, or half when mortgaged less the 10% due on taking it."""
    price = SQUARES[square].price
    if not state.mortgaged[square]:
        return price
    return price // 2 - interest(SQUARES[square].mortgage)


def bonus_changes(owners: Owners, trade: Trade) -> tuple[int, int]:
    """How much the value of the proposer's and of the partner's completed groups changes
    with ``trade`` (only the groups whose deeds move are looked at: the others cannot
    change), each group read once."""
    proposer, partner = trade.proposer, trade.partner
    moved = {s: partner for s in trade.give} | {s: proposer for s in trade.take}
    mine = theirs = 0
    for group in {SQUARES[s].group for s in moved}:
        if group not in GROUP_PRICE:
            continue  # mounts and staffs are never built on
        assert group is not None  # a deed's
        price, members = GROUP_PRICE[group], GROUPS[group]
        before = [owners[s] for s in members]
        after = [moved.get(s, seat) for s, seat in zip(members, before, strict=True)]
        size = len(before)
        mine += price * ((after.count(proposer) == size) - (before.count(proposer) == size))
        theirs += price * ((after.count(partner) == size) - (before.count(partner) == size))
    return mine, theirs


def trade_value(state: GameState, seat: Seat, trade: Trade, appetite: Appetite) -> float:
    """What ``seat`` (proposer or partner) gains from ``trade``; negative is a loss."""
    return _with_cash(seat, trade, _deeds_value(state, seat, trade, appetite))


def _deeds_value(state: GameState, seat: Seat, trade: Trade, appetite: Appetite) -> float:
    """``trade_value`` before the cash and cards: the deeds and the groups they complete."""
    mine, theirs = bonus_changes(state.owner, trade)
    if seat == trade.proposer:
        return _weighed(state, trade.take, trade.give, (mine, theirs), _weights(state, appetite))
    return _weighed(state, trade.give, trade.take, (theirs, mine), _weights(state, appetite))


def _weights(state: GameState, appetite: Appetite) -> tuple[float, float]:
    """What completing a group weighs, as a share of its price: one's own, and a rival's."""
    rivals = max(1, len(state.active_seats()) - 1)
    return appetite.completion, min(appetite.threat / rivals, appetite.completion)


def _weighed(
    state: GameState,
    gets: Deeds,
    gives: Deeds,
    bonuses: tuple[int, int],
    weights: tuple[float, float],
) -> float:
    """The deeds got less those given, with the groups completed (``bonuses``: one's own
    ``bonus_changes``, then the other side's)."""
    deeds = 0
    for square in gets:  # loops, not sums over generators (asked for every deal weighed)
        deeds += deed_worth(state, square)
    for square in gives:
        deeds -= deed_worth(state, square)
    return deeds + weights[0] * bonuses[0] - weights[1] * bonuses[1]


def _with_cash(seat: Seat, trade: Trade, deeds_value: float) -> float:
    cash = trade.take_cash - trade.give_cash
    cards = trade.take_cards - trade.give_cards
    sign = 1 if seat == trade.proposer else -1
    return deeds_value + sign * (cash + CARD_VALUE * cards)


def accepts(state: GameState, seat: Seat, trade: Trade, appetite: Appetite) -> bool:
    """Agree when the trade leaves ``seat`` at least its margin better off."""
    return trade_value(state, seat, trade, appetite) >= appetite.margin


def tradeable(state: GameState, seat: Seat) -> list[SquareIndex]:
    """Deeds of ``seat`` in groups without buildings: the ones that may change hands."""
    return [s for s in state.deeds_of(seat) if not state.group_has_buildings(state.group_of(s))]


def missing_deeds(state: GameState, seat: Seat) -> list[tuple[SquareIndex, Seat]]:
    """(deed, owner) for every group ``seat`` lacks one deed of, held by a player in the game."""
    found, owners = [], state.owner
    for group, square in state.lacking_one(seat):
        if state.group_has_buildings(group):
            continue
        owner = owners[square]
        if owner is not None and not state.players[owner].bankrupt:
            found.append((square, owner))
    return found


def best_offer(state: GameState, seat: Seat, appetite: Appetite, reserve: int) -> Trade | None:
    """The deal ``seat`` gains most from: for each deed it lacks, cash, or a swap for a deed
    that completes the partner's group, priced so the partner does not lose."""
    best: tuple[float, Trade, float] | None = None
    cash = state.players[seat].cash
    for bare, owed, deeds_value in _candidates(state, seat, appetite):
        give_cash, take_cash = _cash_terms(state, bare, appetite, owed)
        if cash - give_cash < reserve:
            continue
        gain = deeds_value + (take_cash - give_cash)  # _with_cash of the priced deal
        if gain > appetite.margin and (best is None or gain > best[0]):
            best = (gain, bare, owed)
    return None if best is None else _priced(state, best[1], appetite, best[2])


# A deal before its cash: the deeds, what the partner is owed by the rule, its deeds' value to
# the proposer. They follow from the owners, the players in the game, the mortgages of the
# deeds named and the buildings of the groups looked at: between two turns of one player
# these seldom change, so the deals are kept on the state with what they were read from.
Candidate = tuple[Trade, float, float]
# Of the owners, the deals read only the groups each side lacks one deed of and who holds
# each missing deed (the rest of such a group is the side's own): a sale elsewhere on the
# board leaves them as they were.
Holdings = tuple[tuple[tuple[tuple[Group, SquareIndex], ...], tuple[Seat | None, ...]], ...]


@dataclass(slots=True)
class _Read:
    appetite: Appetite  # the same object, not an equal one: the key is the seat alone
    owner_changes: int
    holdings: Holdings
    active: tuple[Seat, ...]
    squares: tuple[SquareIndex, ...]  # every deed named in a deal
    mortgaged: tuple[bool, ...]
    groups: tuple[Group, ...]  # every group whose buildings were looked at
    built: tuple[bool, ...]
    deals: tuple[Candidate, ...]

    def holds(self, state: GameState, seat: Seat) -> bool:
        mortgaged = state.mortgaged
        if self.owner_changes != state.owner_changes:
            if self.holdings != _holdings(state, seat):
                return False
            self.owner_changes = state.owner_changes  # the owners that matter did not move
        return (
            self.active == tuple(state.active_seats())
            and self.mortgaged == tuple([mortgaged[s] for s in self.squares])
            and self.built == state.groups_built(self.groups)
        )


def _holdings(state: GameState, seat: Seat) -> Holdings:
    """What the deals of ``seat`` read of the owners: for ``seat`` then for each holder of a
    deed it lacks (in that order), the groups lacking one deed and who holds each missing one."""
    owner = state.owner
    lacking = state.lacking_one(seat)
    holders = tuple(owner[square] for _, square in lacking)
    found = [(lacking, holders)]
    for partner in dict.fromkeys(holders):
        if partner is not None:
            theirs = state.lacking_one(partner)
            found.append((theirs, tuple(owner[square] for _, square in theirs)))
    return tuple(found)


def _candidates(state: GameState, seat: Seat, appetite: Appetite) -> tuple[Candidate, ...]:
    if not state.lacking_one(seat):
        return ()  # the common case: no group lacks a single deed
    # Keyed by the seat (a frozen dataclass's hash is a Python call, every turn).
    kept = state.offers.get(seat)
    if isinstance(kept, _Read) and kept.appetite is appetite and kept.holds(state, seat):
        return kept.deals
    found: list[Candidate] = []
    groups = [group for group, _ in state.lacking_one(seat)]
    completing: dict[Seat, list[SquareIndex]] = {}  # per partner, read once
    weights = _weights(state, appetite)  # _deeds_value of either side, read once
    for square, owner in missing_deeds(state, seat):
        if owner not in completing:
            completing[owner] = _completing(state, seat, owner)
            groups += [group for group, _ in state.lacking_one(owner)]
        for give in ((), *((s,) for s in completing[owner])):
            bare = Trade(seat, owner, give=give, take=(square,))
            # Each side's groups are read once and weighed from both sides.
            mine, theirs = bonus_changes(state.owner, bare)
            partner_view = _weighed(state, give, bare.take, (theirs, mine), weights)
            owed = -_with_cash(owner, bare, partner_view) + appetite.margin
            found.append((bare, owed, _weighed(state, bare.take, give, (mine, theirs), weights)))
    squares = tuple(s for bare, _, _ in found for s in (*bare.take, *bare.give))
    read = _Read(
        appetite,
        state.owner_changes,
        _holdings(state, seat),
        tuple(state.active_seats()),
        squares,
        tuple(state.mortgaged[s] for s in squares),
        tuple(groups),
        state.groups_built(groups),
        tuple(found),
    )
    state.offers[seat] = read
    return read.deals


def _completing(state: GameState, seat: Seat, partner: Seat) -> list[SquareIndex]:
    """Deeds of ``seat`` that would complete one of ``partner``'s groups."""
    return [square for square, _ in missing_deeds(state, partner) if state.owner[square] == seat]


def _priced(state: GameState, trade: Trade, appetite: Appetite, owed: float) -> Trade:
    """Add the cash that makes the partner whole by the rule (either way): ``owed`` is what
    the cashless ``trade`` leaves the partner short of its margin."""
    give_cash, take_cash = _cash_terms(state, trade, appetite, owed)
    if give_cash:
        return Trade(trade.proposer, trade.partner, trade.give, trade.take, give_cash=give_cash)
    if take_cash or (trade.give and owed < -appetite.margin):
        return Trade(trade.proposer, trade.partner, trade.give, trade.take, take_cash=take_cash)
    return trade


def _cash_terms(state: GameState, trade: Trade, appetite: Appetite, owed: float) -> tuple[int, int]:
    """(cash the proposer gives, cash it takes) that ``_priced`` adds to ``trade``."""
    if owed > 0:
        return int(owed) + 1, 0
    if trade.give and owed < -appetite.margin:
        return 0, min(int(-owed), state.players[trade.partner].cash)
    return 0, 0

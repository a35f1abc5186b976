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

# What completing a group adds, as a share of the group's printed prices: the rents of a
# complete group double, and only a complete group can be built on (001:L235).
GROUP_PRICE = {group: sum(SQUARES[s].price for s in GROUPS[group]) for group in TERRITORY_GROUPS}


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


def _completes(owners: Owners, seat: Seat, group: Group, moved: dict[SquareIndex, Seat]) -> bool:
    return all(moved.get(s, owners[s]) == seat for s in GROUPS[group])


def bonus_change(owners: Owners, seat: Seat, trade: Trade) -> int:
    """How much the value of ``seat``'s completed groups changes with ``trade`` (only the
    groups whose deeds move are looked at: the others cannot change)."""
    moved = {s: trade.partner for s in trade.give} | {s: trade.proposer for s in trade.take}
    change = 0
    for group in {SQUARES[s].group for s in moved}:
        if group not in GROUP_PRICE:
            continue  # mounts and staffs are never built on
        after, before = _completes(owners, seat, group, moved), _completes(owners, seat, group, {})
        change += GROUP_PRICE[group] * (after - before)
    return change


def trade_value(state: GameState, seat: Seat, trade: Trade, appetite: Appetite) -> float:
    """What ``seat`` (proposer or partner) gains from ``trade``; negative is a loss."""
    proposer = seat == trade.proposer
    other = trade.partner if proposer else trade.proposer
    gets, gives = (trade.take, trade.give) if proposer else (trade.give, trade.take)
    deeds = sum(deed_worth(state, s) for s in gets) - sum(deed_worth(state, s) for s in gives)
    mine = appetite.completion * bonus_change(state.owner, seat, trade)
    rivals = max(1, len(state.active_seats()) - 1)
    threat = min(appetite.threat / rivals, appetite.completion)
    theirs = threat * bonus_change(state.owner, other, trade)
    cash = trade.take_cash - trade.give_cash
    cards = trade.take_cards - trade.give_cards
    sign = 1 if proposer else -1
    return deeds + mine - theirs + sign * (cash + CARD_VALUE * cards)


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
    best: tuple[float, Trade] | None = None
    completing: dict[Seat, list[SquareIndex]] = {}  # per partner, read once
    for square, owner in missing_deeds(state, seat):
        if owner not in completing:
            completing[owner] = _completing(state, seat, owner)
        for give in ((), *((s,) for s in completing[owner])):
            trade = _priced(state, Trade(seat, owner, give=give, take=(square,)), appetite)
            if trade is None or state.players[seat].cash - trade.give_cash < reserve:
                continue
            gain = trade_value(state, seat, trade, appetite)
            if gain > appetite.margin and (best is None or gain > best[0]):
                best = (gain, trade)
    return None if best is None else best[1]


def _completing(state: GameState, seat: Seat, partner: Seat) -> list[SquareIndex]:
    """Deeds of ``seat`` that would complete one of ``partner``'s groups."""
    return [square for square, _ in missing_deeds(state, partner) if state.owner[square] == seat]


def _priced(state: GameState, trade: Trade, appetite: Appetite) -> Trade | None:
    """Add the cash that makes the partner whole by the rule (either way), or None."""
    owed = -trade_value(state, trade.partner, trade, appetite) + appetite.margin
    if owed > 0:
        return Trade(trade.proposer, trade.partner, trade.give, trade.take, give_cash=int(owed) + 1)
    if trade.give and owed < -appetite.margin:
        take = min(int(-owed), state.players[trade.partner].cash)
        return Trade(trade.proposer, trade.partner, trade.give, trade.take, take_cash=take)
    return trade

"""What a player may ask for: management actions, trades, prison choices, and the errors."""

from __future__ import annotations

import enum
from dataclasses import dataclass

from battlesim.engines.monopoly.data import Group, Seat, SquareIndex


class IllegalActionError(ValueError):
    """The rules refuse a player's action (001: building, mortgage, trade rules)."""


class BadOptionError(ValueError):
    """An option given to ``play_game`` or the CLI is unknown or out of range."""


class JailChoice(enum.Enum):
    PAY = "pay"  # 001:L224
    USE_CARD = "use_card"  # 001:L226
    ROLL = "roll"  # 001:L227


@dataclass(frozen=True, slots=True)
class Build:
    """One stronghold, or the fortress when the group is full (001:L235, L241)."""

    square: SquareIndex


@dataclass(frozen=True, slots=True)
class SellBuilding:
    """Sell one stronghold back at half its cost (001:L251)."""

    square: SquareIndex


@dataclass(frozen=True, slots=True)
class BreakFortress:
    """Exchange a fortress for strongholds plus half the fortress price (001:L255)."""

    square: SquareIndex


@dataclass(frozen=True, slots=True)
class SellFortresses:
    """Sell every fortress of a group at once, each for half its full cost (001:L253)."""

    group: Group


@dataclass(frozen=True, slots=True)
class Mortgage:
    square: SquareIndex


@dataclass(frozen=True, slots=True)
class Unmortgage:
    square: SquareIndex


@dataclass(frozen=True, slots=True)
class Trade:
    """An agreed exchange between two players (001:L251, L225): deeds, cash, release cards."""

    proposer: Seat
    partner: Seat
    give: tuple[SquareIndex, ...] = ()
    take: tuple[SquareIndex, ...] = ()
    give_cash: int = 0
    take_cash: int = 0
    give_cards: int = 0
    take_cards: int = 0

    def to_json(self) -> dict[str, object]:
        return {
            "proposer": self.proposer,
            "partner": self.partner,
            "give": list(self.give),
            "take": list(self.take),
            "give_cash": self.give_cash,
            "take_cash": self.take_cash,
            "give_cards": self.give_cards,
            "take_cards": self.take_cards,
        }


@dataclass(frozen=True, slots=True)
class DeedOffer:
    """A debtor short of cash offers deeds without buildings to its creditor (001:L271)."""

    debtor: Seat
    creditor: Seat
    amount: int  # the whole debt
    cash: int  # what the debtor holds after raising all it could
    squares: tuple[SquareIndex, ...]

    @property
    def shortfall(self) -> int:
        return self.amount - self.cash

    def to_json(self) -> dict[str, object]:
        return {
            "debtor": self.debtor,
            "creditor": self.creditor,
            "amount": self.amount,
            "cash": self.cash,
            "squares": list(self.squares),
        }


@dataclass(frozen=True, slots=True)
class DeedSettlement:
    """The creditor takes some of the offered deeds at an agreed value; the rest is cash."""

    squares: tuple[SquareIndex, ...]
    value: int


ManageAction = Build | SellBuilding | BreakFortress | SellFortresses | Mortgage | Unmortgage


def action_json(action: ManageAction) -> dict[str, object]:
    """Return a JSON-ready description of a management action."""
    name = type(action).__name__
    if isinstance(action, SellFortresses):
        return {"action": name, "group": action.group.value}
    return {"action": name, "square": action.square}

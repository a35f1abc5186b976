"""What a player may ask for, and the errors the rules raise when the request is illegal."""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from battlesim.engines.risk.data import TerritoryName


class IllegalActionError(ValueError):
    """A player asked for something the rules of 003 do not allow."""


class BadOptionError(ValueError):
    """An option passed to ``play_game`` is not valid; the message names the option."""


class Attack(NamedTuple):
    """One throw: attack ``target`` from ``source`` with ``dice`` battalions (003:L70-72;
    a named tuple: one is made before each throw, and a frozen dataclass was slower)."""

    source: TerritoryName
    target: TerritoryName
    dice: int


@dataclass(frozen=True, slots=True)
class Fortify:
    """Move ``count`` battalions (and the leader if ``with_leader``) along own territories."""

    source: TerritoryName
    target: TerritoryName
    count: int
    with_leader: bool = False


@dataclass(frozen=True, slots=True)
class CardPlay:
    """Play adventure card ``card_id``; ``target``, ``source`` and ``sign`` when it needs them."""

    card_id: int
    target: TerritoryName | None = None
    source: TerritoryName | None = None
    sign: int = 1

"""Kinds of model several rule families ask about: Monsters and immovable War Beasts.

Kept apart so that cavalry and monster rules can both ask without importing each other.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from battlesim.engines.sbg.rules.chariots import chariot_of

if TYPE_CHECKING:
    from battlesim.engines.sbg.core.state import ModelState

MONSTER = "monster"
# WB-*: War Beasts and models with "Immovable Object" are never knocked prone nor hurled
# (002:L1919) and cannot use BPAs unless their profile says so (MON-BPA-06, 002:L1872).
_IMMOVABLE = frozenset({"war beast", "immovable object"})


def is_monster(model: ModelState) -> bool:
    return MONSTER in model.triggers


def immovable(model: ModelState) -> bool:
    """WB 'Immovable Object' (002:L1919): never hurled, never backs away, never prone; so is
    an Iron Hills Chariot (BSData 8991-23cc-7087-1f3b, a68c-6cf6-cbc4-de16, chariots.py)."""
    if model.triggers & _IMMOVABLE:
        return True
    chariot = chariot_of(model)
    return chariot is not None and chariot.steadfast


# Rules whose carrier cannot be Barged or Hurled and is unaffected by Rend (the Iron Shield)
BRACED: set[str] = set()


# Army rules by which a model is neither Hurled nor Barged (the Royal Palanquin's rider)
UNSHIFTED: list[Callable[[ModelState], bool]] = []


def unshifted(model: ModelState) -> bool:
    return any(rule(model) for rule in UNSHIFTED)


def braced(model: ModelState) -> bool:
    """The model stands firm against a Monster's Barge, Hurl and Rend (army rules)."""
    return not BRACED.isdisjoint(model.triggers)


_MAN_SIZED_RADIUS = 25.0 / 25.4 / 2 + 1e-6  # a 25 mm round base, in inches
_NOT_MAN_SIZED = frozenset({"cavalry", "monster", "war beast"})


def man_sized(model: ModelState) -> bool:
    """ "Man-sized (or smaller)" in army rules: on foot, not a Monster, on a base no larger
    than a Man's 25 mm (READINGS)."""
    return (
        model.mount is None
        and not model.triggers & _NOT_MAN_SIZED
        and model.radius <= (_MAN_SIZED_RADIUS)
    )


# Rules by which a Cavalry model ignores the penalties Cavalry suffer in difficult terrain
# (CAV-MOVE-03/04: the dearer move and the lost charge bonuses): Fimbul's Hunt Master
SURE_FOOTED: set[str] = set()


def sure_footed(model: ModelState) -> bool:
    return bool(SURE_FOOTED) and not SURE_FOOTED.isdisjoint(model.triggers)

"""Heroes' Might, Will and Fate pools (HERO-*): spending points and the Fate save.

Pools live on ``ModelState``; they are spent here so that no pool ever goes below zero.
Which wounds deserve Fate is the side's choice (``FatePolicy``): the default spends Fate only
on a wound that would slay the model, where a point matters most.
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from battlesim.engines.sbg.core.state import BattleState, ModelState

FATE_SAVE = 4  # HERO-FATE-01 (002:L1768-1770): 4-6 on the D6 ignores the wound


class Pool(enum.Enum):
    MIGHT = "might"
    WILL = "will"
    FATE = "fate"


class HeroPoolError(ValueError):
    """A model tried to spend points of a pool it does not have."""


# Does the side spend a Fate point against a blow of ``count`` wounds on this model?
FatePolicy = Callable[["ModelState", int], bool]


def spend(model: ModelState, pool: Pool, points: int = 1) -> None:
    """Spend ``points`` of ``pool``; refuse to go below zero (HERO-MIGHT-01, HERO-FATE-02)."""
    left = getattr(model, pool.value)
    if points < 1 or points > left:
        raise HeroPoolError(f"{model.uid} cannot spend {points} {pool.value} (has {left})")
    setattr(model, pool.value, left - points)


def fate_when_slain(model: ModelState, count: int = 1) -> bool:
    """Default policy: spend Fate only on a blow that would slay the model."""
    return model.wounds <= count


def fate_saves(state: BattleState, model: ModelState, policy: FatePolicy, count: int = 1) -> bool:
    """HERO-FATE-01/02 (002:L1768-1774): one point and one D6 at a time, 4+ ignores the wound.

    HERO-FATE-03 (002:L1776): Might may raise a failed Fate roll, decided before the next
    Fate point. HERO-FATE-04 (002:L1778): one success stops the whole blow (``count`` wounds).
    """
    while model.fate > 0 and policy(model, count):
        spend(model, Pool.FATE)
        (die,) = state.roll(1, f"fate save for {model.uid}")
        score = might.boost(state, model, might.MightRoll.FATE, die, FATE_SAVE)
        saved = score >= FATE_SAVE
        state.log.emit(
            "fate", model=model.uid, die=die, score=score, saved=saved, fate_left=model.fate
        )
        if saved:
            return True
    return False


# Imported last: Might spends through ``spend`` above (might.py imports this module).
from battlesim.engines.sbg.rules import might  # noqa: E402

"""Heroes' Might, Will and Fate pools (HERO-*, CHAR-MWF-01): spending points.

Pools live on ``ModelState``; they are spent here so that no pool ever goes below zero.
"""

from __future__ import annotations

import enum
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from battlesim.engines.sbg.core.state import ModelState


class Pool(enum.Enum):
    MIGHT = "might"
    WILL = "will"
    FATE = "fate"


class HeroPoolError(ValueError):
    """A model tried to spend points of a pool it does not have."""


def spend(model: ModelState, pool: Pool, points: int = 1) -> None:
    """Spend ``points`` of ``pool``; refuse to go below zero (HERO-MIGHT-01, HERO-FATE-02)."""
    left = getattr(model, pool.value)
    if points < 1 or points > left:
        raise HeroPoolError(f"{model.uid} cannot spend {points} {pool.value} (has {left})")
    setattr(model, pool.value, left - points)

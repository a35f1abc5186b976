"""Heroes' Might, Will and Fate pools (HERO-*, CHAR-MWF-01): spending points.

Pools live on ``ModelState``; they are spent here so that no pool ever goes below zero.
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from battlesim.engines.sbg.core.state import BattleState, ModelState


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


# Army rules that let a Hero spend another model's Might, Will or Fate "as if they were his
# own" (For the Shire!, A Good Sort Really): each names the lender for ``model`` now, or None.
# Shared by both sides' army rules.
Lender = Callable[["BattleState", "ModelState"], "ModelState | None"]
LENDERS: dict[Pool, list[Lender]] = {pool: [] for pool in Pool}
MIGHT_LENDERS: list[Lender] = LENDERS[Pool.MIGHT]


def lender(state: BattleState, model: ModelState, pool: Pool) -> ModelState | None:
    """The living friend whose ``pool`` the model may spend now (with any left), if a rule
    says."""
    for rule in LENDERS[pool]:
        found = rule(state, model)
        if found is not None and found.alive and getattr(found, pool.value) > 0:
            return found
    return None


def available(state: BattleState, model: ModelState, pool: Pool) -> int:
    """The model's own points of ``pool`` and any a lender offers now."""
    own: int = getattr(model, pool.value)
    if not LENDERS[pool]:
        return own
    found = lender(state, model, pool)
    return own + (getattr(found, pool.value) if found is not None else 0)


def spend_pooled(state: BattleState, model: ModelState, pool: Pool, points: int = 1) -> None:
    """Spend ``points`` of ``pool``: the model's own store first, then a lender's."""
    own = min(points, getattr(model, pool.value))
    if own:
        spend(model, pool, own)
    if points > own:
        found = lender(state, model, pool)
        if found is None:
            raise HeroPoolError(f"{model.uid} cannot spend {points} {pool.value} (has {own})")
        spend(found, pool, points - own)


def might_lender(state: BattleState, model: ModelState) -> ModelState | None:
    """The living friend whose Might ``model`` may spend now (with any left), if a rule says."""
    for lender in MIGHT_LENDERS:
        found = lender(state, model)
        if found is not None and found.alive and found.might > 0:
            return found
    return None


def lent_might(state: BattleState, model: ModelState) -> int:
    if not MIGHT_LENDERS:
        return 0
    found = might_lender(state, model)
    return found.might if found is not None else 0


def spend_might(state: BattleState, model: ModelState, points: int) -> None:
    """Spend Might: the model's own store first, then a lender's (For the Shire!)."""
    own = min(points, model.might)
    if own:
        spend(model, Pool.MIGHT, own)
    if points > own:
        found = might_lender(state, model)
        if found is None:
            raise HeroPoolError(f"{model.uid} cannot spend {points} might (has {own})")
        spend(found, Pool.MIGHT, points - own)

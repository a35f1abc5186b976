"""Heroes' Might, Will and Fate pools (HERO-*, CHAR-MWF-01): spending points.

Pools live on ``ModelState``; they are spent here so that no pool ever goes below zero.

Every point is spent one at a time and each is open to the army rules that answer a point
spent (``SPENT``: Sap Fortitude may cancel the deed it pays for). So every spending function
returns whether the deed goes ahead: each caller cancels its own deed on False (the points
already paid stay spent).
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from battlesim.engines.sbg.core.state import BattleState, ModelState


class Pool(enum.Enum):
    MIGHT = "might"
    WILL = "will"
    FATE = "fate"


class HeroPoolError(ValueError):
    """A model tried to spend points of a pool it does not have."""


@dataclass(frozen=True, slots=True)
class Spent:
    """One point a Hero has just spent, as the rules answering it see it: ``still`` is the
    points its deed still needs after this one; ``pooled``: a lender's store may pay too."""

    model: ModelState
    pool: Pool
    still: int = 0
    pooled: bool = False

    def spare(self, state: BattleState) -> int:
        """Points the spender has beyond those its deed still needs."""
        store = available(state, self.model, self.pool) if self.pooled else self.own()
        return store - self.still

    def own(self) -> int:
        points: int = getattr(self.model, self.pool.value)
        return points


# Army rules answering a point spent (Sap Fortitude): False cancels the deed it pays for.
Answer = Callable[["BattleState", Spent], bool]
SPENT: list[Answer] = []


def honoured(state: BattleState, spent: Spent) -> bool:
    """Whether the deed the point pays for still goes ahead once every rule has answered."""
    return all(rule(state, spent) for rule in SPENT) if SPENT else True


def _take(model: ModelState, pool: Pool, points: int) -> None:
    left = getattr(model, pool.value)
    if points < 1 or points > left:
        raise HeroPoolError(f"{model.uid} cannot spend {points} {pool.value} (has {left})")
    setattr(model, pool.value, left - points)


def spend(state: BattleState, model: ModelState, pool: Pool, points: int = 1) -> bool:
    """Spend ``points`` of the model's own ``pool``, refusing to go below zero
    (HERO-MIGHT-01, HERO-FATE-02); False: the deed is cancelled (``SPENT``)."""
    left = getattr(model, pool.value)
    if points < 1 or points > left:
        raise HeroPoolError(f"{model.uid} cannot spend {points} {pool.value} (has {left})")
    for paid in range(points):
        _take(model, pool, 1)
        if not honoured(state, Spent(model, pool, points - paid - 1)):
            return False
    return True


def pay_again(state: BattleState, spent: Spent) -> bool:
    """One more point from where ``spent`` came from (Sap Fortitude's additional point):
    itself a point spent, open to the same answers."""
    if spent.pooled:
        _take_pooled(state, spent.model, spent.pool)
    else:
        _take(spent.model, spent.pool, 1)
    return honoured(state, spent)


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


def _take_pooled(state: BattleState, model: ModelState, pool: Pool) -> None:
    if getattr(model, pool.value) > 0:
        _take(model, pool, 1)
        return
    found = lender(state, model, pool)
    if found is None:
        raise HeroPoolError(f"{model.uid} cannot spend 1 {pool.value} (has 0)")
    _take(found, pool, 1)


def spend_pooled(state: BattleState, model: ModelState, pool: Pool, points: int = 1) -> bool:
    """Spend ``points`` of ``pool``: the model's own store first, then a lender's; False:
    the deed is cancelled (``SPENT``)."""
    if points > available(state, model, pool):
        raise HeroPoolError(f"{model.uid} cannot spend {points} {pool.value}")
    for paid in range(points):
        _take_pooled(state, model, pool)
        if not honoured(state, Spent(model, pool, points - paid - 1, pooled=True)):
            return False
    return True


def might_lender(state: BattleState, model: ModelState) -> ModelState | None:
    """The living friend whose Might ``model`` may spend now (with any left), if a rule says."""
    return lender(state, model, Pool.MIGHT)


def lent_might(state: BattleState, model: ModelState) -> int:
    if not MIGHT_LENDERS:
        return 0
    found = might_lender(state, model)
    return found.might if found is not None else 0


def spend_might(state: BattleState, model: ModelState, points: int) -> bool:
    """Spend Might: the model's own store first, then a lender's (For the Shire!)."""
    return spend_pooled(state, model, Pool.MIGHT, points)

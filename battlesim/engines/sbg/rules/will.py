"""Will dice: casting and resisting magical powers (HERO-WILL-02/03, seed 002:L1748-1752;
MAGIC-CAST-01/02, MAGIC-RES-01/02, 002:L2321-2329).

The number of Will points is chosen before rolling (by the caller); Might may then raise the
best die (HERO-MIGHT-06 item 6), decided at once (MAGIC-CAST-02). The powers themselves are
in ``rules/magic``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from battlesim.engines.sbg.core.registry import REGISTRY, Kind
from battlesim.engines.sbg.core.status import Lasting, Status
from battlesim.engines.sbg.rules.might import DIE_MAX, MightRoll, boost
from battlesim.engines.sbg.rules.pools import Pool, Spent, honoured, spend_pooled

if TYPE_CHECKING:
    from battlesim.engines.sbg.core.state import BattleState, ModelState


STAFF_OF_POWER = "staff of power"
REGISTRY.register(STAFF_OF_POWER, kind=Kind.WARGEAR, source="WPN-STAFFPOW-01 (002:L2034)")
# Rules that give the same free Will point each turn (army rules add theirs: free_will_rule)
FREE_WILL_RULES: set[str] = {STAFF_OF_POWER}


# Rules that return the Will spent casting when a casting die is a natural 6 (Powers of Nature)
REFUND_ON_SIX: set[str] = set()
# Rules that give one Will point back when a casting die is a natural 6 (Sorcerous Adept)
REGAIN_ONE_ON_SIX: set[str] = set()
# Rules that re-roll one die of a Casting or Resist test (Lord of the Istari): the lowest die,
# when the test would fail
ONE_WILL_DIE: set[str] = set()


def _one_die_again(state: BattleState, model: ModelState, dice: list[int], need: int) -> list[int]:
    if not dice or max(dice) >= need or not model.triggers & ONE_WILL_DIE:
        return dice
    low = dice.index(min(dice))
    (again,) = state.roll(
        1, f"will die of {model.uid} (re-roll: {min(model.triggers & ONE_WILL_DIE)})"
    )
    return [*dice[:low], again, *dice[low + 1 :]]


# Tests by which a model has the free Will point now (Wise Council: while Lindir is near)
FREE_WILL_TESTS: list[Callable[[BattleState, ModelState], bool]] = []


def free_will_rule(name: str) -> None:
    """``name`` lets its carrier spend one Will point each turn without reducing its store."""
    FREE_WILL_RULES.add(name)


_FREE_POINT: Status[list[int]] = Status("staff of power: free will", list, Lasting.TURN)


def will_to_spend(state: BattleState, model: ModelState) -> int:
    """The Will points the model may spend now: its store and an unused free point."""
    return model.will + int(_has_free_point(state, model))


def _has_free_point(state: BattleState, model: ModelState) -> bool:
    if _FREE_POINT.of(model):
        return False
    return bool(model.triggers & FREE_WILL_RULES) or any(t(state, model) for t in FREE_WILL_TESTS)


def pay_will(state: BattleState, model: ModelState, points: int) -> bool:
    """Spend ``points`` Will; WPN-STAFFPOW-01 (002:L2034): a Staff of Power's bearer spends
    one free Will point each turn, its store not reduced (the first point it spends).
    False: the deed is cancelled (pools.SPENT; the free point is a point spent too)."""
    used = _FREE_POINT.of(model)
    free = sorted(model.triggers & FREE_WILL_RULES)
    if not free and any(test(state, model) for test in FREE_WILL_TESTS):
        free = ["wise council"]
    if points >= 1 and free and not used:
        used.append(state.turn)
        state.log.emit("free_will", model=model.uid, rule=free[0])
        points -= 1
        if not honoured(state, Spent(model, Pool.WILL, points, pooled=True)):
            return False
    return spend_pooled(state, model, Pool.WILL, points) if points else True  # own, then lent


def cast(
    state: BattleState,
    caster: ModelState,
    points: int,
    casting_value: int,
    power: str = "",
    target: str = "",
) -> int:
    """HERO-WILL-02, MAGIC-CAST-01/02: spend ``points`` Will, roll that many D6 together; the
    power is cast if one die reaches ``casting_value``. Returns the highest casting die
    (after Might) if cast, else 0 (the Will stays spent)."""
    will_before = caster.will
    if not pay_will(state, caster, points):
        state.log.emit("cancelled", model=caster.uid, deed=f"cast {power}".strip())
        return 0  # no dice: the casting is cancelled, the Will stays spent (pools.SPENT)
    dice = state.roll(points, f"cast {caster.uid} ({casting_value}+)")
    dice = _one_die_again(state, caster, dice, casting_value)
    if 6 in dice and caster.triggers & REGAIN_ONE_ON_SIX:
        caster.will += 1  # Sorcerous Adept: one point back (READINGS: at once, one per test)
        state.log.emit("will_returned", model=caster.uid, will=caster.will)
    if 6 in dice and caster.triggers & REFUND_ON_SIX:
        caster.will = will_before  # the power still resolves: Will is back once it has
        state.log.emit("will_returned", model=caster.uid, will=caster.will)
    best = boost(state, caster, MightRoll.CAST, max(dice), casting_value)
    cast_ok = best >= casting_value
    details = {"power": power, "target": target} if power else {}
    state.log.emit("cast", model=caster.uid, dice=dice, best=best, cast=cast_ok, **details)
    return best if cast_ok else 0


def resist(
    state: BattleState,
    target: ModelState,
    points: int,
    casting: int,
    free: int = 0,
    bonus: int = 0,
    power: str = "",
) -> bool:
    """HERO-WILL-03, MAGIC-RES-01/02: spend ``points`` Will, one D6 each; resisted if one
    die reaches the caster's highest casting die (ties resist). Each natural 6 of a paid die
    refunds its Will point; the ``free`` dice (Resistant to Magic, Fortify Spirit) refund
    nothing; ``bonus`` is added to the highest die (channelled Fortify Spirit)."""
    if points and not pay_will(state, target, points):
        state.log.emit("cancelled", model=target.uid, deed=f"resist {power}".strip())
        return False  # the resist is cancelled, the Will stays spent (pools.SPENT)
    paid = state.roll(points, f"resist {target.uid} ({casting}+)") if points else []
    extra = state.roll(free, f"free resist {target.uid} ({casting}+)") if free else []
    target.will += sum(1 for die in paid if die == 6)  # MAGIC-RES-02: refunded at once
    dice = _one_die_again(state, target, paid + extra, casting - bonus)
    if not dice:
        return False
    best = min(DIE_MAX, max(dice) + bonus)
    best = boost(state, target, MightRoll.RESIST, best, casting)
    resisted = best >= casting
    details = {"power": power, "free": free} if power else {}
    state.log.emit("resist", model=target.uid, dice=dice, best=best, resisted=resisted, **details)
    return resisted

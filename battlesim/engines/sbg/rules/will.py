"""Will dice: casting and resisting magical powers (HERO-WILL-02/03, seed 002:L1748-1752;
MAGIC-CAST-01/02, MAGIC-RES-01/02, 002:L2321-2329).

The engine has no magical powers yet: these are the dice a power's rules will call. The
number of Will points is chosen before rolling (by the caller); Might may then raise the
best die (HERO-MIGHT-06 item 6), decided at once (MAGIC-CAST-02).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from battlesim.engines.sbg.rules.might import MightRoll, boost
from battlesim.engines.sbg.rules.pools import Pool, spend

if TYPE_CHECKING:
    from battlesim.engines.sbg.core.state import BattleState, ModelState


def cast(state: BattleState, caster: ModelState, points: int, casting_value: int) -> int:
    """HERO-WILL-02, MAGIC-CAST-01/02: spend ``points`` Will, roll that many D6 together; the
    power is cast if one die reaches ``casting_value``. Returns the highest casting die
    (after Might) if cast, else 0 (the Will stays spent)."""
    spend(caster, Pool.WILL, points)
    dice = state.roll(points, f"cast {caster.uid} ({casting_value}+)")
    best = boost(state, caster, MightRoll.CAST, max(dice), casting_value)
    cast_ok = best >= casting_value
    state.log.emit("cast", model=caster.uid, dice=dice, best=best, cast=cast_ok)
    return best if cast_ok else 0


def resist(state: BattleState, target: ModelState, points: int, casting: int) -> bool:
    """HERO-WILL-03, MAGIC-RES-01/02: spend ``points`` Will, one D6 each; resisted if one
    die reaches the caster's highest casting die (ties resist). Each natural 6 refunds its
    Will point."""
    spend(target, Pool.WILL, points)
    dice = state.roll(points, f"resist {target.uid} ({casting}+)")
    target.will += sum(1 for die in dice if die == 6)  # MAGIC-RES-02: refunded at once
    best = boost(state, target, MightRoll.RESIST, max(dice), casting)
    resisted = best >= casting
    state.log.emit("resist", model=target.uid, dice=dice, best=best, resisted=resisted)
    return resisted

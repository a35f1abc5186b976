"""Shroud of Shadows (MAGIC-P-SHROUD, 002:L2657-2667): a friend made Invisible."""

from __future__ import annotations

import math

from battlesim.engines.sbg.core import effects
from battlesim.engines.sbg.core.actions import Charge
from battlesim.engines.sbg.core.hooks import Hook, HookContext, register
from battlesim.engines.sbg.core.marks import SHROUDED, UNSEEN_SHROUDED, fails_to_see, shrouded
from battlesim.engines.sbg.core.state import BattleState, ModelState
from battlesim.engines.sbg.rules.characteristics import fight_base
from battlesim.engines.sbg.rules.courage import courage_test
from battlesim.engines.sbg.rules.magic import lasting, worth
from battlesim.engines.sbg.rules.magic.harm import halved_loss
from battlesim.engines.sbg.rules.magic.spells import Aim, Duration, Spell, power
from battlesim.engines.sbg.rules.one_ring import sees_invisible


def _not_a_beast(state: BattleState, caster: ModelState, target: ModelState) -> bool:
    """WB-MAG-05 (002:L2665): no effect on War Beasts."""
    return "war beast" not in target.triggers


def _shroud_worth(state: BattleState, caster: ModelState, target: ModelState, chan: bool) -> float:
    if shrouded(state, target):
        return 0.0
    threats = sum(
        1
        for e in state.enemies(target)
        if state.distance(target, e) <= 12 and (e.missile is not None or e.profile.powers)
    )
    return 0.05 * worth.of(target) * min(threats, 4)


@power(
    "MAGIC-P-SHROUD",
    "shroud of shadows",
    "002:L2657-2667",
    Aim.FRIEND,
    Duration.TEMPORARY,
    eligible=_not_a_beast,
    worth=_shroud_worth,
)
def magic_p_shroud(state: BattleState, spell: Spell) -> None:
    """Until the end of the turn the friend is Invisible: enemy powers and shooting cannot
    target it (casting.protected, shooting._targetable), and an enemy that wishes to charge
    it tests Courage at -1 per inch between them (``dares``). Neither applies to Sauron or
    the Nazgûl. It never counts as In The Way (sight.blockers), ignores control zones and
    has none (movement.zone_holders, _check_zones). Channelled: an enemy engaged with it
    halves its Fight. Not played: moving through models, allies' Heroic Actions
    (data.ASSUMPTIONS "shroud")."""
    lasting.put(state, spell, spell.target, mark=SHROUDED, value=int(spell.channelled))


def dares(state: BattleState, model: ModelState, action: Charge) -> bool:
    """MAGIC-P-SHROUD (002:L2663): charging a shrouded model needs a Courage test at -1 per
    inch (whole inches, rounded up); a failure means the charger cannot see it: it may not
    charge it this turn (movement refuses it) but acts normally otherwise."""
    target = state.models.get(action.target)
    if target is None or not shrouded(state, target) or sees_invisible(model):
        return True
    if fails_to_see(model, target):
        return False
    inches = math.ceil(max(0.0, state.distance(model, target)) - 1e-9)
    if courage_test(state, model, "shroud of shadows", penalty=inches):
        return True
    UNSEEN_SHROUDED.of(model).add(target.uid)
    return False


@register(Hook.FIGHT, "any")
def _halved_beside_shroud(context: HookContext) -> int:
    """Channelled: an enemy in base contact with the shrouded model halves its Fight."""
    state, model = context.state, context.model
    if not effects.active(state) or not state.touching[model.uid]:
        return 0
    for uid in state.touching[model.uid]:
        found = effects.marked(state, state.models[uid], SHROUDED)
        if found is not None and found.value > 0 and not sees_invisible(model):
            return halved_loss(fight_base(state, model))
    return 0

"""Tom Bombadil's and Goldberry's rules (Wanderers in the Wild): Tom is Master (BSData
b106-f127-a9e9-ce9f), River-daughter (2d59-3255-94a5-3ccf) and Hey! Come Merry Dol!
(5691-f194-f8fd-74d7). Nothing targets them, they win their fights with no Strikes made by
anyone, their friends nearby pass Courage, and they wander home after fighting too often."""

from __future__ import annotations

from battlesim.engines.sbg.core.hooks import Hook, HookContext, register
from battlesim.engines.sbg.core.permissions import May, grant, grant_by_effect
from battlesim.engines.sbg.core.registry import REGISTRY, Kind
from battlesim.engines.sbg.core.state import (
    BattleState,
    Happening,
    On,
    Removal,
    Tick,
    every,
    on,
)
from battlesim.engines.sbg.core.units import PlayerId
from battlesim.engines.sbg.rules import objects, water
from battlesim.engines.sbg.rules.combats import Combat
from battlesim.engines.sbg.rules.fighting import AUTO_WINNERS
from battlesim.engines.sbg.rules.untouchable import UNTOUCHABLE, untouchable

TOM_IS_MASTER = "tom is master"
RIVER_DAUGHTER = "river-daughter"
MERRY_DOL = "hey! come merry dol!"
_TOM = "BSData b106-f127-a9e9-ce9f"
_GOLDBERRY = "BSData 2d59-3255-94a5-3ccf"
_MERRY = "BSData 5691-f194-f8fd-74d7"
# "Tom and all friendly models within 3" of him" / "Goldberry and ... within 6" of her"
_COURAGE_REACH = {TOM_IS_MASTER: 3.0, RIVER_DAUGHTER: 6.0}
_CROSS_AS_SIX = 5  # added to the die, clamped to 6 (DICE-MOD-01): "counts as a 6 rolled"

UNTOUCHABLE.update({TOM_IS_MASTER, RIVER_DAUGHTER})
objects.NEVER_CARRIES.update({TOM_IS_MASTER, RIVER_DAUGHTER})  # "may never carry objectives"
water.SWIMS_A_SIX.add(TOM_IS_MASTER)  # "always counts as having rolled a 6 on ... Swim"
water.SWIMS_SURE.add(RIVER_DAUGHTER)  # "automatically passes any Swim tests"


@grant(May.CROSS_DIFFICULT_AS_OPEN, TOM_IS_MASTER, source=_TOM)
def _open_ground(context: HookContext) -> bool:
    """Tom treats all kinds of difficult terrain as open."""
    return True


@register(Hook.CROSSING_TEST, TOM_IS_MASTER)
def _sure_footed(context: HookContext) -> int:
    """He always counts as having rolled a 6 on any Jump, Leap or Climb test."""
    return _CROSS_AS_SIX


@grant(May.BE_CHARGED, TOM_IS_MASTER, source=_TOM)
@grant(May.BE_CHARGED, RIVER_DAUGHTER, source=_GOLDBERRY)
def _no_one_comes_near(context: HookContext) -> bool:
    """No model may move into their Control Zone unless their player allows it: the enemy
    may not charge them (plain moves already keep out of an enemy's zone, MOVE-ZOC-01; the
    player allows friends in: READINGS)."""
    return False


@grant_by_effect(May.PASS_COURAGE_UNTESTED)
def _calm(context: HookContext) -> bool | None:
    """They and all friendly models within 3" of Tom (6" of Goldberry) automatically pass
    Courage tests."""
    model, state = context.model, context.state
    for friend in state.living(model.player):
        for rule, reach in _COURAGE_REACH.items():
            if rule in friend.triggers and state.distance(model, friend) <= reach:
                return True
    return None


def _auto_winner(state: BattleState, combat: Combat) -> PlayerId | None:
    """Their side automatically wins any Fight they are involved in (rules/fighting.py then
    lets nobody in it strike, rules/untouchable.strikeless)."""
    sides = [p for p in (0, 1) if any(untouchable(m) for m in combat.side(p))]
    return sides[0] if len(sides) == 1 else None


AUTO_WINNERS.append(_auto_winner)


@on(On.WOUNDING, "untouchable", order=1)
@on(On.FALLING, "untouchable", order=1)
@on(On.KNOCKED_DOWN, "untouchable", order=1)
def _no_effects(state: BattleState, happening: Happening) -> bool:
    """Models hurled, barged or forced towards them stop and "he will suffer no effects":
    no blow, fall or knock-down reaches them (data.ASSUMPTIONS "question-mark")."""
    return untouchable(happening.model)


@every(Tick.TURN_END, MERRY_DOL, order=60)
def _merry_dol(state: BattleState) -> None:
    """A model with this rule gives up a point of Will at the end of each turn in which it
    fought in the Fight phase; at 0 Will, or with no friendly models left but Tom and
    Goldberry, it wanders back to its homestead: removed as a casualty (READINGS: fled)."""
    for model in state.living():
        if MERRY_DOL not in model.triggers:
            continue
        if model.fought:
            model.will = max(0, model.will - 1)
        others = [m for m in state.living(model.player) if MERRY_DOL not in m.triggers]
        if model.will <= 0 or not others:
            state.log.emit("wanders_home", model=model.uid, will=model.will)
            state.remove(model, Removal.FLED, source=MERRY_DOL)


REGISTRY.register(TOM_IS_MASTER, kind=Kind.RULE, source=_TOM)
REGISTRY.register(RIVER_DAUGHTER, kind=Kind.RULE, source=_GOLDBERRY)
REGISTRY.register(MERRY_DOL, kind=Kind.RULE, source=_MERRY)

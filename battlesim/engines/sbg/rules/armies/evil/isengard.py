"""Rules of Isengard's Dunlending heroes and Uruk-hai Berserkers from the BattleScribe rule
text (Gorûlf Ironskin, Frída Tallspear, the Wild Man Oathmaker, the Berserkers)."""

from __future__ import annotations

from dataclasses import replace

from battlesim.engines.sbg.core.hooks import HookContext
from battlesim.engines.sbg.core.overrides import Stat, override
from battlesim.engines.sbg.core.permissions import May, grant_by_effect
from battlesim.engines.sbg.core.registry import REGISTRY, Kind
from battlesim.engines.sbg.core.rerolls import Reroll, Roll, reroll_by_effect
from battlesim.engines.sbg.core.state import BattleState, ModelState, Phase, Tick, every
from battlesim.engines.sbg.core.units import ModelSpec
from battlesim.engines.sbg.rules.cavalry import NO_CHARGE_BONUS
from battlesim.engines.sbg.rules.heroic_actions import FREE_ACTIONS, HEROIC_DEFENCE

# Ironskin (Gorûlf): engaged with an enemy Hero at the start of the Fight phase, he may
# declare a Heroic Defence without spending Might.
IRONSKIN = "ironskin"


def _ironskin(state: BattleState, hero: ModelState, name: str) -> bool:
    if name != HEROIC_DEFENCE or IRONSKIN not in hero.triggers or state.phase is not Phase.FIGHT:
        return False
    return any(foe.profile.is_hero for foe in state.contacts(hero))


FREE_ACTIONS.append(_ironskin)
REGISTRY.register(IRONSKIN, kind=Kind.RULE, source="BSData Ironskin (Gorûlf)")

# Go for the Horse! (Frída): she and friendly Dunlendings within 3" of her re-roll To
# Wound rolls against mounts in the Fight phase.
GO_FOR_THE_HORSE = "go for the horse!"
HORSE_REACH = 3.0


@reroll_by_effect(Roll.TO_WOUND_IN_COMBAT)
def _go_for_the_horse(context: HookContext) -> Reroll:
    model, state = context.model, context.state
    if not context.details.get("at_mount"):
        return Reroll.NONE
    if GO_FOR_THE_HORSE in model.triggers:
        return Reroll.FAILED
    if "dunlending" not in model.profile.keywords:
        return Reroll.NONE
    for frida in state.living(model.player):
        if GO_FOR_THE_HORSE in frida.triggers and state.distance(frida, model) <= HORSE_REACH:
            return Reroll.FAILED
    return Reroll.NONE


REGISTRY.register(GO_FOR_THE_HORSE, kind=Kind.RULE, source="BSData Go for the Horse! (Frída)")

# Readied Stance (Frída): Cavalry gain neither the Extra Attack nor the knock-down of a
# charge in a fight against her or one she supports (cavalry.NO_CHARGE_BONUS).
READIED = "readied stance"
NO_CHARGE_BONUS.add(READIED)
REGISTRY.register(READIED, kind=Kind.RULE, source="BSData Readied Stance (Frída)")

# Bloodoath (the Wild Man Oathmaker): friendly Wild Men of Dunland within 6" of him are
# Fearless (SR-FEARLESS: they pass Courage tests without rolling).
BLOODOATH = "bloodoath"
OATH_REACH = 6.0


def _wild_man(model: ModelState) -> bool:
    return "wild man of dunland" in model.profile.name.lower()


@grant_by_effect(May.PASS_COURAGE_UNTESTED)
def _bloodoath(context: HookContext) -> bool | None:
    model, state = context.model, context.state
    if not _wild_man(model):
        return None
    for maker in state.living(model.player):
        if BLOODOATH in maker.triggers and state.distance(maker, model) <= OATH_REACH:
            return True
    return None


REGISTRY.register(BLOODOATH, kind=Kind.RULE, source="BSData Bloodoath (the Wild Man Oathmaker)")

# We Will Die for Saruman (the Oathmaker): the Wild Men of Dunland of his army have the
# Isengard keyword for the whole battle (given as the first turn starts).
DIE_FOR_SARUMAN = "we will die for saruman"


@every(Tick.TURN_START, DIE_FOR_SARUMAN, order=4)
def _die_for_saruman(state: BattleState) -> None:
    if state.turn != 1:
        return
    for maker in [m for m in state.living() if DIE_FOR_SARUMAN in m.triggers]:
        for model in state.living(maker.player):
            if _wild_man(model) and "isengard" not in model.profile.keywords:
                profile = model.profile
                keywords = profile.keywords | {"isengard"}
                model.spec = ModelSpec(model.uid, replace(profile, keywords=keywords))
                model.triggers = model.triggers | {"isengard"}


REGISTRY.register(DIE_FOR_SARUMAN, kind=Kind.RULE, source="BSData We Will Die for Saruman")

# Impervious to Bow-fire (Uruk-hai Berserkers): Defence 6 against shooting attacks.
IMPERVIOUS = "impervious to bow-fire"


@override(Stat.DEFENCE, IMPERVIOUS, source="BSData Impervious to Bow-fire (Berserkers)")
def _impervious(context: HookContext, value: int) -> int | None:
    return max(6, value) if context.details.get("missile") else None

"""Rules of Isengard's Dunlending heroes and Uruk-hai Berserkers from the BattleScribe rule
text (Gorûlf Ironskin, Frída Tallspear, the Wild Man Oathmaker, the Berserkers)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from battlesim.engines.sbg.core.hooks import HookContext
from battlesim.engines.sbg.core.overrides import Stat, override
from battlesim.engines.sbg.core.permissions import May, grant_by_effect
from battlesim.engines.sbg.core.registry import REGISTRY, Kind
from battlesim.engines.sbg.core.rerolls import Reroll, Roll, reroll_by_effect
from battlesim.engines.sbg.core.state import BattleState, ModelState, Phase, Tick, every
from battlesim.engines.sbg.core.units import ModelSpec
from battlesim.engines.sbg.rules.cavalry import NO_CHARGE_BONUS
from battlesim.engines.sbg.rules.fight_stances import ONE_HAND_ONLY
from battlesim.engines.sbg.rules.heroic_actions import FREE_ACTIONS, HEROIC_DEFENCE, MIGHT_TAXES
from battlesim.engines.sbg.rules.monsters.core import (
    BpaFight,
    BrutalPowerAttack,
    hit,
    register_bpa,
    wound_chance,
)

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


# Berserker blade (BSData wargear 143d-ebbd-5c58-82b1, 92f5-3081-560c-64e1): a
# hand-and-a-half sword (names.yaml); a Berserker winning a Duel roll while using it
# two-handed may, instead of striking, make one Strength 4 hit at +1 To Wound on every model
# Engaged in the fight or supporting him and in base contact with him, friend and foe.
# Played through the Brutal Power Attack machinery ("instead of strikes", as Put 'em in
# Chains); the heuristic weighs the foes it takes out against the friends (READINGS).
BERSERKER_BLADE = "berserker blade"
BLADE_STRENGTH = 4
BLADE_TO_WOUND = 1


def _swept(fight: BpaFight) -> list[ModelState]:
    """The models the sweep hits: in base contact with the Berserker, fighting in this
    fight or supporting in it, on either side."""
    combat, berserker, state = fight.combat, fight.monster, fight.state
    involved = [m for side in (0, 1) for m in combat.side(side) + combat.helpers(side)]
    return [m for m in involved if m is not berserker and state.in_contact(m, berserker)]


def _blade_targets(fight: BpaFight) -> list[ModelState | None]:
    return [None] if fight.monster.two_hands and fight.living_losers() else []


def _sweep(fight: BpaFight, _nominated: ModelState | None) -> None:
    state = fight.state
    swept = _swept(fight)
    state.log.emit(
        "army_rule", model=fight.monster.uid, rule=BERSERKER_BLADE, hits=[m.uid for m in swept]
    )
    for model in swept:
        hit(state, model, BLADE_STRENGTH, BERSERKER_BLADE, to_wound=BLADE_TO_WOUND)


def _sweep_harm(
    state: BattleState, berserker: ModelState, _l: Sequence[ModelState], _n: ModelState | None
) -> float:
    """Foes taken out less friends taken out (a +1 To Wound read as one more Strength)."""
    total = 0.0
    touching = [m for m in state.living() if m is not berserker and state.in_contact(m, berserker)]
    for model in touching:
        chance = wound_chance(BLADE_STRENGTH + BLADE_TO_WOUND, model.defence)
        taken = chance / max(1, model.wounds)
        total += taken if model.player != berserker.player else -taken
    return total


register_bpa(
    BrutalPowerAttack(
        BERSERKER_BLADE, _blade_targets, _sweep, unique=True, harm=_sweep_harm, any_model=True
    )
)
REGISTRY.register(BERSERKER_BLADE, kind=Kind.WEAPON, source="BSData wargear 143d-ebbd-5c58-82b1")


# Wormtongue (BSData 279d-106c-ab62-654b): an enemy Hero within 6" of Gríma must expend 2
# Might points instead of 1 to use a Heroic Action (heroic_actions.MIGHT_TAXES); one that
# is free or paid with another's Will is not taxed (READINGS).
WORMTONGUE = "wormtongue"
WORMTONGUE_REACH = 6.0


def _wormtongue(state: BattleState, hero: ModelState) -> int:
    for grima in state.living(1 - hero.player):
        if WORMTONGUE in grima.triggers and state.distance(grima, hero) <= WORMTONGUE_REACH + 1e-9:
            return 1
    return 0


MIGHT_TAXES.append(_wormtongue)
REGISTRY.register(WORMTONGUE, kind=Kind.RULE, source="BSData 279d-106c-ab62-654b")


# Flaming Brand (BSData profile f7d9-c1ad-c029-0a11, the Demolition Team's Berserker and
# Uruk-hai): its carrier cannot use a two-handed weapon, so a hand-and-a-half one (the
# Berserker blade) is always used one-handed (fight_stances.ONE_HAND_ONLY); it is the torch
# that lights a demolition charge (demolition.TORCHES). "Extinguished and lost" when its
# carrier is slain: no model ever takes up a dead model's wargear here.
FLAMING_BRAND = "flaming brand"
ONE_HAND_ONLY.add(FLAMING_BRAND)
REGISTRY.register(FLAMING_BRAND, kind=Kind.WARGEAR, source="BSData f7d9-c1ad-c029-0a11")

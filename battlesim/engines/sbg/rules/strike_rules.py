"""Special rules that change a model's strikes and its Duel (checklist part 2 §9.3), each a
registered unit of the rule API named after its SR id and seed line.

Bracketed rules ("Hatred (Elf)") read their keywords through ``named_targets``.
"""

from __future__ import annotations

from battlesim.engines.sbg.core.arms import Handedness
from battlesim.engines.sbg.core.hooks import Hook, HookContext, register
from battlesim.engines.sbg.core.overrides import Stat, override
from battlesim.engines.sbg.core.permissions import May, grant
from battlesim.engines.sbg.core.registry import REGISTRY, Kind
from battlesim.engines.sbg.core.rerolls import Reroll, Roll, reroll
from battlesim.engines.sbg.rules.courage import courage_value
from battlesim.engines.sbg.rules.named_targets import aimed_at

_BSDATA_AGILITY = "BSData rule 'Preternatural Agility': never Trapped whilst standing"
HATRED = "hatred"
ANCIENT_ENEMIES = "ancient enemies"
BANE = "bane weapons"
BLADES_OF_THE_DEAD = "blades of the dead"


def _in_combat(context: HookContext) -> bool:
    return not context.details.get("missile")


@register(Hook.WOUND_ROLL, HATRED)
def _hatred(context: HookContext) -> int:
    """SR-HATRED (002:L2785): +1 To Wound in combat against models with the keyword."""
    hated = _in_combat(context) and aimed_at(context.model, HATRED, context.other)
    return 1 if hated else 0


REGISTRY.register(HATRED, kind=Kind.RULE, source="SR-HATRED (002:L2785)", parameters=True)


@reroll(Roll.TO_WOUND_IN_COMBAT, ANCIENT_ENEMIES, source="SR-ANCENEMY (002:L2717)")
def _ancient_enemies(context: HookContext) -> Reroll:
    """SR-ANCENEMY (002:L2717): re-roll To Wound 1s in combat against the keyword."""
    return Reroll.ONES if aimed_at(context.model, ANCIENT_ENEMIES, context.other) else Reroll.NONE


REGISTRY.register(ANCIENT_ENEMIES, kind=Kind.RULE, source="SR-ANCENEMY", parameters=True)


@reroll(Roll.TO_WOUND_IN_COMBAT, "poisoned weapon", source="SR-POISON (002:L2721)")
def _poisoned_blade(context: HookContext) -> Reroll:
    """SR-POISON (002:L2721): must re-roll To Wound 1s with the poisoned weapon."""
    return Reroll.ONES


@reroll(Roll.TO_WOUND_SHOOTING, "poisoned weapon", source="SR-POISON (002:L2721)")
@reroll(Roll.TO_WOUND_SHOOTING, "poisoned arrows", source="SR-POISON (002:L2721)")
def _poisoned_shot(context: HookContext) -> Reroll:
    """SR-POISON (002:L2721): poisoned ammunition re-rolls To Wound 1s when shooting (a
    "Bow with Poisoned Arrows" poisons its shots only)."""
    return Reroll.ONES


@register(Hook.WOUND_ROLL, "backstabbers")
def _backstabbers(context: HookContext) -> int:
    """SR-ASSASSIN (002:L2727): +1 To Wound in combat striking a Trapped model, cumulative
    with the two-handed +1."""
    return 1 if _in_combat(context) and context.details.get("trapped") else 0


REGISTRY.register(
    "backstabbers", kind=Kind.RULE, source="SR-ASSASSIN (002:L2727)", aliases=("assassin",)
)


@register(Hook.DUEL_DIE, "burly")
def _burly(context: HookContext) -> int:
    """SR-BURLY (002:L2751): no -1 Duel with a two-handed weapon (cancels WPN-2H-02's -1;
    masterforged already spares it). Heavy Objects are not on the engine's tables."""
    model = context.model
    weapon = model.weapon
    two_handed = weapon is not None and weapon.handedness is Handedness.TWO_HANDED
    return 1 if two_handed and "masterforged" not in model.triggers else 0


REGISTRY.register("burly", kind=Kind.RULE, source="SR-BURLY (002:L2751)")


@register(Hook.EXTRA_WOUNDS, "mighty blow")
def _mighty_blow(context: HookContext) -> int:
    """SR-MIGHTYBLOW (002:L2759): each strike that wounds in combat deals 2 Wounds."""
    return 1


REGISTRY.register("mighty blow", kind=Kind.RULE, source="SR-MIGHTYBLOW (002:L2759)")


@register(Hook.WOUNDS_AFTER_SAVES, BANE)
def _bane(context: HookContext) -> int:
    """SR-BANE (002:L2773): D3 Wounds instead of 1 per strike that wounds a model with the
    keyword « (non sauvé par du Destin) »: the D3 is rolled only once no save stopped the
    blow, as in Grinnah's example (L1786-1788: Fate is rolled first); one Fate success stops
    the whole blow (HERO-FATE-04)."""
    if not aimed_at(context.model, BANE, context.other):
        return 0
    (die,) = context.state.roll(1, f"bane D3 {context.model.uid}")
    return (die + 1) // 2 - 1


REGISTRY.register(BANE, kind=Kind.RULE, source="SR-BANE (002:L2773)", parameters=True)


@override(Stat.STRUCK_DEFENCE, BLADES_OF_THE_DEAD, source="SR-BLADESDEAD (002:L2819)")
def _blades_of_the_dead(context: HookContext, defence: int) -> int | None:
    """SR-BLADESDEAD (002:L2819): its strikes compare Strength with the target's Courage
    (with the auras that change it) instead of its Defence; no Special Strikes
    (special_strikes.eligible)."""
    target = context.other
    return None if target is None else courage_value(context.state, target, BLADES_OF_THE_DEAD)


@grant(May.BE_TRAPPED, "preternatural agility", source=_BSDATA_AGILITY)
def _preternatural_agility(context: HookContext) -> bool:
    """Preternatural Agility (BSData rule text): never Trapped whilst still standing; a
    prone model is struck as trapped as usual (FIGHT-PRONE)."""
    return context.model.prone

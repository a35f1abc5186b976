"""What weapons do to the Duel and To Wound rolls (part 2 §4-6): one hook handler each.

The weapons themselves (types, special strikes, ranges) are facts in ``core/arms.py``.
"""

from __future__ import annotations

from battlesim.engines.sbg.core.arms import (
    NATURAL_WEAPONS,
    Handedness,
    HandWeapon,
)
from battlesim.engines.sbg.core.hooks import Hook, HookContext, register
from battlesim.engines.sbg.core.registry import REGISTRY, Kind

_TWO = Handedness.TWO_HANDED


def _weapon_in_use(context: HookContext) -> HandWeapon | None:
    return context.model.weapon


@register(Hook.DUEL_DIE, "two-handed")
def _two_handed_duel(context: HookContext) -> int:
    """WPN-2H-02 (002:L1955): -1 to the Duel roll; WPN-MASTER-01: masterforged ignores it."""
    weapon = _weapon_in_use(context)
    in_use = weapon is not None and weapon.handedness is _TWO
    return -1 if in_use and "masterforged" not in context.model.triggers else 0


@register(Hook.WOUND_ROLL, "two-handed")
def _two_handed_wound(context: HookContext) -> int:
    """WPN-2H-02 (002:L1955, L1969): +1 To Wound, on both dice of a 6/x result, in fights
    only (not on the model's shots)."""
    weapon = _weapon_in_use(context)
    in_fight = not context.details.get("missile")
    return 1 if in_fight and weapon is not None and weapon.handedness is _TWO else 0


@register(Hook.DUEL_DIE, "unarmed")
def _unarmed_duel(context: HookContext) -> int:
    """WPN-UNARMED-01 (002:L1977): -1 Duel."""
    return -1


@register(Hook.WOUND_ROLL, "unarmed")
def _unarmed_wound(context: HookContext) -> int:
    """WPN-UNARMED-01 (002:L1977): -1 To Wound."""
    return -1


@register(Hook.DUEL_DIE, "pike")
def _pike_with_shield_or_bow(context: HookContext) -> int:
    """WPN-PIKE-02 (002:L2008): a pike model with a shield, bow or crossbow has -1 Duel."""
    burden = context.model.triggers & {"shield", "bow", "crossbow"}
    return -1 if burden else 0


# WPN-SS-01 (002:L1973), WPN-UNARMED-01 (002:L1977): natural weapons (BSData "Natural
# weapon") make the model armed, with no weapon type and so no Special Strike (arms.py).
REGISTRY.register(NATURAL_WEAPONS, kind=Kind.WEAPON, source="WPN-SS-01 (002:L1973), arms.py")

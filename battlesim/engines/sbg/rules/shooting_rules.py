"""Special rules of shooting (checklist part 2 §9.3): Expert Shot and Throw Stones, each a
registered unit of the rule API named after its SR id and seed line."""

from __future__ import annotations

from collections.abc import Collection

from battlesim.engines.sbg.core.arms import MissileKind, MissileWeapon
from battlesim.engines.sbg.core.hooks import Hook, HookContext, register
from battlesim.engines.sbg.core.registry import REGISTRY, Kind
from battlesim.engines.sbg.core.units import Profile

THROW_STONES = "throw stones"
# The two "Throw Stones" weapon profiles of the data (BSData game system, shared profiles
# 4d93-48da and 97f1-b8b1): a Hobbit's 8" Strength 1 stone, a Troll's or Ent's 12"
# Strength 8 boulder. Which a card throws: data.ASSUMPTIONS "throw-stones".
SMALL_STONES = MissileWeapon("thrown stones", 8.0, 1, MissileKind.STONES)
BOULDERS = MissileWeapon("thrown boulders", 12.0, 8, MissileKind.STONES)
_BOULDER_STRENGTH = 6  # a Troll or Ent (Strength 6+) throws boulders


@register(Hook.EXTRA_SHOTS, "expert shot")
def _expert_shot(context: HookContext) -> int:
    """SR-EXPSHOT (002:L2877): shoots twice in the Shoot phase, one shot after the other."""
    return 1


REGISTRY.register("expert shot", kind=Kind.RULE, source="SR-EXPSHOT (002:L2877)")


def thrown_stones(profile: Profile, rules: Collection[str]) -> MissileWeapon | None:
    """SR-THROWSTONES (002:L2807): a model with no missile weapon that did not move at all
    may make a shooting attack with its profile's Strength and range."""
    if THROW_STONES not in rules:
        return None
    return BOULDERS if profile.strength >= _BOULDER_STRENGTH else SMALL_STONES


REGISTRY.register(THROW_STONES, kind=Kind.RULE, source="SR-THROWSTONES (002:L2807)")

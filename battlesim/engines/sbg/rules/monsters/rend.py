"""Rend (MON-BPA-REND-01..03, 002:L1814-1816, example L1828-1830)."""

from __future__ import annotations

from battlesim.engines.sbg.core.state import ModelState
from battlesim.engines.sbg.rules.characteristics import attacks, strength_base
from battlesim.engines.sbg.rules.combat import clamp_stat, roll_to_wound
from battlesim.engines.sbg.rules.heroic_actions import wounded_only_on_sixes
from battlesim.engines.sbg.rules.kinds import braced
from battlesim.engines.sbg.rules.monsters.core import BpaFight, BrutalPowerAttack, register_bpa


def rend_targets(fight: BpaFight) -> list[ModelState | None]:
    """REND-01: any enemy model engaged in the fight."""
    return [m for m in fight.living_losers() if not braced(m)]  # army rules: the Iron Shield


def rend_dice(fight: BpaFight) -> int:
    """REND-03: one die per Attack of the Monster (its Attacks characteristic, as modified:
    a stunned Monster has one); never doubled against a trapped model (MON-BPA-02)."""
    monster = fight.monster
    return attacks(fight.state, monster)


def resolve_rend(fight: BpaFight, target: ModelState | None) -> None:
    """REND-01/02: every Attack at the nominated model, the Monster's Strength against the
    target's Strength on the wound chart. MON-BPA-02: no strike modifier (Strength hooks,
    two-handed +1, special strikes, re-rolls) applies (data.ASSUMPTIONS 'bpa-modifiers')."""
    assert target is not None
    state, monster = fight.state, fight.monster
    strength = clamp_stat(strength_base(state, monster))  # a value a rule sets is no modifier
    toughness = clamp_stat(strength_base(state, target))
    for _ in range(rend_dice(fight)):
        if not target.alive:
            return
        purpose = f"rend {monster.uid}->{target.uid} (S{strength} vs S{toughness})"
        sixes = wounded_only_on_sixes(state, target)  # HERO-HD-01
        # part 2 ambiguity 2: a Hero Monster's Might may raise its own Rend dice (HERO-MIGHT-06)
        if roll_to_wound(
            state, strength, toughness, 0, purpose, natural_six=sixes, roller=monster, target=target
        ):
            state.wound(target, f"rent by {monster.uid}")


REND = register_bpa(BrutalPowerAttack("rend", rend_targets, resolve_rend))

"""The Dark Lord Sauron's rules (Barad-Dûr), from the BattleScribe rule text: his two
Brutal Power Attacks (unique, MON-BPA-01), his free Will point and his One Ring."""

from __future__ import annotations

from collections.abc import Sequence

from battlesim.engines.sbg.core.registry import REGISTRY, Kind
from battlesim.engines.sbg.core.state import BattleState, Happening, ModelState, On, Phase, on
from battlesim.engines.sbg.rules import characteristics
from battlesim.engines.sbg.rules.ablaze import set_ablaze
from battlesim.engines.sbg.rules.cavalry import is_cavalry
from battlesim.engines.sbg.rules.combat import roll_to_wound
from battlesim.engines.sbg.rules.might import MightRoll, boost
from battlesim.engines.sbg.rules.monsters.core import (
    BpaFight,
    BrutalPowerAttack,
    hit,
    register_bpa,
    taken_out,
    wound_chance,
)
from battlesim.engines.sbg.rules.will import free_will_rule

# Unstoppable! (Brutal Power Attack): instead of striking, one Strength 8 hit on every enemy
# model of the fight, spear and pike supporters included.
UNSTOPPABLE = "unstoppable!"
UNSTOPPABLE_STRENGTH = 8


def _everyone(fight: BpaFight) -> list[ModelState | None]:
    return [None] if fight.living_losers() else []


def _unstoppable(fight: BpaFight, _target: ModelState | None) -> None:
    cause = f"{UNSTOPPABLE} of {fight.monster.uid}"
    for model in [*fight.living_losers(), *fight.enemy_helpers]:
        hit(fight.state, model, UNSTOPPABLE_STRENGTH, cause)


def _unstoppable_harm(
    state: BattleState, sauron: ModelState, losers: Sequence[ModelState], _t: ModelState | None
) -> float:
    return sum(taken_out(m, wound_chance(UNSTOPPABLE_STRENGTH, m.defence)) for m in losers)


register_bpa(
    BrutalPowerAttack(UNSTOPPABLE, _everyone, _unstoppable, unique=True, harm=_unstoppable_harm)
)

# The Flames of Evil (Brutal Power Attack): one Strike at one Infantry or Cavalry model
# engaged in the fight (a Cavalry model's rider only); if it lives, wounded or not, it is
# Set Ablaze (SR-ABLAZE: one S9 hit and it burns).
FLAMES = "the flames of evil"


def _flames_targets(fight: BpaFight) -> list[ModelState | None]:
    return [m for m in fight.living_losers() if "infantry" in m.profile.keywords or is_cavalry(m)]


def _flames(fight: BpaFight, target: ModelState | None) -> None:
    assert target is not None
    state, sauron = fight.state, fight.monster
    strength = characteristics.strength_value(state, sauron)
    defence = characteristics.defence_value(state, target)
    purpose = f"{FLAMES} {sauron.uid}->{target.uid} (S{strength} D{defence})"
    if roll_to_wound(state, strength, defence, 0, purpose, roller=sauron, target=target):
        state.wound(target, f"struck by {sauron.uid}")
    if target.alive:
        set_ablaze(state, sauron, target, FLAMES)


def _flames_harm(
    state: BattleState, sauron: ModelState, _l: Sequence[ModelState], target: ModelState | None
) -> float:
    """The Strike, then the S9 hit of a survivor (its burning afterwards left out)."""
    if target is None:
        return 0.0
    strike = wound_chance(characteristics.strength_value(state, sauron), target.defence)
    return taken_out(target, strike + (1 - strike) * wound_chance(9, target.defence))


register_bpa(BrutalPowerAttack(FLAMES, _flames_targets, _flames, unique=True, harm=_flames_harm))

# The Lord of the Rings: one Will point each turn without reducing his store.
LORD_OF_THE_RINGS = "the lord of the rings"
free_will_rule(LORD_OF_THE_RINGS)
REGISTRY.register(LORD_OF_THE_RINGS, kind=Kind.RULE, source="BSData The Lord of the Rings")

# Sauron's One Ring: whenever a blow would remove him, a D6 (Might may raise it): on a 2+
# one Wound is restored; in the Fight phase one roll for each Wound that would remove him.
SAURONS_RING = "sauron's one ring"
RING_SAVE = 2


@on(On.WOUNDING, SAURONS_RING, order=22, trigger=SAURONS_RING)
def _the_ring_sustains_him(state: BattleState, blow: Happening) -> bool:
    sauron = blow.model
    if blow.at_mount or sauron.wounds > blow.count:
        return False
    rolls = blow.count - sauron.wounds + 1 if state.phase is Phase.FIGHT else 1
    for _ in range(rolls):
        (die,) = state.roll(1, f"{SAURONS_RING} {sauron.uid} ({RING_SAVE}+)")
        if boost(state, sauron, MightRoll.RULE, die, RING_SAVE) < RING_SAVE:
            return False
    sauron.wounds = 1
    state.log.emit("army_rule", model=sauron.uid, rule=SAURONS_RING, wounds_left=1)
    return True


REGISTRY.register(SAURONS_RING, kind=Kind.RULE, source="BSData Sauron's One Ring")

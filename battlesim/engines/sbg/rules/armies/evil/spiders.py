"""Spiders' webs and Shelob's from the BattleScribe rule text: a hit leaves its target
"under the effect of the Paralyse Magical Power" (MAGIC-P-PARALYSE, powers_rare.paralyse)."""

from __future__ import annotations

from collections.abc import Sequence

from battlesim.engines.sbg.core.arms import MissileKind, MissileWeapon
from battlesim.engines.sbg.core.registry import REGISTRY, Kind
from battlesim.engines.sbg.core.state import BattleState, ModelState
from battlesim.engines.sbg.rules.heroics import fate_policy, fate_saves
from battlesim.engines.sbg.rules.kinds import is_monster
from battlesim.engines.sbg.rules.magic.powers_rare import paralyse, paralysed
from battlesim.engines.sbg.rules.monsters.core import (
    BpaFight,
    BrutalPowerAttack,
    hit,
    register_bpa,
    taken_out,
    wound_chance,
)
from battlesim.engines.sbg.rules.special_shots import SpecialShot, register_shot

# Spider Webs (Mirkwood Spider): a throwing weapon of 8"; a hit rolls no To Wound: the model
# is Paralysed; a Hero may spend Fate as if wounded to dodge it (one success suffices).
SPIDER_WEBS = "spider webs"
WEB = MissileWeapon("spider web", 8.0, 1, MissileKind.THROWING)


def _webbed(state: BattleState, spider: ModelState, model: ModelState) -> None:
    if paralysed(state, model):
        return
    if model.fate > 0 and fate_saves(state, model, fate_policy(state), count=model.wounds):
        state.log.emit("army_rule", model=model.uid, rule=SPIDER_WEBS, dodged=True)
        return
    state.log.emit("army_rule", model=model.uid, rule=SPIDER_WEBS, by=spider.uid)
    paralyse(state, model, SPIDER_WEBS, f"BSData {SPIDER_WEBS} ({spider.uid})")


def _web_worth(state: BattleState, spider: ModelState, target: ModelState) -> float:
    """Heuristic: an enemy standing and free is worth webbing, a Hero more."""
    if paralysed(state, target) or target.prone:
        return 0.0
    return 2.0 if target.profile.is_hero else 1.0


register_shot(
    SpecialShot(SPIDER_WEBS, WEB, lambda s, m: True, lambda s, m: True, _webbed, _web_worth)
)
REGISTRY.register(SPIDER_WEBS, kind=Kind.RULE, source="BSData Spider Webs (Mirkwood Spider)")

# Caught in a Web (Shelob's Brutal Power Attack): instead of striking, one Strength 7 hit on
# one model of the fight that is not a Monster; wounded, and not saved by Fate, it is
# Paralysed.
CAUGHT = "caught in a web"
CAUGHT_STRENGTH = 7


def _caught_targets(fight: BpaFight) -> list[ModelState | None]:
    return [m for m in fight.living_losers() if not is_monster(m)]


def _caught(fight: BpaFight, target: ModelState | None) -> None:
    assert target is not None
    state = fight.state
    before = target.wounds
    hit(state, target, CAUGHT_STRENGTH, f"{CAUGHT} of {fight.monster.uid}")
    if target.alive and target.wounds < before:  # a Fate success leaves its Wounds
        paralyse(state, target, CAUGHT, f"BSData {CAUGHT} ({fight.monster.uid})")


def _caught_harm(
    state: BattleState, shelob: ModelState, _l: Sequence[ModelState], target: ModelState | None
) -> float:
    """The hit's harm, and a Paralysed survivor counted as half taken out."""
    if target is None:
        return 0.0
    chance = wound_chance(CAUGHT_STRENGTH, target.defence)
    return taken_out(target, chance) + 0.5 * chance * (target.wounds > 1)


register_bpa(BrutalPowerAttack(CAUGHT, _caught_targets, _caught, unique=True, harm=_caught_harm))

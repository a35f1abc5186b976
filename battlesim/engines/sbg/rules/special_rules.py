"""Special rules of profiles, each a registered hook handler (part 2 §9 as they are needed).

A special rule's trigger is its name in lower case without the "(Active)"/"(Passive)" tag.
"""

from __future__ import annotations

from battlesim.engines.sbg.core import effects
from battlesim.engines.sbg.core.auras import Affects, aura
from battlesim.engines.sbg.core.effects import Bar
from battlesim.engines.sbg.core.hooks import Hook, HookContext, register
from battlesim.engines.sbg.core.permissions import May, grant
from battlesim.engines.sbg.core.registry import REGISTRY, Kind
from battlesim.engines.sbg.core.rerolls import Reroll, Roll, reroll
from battlesim.engines.sbg.core.state import BattleState, Happening, ModelState, On, Removal, on
from battlesim.engines.sbg.rules.courage import courage_test


@register(Hook.DEFENCE, "shieldwall")
def _shieldwall(context: HookContext) -> int:
    """SR-SHIELDWALL (002:L2841): +1 Defence with a shield while touching two or more
    non-prone friends with Shieldwall and a shield; on foot only. An Active rule: none while
    the model cannot act (Transfix, Paralyse: SR-GEN-02, 002:L2705)."""
    model, state = context.model, context.state
    if "shield" not in model.triggers or "cavalry" in model.triggers:
        return 0
    if cannot_act(state, model):
        return 0
    wall = 0
    for friend in state.living(model.player):
        if friend is model or friend.prone:
            continue
        if {"shield", "shieldwall"} <= friend.triggers and state.in_contact(model, friend):
            wall += 1
            if wall >= 2:
                return 1
    return 0


def cannot_act(state: BattleState, model: ModelState) -> bool:
    """SR-GEN-02 (002:L2705): under Transfix, Paralyse or any effect that stops it acting
    (it may neither move nor strike), an Active rule has no effect."""
    return effects.barred(state, model, Bar.MOVE) and effects.barred(state, model, Bar.STRIKE)


# Rules written with the rule API of core/ (README.md, "Where a new rule goes").


@grant(May.PASS_COURAGE_UNTESTED, "fearless", source="SR-FEARLESS (002:L2865)")
def _fearless(context: HookContext) -> bool:
    """Fearless passes every Courage test it takes, without rolling."""
    return True


@reroll(Roll.TO_WOUND_IN_COMBAT, "venom", source="SR-VENOM (002:L2881)")
def _venom(context: HookContext) -> Reroll:
    """Venom: must re-roll all failed To Wound rolls in combat."""
    return Reroll.FAILED


@reroll(Roll.TO_WOUND_IN_COMBAT, "bane of kings", source="SR-BANEKINGS (002:L2777)")
def _bane_of_kings(context: HookContext) -> Reroll:
    """Bane of Kings: must re-roll all failed To Wound rolls in combat."""
    return Reroll.FAILED


@aura(
    Hook.COURAGE,
    "harbinger of evil",
    reach=12.0,
    affects=Affects.ENEMIES,
    group="fear aura",
    source="SR-HARBINGER (002:L2769)",
)
def _harbinger(context: HookContext, carrier: ModelState) -> int:
    """Every enemy within 12" has -1 Courage, not cumulative with similar penalties."""
    return -1


@aura(
    Hook.COURAGE,
    "ancient evil",
    reach=18.0,
    affects=Affects.ENEMIES,
    group="fear aura",
    source="SR-ANCEVIL (002:L2829)",
)
def _ancient_evil(context: HookContext, carrier: ModelState) -> int:
    """Every enemy within 18" has -1 Courage, not cumulative with Harbinger of Evil."""
    return -1


@on(On.REMOVED, "blood and glory", order=50)
def _blood_and_glory(state: BattleState, happening: Happening) -> None:
    """Blood & Glory (SR-BLOODGLORY, 002:L2861): each time it kills a Hero in combat, it
    regains 1 Might point spent earlier (never above its starting store)."""
    slain = happening.model
    killer_uid = happening.source.removeprefix("struck by ")
    killer = state.models.get(killer_uid) if happening.source.startswith("struck by ") else None
    if killer is None or not slain.profile.is_hero or BLOOD_AND_GLORY not in killer.triggers:
        return
    if killer.alive and killer.might < killer.profile.might:
        killer.might += 1
        state.log.emit("might_regained", model=killer.uid, rule="blood & glory", might=killer.might)


BLOOD_AND_GLORY = "blood & glory"
REGISTRY.register(BLOOD_AND_GLORY, kind=Kind.RULE, source="SR-BLOODGLORY (002:L2861)")


@on(On.WOUNDED, "survival instinct", order=50, trigger="survival instinct")
def _survival_instinct(state: BattleState, happening: Happening) -> None:
    """Survival Instinct (SR-SURVIVAL, 002:L2801): each time it loses a Wound and stays on
    the table, it must pass a Courage test or leave the battlefield (a casualty); it tests
    every time (an exception to COUR-TEST-03)."""
    model = happening.model
    model.courage_passed.discard("survival instinct")
    if not courage_test(state, model, "survival instinct"):
        state.remove(model, Removal.FLED)


REGISTRY.register("survival instinct", kind=Kind.RULE, source="SR-SURVIVAL (002:L2801)")

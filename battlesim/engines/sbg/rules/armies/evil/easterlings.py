"""Rules of the Easterlings of Rhûn, from the BattleScribe rule text."""

from __future__ import annotations

from battlesim.engines.sbg.core.hooks import Hook, HookContext, register
from battlesim.engines.sbg.core.permissions import May, grant
from battlesim.engines.sbg.core.registry import REGISTRY, Kind
from battlesim.engines.sbg.core.state import BattleState, Happening, On, on
from battlesim.engines.sbg.rules import equipment

PHALANX = "phalanx"
_PHALANX_ID = "BSData 0c4c-c496-3d2a-40c2 (Phalanx)"

# Phalanx, first sentence: Easterling models use pikes and shields together without penalty
# (the shield keeps its +1 Defence beside a pike, ARM-SH-02).
equipment.PIKE_AND_SHIELD.add(PHALANX)


@grant(May.MAKE_WAY_WITH_TWO, PHALANX, source=_PHALANX_ID)
def _phalanx_make_way(context: HookContext) -> bool:
    """Phalanx: should an Easterling on foot with this rule lose a Duel, up to two other
    models with Phalanx can Make Way instead of one (FIGHT-WAY-01)."""
    loser = context.model
    on_foot = loser.mount is None and "cavalry" not in loser.profile.keywords
    friends = context.details.get("friends", ())
    return on_foot and all(PHALANX in friend.triggers for friend in friends)


UNYIELDING = "unyielding combat stance"
FOOTING_NEED = 4


@on(On.KNOCKED_DOWN, UNYIELDING, order=50, trigger=UNYIELDING)
def _unyielding_combat_stance(state: BattleState, happening: Happening) -> bool:
    """Unyielding Combat Stance (BSData e89f-6767-1096-ab86; the rulebook's Agilité
    Surnaturelle, SR-AGILITY 002:L2713): knocked Prone, a D6; on a 4+ it keeps its footing. A
    mounted model is still separated from its mount; Knocked Flying has none of its effects."""
    model = happening.model
    (die,) = state.roll(1, f"unyielding combat stance {model.uid}")
    kept = die >= FOOTING_NEED
    state.log.emit("keeps_footing", model=model.uid, cause=happening.source, die=die, kept=kept)
    return kept


REGISTRY.register(
    UNYIELDING,
    kind=Kind.RULE,
    source="BSData e89f-6767-1096-ab86, SR-AGILITY (002:L2713)",
)


GLEAMING_HORDE = "the gleaming horde"


def _gleaming_wall(context: HookContext) -> int:
    """The Gleaming Horde (BSData 17dd-3492-6dfd-74ea): while mounted the model has
    Shieldwall (+1 Defence touching two or more non-prone friends with Shieldwall and a
    shield, rules/special_rules.py), for rider and steed alike; a Hero without a shield still
    benefits. On foot, its own Shieldwall (if any) is the rulebook's."""
    state, model = context.state, context.model
    if model.mount is None:
        return 0
    if "shield" not in model.triggers and not model.profile.is_hero:
        return 0
    wall = 0
    for friend in state.living(model.player):
        if friend is model or friend.prone or "shield" not in friend.triggers:
            continue
        walled = "shieldwall" in friend.triggers or (
            GLEAMING_HORDE in friend.triggers and friend.mount is not None
        )
        if walled and state.in_contact(model, friend):
            wall += 1
            if wall >= 2:
                return 1
    return 0


register(Hook.DEFENCE, GLEAMING_HORDE)(_gleaming_wall)
register(Hook.MOUNT_DEFENCE, GLEAMING_HORDE)(_gleaming_wall)
REGISTRY.register(GLEAMING_HORDE, kind=Kind.RULE, source="BSData 17dd-3492-6dfd-74ea")


SUPREME_AGILITY = "supreme agility"
_AGILITY_ID = "BSData 7332-63dd-0ba4-1b43 (Supreme Agility)"


@register(Hook.CROSSING_TEST, SUPREME_AGILITY)
def _supreme_agility_tests(context: HookContext) -> int:
    """Supreme Agility: +2 to Jump, Leap and Climb tests."""
    return 2


@grant(May.STRIKE_PAST_BARRIERS, SUPREME_AGILITY, source=_AGILITY_ID)
def _supreme_agility_barriers(context: HookContext) -> bool:
    """Supreme Agility: passes every In The Way test to strike a barrier's or doorway's
    defender (FIGHT-BAR-09)."""
    return True

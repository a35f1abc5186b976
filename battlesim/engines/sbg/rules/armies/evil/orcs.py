"""Orc, Goblin and Bat rules of the Evil armies (Mordor, Barad-dûr, Azog's Hunters, the
Dark Powers of Dol Guldur, the Dark Denizens of Mirkwood), from the BattleScribe rule text."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from battlesim.engines.sbg.core.auras import Affects, aura
from battlesim.engines.sbg.core.data import CONTACT_TOLERANCE, HEROIC_RANGE
from battlesim.engines.sbg.core.hooks import Hook, HookContext, register
from battlesim.engines.sbg.core.overrides import Stat, override
from battlesim.engines.sbg.core.registry import REGISTRY, Kind
from battlesim.engines.sbg.core.state import BattleState, Happening, On, on
from battlesim.engines.sbg.rules import heroic_actions as ha
from battlesim.engines.sbg.rules.characteristics import fight_base

if TYPE_CHECKING:
    from battlesim.engines.sbg.core.state import Phase

MANY_BLADES = "many blades"
_MANY_BLADES_ID = "BSData bc3c-f670-85e1-2310 (Many Blades)"


@register(Hook.ATTACKS, MANY_BLADES)
def _many_blades(context: HookContext) -> int:
    """Many Blades: +1 Attack whilst the model has the Infantry keyword (not mounted)."""
    model = context.model
    on_foot = model.mount is None and "cavalry" not in model.profile.keywords
    return 1 if on_foot and "infantry" in model.profile.keywords else 0


REGISTRY.register(MANY_BLADES, kind=Kind.RULE, source=_MANY_BLADES_ID)


# Whip of the Masters (BSData e4f9-3fa2-607e-f5d0): a friendly Hero within 6" of the
# Taskmaster (the Taskmaster included) that declares a Heroic Move, March or Shoot rolls a
# D6; on a 4+ the action is called without expending Might (the point spent comes back).
WHIP = "whip of the masters"
_WHIP_ACTIONS = frozenset({ha.HEROIC_MOVE, ha.HEROIC_MARCH, ha.HEROIC_SHOOT})
WHIP_NEED = 4


def _whip(
    state: BattleState, players: Sequence[Any], phase: Phase, declared: ha.Declaration
) -> None:
    if declared.action not in _WHIP_ACTIONS:
        return
    hero = state.models[declared.hero]
    masters = [
        m
        for m in state.living(hero.player)
        if WHIP in m.triggers and (m is hero or state.distance(m, hero) <= HEROIC_RANGE + 1e-9)
    ]
    if not masters or hero.might >= hero.profile.might:
        return  # no Taskmaster near, or the action cost nothing (a free declaration)
    (die,) = state.roll(1, f"whip of the masters {hero.uid}")
    if die >= WHIP_NEED:
        hero.might += 1
        state.log.emit("might_regained", model=hero.uid, rule=WHIP, might=hero.might)


ha.ANSWERS.append(_whip)
REGISTRY.register(WHIP, kind=Kind.RULE, source="BSData e4f9-3fa2-607e-f5d0 (Whip of the Masters)")


@aura(
    Hook.FIGHT,
    "blinding swarm",
    reach=CONTACT_TOLERANCE,
    affects=Affects.ENEMIES,
    group="blinding swarm",
    source="BSData 89c6-d516-952f-b339, 333e-64bb-ffec-8dae (Blinding Swarm)",
)
def _blinding_swarm(context: HookContext, carrier: Any) -> int:
    """Blinding Swarm: an enemy Engaged with a Bat Swarm has its Fight value halved,
    rounding down (the card's value; a second swarm halves it no further)."""
    model = context.model
    if not context.state.in_contact(model, carrier):
        return 0
    fight = fight_base(context.state, model)
    return fight // 2 - fight


@override(
    Stat.COURAGE,
    "for the dark lord!",
    source="BSData 41a8-6de9-a625-8e2d (For the Dark Lord!)",
)
def _for_the_dark_lord(context: HookContext, base: int) -> int | None:
    """While at least one friendly Ringwraith is on the battlefield, Courage is 6."""
    state, model = context.state, context.model
    wraiths = any("ringwraith" in m.profile.keywords for m in state.living(model.player))
    return 6 if wraiths else None


POWER_FROM_DEATH = "power from death"


@on(On.REMOVED, POWER_FROM_DEATH, order=50)
def _power_from_death(state: BattleState, happening: Happening) -> None:
    """Power from Death (BSData 3547-040f-8a26-d601): whenever Muzgúr slays an enemy in
    combat, he regains one Will point spent earlier in the battle."""
    if not happening.source.startswith("struck by "):
        return
    killer = state.models.get(happening.source.removeprefix("struck by "))
    if killer is None or POWER_FROM_DEATH not in killer.triggers or not killer.alive:
        return
    if killer.player != happening.model.player and killer.will < killer.profile.will:
        killer.will += 1
        state.log.emit("will_regained", model=killer.uid, rule=POWER_FROM_DEATH, will=killer.will)


REGISTRY.register(
    POWER_FROM_DEATH, kind=Kind.RULE, source="BSData 3547-040f-8a26-d601 (Power from Death)"
)


# War Leader of the North (BSData 8c44-644a-0153-1a3a): Orc Captains, Orc Warriors and Warg
# Riders in Razgûsh's army have Hatred (Elf): +1 To Wound against Elves in combat (SR-HATRED).
# The warband it allows him is checked by the army builder (WARBAND-ONLY-KIN).
WAR_LEADER = "war leader of the north"
_NORTHERN = ("orc captain", "orc warrior", "warg rider")


@aura(
    Hook.WOUND_ROLL,
    WAR_LEADER,
    reach=1000.0,  # "in the same army": the whole table
    affects=Affects.FRIENDS,
    group="hatred (elf) war leader",
    source="BSData 8c44-644a-0153-1a3a (War Leader of the North)",
)
def _war_leader(context: HookContext, carrier: Any) -> int:
    model, target = context.model, context.other
    if target is None or context.details.get("missile") or "elf" not in target.profile.keywords:
        return 0
    return 1 if model.profile.name.lower().startswith(_NORTHERN) else 0

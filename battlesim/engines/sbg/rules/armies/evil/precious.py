"""Gollum's The Precious and Amdûr's The Lord of Blades, from the BattleScribe rule text."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from battlesim.engines.sbg.core.registry import REGISTRY, Kind
from battlesim.engines.sbg.core.state import (
    BattleState,
    Happening,
    On,
    Phase,
    Tick,
    every,
    on,
)
from battlesim.engines.sbg.rules import heroic_actions as ha
from battlesim.engines.sbg.rules.master_of_battle import CopyHeroicAction
from battlesim.engines.sbg.rules.one_ring import RING, bears_ring

# The Precious (Gollum): unless another Ringbearer is in play, Gollum has the Ring (checked
# as each turn starts: one_ring.settle_bearers gives it to the better bearer if two meet);
# a Ringbearer slain in a fight with Gollum leaves him the Ring at once.
PRECIOUS = "the precious"


@every(Tick.TURN_START, PRECIOUS, order=6)
def _gollum_has_it(state: BattleState) -> None:
    gollums = [m for m in state.living() if PRECIOUS in m.triggers]
    for gollum in gollums:
        others = [m for m in state.living() if m is not gollum and bears_ring(m)]
        if not others and not bears_ring(gollum):
            gollum.triggers = gollum.triggers | {RING}
            state.log.emit("army_rule", model=gollum.uid, rule=PRECIOUS, gains=RING)


@on(On.REMOVED, PRECIOUS, order=60)
def _recovers_it(state: BattleState, gone: Happening) -> None:
    bearer = gone.model
    slayer = state.models.get(gone.source.removeprefix("struck by "))
    if not bears_ring(bearer) or slayer is None or not gone.source.startswith("struck by "):
        return
    if slayer.alive and PRECIOUS in slayer.triggers and not bears_ring(slayer):
        slayer.triggers = slayer.triggers | {RING}
        state.log.emit("army_rule", model=slayer.uid, rule=PRECIOUS, gains=RING)


REGISTRY.register(PRECIOUS, kind=Kind.RULE, source="BSData The Precious (Gollum)")

# The Lord of Blades (Amdûr): when an enemy in combat with him (in base contact) declares a
# Heroic Strike, he may at once declare one for free (READINGS: only if he has not declared
# another Heroic Action this phase: the engine keeps one declaration per Hero).
LORD_OF_BLADES = "the lord of blades"


def _lord_of_blades(
    state: BattleState, players: Sequence[Any], phase: Phase, declaration: ha.Declaration
) -> None:
    if declaration.action != ha.HEROIC_STRIKE:
        return
    hero = state.models[declaration.hero]
    declared = {d.hero for d in ha.declarations(state)}
    for amdur in state.contacts(hero):
        if LORD_OF_BLADES not in amdur.triggers or amdur.uid in declared:
            continue
        name = ha.HEROIC_STRIKE
        if ha.refusal(state, amdur.player, phase, (amdur.uid, name), free=True) is not None:
            continue
        if players[amdur.player].decide(state, CopyHeroicAction(amdur, hero, name)):
            ha.declare_free(state, players, phase, amdur, name)


ha.ANSWERS.append(_lord_of_blades)
REGISTRY.register(LORD_OF_BLADES, kind=Kind.RULE, source="BSData The Lord of Blades (Amdûr)")

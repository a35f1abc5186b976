"""Master of Battle (SR-MASTERBATTLE, seed 002:L2821-2825): a free copy of a Heroic Action.

Whenever an enemy Hero declares a Heroic Action within 6" of a Master of Battle, the Master
may declare the same action without spending Might, even if its profile lacks it; the
"Master of Battle (N+)" variant copies only on a D6 of N or more, rolled for each attempt it
wants to copy. The copy is a declaration like any other (one per Hero per phase, HERO-HA-03;
the action's own conditions apply) and may itself be copied by an enemy Master.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from battlesim.engines.sbg.core.data import HEROIC_RANGE
from battlesim.engines.sbg.core.decisions import Decision
from battlesim.engines.sbg.rules import heroic_actions as ha
from battlesim.engines.sbg.rules.heroic_actions import declarations

if TYPE_CHECKING:
    from battlesim.engines.sbg.core.state import BattleState, ModelState, Phase

MASTER = "master of battle"
_NEED = re.compile(r"(\d)\s*\+")


def copy_need(model: ModelState) -> int | None:
    """The D6 score the Master needs to copy (1: always), or None if it is no Master."""
    for rule in model.profile.rules:
        if rule.lower().startswith(MASTER):
            found = _NEED.search(rule)
            return int(found.group(1)) if found else 1
    return None


def masters_near(state: BattleState, hero: ModelState) -> list[ModelState]:
    """Enemy Masters of Battle within 6" of the declaring Hero, not yet declared this phase."""
    declared = {d.hero for d in declarations(state)}
    return [
        m
        for m in state.enemies(hero)
        if MASTER in m.triggers
        and m.uid not in declared
        and state.distance(hero, m) <= HEROIC_RANGE + 1e-9
    ]


def answer(
    state: BattleState, players: Sequence[Any], phase: Phase, declaration: ha.Declaration
) -> None:
    """SR-MASTERBATTLE: each Master near the declaring Hero may copy its action for free."""
    hero = state.models[declaration.hero]
    for master in masters_near(state, hero):
        name = declaration.action
        if ha.refusal(state, master.player, phase, (master.uid, name), free=True) is not None:
            continue  # e.g. engaged for a Heroic Shoot, no enemy Hero to challenge
        if not players[master.player].decide(state, CopyHeroicAction(master, hero, name)):
            continue
        need = copy_need(master) or 1
        if need > 1:
            (die,) = state.roll(1, f"master of battle {master.uid} ({need}+)")
            if die < need:
                state.log.emit("master_of_battle_failed", model=master.uid, die=die)
                continue
        ha.declare_free(state, players, phase, master, name)


ha.ANSWERS.append(answer)


# Decisions this module asks a player (core/decisions.py).


@dataclass(frozen=True, slots=True)
class CopyHeroicAction(Decision[bool]):
    """SR-MASTERBATTLE: does the Master copy the enemy Hero's action for free?"""

    master: ModelState
    hero: ModelState
    action: str

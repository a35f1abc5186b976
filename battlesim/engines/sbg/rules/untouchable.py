"""Models nothing may touch (army rules: Tom is Master, River-daughter, rules/armies/good/
wanderers.py): no Shooting attack or Magical Power may target them, friendly powers included;
a missile that would hit one vanishes; a fight one is in is won by its side with no Strikes
made by anyone. The rule modules add their names to ``UNTOUCHABLE``; the phases ask here.

A model hidden among the enemy (A Traitor Within: ``disguised``) is neither shot at nor
struck by that enemy, nor in the way of its shots; powers may still target it.

A model the opposing player controls for now (Broken Mind, Shattered Spirit:
``BattleState.hand_over``) is ``spared`` by its own army: it may not shoot it, aim a power at
it or strike it."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Iterable

    from battlesim.engines.sbg.core.state import BattleState, ModelState
    from battlesim.engines.sbg.core.units import PlayerId

UNTOUCHABLE: set[str] = set()


def untouchable(model: ModelState) -> bool:
    """Whether the model carries a rule that keeps every targeting, missile and Strike off."""
    return bool(UNTOUCHABLE) and not model.triggers.isdisjoint(UNTOUCHABLE)


def strikeless(models: Iterable[ModelState]) -> bool:
    """Whether no model of this fight may make Strikes of any kind (one of them untouchable)."""
    return bool(UNTOUCHABLE) and any(untouchable(m) for m in models)


def spared(state: BattleState, target: ModelState, side: PlayerId) -> bool:
    """Whether ``side`` may not shoot, aim a power at or strike ``target``: its own model
    that the opposing player controls for now."""
    return bool(state.handed_over) and state.handed_over.get(target.uid) == side


# Army rules by which one side may neither shoot at nor strike a model of the other side,
# nor shoot while it is In The Way, though Magical Powers may still target it (Gríma's A
# Traitor Within): each gives the models so kept hidden now, with the side kept off each
Disguise = Callable[["BattleState"], "dict[str, PlayerId]"]
DISGUISES: list[Disguise] = []


def disguised(state: BattleState, target: ModelState, side: PlayerId) -> bool:
    """Whether ``side`` may not shoot at or strike ``target``, nor shoot past it."""
    return any(rule(state).get(target.uid) == side for rule in DISGUISES)


def disguised_from(state: BattleState, side: PlayerId) -> list[ModelState]:
    """The living models ``side`` may not shoot at, strike or shoot past."""
    found = [uid for rule in DISGUISES for uid, kept in rule(state).items() if kept == side]
    return [state.models[uid] for uid in sorted(found) if state.models[uid].alive]

"""Models nothing may touch (army rules: Tom is Master, River-daughter, rules/armies/good/
wanderers.py): no Shooting attack or Magical Power may target them, friendly powers included;
a missile that would hit one vanishes; a fight one is in is won by its side with no Strikes
made by anyone. The rule modules add their names to ``UNTOUCHABLE``; the phases ask here.

A model the opposing player controls for now (Broken Mind, Shattered Spirit:
``BattleState.hand_over``) is ``spared`` by its own army: it may not shoot it, aim a power at
it or strike it."""

from __future__ import annotations

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

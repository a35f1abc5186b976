"""Models nothing may touch (army rules: Tom is Master, River-daughter, rules/armies/good/
wanderers.py): no Shooting attack or Magical Power may target them, friendly powers included;
a missile that would hit one vanishes; a fight one is in is won by its side with no Strikes
made by anyone. The rule modules add their names to ``UNTOUCHABLE``; the phases ask here."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Iterable

    from battlesim.engines.sbg.core.state import ModelState

UNTOUCHABLE: set[str] = set()


def untouchable(model: ModelState) -> bool:
    """Whether the model carries a rule that keeps every targeting, missile and Strike off."""
    return bool(UNTOUCHABLE) and not model.triggers.isdisjoint(UNTOUCHABLE)


def strikeless(models: Iterable[ModelState]) -> bool:
    """Whether no model of this fight may make Strikes of any kind (one of them untouchable)."""
    return bool(UNTOUCHABLE) and any(untouchable(m) for m in models)

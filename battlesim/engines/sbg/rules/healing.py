"""Healing: army rules that give a model back Wounds it lost (Healing Herbs, "At Your
Service"). Shared by both sides' army rules; a model never goes above its card's Wounds."""

from __future__ import annotations

from battlesim.engines.sbg.core.state import BattleState, ModelState


def lost_wounds(model: ModelState) -> int:
    """Wounds the model lost earlier in the battle (0 for one unhurt or gone)."""
    return max(0, model.profile.wounds - model.wounds) if model.alive else 0


def heal(state: BattleState, model: ModelState, wounds: int, rule: str) -> int:
    """Give back up to ``wounds`` lost Wounds; return how many came back (logged ``healed``)."""
    back = min(wounds, lost_wounds(model))
    if back > 0:
        model.wounds += back
        state.log.emit("healed", model=model.uid, wounds=back, left=model.wounds, rule=rule)
    return back

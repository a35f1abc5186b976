"""The Move allowance (MOVE-GEN-03, 002:L375): the Move value with its modifiers, less what
the model already spent this turn."""

from __future__ import annotations

from typing import TYPE_CHECKING

from battlesim.engines.sbg.core.hooks import Hook, HookContext, modifier
from battlesim.engines.sbg.core.overrides import Stat, value
from battlesim.engines.sbg.core.state import (
    BattleState,
    ModelState,
)

if TYPE_CHECKING:
    pass


def allowance(state: BattleState, model: ModelState) -> float:
    """MOVE-GEN-03: Move value plus modifiers (war drum...), less what was spent this turn."""
    context = HookContext(state, model)
    bonus = modifier(Hook.MOVE, context)
    base = value(Stat.MOVE, context, int(model.profile.move))  # rules that set it (SR-FLY)
    return max(0.0, max(base, model.profile.move) + bonus - model.spent)

"""The Move allowance (MOVE-GEN-03, 002:L375): the Move value with its modifiers, less what
the model already spent this turn."""

from __future__ import annotations

from typing import TYPE_CHECKING

from battlesim.engines.sbg.core.hooks import Hook, HookContext, handled, modifier
from battlesim.engines.sbg.core.overrides import Stat, overridden, value
from battlesim.engines.sbg.core.state import (
    BattleState,
    ModelState,
)

if TYPE_CHECKING:
    pass


def allowance(state: BattleState, model: ModelState) -> float:
    """MOVE-GEN-03: Move value plus modifiers (war drum...), less what was spent this turn."""
    move, triggers = model.profile.move, model.triggers
    if not handled(Hook.MOVE, triggers) and not overridden(Stat.MOVE, triggers):
        # no rule of the model changes its Move: the sum below with no bonus and the base
        # unchanged, the same float (speed: asked for every move and charge weighed)
        return max(0.0, max(int(move), move) - model.spent)
    context = HookContext(state, model)
    bonus = modifier(Hook.MOVE, context)
    base = value(Stat.MOVE, context, int(model.profile.move))  # rules that set it (SR-FLY)
    return max(0.0, max(base, model.profile.move) + bonus - model.spent)

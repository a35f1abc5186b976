"""Whether a model knocked to the ground keeps its footing (army rules such as Unyielding
Combat Stance, rules/armies/): every place that knocks a model prone asks here first."""

from __future__ import annotations

from battlesim.engines.sbg.core.state import BattleState, Happening, ModelState, On, intercept


def keeps_footing(state: BattleState, model: ModelState, cause: str) -> bool:
    """True if a rule of the model keeps it standing (``On.KNOCKED_DOWN`` taken over)."""
    return intercept(state, On.KNOCKED_DOWN, Happening(model, source=cause))

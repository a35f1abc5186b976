"""Terror (MOVE-CHG-14, 002:L1208, L1218-1222; special rule XREF L2871-2873).

A model that wants to charge an enemy causing Terror must first pass a Courage test; if it
fails it cannot charge and cannot move for the rest of the turn. A pass counts for the rest
of the turn against every Terror model (COUR-TEST-03, 002:L1214).
"""

from __future__ import annotations

from battlesim.engines.sbg.actions import Charge, IllegalActionError
from battlesim.engines.sbg.courage import courage_test
from battlesim.engines.sbg.state import BattleState, ModelState

TERROR = "terror"


def dares(state: BattleState, model: ModelState, action: Charge) -> bool:
    """Whether ``model`` may go on with ``action``: True unless it charges a Terror model and
    fails its Courage test (then it holds for the rest of the turn). An illegal charge is
    left for the Move phase to refuse, without a test."""
    from battlesim.engines.sbg.phases.move import check_action

    target = state.models.get(action.target)
    if target is None or TERROR not in target.triggers:
        return True
    try:
        check_action(state, model, action)
    except IllegalActionError:
        return True
    if TERROR in model.courage_passed:
        state.log.emit("courage", model=model.uid, reason=TERROR, passed=True, auto="passed")
        return True
    if courage_test(state, model, TERROR):
        model.courage_passed.add(TERROR)
        return True
    return False

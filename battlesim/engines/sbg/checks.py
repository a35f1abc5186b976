"""Read-only checks of a battle, for the shared conformance suite of the four games.

``move_refusal`` says why the engine would refuse a move action now (the Move phase's own
check, ``rules.movement.check_action``); ``invariant_breaches`` lists the facts that must hold
after every step. Neither changes the state: no rule, die or log entry is touched.
"""

from __future__ import annotations

from battlesim.engines.sbg.core.actions import IllegalActionError, MoveAction
from battlesim.engines.sbg.core.state import BattleState
from battlesim.engines.sbg.rules.movement import check_action

EDGE = 1e-6  # inches: rounding slack at the table's edge


def move_refusal(state: BattleState, action: MoveAction) -> str | None:
    """The reason the engine would refuse ``action`` now, or None when it is legal."""
    model = state.models.get(action.model)
    if model is None or not model.alive:
        return f"no living model {action.model!r}"
    try:
        check_action(state, model, action)
    except IllegalActionError as error:
        return str(error)
    return None


def invariant_breaches(state: BattleState) -> list[str]:
    """What is wrong with the battle now (empty when all holds): every living model has a
    wound left, no negative Might, Will or Fate, stands on the table, and is listed under
    its own id and side; the two sides' living lists hold exactly the living models; the
    state's kept answers (nearest enemy, longest Move) match a fresh look."""
    breaches = []
    for uid, model in state.models.items():
        if model.uid != uid or model.player not in (0, 1):
            breaches.append(f"{uid}: listed as {model.uid!r} of side {model.player!r}")
        if not model.alive:
            continue
        if model.wounds < 1:
            breaches.append(f"{uid}: alive with {model.wounds} wounds")
        if min(model.might, model.will, model.fate) < 0:
            breaches.append(f"{uid}: negative Might/Will/Fate")
        if not (-EDGE <= model.x <= state.width + EDGE and -EDGE <= model.y <= state.depth + EDGE):
            breaches.append(f"{uid}: off the table at ({model.x:.2f}, {model.y:.2f})")
    listed = {m.uid for m in state.living()}
    alive = {uid for uid, m in state.models.items() if m.alive}
    if listed != alive:
        breaches.append(f"living lists differ from the living models: {sorted(listed ^ alive)}")
    breaches.extend(state.stale_answers())
    return breaches

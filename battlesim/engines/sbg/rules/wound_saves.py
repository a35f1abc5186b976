"""Saves that ignore each Wound of a blow on a 6 before Fate (the channelled Fury, Oblivious
to Pain, Sigils of Defiance): one D6 per Wound; the Wounds left go on, past this save, to the
next (Fate), keeping what the blow adds once no save stops it (SR-BANE's D3)."""

from __future__ import annotations

from typing import Any

from battlesim.engines.sbg.core.state import BattleState, Happening


def save_on_sixes(
    state: BattleState,
    blow: Happening,
    purpose: str,
    passed: set[str],
    event: str,
    need: int = 6,
    **logged: Any,
) -> bool:
    """Roll the blow's dice; log ``event`` when any die of ``need`` or more saves (a 6 by
    default; Blubbery Mass saves on 3+); True when the save took the
    blow over (every Wound saved, or the rest passed on with the model in ``passed``)."""
    model = blow.model
    dice = state.roll(blow.count, purpose)
    saved = sum(1 for die in dice if die >= need)
    if not saved:
        return False
    state.log.emit(event, model=model.uid, **logged, saved=saved)
    if saved >= blow.count:
        return True
    passed.add(model.uid)
    try:
        state.wound(
            model, blow.source, blow.at_mount, blow.count - saved, after_saves=blow.after_saves
        )
    finally:
        passed.discard(model.uid)
    return True

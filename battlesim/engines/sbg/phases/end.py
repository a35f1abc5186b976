"""The End phase (TURN-06, 002:L335): clear what lasts until the end of the turn."""

from __future__ import annotations

from battlesim.engines.sbg.core.state import BattleState, Phase


def run_end_phase(state: BattleState) -> None:
    """Ambiguity A24: clear turn-scoped state only; wounds and positions stay."""
    state.begin_phase(Phase.END)
    for model in state.models.values():
        model.reset_turn()
    state.drum_sounded.clear()
    state.log.emit(
        "end_of_turn",
        turn=state.turn,
        alive=[state.alive_count(0), state.alive_count(1)],
        casualties=list(state.casualties),
        positions=state.positions(),
    )

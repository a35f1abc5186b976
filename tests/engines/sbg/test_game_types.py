"""Game types (checklist part 2 §13): GAME-NARR-03 (002:L3411), narrative games ignore the
Break rules and Good has the Initiative in turn 1; matched play rolls as before."""

from __future__ import annotations

from battlesim.engines.sbg.core.state import Removal
from battlesim.engines.sbg.core.units import Alignment
from battlesim.engines.sbg.game import play_game
from battlesim.engines.sbg.phases.priority import run_priority_phase
from battlesim.engines.sbg.rules import game_types
from battlesim.engines.sbg.rules.courage import update_broken
from battlesim.engines.sbg.rules.game_types import GameMode
from tests.engines.sbg.builders import add, battle


def _broken_battle(mode: GameMode, dice: list[int]) -> object:
    state = battle(dice, alignments=(Alignment.EVIL, Alignment.GOOD))
    for k in range(4):
        add(state, f"A{k}", 0, 5 + 2 * k, 5)
        add(state, f"B{k}", 1, 5 + 2 * k, 40)
    game_types.set_mode(state, mode)
    for k in range(3):
        state.remove(state.models[f"A{k}"], Removal.SLAIN)
    return state


def test_narrative_game_ignores_the_break_rules() -> None:
    """GAME-NARR-03 (002:L3411): no Break in a narrative game (matched play breaks)."""
    matched = _broken_battle(GameMode.MATCHED, [])
    update_broken(matched)  # type: ignore[arg-type]
    assert matched.broken == [True, False]  # type: ignore[attr-defined]
    narrative = _broken_battle(GameMode.NARRATIVE, [])
    update_broken(narrative)  # type: ignore[arg-type]
    assert narrative.broken == [False, False]  # type: ignore[attr-defined]


def test_narrative_game_gives_good_the_initiative_in_turn_one() -> None:
    """GAME-NARR-03: Good (side 1 here) has Priority in turn 1 without a roll; from turn 2
    the dice decide (PRIO-03)."""
    state = _broken_battle(GameMode.NARRATIVE, [6, 1])
    state.turn = 1  # type: ignore[attr-defined]
    run_priority_phase(state)  # type: ignore[arg-type]
    assert state.priority == 1 and state.dice.remaining == 2  # type: ignore[attr-defined]
    state.turn = 2  # type: ignore[attr-defined]
    run_priority_phase(state)  # type: ignore[arg-type]
    assert state.priority == 0 and state.dice.remaining == 0  # type: ignore[attr-defined]
    matched = _broken_battle(GameMode.MATCHED, [1, 6])
    run_priority_phase(matched)  # type: ignore[arg-type]
    assert matched.priority == 1 and matched.dice.remaining == 0  # type: ignore[attr-defined]


def test_mode_is_a_job_option_and_reported() -> None:
    options = {"forces": ["mordor", "minas_tirith"], "mode": "narrative", "turn_limit": 2}
    result = play_game(seed=4, options=options)
    assert result.summary["mode"] == "narrative"
    first = next(iter(result.log.of_kind("priority")))
    assert first.data == {"turn": 1, "player": 1, "rule": "GAME-NARR-03"}
    assert "mode" not in play_game(seed=4, options={**options, "mode": "matched"}).summary

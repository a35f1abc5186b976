"""The Priority phase."""

from __future__ import annotations

from battlesim.engines.sbg.phases.priority import run_priority_phase
from tests.engines.sbg.builders import battle


def test_first_turn_ties_are_rerolled() -> None:
    """PRIO-02 (002:L349): turn 1: higher roll wins, ties are re-rolled."""
    state = battle([4, 4, 2, 5])
    run_priority_phase(state)
    assert state.priority == 1


def test_later_ties_go_to_the_player_without_priority_last_turn() -> None:
    """PRIO-03 (002:L353)."""
    state = battle([3, 3])
    state.turn, state.priority = 2, 0
    run_priority_phase(state)
    assert state.priority == 1


def test_priority_is_decided_by_the_higher_roll() -> None:
    """PRIO-03 (002:L353): the higher roll gets Priority."""
    state = battle([6, 2])
    state.turn, state.priority = 3, 1
    run_priority_phase(state)
    assert state.priority == 0

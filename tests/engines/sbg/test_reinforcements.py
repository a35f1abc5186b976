"""Reinforcements entering from a table edge (part 1 §4.11, 002:L679-687)."""

from __future__ import annotations

import pytest

from battlesim.engines.dice import ScriptedDice
from battlesim.engines.sbg.core.actions import Charge, IllegalActionError, Move
from battlesim.engines.sbg.phases.move import run_move_phase
from battlesim.engines.sbg.policies.players import HeuristicPlayer, RandomPlayer
from battlesim.engines.sbg.rules.courage import break_point
from battlesim.engines.sbg.rules.movement import charge_options, check_action
from battlesim.engines.sbg.rules.reinforcements import Reserve, entry_points, hold_back
from tests.engines.sbg.builders import add, battle, profile

R = 25.0 / 25.4 / 2
HERO = profile(name="Test Captain", keywords=frozenset({"man", "infantry", "hero"}))


class Entering(HeuristicPlayer):
    """Enters where told, otherwise a sensible player."""

    def __init__(self, point: tuple[float, float]) -> None:
        super().__init__()
        self.point = point

    def choose_entry(self, *_: object) -> tuple[float, float]:
        return self.point


def _reserve_battle(turn: int = 2) -> object:
    state = battle([])
    add(state, "A1", 0, 24, 10)
    add(state, "A2", 0, 26, 10, HERO)
    add(state, "A3", 0, 27.5, 10)
    add(state, "B1", 1, 24, 4)
    hold_back(state, (Reserve(0, ("A2", "A3"), turn),))
    return state


def test_move_reinf_01_reserves_enter_after_the_models_on_the_table() -> None:
    """MOVE-REINF-01 (002:L681): the reserve is off the table until its turn, then enters at
    a point of the edge chosen by its player, after A1 moved, and moves from there."""
    state = _reserve_battle()
    a2 = state.models["A2"]
    assert a2 not in state.living(0) and state.start_counts[0] == 3
    run_move_phase(state, (Entering((10.0, 0.0)), HeuristicPlayer()))
    assert a2 not in state.living(0)  # turn 1: still waiting
    for model in state.living():
        model.reset_turn()
    state.turn = 2
    run_move_phase(state, (Entering((10.0, 0.0)), HeuristicPlayer()))
    arrivals = state.log.of_kind("arrive")
    assert [e.data["model"] for e in arrivals] == ["A2", "A3"]  # MOVE-REINF-03: Hero first
    assert arrivals[0].data["at"] == [10.0, round(R, 3)]
    assert a2 in state.living(0) and a2.moved and a2.y > R
    kinds = [e.kind for e in state.log.events]
    last_a1 = max(i for i, e in enumerate(state.log.events) if e.data.get("model") == "A1")
    assert last_a1 < kinds.index("arrive")


def test_move_chg_12_reinforcements_cannot_charge_on_arrival() -> None:
    """MOVE-CHG-12 (002:L681): an enemy 2" from the entry point cannot be charged."""
    state = _reserve_battle(turn=1)
    a2 = state.models["A2"]
    state.bring_on(a2, (24, R))
    a2.arriving = True
    assert charge_options(state, a2) == []
    with pytest.raises(IllegalActionError, match="CHG-12"):
        check_action(state, a2, Charge("A2", "B1", (24, 4 - 2 * R)))
    check_action(state, a2, Move("A2", (20, 3)))
    a2.reset_turn()
    assert charge_options(state, a2)  # next turn it may


def test_move_reinf_02_no_room_for_the_warband_it_comes_next_turn() -> None:
    """MOVE-REINF-02 (002:L683): the whole warband enters by one point; an entry point
    inside an enemy's control zone has no room: the warband arrives next turn instead
    (the +1 arrival roll of competitive play is not in the seed, data.ASSUMPTIONS)."""
    state = _reserve_battle(turn=1)
    add(state, "B2", 1, 24, 1.9)  # its zone covers the entry spot
    run_move_phase(state, (Entering((24.0, 0.0)), HeuristicPlayer()))
    assert not state.log.of_kind("arrive")
    assert state.reserves == [Reserve(0, ("A2", "A3"), 2)]


def test_courage_break_point_counts_the_reserves() -> None:
    """COUR-BRK-01 (002:L1238): the break point is half the army at the start, reserves
    included (3 models: 1.5), and does not change when they arrive."""
    state = _reserve_battle()
    assert break_point(state, 0) == 1.5
    state.bring_on(state.models["A2"], (10, R))
    assert break_point(state, 0) == 1.5


def test_players_choose_legal_entry_points() -> None:
    """Both players pick edge points whose entry spot is free; the Heuristic one its own
    edge behind its army (A1 at x=24), stepping aside from an enemy standing there."""
    state = _reserve_battle(turn=1)
    reserve = state.reserves[0]
    assert HeuristicPlayer().choose_entry(state, reserve) == (24.0, 0.0)
    add(state, "B2", 1, 24, 1.9)
    x, y = HeuristicPlayer().choose_entry(state, reserve)
    assert y == 0.0 and abs(x - 24) >= 2 and (x, y) in entry_points(state, reserve)
    state.dice = ScriptedDice([5])
    assert RandomPlayer().choose_entry(state, reserve) in entry_points(state, reserve)

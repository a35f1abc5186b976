"""Scenarios: end conditions and victory points (data.ASSUMPTIONS 'to-the-death',
'domination': the Matched Play Guide is not among the shared sources)."""

from __future__ import annotations

from battlesim.engines.sbg.core.data import DEFAULT_TURN_LIMIT
from battlesim.engines.sbg.core.outcome import Outcome, Termination
from battlesim.engines.sbg.core.state import BattleState, Removal
from battlesim.engines.sbg.core.units import Alignment, Force
from battlesim.engines.sbg.rules.scenario_library import LIBRARY
from battlesim.engines.sbg.rules.scenarios import Domination, Scenario, holder, scenario_named
from tests.engines.sbg.builders import add, battle, profile

HERO = {"keywords": frozenset({"man", "infantry", "hero"}), "wounds": 2}


def _armies(count: int = 8) -> BattleState:
    state = battle([])
    for k in range(count):
        add(state, f"A{k}", 0, 2 + 2 * k, 5)
        add(state, f"B{k}", 1, 2 + 2 * k, 43)
    return state


def test_battle_ends_when_a_force_is_down_to_a_quarter() -> None:
    """To the Death!: the end of a turn with a force at or below 25% of its models."""
    state = _armies(8)
    scenario = Scenario()
    for k in range(5):
        state.remove(state.models[f"B{k}"], Removal.SLAIN)
    assert scenario.ended(state) is None
    state.remove(state.models["B5"], Removal.SLAIN)
    assert scenario.ended(state) is Termination.QUARTER


def test_turn_limit_is_a_safeguard() -> None:
    """Issue 4 item 8: a turn limit stops any battle."""
    state = _armies(4)
    state.turn = 5
    assert scenario_named("to_the_death", turn_limit=5).ended(state) is Termination.TURN_LIMIT


def test_the_safeguard_is_sixteen_turns_unless_the_scenario_sets_its_own() -> None:
    """Issues 20 and 29: the scenarios end by their own condition (a quarter, the break's D6);
    16 turns is the engine's safeguard (12 cut short battles one or two kills from a break).
    The sieges whose data state a length keep it."""
    state = _armies(8)
    for name in ("to_the_death", "domination", "assassination", "hold_ground", "the_captive"):
        scenario = scenario_named(name)
        assert scenario.turn_limit == DEFAULT_TURN_LIMIT == 16, name
        state.turn = 15
        assert scenario.ended(state) is None, name
        state.turn = 16
        assert scenario.ended(state) is Termination.TURN_LIMIT, name
    own = {"storm_the_gate": 12, "ruined_fort": 9, "escalade": 12, "night_raid": 10}
    for name, turns in own.items():
        assert scenario_named(name).turn_limit == LIBRARY[name].end.turn_limit == turns, name


def test_breaking_the_enemy_scores_five_if_unbroken_yourself() -> None:
    """To the Death!: 3 VP if the enemy is broken, 5 if yours is not (+1 attrition)."""
    state = _armies(8)
    for k in range(5):
        state.remove(state.models[f"B{k}"], Removal.SLAIN)
    assert Scenario().victory_points(state) == (5 + 1, 0)
    for k in range(5):
        state.remove(state.models[f"A{k}"], Removal.SLAIN)
    assert Scenario().victory_points(state) == (3, 3)


def test_leader_slain_or_wounded() -> None:
    """To the Death!: 3 VP for the enemy leader slain, 1 if only wounded."""
    state = battle([])
    state.forces = (Force("A", Alignment.GOOD, (), leader="A0"), Force("B", Alignment.EVIL, ()))
    leader = add(state, "A0", 0, 5, 5, profile(**HERO))
    add(state, "B0", 1, 5, 40)
    state.wound(leader, "test")
    assert Scenario().victory_points(state)[1] == 1  # wounded, nobody slain yet
    state.wound(leader, "test")
    assert Scenario().victory_points(state)[1] == 3 + 5 + 1  # slain, and A (1 model) broken


def test_domination_objective_held_by_more_models_within_three_inches() -> None:
    """Domination: five objectives; 3 VP each to the side with more models within 3"."""
    state = battle([])
    scenario = Domination()
    centre = scenario.objectives()[0]
    assert centre == (24.0, 24.0) and len(scenario.objectives()) == 5
    add(state, "A0", 0, 24, 26.5)
    add(state, "A1", 0, 26.5, 24)
    add(state, "B0", 1, 22, 24)
    assert holder(state, centre) == 0
    add(state, "B1", 1, 24, 21.6)
    assert holder(state, centre) is None
    add(state, "A2", 0, 40, 40)
    assert scenario.victory_points(state) == (0, 0)


def test_outcome_winner_has_more_points() -> None:
    assert Outcome.from_points(Termination.QUARTER, (3, 1)).winner == 0
    assert Outcome.from_points(Termination.TURN_LIMIT, (2, 2)).winner is None

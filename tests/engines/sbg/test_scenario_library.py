"""The scenario library (issue 20): data, scoring and end conditions, random draws.

The Matched Play Guide is not among the shared sources: the facts tested here are the
flagged assumptions of each scenario's data (rules/scenario_library.py); the tests check that
the engine plays what the data say.
"""

from __future__ import annotations

import pytest

from battlesim.engines.dice import Dice, ScriptedDice
from battlesim.engines.sbg.core.objectives import Scoring
from battlesim.engines.sbg.core.outcome import Termination
from battlesim.engines.sbg.core.state import BattleState, Phase, Removal, Tick, tick
from battlesim.engines.sbg.core.units import Alignment, Force
from battlesim.engines.sbg.game import BattleOptionError, play_game, validate_options
from battlesim.engines.sbg.rules import scenario_play
from battlesim.engines.sbg.rules.scenario_library import LIBRARY, SETS
from battlesim.engines.sbg.rules.scenarios import (
    SCENARIOS,
    Scenario,
    UnknownScenarioError,
    pick_scenario,
    scenario_named,
)
from tests.engines.sbg.builders import add, battle, players, profile

HERO = {"keywords": frozenset({"man", "infantry", "hero"}), "wounds": 3, "might": 1}


def _armies(state: BattleState, count: int = 8) -> None:
    for k in range(count):
        add(state, f"A{k}", 0, 2 + 2 * k, 5)
        add(state, f"B{k}", 1, 2 + 2 * k, 43)


def test_library_holds_twelve_matched_and_two_siege_scenarios_all_flagged() -> None:
    """Issue 20 item 5: at least 12 matched-play scenarios and two siege scenarios, every
    fact from general knowledge flagged in the scenario's own data."""
    assert len(SETS["matched"]) >= 12 and len(SETS["siege"]) >= 2
    for spec in LIBRARY.values():
        assert spec.assumptions, spec.name
        assert all("ASSUMPTION" in text for text in spec.assumptions), spec.name
        for objective in spec.objectives:
            if objective.point is not None:
                assert 0 <= objective.point[0] <= spec.width, objective.name
                assert 0 <= objective.point[1] <= spec.depth, objective.name
        assert SCENARIOS[spec.name].turn_limit == spec.end.turn_limit


def test_random_end_rolls_once_a_force_is_broken() -> None:
    """Hold Ground (ASSUMPTION): after a force is broken, a D6 of 1-2 at the end of a turn
    ends the battle; no die before."""
    state = battle([3, 2])
    _armies(state)
    scenario = scenario_named("hold_ground")
    state.turn = 3
    assert scenario.ended(state) is None and state.dice.remaining == 2  # nobody broken
    for k in range(5):
        state.remove(state.models[f"B{k}"], Removal.SLAIN)
    assert scenario.ended(state) is None  # rolled a 3
    assert scenario.ended(state) is Termination.RANDOM_END  # rolled a 2


def test_hold_ground_scores_the_holder_and_each_model_up_to_four() -> None:
    state = battle([])
    for k in range(6):
        add(state, f"A{k}", 0, 23 + 0.4 * k, 22)
    add(state, "B0", 1, 25, 26)
    add(state, "B1", 1, 40, 40)
    scenario = scenario_named("hold_ground")
    assert scenario.victory_points(state) == (4 + 4, 1)


def test_lords_of_battle_counts_every_wound_lost() -> None:
    state = battle([])
    add(state, "A0", 0, 5, 5)
    hero = add(state, "B0", 1, 10, 40, profile(**HERO))
    add(state, "B1", 1, 12, 40)
    add(state, "B2", 1, 14, 40)
    state.wound(hero, "test")
    state.remove(state.models["B1"], Removal.SLAIN)
    assert scenario_named("lords_of_battle").victory_points(state)[0] == 1 + 1


def test_reconnoitre_models_leave_by_the_enemy_edge_and_score() -> None:
    """A model of side 0 ending the Move phase within 1" of the far edge leaves the battle;
    it is not a casualty; half the force gone scores 5 VP, a quarter 3 VP."""
    state = battle([])
    for k in range(4):
        add(state, f"A{k}", 0, 5 + 3 * k, 5)
    add(state, "B0", 1, 30, 30)
    scenario = scenario_named("reconnoitre")
    scenario.start(state)
    state.set_position(state.models["A0"], (5, 47.2))
    state.phase = Phase.SHOOT
    tick(state, Tick.PHASE_END)
    assert state.alive_count(0) == 4  # only after the Move phase
    state.phase = Phase.MOVE
    tick(state, Tick.PHASE_END)
    assert state.alive_count(0) == 3 and state.casualties[0] == 0
    assert scenario.victory_points(state)[0] == 3
    state.set_position(state.models["A1"], (8, 47.0))
    tick(state, Tick.PHASE_END)
    assert scenario.victory_points(state)[0] == 5
    assert [e.data["model"] for e in state.log.of_kind("escaped")] == ["A0", "A1"]
    from battlesim.engines.sbg.checks import invariant_breaches

    assert invariant_breaches(state) == []  # gone from the battle, not alive off the table


def test_a_leader_leaving_by_the_enemy_edge_is_not_slain() -> None:
    """Reconnoitre: the enemy scores nothing for a leader that left the battle."""
    state = battle([])
    state.forces = (Force("A", Alignment.GOOD, (), leader="A0"), Force("B", Alignment.EVIL, ()))
    add(state, "A0", 0, 5, 47.2, profile(**HERO))
    for k in range(3):
        add(state, f"A{k + 1}", 0, 10 + 2 * k, 5)
    add(state, "B0", 1, 30, 30)
    scenario = scenario_named("reconnoitre")
    scenario.start(state)
    state.phase = Phase.MOVE
    tick(state, Tick.PHASE_END)
    assert not state.models["A0"].alive and state.casualties[0] == 0
    assert scenario.victory_points(state) == (3, 0)


def test_capture_and_control_markers_stay_captured() -> None:
    state = battle([])
    a = add(state, "A0", 0, 24, 22)
    add(state, "B0", 1, 40, 40)
    scenario = scenario_named("capture_and_control")
    scenario.start(state)
    tick(state, Tick.TURN_END)
    assert scenario.victory_points(state) == (3, 0)
    state.set_position(a, (10, 10))  # it walks away: the marker stays captured
    tick(state, Tick.TURN_END)
    assert scenario.victory_points(state) == (3, 0)
    b = add(state, "B1", 1, 24, 26)
    add(state, "A1", 0, 24, 22)
    tick(state, Tick.TURN_END)  # both sides within 3": no change
    assert scenario.victory_points(state) == (3, 0)
    state.set_position(state.models["A1"], (5, 5))
    tick(state, Tick.TURN_END)
    assert b.alive and scenario.victory_points(state) == (0, 3)


def test_fog_of_war_marker_scores_only_for_its_owner() -> None:
    state = battle([])
    add(state, "A0", 0, 12, 32)
    add(state, "B0", 1, 36.5, 16)
    add(state, "B1", 1, 12, 30)
    add(state, "B2", 1, 12.5, 30)
    scenario = scenario_named("fog_of_war")
    assert scenario.victory_points(state) == (0, 4)  # side 1 holds side 0's marker: nothing


def test_storm_the_camp_hold_the_enemy_camp_and_keep_your_own() -> None:
    state = battle([])
    add(state, "A0", 0, 24, 40)
    add(state, "A1", 0, 23, 8)
    add(state, "B0", 1, 10, 30)
    scenario = scenario_named("storm_the_camp")
    assert scenario.victory_points(state) == (5 + 2, 0)
    add(state, "B1", 1, 25, 7)
    assert scenario.victory_points(state) == (5, 0)


def test_contest_of_champions_counts_the_leaders_kills_in_fights() -> None:
    state = battle([])
    state.forces = (Force("A", Alignment.GOOD, (), leader="A0"), Force("B", Alignment.EVIL, ()))
    add(state, "A0", 0, 5, 5, profile(**HERO))
    add(state, "A1", 0, 7, 5)
    for k in range(6):
        add(state, f"B{k}", 1, 5 + 2 * k, 40)
    scenario = scenario_named("contest_of_champions")
    scenario.start(state)
    state.remove(state.models["B0"], Removal.SLAIN, source="struck by A0")
    state.remove(state.models["B1"], Removal.SLAIN, source="struck by A1")
    assert scenario.victory_points(state)[0] == 1


def test_assassination_target_is_the_strongest_enemy_hero_by_default() -> None:
    state = battle([])
    add(state, "A0", 0, 5, 5, profile(**HERO))
    add(state, "B0", 1, 5, 40, profile(**HERO))
    add(state, "B1", 1, 9, 40, profile(**{**HERO, "wounds": 2}))
    add(state, "B2", 1, 7, 40)
    scenario = scenario_named("assassination")
    scenario.start(state, players())
    assert [e.data["model"] for e in state.log.of_kind("target")] == ["B0", "A0"]
    state.wound(state.models["B0"], "test")
    assert scenario.victory_points(state)[0] == 2
    state.wound(state.models["B0"], "test")
    state.wound(state.models["B0"], "test")
    assert scenario.victory_points(state)[0] == 5


def test_heirloom_found_on_a_six_or_in_the_last_cairn() -> None:
    """Heirlooms: a model ending its move by a cairn searches it (1 VP); a 6 finds the
    heirloom, which it then carries (5 VP at the end)."""
    from battlesim.engines.sbg.core.actions import Move
    from battlesim.engines.sbg.rules.movement import apply_action

    state = battle([4, 6])
    a = add(state, "A0", 0, 10, 15)
    add(state, "B0", 1, 40, 40)
    scenario = scenario_named("heirlooms_of_ages_past")
    scenario.start(state)
    apply_action(state, a, Move("A0", (10, 19.5)))  # cairn 1 at (10, 20): a 4, nothing
    assert [e.data["found"] for e in state.log.of_kind("searched")] == [False]
    a.reset_turn()
    apply_action(state, a, Move("A0", (10, 19.0)))  # searched already: no second search
    now = scenario_play.played(state)
    assert now is not None and len(now.searched) == 1
    a.reset_turn()
    apply_action(state, a, Move("A0", (14, 19.5)))  # cairn 2 at (24, 18) is too far
    assert len(now.searched) == 1
    state.set_position(a, (20, 17.8))
    a.reset_turn()
    apply_action(state, a, Move("A0", (23.4, 17.8)))
    assert [e.data["found"] for e in state.log.of_kind("searched")] == [False, True]
    assert scenario.victory_points(state) == (1 + 1 + 5, 0)
    goal = scenario.goal(state, a)
    assert goal is not None and goal.press and goal.point == (24.0, 6.0)  # home with it


def test_last_cairn_always_holds_the_heirloom() -> None:
    state = battle([1])
    add(state, "B0", 1, 40, 40)
    a = add(state, "A0", 0, 38, 28.5)
    scenario = scenario_named("heirlooms_of_ages_past")
    scenario.start(state)
    now = scenario_play.played(state)
    assert now is not None
    for o in LIBRARY["heirlooms_of_ages_past"].objectives[:-2]:
        now.searched[o.name] = 1
    from battlesim.engines.sbg.core.actions import Move
    from battlesim.engines.sbg.rules.movement import apply_action

    apply_action(state, a, Move("A0", (38, 28.4)))
    assert [e.data["found"] for e in state.log.of_kind("searched")] == [True]


def test_pick_a_scenario_by_name_list_or_random_set() -> None:
    assert pick_scenario("domination", Dice(1)).name == "domination"
    drawn = {pick_scenario("random", Dice(seed)).name for seed in range(60)}
    assert drawn <= set(SETS["matched"]) and len(drawn) >= 8
    assert {pick_scenario("random:siege", Dice(s)).name for s in range(20)} == set(SETS["siege"])
    assert pick_scenario(["hold_ground", "reconnoitre"], ScriptedDice([2])).name == "reconnoitre"
    for bad in ("nowhere", "random:nope", [], ["domination", "nope"]):
        with pytest.raises(UnknownScenarioError):
            pick_scenario(bad, Dice(1))


@pytest.mark.parametrize(
    "options",
    [
        {"scenario": "nowhere"},
        {"scenario": "random:nope"},
        {"scenario": []},
        {"mode": "campaign"},
        {"turn_limit": 0},
        {"turn_limit": "3"},
    ],
)
def test_bad_scenario_options_are_refused_with_a_message(options: dict[str, object]) -> None:
    with pytest.raises((BattleOptionError, UnknownScenarioError), match="scenario|mode|turn"):
        validate_options(options)


def test_a_random_scenario_job_plays_the_drawn_scenario() -> None:
    options = {"forces": ["minas_tirith", "mordor"], "scenario": "random:all", "turn_limit": 1}
    names = {play_game(seed=s, options=options).summary["scenario"] for s in range(6)}
    assert len(names) >= 3 and names <= set(LIBRARY)


def test_siege_scenario_deploys_the_defender_inside_its_walls() -> None:
    """storm_the_gate asks for the walled keep; side 1 deploys inside the walls."""
    result = play_game(
        seed=2,
        options={
            "forces": ["minas_tirith", "mordor"],
            "scenario": "storm_the_gate",
            "turn_limit": 1,
        },
    )
    setup = next(iter(result.log.of_kind("setup"))).data
    assert setup["table"]["name"] == "walled keep"
    x0, y0, x1, y1 = LIBRARY["storm_the_gate"].deployment.zones[1]  # type: ignore[index]
    defenders = [p for uid, p in setup["positions"].items() if uid.startswith("B")]
    assert defenders and all(x0 <= x <= x1 and y0 <= y <= y1 for x, y in defenders)


def test_default_scenario_objects_are_data_the_players_read() -> None:
    """The players' goal comes from the scenario's objectives (core/objectives.py)."""
    state = battle([])
    a = add(state, "A0", 0, 2, 2)
    add(state, "B0", 1, 46, 46)
    assert Scenario().goal(state, a) is None  # To the Death!: no objective
    goal = scenario_named("domination").goal(state, a)
    assert goal is not None and goal.point == LIBRARY["domination"].objectives[1].point
    kinds = {o.scoring for spec in LIBRARY.values() for o in spec.objectives}
    assert kinds == set(Scoring)


def test_a_generated_table_holds_the_features_its_scenario_asks_for() -> None:
    """Issue 20 item 6: the generator learns water, ruins...; a scenario asks for them."""
    from battlesim.engines.sbg.core.table import DEEP_WATER, SHALLOW_WATER
    from battlesim.engines.sbg.core.table_generator import ASKED, generate_table

    for spec in LIBRARY.values():
        assert set(spec.features) <= set(ASKED), spec.name
    found = [0, 0, 0]
    for seed in range(6):
        table = generate_table(Dice(seed), features=("water", "deep water", "ruins"))
        names = [p.features for p in table.pieces]
        found[0] += any(SHALLOW_WATER in f for f in names)
        found[1] += any(DEEP_WATER in f for f in names)
        found[2] += any(p.name.startswith("ruin") for p in table.pieces)
    assert min(found) >= 5
    options = {"forces": ["minas_tirith", "mordor"], "scenario": "fog_of_war", "turn_limit": 1}
    setup = play_game(seed=1, options={**options, "table": "generated"}).log.of_kind("setup")
    pieces = next(iter(setup)).data["table"]["pieces"]
    assert any(p["name"].startswith("stream") for p in pieces)


def test_assassination_goal_is_the_nominated_enemy_hero() -> None:
    """The players read the target from the scenario (issue 20 play quality): every model's
    goal is the enemy Hero its side nominated, wherever it stands, until it is slain."""
    state = battle([])
    a = add(state, "A0", 0, 5, 5, profile(**HERO))
    add(state, "A1", 0, 7, 5)
    b = add(state, "B0", 1, 40, 40, profile(**HERO))
    add(state, "B1", 1, 6, 30)  # the nearest enemy, not the target
    scenario = scenario_named("assassination")
    scenario.start(state, players())
    goal = scenario.goal(state, state.models["A1"])
    assert goal is not None and goal.point == b.position
    state.remove(b, Removal.SLAIN, "test")
    assert scenario.goal(state, state.models["A1"]) is None
    assert a.alive


def test_a_narrative_scenario_fields_unequal_forces_with_objectives_of_their_own() -> None:
    """GAME-NARR-01 (002:L3393-3395): a narrative game has no points balance, its forces may
    look unequal; GAME-NARR-04 (L3415-3417): each side has its own objective. The Night Raid
    fields the camp at 96% of an equal list, and only the raiders (side 0) score by leaving
    by their far edge: camp models at theirs neither leave nor score."""
    from battlesim.engines.sbg.game import setup_from_options

    setup = setup_from_options({"forces": ["mordor", "mordor"], "scenario": "night_raid"}, Dice(1))
    raiders, camp = setup.forces
    assert camp.points < raiders.points <= setup.lists[0].points  # type: ignore[index]
    state = battle([])
    for k in range(4):
        add(state, f"A{k}", 0, 5 + 3 * k, 5)
        add(state, f"B{k}", 1, 5 + 3 * k, 24)
    scenario = scenario_named("night_raid")
    scenario.start(state)
    state.set_position(state.models["A0"], (5, 47.2))
    state.set_position(state.models["B0"], (5, 0.8))
    state.set_position(state.models["B1"], (8, 47.2))
    state.phase = Phase.MOVE
    tick(state, Tick.PHASE_END)
    assert state.alive_count(0) == 3 and state.alive_count(1) == 4
    assert scenario.victory_points(state) == (3, 0)

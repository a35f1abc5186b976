"""The heuristic reads a scenario's objects and cairns from its data (issue 20 play quality:
the plan player walked past the prize at the centre; Seize the Prize and the Captive were
won by fighting or drawn 0-0 against the random player, never by carrying)."""

from __future__ import annotations

import math

from battlesim.engines.sbg.core.actions import Move
from battlesim.engines.sbg.policies.scenario_objects import _off_segment, object_errand
from battlesim.engines.sbg.policies.siege_policy import SiegePlanPlayer
from battlesim.engines.sbg.rules import objects
from battlesim.engines.sbg.rules.movement import apply_action
from battlesim.engines.sbg.rules.scenarios import scenario_named
from tests.engines.sbg.builders import add, battle, players


def test_the_nearest_free_friend_fetches_the_prize_and_its_carrier_goes_home() -> None:
    scenario = scenario_named("seize_the_prize")
    state = battle([])
    near = add(state, "A0", 0, 24, 18)
    far = add(state, "A1", 0, 30, 10)
    add(state, "B0", 1, 24, 40)
    scenario.start(state, players())
    errand = object_errand(state, scenario, near)
    assert errand is not None and errand.fetch and errand.point == (24.0, 24.0)
    assert object_errand(state, scenario, far) is None
    move = SiegePlanPlayer(scenario)._choose_move(state, near)
    assert isinstance(move, Move)
    apply_action(state, near, move)
    assert objects.carrier(state, "the prize") is near  # in contact: taken up
    home = object_errand(state, scenario, near)
    assert home is not None and home.point == (24.0, 6.0)  # its zone's centre


def test_the_two_nearest_chase_an_enemy_carrier() -> None:
    scenario = scenario_named("seize_the_prize")
    state = battle([])
    a = [add(state, f"A{k}", 0, 20 + 3 * k, 20) for k in range(3)]
    thief = add(state, "B0", 1, 20, 26)
    scenario.start(state, players())
    objects.give(state, "the prize", thief)
    chasers = [m for m in a if object_errand(state, scenario, m) is not None]
    assert chasers == a[:2]
    errand = object_errand(state, scenario, a[0])
    assert errand is not None and errand.chase is thief and not errand.fetch


def test_each_unsearched_cairn_draws_the_free_friend_nearest_it() -> None:
    scenario = scenario_named("heirlooms_of_ages_past")
    state = battle([])
    cairns = [o for o in scenario.spec.objectives if o.point is not None]
    model = add(state, "A0", 0, cairns[0].point[0], cairns[0].point[1] - 5)
    add(state, "B0", 1, 24, 46)
    scenario.start(state, players())
    errand = object_errand(state, scenario, model)
    assert errand is not None and errand.point == cairns[0].point
    assert math.dist(model.position, errand.point) == 5


def test_runners_make_for_the_enemy_edge_round_the_enemy() -> None:
    """ESCAPE (Reconnoitre, read from the objective's share): the free models nearest the
    enemy's edge, as many as half the force and two more, run for it; the point of the edge
    they aim at has no enemy near the straight way (Night Raid's raiders stalled in the
    camp's control zones going straight through it)."""
    scenario = scenario_named("reconnoitre")
    state = battle([])
    runners = [add(state, f"A{k:02}", 0, 4 + 3 * k, 10 + k) for k in range(12)]
    for k in range(5):  # a camp across the middle of the table
        add(state, f"B{k}", 1, 14 + 4 * k, 30)
    state.start_counts[0] = 12
    scenario.start(state, players())
    sent = [m for m in runners if object_errand(state, scenario, m) is not None]
    assert sent == runners[-8:]  # 6 (half of 12) + 2, the nearest the far edge
    behind = runners[7]  # at x = 25, straight behind the camp's middle
    errand = object_errand(state, scenario, behind)
    assert errand is not None and errand.point[1] == 48.0
    straight = (behind.x, 48.0)

    def near(end: tuple[float, float]) -> int:
        enemies = state.living(1)
        return sum(1 for e in enemies if _off_segment(e.position, behind.position, end) <= 4.0)

    assert (near(straight), near(errand.point)) == (2, 1)  # round the camp's end

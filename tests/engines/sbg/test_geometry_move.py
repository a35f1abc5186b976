"""Movement geometry: terrain cost, other bases, control zones, charges (checklist §4.1-4.6)."""

from __future__ import annotations

import math

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from battlesim.engines.sbg.core.bases import CAVALRY_BASE, INFANTRY_BASE, LARGE_BASE, Base, Point
from battlesim.engines.sbg.core.geometry import (
    _first_of,
    contact_point,
    directly_away,
    distance,
    first_touch,
    furthest_legal_point,
    in_base_contact,
    in_control_zone,
    overlaps,
    path_blocked,
    path_toward,
    point_distance,
)
from battlesim.engines.sbg.core.table import (
    CAVALRY_DIFFICULT_FACTOR,
    Cover,
    ObstacleTest,
    Table,
    TerrainKind,
    TerrainPiece,
    obstacle_test,
)
from battlesim.engines.sbg.core.tables_preset import forest_and_ruins, rectangle

R = INFANTRY_BASE.radius
MAN_HEIGHT = 1.2


def _table(*pieces: TerrainPiece) -> Table:
    return Table("test", pieces)


def _rough(x0: float, x1: float) -> TerrainPiece:
    return TerrainPiece("rough", TerrainKind.DIFFICULT, ((x0, 0), (x1, 0), (x1, 48), (x0, 48)))


def _wall(x: float, height: float) -> TerrainPiece:
    return TerrainPiece(
        "wall",
        TerrainKind.OBSTACLE,
        ((x, 0), (x, 48)),
        height=height,
        thickness=0.2,
        cover=Cover.SOLID,
    )


def test_move_ter_worked_example_two_inches_into_difficult_ground() -> None:
    """MOVE-TER-03 (002:L518): a Man (M 6") moves 2" to reach difficult terrain; with 4" left
    he moves only 2" in it (MOVE-TER-02, L522: the base touching it already pays)."""
    table = _table(_rough(20, 30))
    start = (20 - R - 2, 10.0)
    end = furthest_legal_point(start, (40, 10), 6.0, INFANTRY_BASE, [], [], table)
    assert end[0] - start[0] == pytest.approx(4.0, abs=1e-3)
    assert table.movement_cost(start, end, INFANTRY_BASE) == pytest.approx(6.0, abs=1e-3)


def test_cav_move_worked_example_horse_pays_four_times() -> None:
    """CAV-MOVE-11 / CAV-MOVE-03, MOVE-TER-04 (002:L1282, L1296): Eowyn's horse (M 10") spends 2"
    to reach
    rocky ground and has 8" left: 2" inside it."""
    table = _table(_rough(20, 30))
    horse = CAVALRY_BASE.facing_to(0)
    start = (20 - horse.radius - 2, 10.0)
    end = furthest_legal_point(
        start, (40, 10), 10.0, horse, [], [], table, difficult_factor=CAVALRY_DIFFICULT_FACTOR
    )
    assert end[0] - start[0] == pytest.approx(4.0, abs=1e-3)


def test_move_ter_open_ground_costs_its_length() -> None:
    """MOVE-TER-01 (002:L510): no penalty in the open; an OPEN piece (a road) changes nothing."""
    road = TerrainPiece("road", TerrainKind.OPEN, rectangle(24, 24, 3, 40))
    table = _table(road)
    assert table.movement_cost((10, 24), (40, 24), INFANTRY_BASE) == pytest.approx(30.0)


def test_move_gen_cannot_move_through_another_model() -> None:
    """MOVE-GEN-07 (002:L392): models never move through other models, friend or foe; the
    move stops with the bases touching (BASE-01)."""
    blocker = ((15.0, 10.0), INFANTRY_BASE)
    assert path_blocked((10, 10), (20, 10), INFANTRY_BASE, [blocker])
    end = furthest_legal_point((10, 10), (20, 10), 10.0, INFANTRY_BASE, [blocker], [])
    assert in_base_contact(end, INFANTRY_BASE, *blocker)
    assert not overlaps(end, INFANTRY_BASE, *blocker)


def test_move_gen_passing_between_models_needs_room_for_the_whole_base() -> None:
    """MOVE-GEN-07 (002:L398): a 25 mm base passes a gap of 1.1" but not one of 0.9"."""

    def pair(gap: float) -> list[tuple[Point, Base]]:
        half = R + gap / 2
        return [((15.0, 10.0 - half), INFANTRY_BASE), ((15.0, 10.0 + half), INFANTRY_BASE)]

    assert not path_blocked((10, 10), (20, 10), INFANTRY_BASE, pair(1.1))
    assert path_blocked((10, 10), (20, 10), INFANTRY_BASE, pair(0.9))


def test_move_zoc_a_move_stops_outside_an_enemy_zone() -> None:
    """MOVE-ZOC-01 (002:L410): no model may enter an enemy's control zone unless it charges."""
    enemy = ((20.0, 10.0), INFANTRY_BASE)
    end = furthest_legal_point((10, 10), (30, 10), 12.0, INFANTRY_BASE, [enemy], [enemy])
    assert not in_control_zone(end, INFANTRY_BASE, *enemy)
    assert distance(end, INFANTRY_BASE, *enemy) == pytest.approx(1.0, abs=1e-3)


def test_move_chg_a_charge_reaches_base_contact() -> None:
    """MOVE-CHG-01/02 (002:L430-432): a charge moves into base contact with its target."""
    enemy = ((20.0, 10.0), INFANTRY_BASE)
    spot = contact_point((10, 10), INFANTRY_BASE, *enemy)
    assert spot is not None
    end = furthest_legal_point(
        (10, 10), spot, 12.0, INFANTRY_BASE, [enemy], [enemy], charge_target=enemy
    )
    assert in_base_contact(end, INFANTRY_BASE, *enemy)
    assert not overlaps(end, INFANTRY_BASE, *enemy)


def test_move_chg_out_of_reach_charge_falls_short_of_contact() -> None:
    """MOVE-CHG-02 (002:L432): the charge is measured like any move; 5" short of 6.5"."""
    enemy = ((20.0, 10.0), INFANTRY_BASE)
    spot = contact_point((10, 10), INFANTRY_BASE, *enemy)
    assert spot is not None
    end = furthest_legal_point(
        (10, 10), spot, 5.0, INFANTRY_BASE, [enemy], [enemy], charge_target=enemy
    )
    assert point_distance((10, 10), end) == pytest.approx(5.0)
    assert not in_base_contact(end, INFANTRY_BASE, *enemy)


def test_move_chg_other_zones_ignored_once_inside_the_target_zone() -> None:
    """MOVE-CHG-08 (002:L448): after entering its target's zone the charger ignores the zones
    of other enemies; a zone met before the target's still stops it (MOVE-ZOC-01)."""
    target = ((20.0, 10.0), INFANTRY_BASE)
    beside = ((20.0, 10.0 + 2 * R + 1.0), INFANTRY_BASE)  # its zone reaches the final spot
    spot = contact_point((10, 10), INFANTRY_BASE, *target)
    assert spot is not None
    enemies = [target, beside]
    end = furthest_legal_point(
        (10, 10), spot, 12.0, INFANTRY_BASE, enemies, enemies, charge_target=target
    )
    assert in_base_contact(end, INFANTRY_BASE, *target)
    screen = ((15.0, 10.0 + 2 * R + 0.5), INFANTRY_BASE)  # its zone covers the path at x=15
    end = furthest_legal_point(
        (10, 10),
        spot,
        12.0,
        INFANTRY_BASE,
        [target, screen],
        [target, screen],
        charge_target=target,
    )
    assert not in_control_zone(end, INFANTRY_BASE, *screen)
    assert end[0] < 15


def test_move_zoc_a_model_inside_a_zone_may_leave_but_not_close_in() -> None:
    """MOVE-ZOC-03 (002:L418-422): starting inside an enemy zone it may move away, never
    closer."""
    enemy = ((20.0, 10.0), INFANTRY_BASE)
    start = (20.0 - 2 * R - 0.5, 10.0)
    away = furthest_legal_point(start, (5, 10), 6.0, INFANTRY_BASE, [enemy], [enemy])
    assert point_distance(start, away) == pytest.approx(6.0)
    closer = furthest_legal_point(start, (20, 15), 6.0, INFANTRY_BASE, [enemy], [enemy])
    assert closer == start


def test_contact_point_takes_the_nearest_free_spot_around_the_target() -> None:
    """MOVE-CHG-02 / BASE-01: the charger touches the target where no other base stands."""
    target = ((20.0, 10.0), INFANTRY_BASE)
    near = contact_point((10, 10), INFANTRY_BASE, *target)
    assert near == pytest.approx((20.0 - 2 * R, 10.0))
    friend = ((20.0 - 2 * R, 10.0), INFANTRY_BASE)
    spot = contact_point((10, 10), INFANTRY_BASE, *target, others=[friend])
    assert spot is not None
    assert in_base_contact(spot, INFANTRY_BASE, *target)
    assert not overlaps(spot, INFANTRY_BASE, *friend)


def test_contact_point_is_none_when_the_target_is_surrounded() -> None:
    """BASE-01: bases never overlap, so a target ringed by large bases cannot be touched."""
    ring = [
        ((20.0 + 1.6 * dx, 10.0 + 1.6 * dy), LARGE_BASE)
        for dx, dy in [
            (1, 0),
            (-1, 0),
            (0, 1),
            (0, -1),
            (0.7, 0.7),
            (-0.7, 0.7),
            (0.7, -0.7),
            (-0.7, -0.7),
        ]
    ]
    assert contact_point((10, 10), INFANTRY_BASE, (20.0, 10.0), INFANTRY_BASE, ring) is None


def test_contact_point_for_cavalry_touches_an_infantry_target() -> None:
    """MOVE-CHG-02 with an oval base: the spot found touches the target exactly."""
    horse = CAVALRY_BASE.facing_to(0)
    spot = contact_point((10, 10), horse, (20.0, 10.0), INFANTRY_BASE)
    assert spot is not None
    assert distance(spot, horse, (20.0, 10.0), INFANTRY_BASE) == pytest.approx(0.0, abs=1e-3)
    assert spot[0] == pytest.approx(20.0 - R - horse.depth / 2, abs=1e-3)


@pytest.mark.parametrize(
    ("height", "test"),
    [
        (0.5, ObstacleTest.NONE),
        (0.6, ObstacleTest.LEAP),
        (1.0, ObstacleTest.LEAP),
        (1.2, ObstacleTest.LEAP),
        (1.3, ObstacleTest.CLIMB),
    ],
)
def test_move_obs_test_depends_on_half_and_full_height(height: float, test: ObstacleTest) -> None:
    """MOVE-OBS-02/03 (002:L530-532) for a 1.2" Man; exactly half needs a Leap (A2)."""
    assert obstacle_test(height, MAN_HEIGHT) is test


def test_move_obs_low_obstacle_is_stepped_over() -> None:
    """MOVE-OBS-02 (002:L530): lower than half the model's height: crossed with no penalty."""
    table = _table(_wall(15, 0.4))
    end = furthest_legal_point(
        (10, 10), (30, 10), 6.0, INFANTRY_BASE, [], [], table, model_height=MAN_HEIGHT
    )
    assert end == pytest.approx((16.0, 10.0))


def test_move_leap_the_model_stops_in_contact_with_an_obstacle_needing_a_test() -> None:
    """MOVE-LEAP-01 (002:L549): move into contact with the obstacle, then roll; the geometry
    stops the move touching it and names it; ``far_side`` is where 2-5 places the model."""
    wall = _wall(15, 0.8)
    table = _table(wall)
    end = furthest_legal_point(
        (10, 10), (30, 10), 6.0, INFANTRY_BASE, [], [], table, model_height=MAN_HEIGHT
    )
    assert end[0] == pytest.approx(15 - 0.1 - R, abs=1e-3)
    assert table.touching(end, INFANTRY_BASE) == [wall]
    assert table.crosses_obstacle((10, 10), (30, 10)) == [wall]
    landing = table.far_side(end, (30, 10), wall, INFANTRY_BASE)
    assert landing[0] == pytest.approx(15 + 0.1 + R, abs=1e-3)
    assert table.fits(landing, INFANTRY_BASE)


def test_impassable_terrain_and_the_table_edge_stop_a_move() -> None:
    """BASE-01 / MOVE-GEN-06 (strict footprint, A-note): a base never overlaps impassable
    terrain nor leaves the table."""
    house = TerrainPiece("house", TerrainKind.IMPASSABLE, rectangle(20, 10, 4, 4), height=4.0)
    table = _table(house)
    end = furthest_legal_point((10, 10), (30, 10), 12.0, INFANTRY_BASE, [], [], table)
    assert end[0] == pytest.approx(18 - R, abs=1e-3)
    assert table.fits(end, INFANTRY_BASE)
    edge = furthest_legal_point((45, 30), (60, 30), 12.0, INFANTRY_BASE, [], [], table)
    assert edge[0] == pytest.approx(48 - R, abs=1e-3)
    assert table.is_impassable((20, 10), INFANTRY_BASE)


def test_move_jump_gap_stops_the_move_and_gives_its_width() -> None:
    """MOVE-JUMP-01/03 (002:L570, L574): move into contact with the edge; the width to jump
    is what the line crosses."""
    ditch = TerrainPiece("ditch", TerrainKind.GAP, rectangle(20, 24, 1.5, 48), depth=2.0)
    table = _table(ditch)
    end = furthest_legal_point((10, 10), (30, 10), 12.0, INFANTRY_BASE, [], [], table)
    assert end[0] == pytest.approx(19.25 - R, abs=1e-3)
    [(gap, width)] = table.gaps_crossed((10, 10), (30, 10))
    assert gap is ditch
    assert width == pytest.approx(1.5)


def test_move_desc_a_drop_higher_than_the_model_stops_at_the_edge() -> None:
    """MOVE-DESC-02/03 (002:L631): down a sheer side no taller than the model: free; taller:
    a Climb test, so the move stops at the edge. Up a sheer side needing a test: stop."""
    low = TerrainPiece(
        "ledge", TerrainKind.ELEVATED, rectangle(10, 10, 8, 8), height=1.0, sloped=False
    )
    table = _table(low)
    assert furthest_legal_point(
        (10, 10), (20, 10), 8.0, INFANTRY_BASE, [], [], table, model_height=MAN_HEIGHT
    ) == pytest.approx((18.0, 10.0))
    high = TerrainPiece(
        "tower", TerrainKind.ELEVATED, rectangle(10, 10, 8, 8), height=3.0, sloped=False
    )
    table = _table(high)
    end = furthest_legal_point(
        (10, 10), (20, 10), 8.0, INFANTRY_BASE, [], [], table, model_height=MAN_HEIGHT
    )
    assert end[0] == pytest.approx(14.0, abs=1e-3)
    up = furthest_legal_point(
        (20, 10), (10, 10), 8.0, INFANTRY_BASE, [], [], table, model_height=MAN_HEIGHT
    )
    assert up[0] == pytest.approx(14 + R, abs=1e-3)
    assert table.ground_level((10, 10)) == 3.0


positions = st.tuples(st.floats(2, 46), st.floats(2, 46))
FOREST = forest_and_ruins()  # built once: its route graph is cached on it


@settings(max_examples=120, deadline=None)
@given(
    start=positions,
    target=positions,
    budget=st.floats(0.5, 12),
    friends=st.lists(positions, max_size=6),
    enemies=st.lists(positions, max_size=6),
)
def test_a_legal_move_never_overlaps_nor_ends_in_an_enemy_zone(
    start: Point, target: Point, budget: float, friends: list[Point], enemies: list[Point]
) -> None:
    """BASE-01 and MOVE-ZOC-01: whatever the layout, the furthest legal point overlaps no base,
    is in no enemy zone it did not start in, and costs no more than the budget."""
    others = [(p, INFANTRY_BASE) for p in friends + enemies]
    zones = [(p, INFANTRY_BASE) for p in enemies]
    assume(not any(overlaps(start, INFANTRY_BASE, *o) for o in others))
    assume(not any(in_control_zone(start, INFANTRY_BASE, *z) for z in zones))
    end = furthest_legal_point(start, target, budget, INFANTRY_BASE, others, zones)
    assert not any(overlaps(end, INFANTRY_BASE, *o) for o in others)
    assert not any(in_control_zone(end, INFANTRY_BASE, *z) for z in zones)
    assert point_distance(start, end) <= budget + 1e-9


def test_move_gen_a_path_goes_around_a_house_and_counts_its_whole_length() -> None:
    """MOVE-GEN-05 (002:L384, L390): a path need not be straight, but its whole length counts
    against the Move; a house in the way is walked around, never through."""
    house = TerrainPiece("house", TerrainKind.IMPASSABLE, rectangle(20, 10, 4, 6), height=4.0)
    table = _table(house)
    start, goal = (15.0, 10.0), (25.0, 10.0)
    route = table.route(start, goal, INFANTRY_BASE)
    assert route is not None and route[-1] == goal
    length = sum(point_distance(a, b) for a, b in zip([start, *route], route, strict=False))
    # Shortest: no longer than a hand-made detour over the house, no shorter than the two
    # straight legs to the top edge grown by the base radius.
    assert 2 * math.hypot(3, 3 + R) + 4 <= length <= 2 * math.hypot(2.5, 3.6) + 5
    legs = path_toward(start, goal, 30.0, INFANTRY_BASE, [], [], table)
    assert legs[-1] == pytest.approx(goal)
    walked = sum(point_distance(a, b) for a, b in zip([start, *legs], legs, strict=False))
    assert walked > point_distance(start, goal) + 2
    for a, b in zip([start, *legs], legs, strict=False):
        assert table.move_limit(a, b, INFANTRY_BASE, MAN_HEIGHT) >= point_distance(a, b) - 1e-3
        assert table.fits(b, INFANTRY_BASE)
    short = path_toward(start, goal, 6.0, INFANTRY_BASE, [], [], table)
    spent = sum(point_distance(a, b) for a, b in zip([start, *short], short, strict=False))
    assert spent == pytest.approx(6.0, abs=1e-3)


def test_move_gen_no_route_into_a_building() -> None:
    """MOVE-GEN-06 (strict footprint reading): a spot inside impassable terrain is never
    reached."""
    house = TerrainPiece("house", TerrainKind.IMPASSABLE, rectangle(20, 10, 4, 6), height=4.0)
    assert _table(house).route((10.0, 10.0), (20.0, 10.0), INFANTRY_BASE) is None


@settings(max_examples=40, deadline=None)
@given(start=positions, goal=positions, budget=st.floats(1, 14))
def test_every_leg_of_a_path_is_a_legal_straight_move(
    start: Point, goal: Point, budget: float
) -> None:
    """MOVE-GEN-05 with MOVE-TER-02 and BASE-01: on a real table each leg stops at nothing,
    every point reached is a legal stand, and the legs cost no more than the Move."""
    table = FOREST
    assume(table.fits(start, INFANTRY_BASE))
    legs = path_toward(start, goal, budget, INFANTRY_BASE, [], [], table)
    spent = 0.0
    for a, b in zip([start, *legs], legs, strict=False):
        assert table.move_limit(a, b, INFANTRY_BASE, MAN_HEIGHT) >= point_distance(a, b) - 1e-3
        assert table.fits(b, INFANTRY_BASE)
        spent += table.movement_cost(a, b, INFANTRY_BASE)
    assert spent <= budget + 1e-6


def test_push_directly_away_follows_the_line_through_both_centres() -> None:
    """PUSH-01 (002:L313): the pushed model moves along the line from the first model's centre
    through its own, away from it."""
    end = directly_away((10.0, 10.0), (13.0, 14.0), 2.5)
    assert end == pytest.approx((14.5, 16.0))
    assert point_distance((10.0, 10.0), end) == pytest.approx(7.5)


@settings(max_examples=60, deadline=None)
@given(
    start=positions,
    target=positions,
    facing=st.floats(0, 360),
    enemies=st.lists(positions, max_size=5),
)
def test_an_oval_cavalry_move_never_overlaps_nor_ends_in_an_enemy_zone(
    start: Point, target: Point, facing: float, enemies: list[Point]
) -> None:
    """BASE-01 and MOVE-ZOC-01 for an oval base, measured exactly on its outline."""
    horse = CAVALRY_BASE.facing_to(facing)
    zones = [(p, INFANTRY_BASE) for p in enemies]
    assume(not any(in_control_zone(start, horse, *z) for z in zones))
    end = furthest_legal_point(start, target, 10.0, horse, zones, zones)
    assert not any(overlaps(end, horse, *z) for z in zones)
    assert not any(in_control_zone(end, horse, *z) for z in zones)


@settings(max_examples=60, deadline=None)
@given(charger=positions, target=positions, crowd=st.lists(positions, max_size=8))
def test_a_contact_point_touches_the_target_and_overlaps_nothing(
    charger: Point, target: Point, crowd: list[Point]
) -> None:
    """MOVE-CHG-02 and BASE-01: the spot found is in base contact with the target, overlaps no
    other base and stands on open ground of the table."""
    assume(point_distance(charger, target) > 0.1)
    others = [(p, INFANTRY_BASE) for p in crowd]
    assume(not any(overlaps(target, INFANTRY_BASE, *o) for o in others))
    spot = contact_point(charger, INFANTRY_BASE, target, INFANTRY_BASE, others, FOREST)
    if spot is not None:
        assert in_base_contact(spot, INFANTRY_BASE, target, INFANTRY_BASE)
        assert not any(overlaps(spot, INFANTRY_BASE, *o) for o in others)
        assert FOREST.fits(spot, INFANTRY_BASE)


_spot = st.tuples(st.floats(0.0, 12.0), st.floats(0.0, 12.0))
_round_or_oval = st.sampled_from([INFANTRY_BASE, LARGE_BASE, CAVALRY_BASE])


@settings(max_examples=200, deadline=None)
@given(
    start=_spot,
    heading=st.floats(-math.pi, math.pi),
    reach=st.floats(0.1, 12.0),
    base=_round_or_oval,
    others=st.lists(st.tuples(_spot, _round_or_oval), max_size=8),
    margin=st.sampled_from([0.0, 1.0]),
)
def test_first_touch_over_many_bases_is_the_least_of_each(
    start: Point,
    heading: float,
    reach: float,
    base: Base,
    others: list[tuple[Point, Base]],
    margin: float,
) -> None:
    """MOVE-GEN-07, MOVE-ZOC-01: the loop that stops a move at the first base (or zone) it
    meets, written out for round bases (speed), answers exactly as the least ``first_touch``
    of each base, to the last bit."""
    u = (math.cos(heading), math.sin(heading))
    expected = min(
        (first_touch(start, u, reach, base, other, margin) for other in others), default=math.inf
    )
    assert _first_of(start, u, reach, base, others, margin) == expected

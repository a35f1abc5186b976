"""Line of sight (checklist §1.5) and in the way (§5.4-5.5), with the 2.5D model of A10."""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from battlesim.engines.sbg.core.bases import (
    CAVALRY_BASE,
    INFANTRY_BASE,
    LARGE_BASE,
    Point,
    height_for,
)
from battlesim.engines.sbg.core.geometry import (
    LOS_SAMPLES,
    Body,
    ObstructionKind,
    in_the_way,
    line_of_sight,
    sees,
)
from battlesim.engines.sbg.core.table import Cover, Table, TerrainKind, TerrainPiece
from battlesim.engines.sbg.core.tables_preset import disc, forest_and_ruins, rectangle, village

MAN = height_for(frozenset({"Man"}))
TROLL = height_for(frozenset({"Troll"}))
RIDER = height_for(frozenset({"Man", "Cavalry"}))


def _wall_table(height: float, cover: Cover = Cover.SOLID, x: float = 15.0) -> Table:
    wall = TerrainPiece(
        "wall",
        TerrainKind.OBSTACLE,
        ((x, 0), (x, 48)),
        height=height,
        thickness=0.3,
        cover=cover,
    )
    return Table("walled", (wall,))


def _house_table() -> Table:
    house = TerrainPiece("house", TerrainKind.IMPASSABLE, rectangle(15, 10, 4, 4), height=4.0)
    return Table("house", (house,))


def test_los_a_model_always_sees_itself() -> None:
    """LOS-02 (002:L271)."""
    assert line_of_sight((5, 5), MAN, (5, 5), INFANTRY_BASE, MAN, _house_table()).fraction == 1


def test_los_open_ground_sees_the_whole_body() -> None:
    """LOS-01 (002:L265-269): nothing between the models, the whole target is seen."""
    seen = line_of_sight((10, 30), MAN, (30, 30), INFANTRY_BASE, MAN, _house_table())
    assert seen.seen == LOS_SAMPLES
    assert not seen.partial


def test_los_a_building_hides_the_target_completely() -> None:
    """LOS-03 (002:L273): no part of the body visible, no line of sight."""
    seen = line_of_sight((10, 10), MAN, (20, 10), INFANTRY_BASE, MAN, _house_table())
    assert not seen.visible
    assert seen.hidden_by == ("house",)


def test_los_part_of_the_body_behind_a_low_wall_is_enough() -> None:
    """LOS-03/LOS-06 (002:L273, L789): partly hidden behind cover is still a valid target."""
    seen = line_of_sight((10, 10), MAN, (15.8, 10), INFANTRY_BASE, MAN, _wall_table(0.8))
    assert seen.visible
    assert seen.partial
    assert seen.hidden_by == ("wall",)
    assert json.loads(json.dumps(seen.to_json()))["hidden_by"] == ["wall"]


def test_los_prone_model_is_half_height_and_hides_behind_the_wall() -> None:
    """LOS-04 / MOVE-PRONE-03 (002:L653): a prone model counts as half its height; behind a
    wall lower than the standing model it disappears."""
    table = _wall_table(0.8)
    standing = line_of_sight((10, 10), MAN, (15.8, 10), INFANTRY_BASE, MAN, table)
    prone = line_of_sight((10, 10), MAN, (15.8, 10), INFANTRY_BASE, MAN / 2, table)
    assert standing.visible
    assert not prone.visible


def test_los_tall_viewers_and_riders_see_over_what_hides_men() -> None:
    """LOS-01 with heights (A3) and LOS-05 (002:L1272): a Troll, or a rider traced from the
    rider, sees the head of a man behind a 1.1" wall that hides him from another man (whose
    eyes are lower than the wall)."""
    table = _wall_table(1.1)
    target = (15.8, 10.0)
    assert not line_of_sight((10, 10), MAN, target, INFANTRY_BASE, MAN, table).visible
    assert line_of_sight((10, 10), TROLL, target, INFANTRY_BASE, MAN, table).visible
    assert line_of_sight((10, 10), RIDER, target, INFANTRY_BASE, MAN, table).visible


def test_los_a_viewer_on_a_hill_sees_over_a_wall() -> None:
    """LOS-01 with elevation (§4.9, FIGHT-ELEV): the ground of a hill raises the eye; the
    same man off the hill cannot see over a wall taller than his eyes."""
    hill = TerrainPiece("hill", TerrainKind.ELEVATED, disc(8, 10, 3, 12), height=2.0)
    wall = TerrainPiece(
        "wall", TerrainKind.OBSTACLE, ((15, 0), (15, 48)), height=1.1, thickness=0.3
    )
    table = Table("hill", (hill, wall))
    assert line_of_sight((8, 10), MAN, (15.8, 10), INFANTRY_BASE, MAN, table).visible
    assert not line_of_sight((12, 10), MAN, (15.8, 10), INFANTRY_BASE, MAN, table).visible


def test_los_a_large_model_in_between_hides_a_man() -> None:
    """LOS-03: an intervening Troll (a prism of its base and height) hides the whole man."""
    troll = Body("troll", (20, 10), LARGE_BASE, TROLL)
    seen = line_of_sight((10, 10), MAN, (30, 10), INFANTRY_BASE, MAN, None, [troll])
    assert not seen.visible
    assert seen.hidden_by == ("troll",)


def test_los_a_model_beside_the_line_hides_only_part() -> None:
    """LOS-06 (002:L789): partially hidden by a model is still a valid target."""
    orc = Body("orc", (29, 10.6), INFANTRY_BASE, 1.1)
    seen = line_of_sight((10, 10), MAN, (30, 10), INFANTRY_BASE, MAN, None, [orc])
    assert seen.partial
    assert seen.hidden_by == ("orc",)


def test_shoot_itw_models_and_terrain_are_listed_nearest_first_with_their_scores() -> None:
    """SHOOT-ITW-01/03 (002:L779, L807) and the table at L781-785: a fence (3+) and a model
    (4+) in the way, tested from the one closest to the shooter."""
    table = _wall_table(0.5, Cover.LIGHT, x=22.0)
    orc = Body("orc", (16, 10.3), INFANTRY_BASE, 1.1)
    found = in_the_way((10, 10), (25, 10), table, [orc])
    assert [(i.key, i.kind, i.score) for i in found] == [
        ("orc", ObstructionKind.MODEL, 4),
        ("wall", ObstructionKind.TERRAIN, 3),
    ]
    assert found[0].distance < found[1].distance
    assert json.loads(json.dumps([i.to_json() for i in found]))[1]["kind"] == "terrain"


def test_shoot_itw_fortifications_need_five() -> None:
    """SHOOT-ITW table (002:L783): battlements need a 5+."""
    table = _wall_table(0.9, Cover.FORTIFIED, x=24.0)
    [item] = in_the_way((10, 10), (24.8, 10), table, [])
    assert item.score == 5
    assert item.piece is not None and item.piece.name == "wall"


def test_shoot_cover_a_shooter_touching_a_low_wall_ignores_it() -> None:
    """SHOOT-COVER-01 (002:L831-833): the shooter in contact with an obstacle it can see over
    ignores it (Legolas behind a low wall); the target behind the same kind of wall away from
    the shooter is in the way."""
    wall_x = 10.0 + INFANTRY_BASE.radius + 0.15
    table = _wall_table(0.8, x=wall_x)
    assert in_the_way((10, 10), (25, 10), table, [], target_height=MAN) == []
    assert [i.key for i in in_the_way((5, 10), (wall_x + 0.8, 10), table, [])] == ["wall"]


def test_shoot_friend_a_friend_in_contact_ducks() -> None:
    """SHOOT-FRIEND-01 (002:L837-839, A17): a friendly model in base contact whose base is no
    bigger than the shooter's is not in the way; an engaged friend (not passed in
    ``ducking``) or a bigger one is."""
    friend = Body("friend", (10 + 2 * INFANTRY_BASE.radius, 10), INFANTRY_BASE, MAN)
    assert in_the_way((10, 10), (25, 10), None, [friend], ducking=frozenset({"friend"})) == []
    assert [i.key for i in in_the_way((10, 10), (25, 10), None, [friend])] == ["friend"]
    big = Body("big", (10 + INFANTRY_BASE.radius + LARGE_BASE.radius, 10), LARGE_BASE, TROLL)
    found = in_the_way((10, 10), (25, 10), None, [big], ducking=frozenset({"big"}))
    assert [i.key for i in found] == ["big"]


def test_shoot_itw_terrain_missing_from_the_table_counts_as_a_wall() -> None:
    """SHOOT-ITW AMBIGUOUS note (5.4): terrain the in-the-way table does not list takes the
    closest row, walls/rocks 4+: here the brow of a hill hiding the target's legs."""
    hill = TerrainPiece("hill", TerrainKind.ELEVATED, disc(20, 10, 3, 12), height=1.0)
    table = Table("hill", (hill,))
    [item] = in_the_way((10, 10), (24.0, 10), table, [])
    assert (item.key, item.score) == ("hill", 4)


spots = st.tuples(st.floats(1, 47), st.floats(1, 47))
VILLAGE = village()  # built once: its index is reused by every example


@settings(max_examples=60, deadline=None)
@given(viewer=spots, target=spots, crowd=st.lists(spots, max_size=8))
def test_more_models_never_reveal_more_of_the_target(
    viewer: Point, target: Point, crowd: list[Point]
) -> None:
    """LOS-03: a model can only hide more of the target, never less; what hides it is listed
    nearest the viewer first in the in-the-way results (SHOOT-ITW-03)."""
    bodies = [Body(f"m{i}", p, INFANTRY_BASE, MAN) for i, p in enumerate(crowd)]
    bare = line_of_sight(viewer, MAN, target, INFANTRY_BASE, MAN, VILLAGE)
    crowded = line_of_sight(viewer, MAN, target, INFANTRY_BASE, MAN, VILLAGE, bodies)
    assert crowded.seen <= bare.seen
    found = in_the_way(viewer, target, VILLAGE, bodies)
    assert [i.distance for i in found] == sorted(i.distance for i in found)
    assert {i.key for i in found} <= set(crowded.hidden_by)


FOREST = forest_and_ruins()


@settings(max_examples=150, deadline=None)
@given(
    viewer=spots,
    target=spots,
    crowd=st.lists(spots, max_size=10),
    tall=st.booleans(),
    prone=st.booleans(),
)
def test_los_sees_answers_as_the_full_count(
    viewer: Point, target: Point, crowd: list[Point], tall: bool, prone: bool
) -> None:
    """LOS-01..04: the quick ``sees`` (first clear sample wins, speed) always agrees with
    ``line_of_sight(...).visible`` on the preset tables, the open table, tall and prone models
    and crowds of round and oval bases in between."""
    height = TROLL if tall else MAN
    target_height = height_for(frozenset({"Man"}), prone=prone)
    base = LARGE_BASE if tall else INFANTRY_BASE
    shapes = (INFANTRY_BASE, CAVALRY_BASE, LARGE_BASE)  # ovals block with their footprint
    bodies = [Body(f"m{i}", p, shapes[i % 3], MAN) for i, p in enumerate(crowd)]
    for table in (None, VILLAGE, FOREST):
        full = line_of_sight(viewer, height, target, base, target_height, table, bodies)
        assert sees(viewer, height, target, base, target_height, table, bodies) == full.visible

"""Distances, base contact and control zones (checklist §1.6, §1.8, §4.2)."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from battlesim.engines.sbg.core.bases import (
    CAVALRY_BASE,
    HUGE_BASE,
    INFANTRY_BASE,
    LARGE_BASE,
    Base,
    BaseShape,
    UnknownBaseError,
    base_for,
    height_for,
    obstacle_height_for,
    oval_base,
)
from battlesim.engines.sbg.core.geometry import (
    distance,
    footprint,
    in_base_contact,
    in_control_zone,
    overlaps,
)

R25 = INFANTRY_BASE.radius
coords = st.floats(min_value=0, max_value=48, allow_nan=False)
points = st.tuples(coords, coords)
bases = st.sampled_from(
    [
        INFANTRY_BASE,
        LARGE_BASE,
        HUGE_BASE,
        CAVALRY_BASE,
        CAVALRY_BASE.facing_to(90),
        CAVALRY_BASE.facing_to(33),
        Base(BaseShape.RECT, 1.0, 2.0, 45),
    ]
)


def test_meas_distance_is_between_closest_points_of_bases() -> None:
    """MEAS-02 (002:L281): two 25 mm bases 3" apart centre to centre are 3" - 25 mm apart."""
    assert distance((10, 10), INFANTRY_BASE, (13, 10), INFANTRY_BASE) == pytest.approx(
        3 - 25 / 25.4
    )


def test_meas_distance_from_a_model_to_itself_is_zero() -> None:
    """MEAS-03 (002:L281): a model is always within range of itself."""
    assert distance((5, 5), LARGE_BASE, (5, 5), LARGE_BASE) == 0.0


def test_meas_oval_cavalry_distance_depends_on_its_facing() -> None:
    """MEAS-02: the closest point of an oval base is on its outline, so facing matters: a horse
    pointing at the target reaches 25 mm further than one standing side-on."""
    nose_on = distance((10, 10), CAVALRY_BASE.facing_to(0), (14, 10), INFANTRY_BASE)
    side_on = distance((10, 10), CAVALRY_BASE.facing_to(90), (14, 10), INFANTRY_BASE)
    assert side_on - nose_on == pytest.approx(25 / 25.4 / 2, abs=0.01)
    assert nose_on == pytest.approx(4 - 25 / 25.4 - R25, abs=0.01)


@settings(max_examples=150, deadline=None)
@given(points, bases, points, bases)
def test_distance_is_symmetric_and_never_negative(
    a: tuple[float, float], a_base: Base, b: tuple[float, float], b_base: Base
) -> None:
    """MEAS-02: a distance between bases is symmetric and >= 0."""
    ab, ba = distance(a, a_base, b, b_base), distance(b, b_base, a, a_base)
    assert ab >= 0
    assert ab == pytest.approx(ba, abs=1e-6)


@settings(max_examples=150, deadline=None)
@given(points, bases, points, bases)
def test_distance_is_zero_exactly_when_bases_touch_or_overlap(
    a: tuple[float, float], a_base: Base, b: tuple[float, float], b_base: Base
) -> None:
    """MEAS-02/BASE-01: zero iff the footprints meet. Checked against Shapely's polygons, which
    approximate circles by 32-gons (up to 0.006" inside a 60 mm circle, so 0.012" for two)."""
    polygon_gap = footprint(a, a_base).distance(footprint(b, b_base))
    d = distance(a, a_base, b, b_base)
    if d == 0.0:
        assert polygon_gap < 0.012
    if polygon_gap == 0.0:
        assert d < 0.012
    assert d == pytest.approx(polygon_gap, abs=0.012)


def test_base_touching_bases_are_in_contact_and_do_not_overlap() -> None:
    """BASE-01 (002:L307): touching bases are "in base contact"; touching is not overlapping."""
    a, b = (10.0, 10.0), (10.0 + 2 * R25, 10.0)
    assert in_base_contact(a, INFANTRY_BASE, b, INFANTRY_BASE)
    assert not overlaps(a, INFANTRY_BASE, b, INFANTRY_BASE)
    assert overlaps(a, INFANTRY_BASE, (10.0 + R25, 10.0), INFANTRY_BASE)
    assert not in_base_contact(a, INFANTRY_BASE, (10.0 + 2 * R25 + 0.1, 10.0), INFANTRY_BASE)


def test_base_contact_with_an_oval_uses_its_outline() -> None:
    """BASE-01: an infantry base touching a horse's flank is in contact with it."""
    horse = CAVALRY_BASE.facing_to(0)  # long axis along x: flank is 0.5" from the centre
    flank = (20.0, 20.0 + horse.width / 2 + R25)
    assert in_base_contact((20.0, 20.0), horse, flank, INFANTRY_BASE)
    assert not overlaps((20.0, 20.0), horse, flank, INFANTRY_BASE)


@pytest.mark.parametrize(
    ("gap", "inside"), [(0.0, True), (0.5, True), (0.99, True), (1.0, False), (1.2, False)]
)
def test_move_zoc_zone_is_strictly_less_than_one_inch(gap: float, inside: bool) -> None:
    """MOVE-ZOC-01 (002:L410) with A7: inside iff strictly closer than 1" to the base."""
    other = (10.0 + 2 * R25 + gap, 10.0)
    assert in_control_zone((10, 10), INFANTRY_BASE, other, INFANTRY_BASE) is inside


def test_base_for_picks_sizes_by_keyword() -> None:
    """§1.8 / checklist §11: base sizes by model type (assumptions in bases.py)."""
    assert base_for(frozenset({"Man", "Gondor", "Infantry", "Warrior"})) == INFANTRY_BASE
    assert base_for(frozenset({"Troll", "Monster", "Infantry"})) == LARGE_BASE
    assert base_for(frozenset({"Ent"})) == HUGE_BASE
    assert base_for(frozenset({"Man", "Rohan", "Cavalry"})).shape is BaseShape.OVAL
    assert base_for(frozenset({"Man"}), mounted=True) == oval_base(25, 50)


def test_heights_follow_model_type_prone_and_mount() -> None:
    """MOVE-OBS-04 (002:L534): heights by the character's kind (a Hobbit is shorter than a Man,
    a Troll taller); LOS-04 (002:L653) prone = half height; MOVE-OBS-05 (002:L1276) cavalry uses the
    mount's shoulder height for obstacles, the rider's head for sight (LOS-05)."""
    man = frozenset({"Man", "Infantry"})
    assert height_for(man, prone=True) == pytest.approx(height_for(man) / 2)
    assert height_for(frozenset({"Hobbit"})) < height_for(man) < height_for(frozenset({"Troll"}))
    rider = frozenset({"Man", "Cavalry"})
    assert obstacle_height_for(rider) < height_for(rider)
    assert obstacle_height_for(man) == height_for(man)


def test_a_base_refuses_nonsense_sizes() -> None:
    with pytest.raises(UnknownBaseError):
        Base(BaseShape.CIRCLE, 1.0, 2.0)
    with pytest.raises(UnknownBaseError):
        Base(BaseShape.RECT, 0.0, 2.0)
    assert Base.from_json(CAVALRY_BASE.to_json()) == CAVALRY_BASE
    assert math.isclose(CAVALRY_BASE.radius, 1.0 / 1.016, rel_tol=1e-3)

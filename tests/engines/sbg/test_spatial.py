"""The speed structures give the answers of the plain computations they replace (issue 21):
the grid of models finds what a scan over every living model finds, in living order, and
the convex clip of a sight line gives Shapely's stretches."""

from __future__ import annotations

import math
import random

import pytest
import shapely
from shapely.geometry import LineString

from battlesim.engines.sbg.core import geometry
from battlesim.engines.sbg.core.bases import Base, BaseShape, Point, oval_base
from battlesim.engines.sbg.core.paths import circle_base
from battlesim.engines.sbg.core.state import BattleState, Removal
from battlesim.engines.sbg.core.table import _SLOW, Table
from battlesim.engines.sbg.core.tables_preset import PRESETS, preset
from tests.engines.sbg.builders import add, battle


def _scan(state, x0, y0, x1, y1):  # type: ignore[no-untyped-def]
    return [m for m in state.living() if x0 <= m.x <= x1 and y0 <= m.y <= y1]


def _stir(state: BattleState, rng: random.Random, step: int, every: int) -> None:
    """Move a random living model, or remove it once every ``every`` steps."""
    model = rng.choice(state.living())
    if step % every == 0:
        state.remove(model, Removal.SLAIN)
    else:
        state.set_position(model, (rng.uniform(1, 47), rng.uniform(1, 47)))


def test_grid_finds_what_a_scan_finds_in_living_order_through_moves_and_removals() -> None:
    rng = random.Random(7)
    state = battle()
    models = [add(state, f"M{k}", k % 2, rng.uniform(1, 47), rng.uniform(1, 47)) for k in range(60)]
    for step in range(300):
        _stir(state, rng, step, 25)
        x, y, reach = rng.uniform(0, 48), rng.uniform(0, 48), rng.uniform(0.5, 14)
        box = (x - reach, y - reach, x + reach, y + reach)
        inside = [
            m
            for m in state.near(x, y, reach)
            if box[0] <= m.x <= box[2] and box[1] <= m.y <= box[3]
        ]
        assert inside == _scan(state, *box)
        side = [
            m
            for m in state.near(x, y, reach, 1)
            if box[0] <= m.x <= box[2] and box[1] <= m.y <= box[3]
        ]
        assert side == [m for m in _scan(state, *box) if m.player == 1]
    assert len(state.grid.where) == len(state.living()) < len(models)


def _cell_walk(grid, x0, y0, x1, y1):  # type: ignore[no-untyped-def]
    """``in_box`` as it walked the grid before its columns: a tuple key per cell."""
    i0, j0 = grid._cell_of(x0, y0)
    i1, j1 = grid._cell_of(x1, y1)
    found = []
    for i in range(i0, i1 + 1):
        for j in range(j0, j1 + 1):
            found.extend(grid.cells.get((i, j), {}).values())
    return found


def test_grid_columns_hold_its_cells_and_a_query_walks_them_in_the_same_order() -> None:
    """The grid's columns (speed) are its cells by column then row, through moves and
    removals, and a box query finds the same models in the same order as the cell walk."""
    rng = random.Random(21)
    state = battle()
    for k in range(90):
        add(state, f"M{k}", k % 2, rng.uniform(1, 47), rng.uniform(1, 47))
    grid = state.grid
    for step in range(400):
        _stir(state, rng, step, 40)
        by_columns = {(i, j): cell for i, col in grid.columns.items() for j, cell in col.items()}
        assert by_columns.keys() == grid.cells.keys()
        assert all(by_columns[key] is cell and cell for key, cell in grid.cells.items())
        x, y, reach = rng.uniform(0, 48), rng.uniform(0, 48), rng.uniform(0.5, 9)
        box = (x - reach, y - reach, x + reach, y + reach)
        assert grid.in_box(*box) == _cell_walk(grid, *box)


def test_grid_along_a_line_keeps_every_centre_near_it_in_in_box_order() -> None:
    """``along`` (sight-line blockers) drops only models farther than ``reach`` from the
    line: the same models in the same order as ``in_box`` of the line's box, once those are
    filtered by their distance to the line; vertical, horizontal and point-like lines too."""
    rng = random.Random(11)
    state = battle()
    for k in range(80):
        add(state, f"M{k}", k % 2, rng.uniform(1, 47), rng.uniform(1, 47))
    lines = [((10.0, 5.0), (10.0, 40.0)), ((3.0, 20.0), (44.0, 20.0)), ((7.0, 7.0), (7.0, 7.0))]
    lines += [
        ((rng.uniform(0, 48), rng.uniform(0, 48)), (rng.uniform(0, 48), rng.uniform(0, 48)))
        for _ in range(300)
    ]
    for a, b in lines:
        reach = rng.choice((0.5, 1.25, 2.5))

        box = (min(a[0], b[0]) - 1, min(a[1], b[1]) - 1, max(a[0], b[0]) + 1, max(a[1], b[1]) + 1)
        expected = [m for m in state.in_box(*box) if _near_line(m, a, b, reach)]
        found = state.along(a, b, 1.0, reach)
        assert [m for m in found if _near_line(m, a, b, reach)] == expected
        assert len(found) <= len(state.in_box(*box))


def _near_line(m, a, b, reach):  # type: ignore[no-untyped-def]
    return geometry.segment_point_distance(a, b, (m.x, m.y)) <= reach


def test_contacts_are_found_through_the_grid() -> None:
    state = battle()
    a = add(state, "A", 0, 10.0, 10.0)
    b = add(state, "B", 1, 30.0, 30.0)
    state.set_position(b, (10.0 + 2 * a.radius, 10.0))
    assert state.contacts(a) == [b]
    state.set_position(b, (20.0, 10.0))
    assert state.contacts(a) == []


@pytest.mark.parametrize("name", sorted(n for n in PRESETS if preset(n).pieces))
def test_convex_clip_gives_shapely_stretches(name: str) -> None:
    table = preset(name)
    rng = random.Random(name)
    index = table.index
    convex = [i for i, planes in enumerate(index.planes) if planes is not None]
    assert convex, "every preset has convex pieces"
    for _ in range(400):
        i = rng.choice(convex)
        x0, y0, x1, y1 = index.bounds[i]
        start = (rng.uniform(x0 - 6, x1 + 6), rng.uniform(y0 - 6, y1 + 6))
        end = (rng.uniform(x0 - 6, x1 + 6), rng.uniform(y0 - 6, y1 + 6))
        length = geometry.point_distance(start, end)
        if length < 1e-3:
            continue
        line = LineString([start, end])
        expected = geometry._stretches(start, end, shapely.intersection(line, index.shapes[i]))
        span = geometry.clip(start, end, index.planes[i])
        got = [] if span is None else [(span[0] * length, span[1] * length)]
        assert len(got) == len(expected)
        for (a, b), (c, d) in zip(got, expected, strict=True):
            assert a == pytest.approx(c, abs=1e-9) and b == pytest.approx(d, abs=1e-9)


def test_non_convex_pieces_are_clipped_as_triangles() -> None:
    walls = [p for p in preset("village").pieces if p.name == "garden wall"]
    assert geometry.half_planes(geometry.piece_shape(walls[0])) is None
    assert geometry.convex_parts(geometry.piece_shape(walls[0])) is not None


@pytest.mark.parametrize("name", sorted(n for n in PRESETS if preset(n).pieces))
def test_triangle_clip_of_a_bent_wall_gives_shapely_stretches(name: str) -> None:
    """Sight lines through non-convex pieces (bent walls, ruins) clipped triangle by
    triangle give Shapely's stretches: crossing one arm, both, along an arm, at a corner."""
    index = preset(name).index
    rng = random.Random(name)
    bent = [i for i, parts in enumerate(index.parts) if parts is not None]
    assert bent, "every preset with terrain has a bent wall or ruin"
    for _ in range(600):
        i = rng.choice(bent)
        corners = shapely.get_coordinates(index.shapes[i]).tolist()
        x0, y0, x1, y1 = index.bounds[i]
        start = (rng.uniform(x0 - 6, x1 + 6), rng.uniform(y0 - 6, y1 + 6))
        end = tuple(rng.choice(corners)) if rng.random() < 0.2 else start
        end = (end[0] + rng.uniform(-6, 6), end[1] + rng.uniform(-6, 6))
        length = geometry.point_distance(start, end)
        if length < 1e-3:
            continue
        line = LineString([start, end])
        expected = geometry._stretches(start, end, shapely.intersection(line, index.shapes[i]))
        got = geometry.clip_parts(start, end, length, index.parts[i])
        assert len(got) == len(expected)
        for (a, b), (c, d) in zip(got, expected, strict=True):
            assert a == pytest.approx(c, abs=1e-9) and b == pytest.approx(d, abs=1e-9)


@pytest.mark.parametrize("name", sorted(n for n in PRESETS if preset(n).pieces))
def test_a_segment_clear_of_a_hull_never_meets_the_shape(name: str) -> None:
    """The hull pre-test skips Shapely only where Shapely finds nothing: every piece (convex
    or not, as placed and grown by a base), segments near its edges, touching ones included."""
    index = preset(name).index
    rng = random.Random(name)
    skipped = 0
    for i in range(len(index.shapes)):
        for radius in (0.0, 0.5, 1.0):
            shape = index.grown(i, radius)
            hull = index._grown_with_box(i, radius)[2]
            corners = shapely.get_coordinates(shape).tolist()
            x0, y0, x1, y1 = shape.bounds
            for _ in range(150):
                start = (rng.uniform(x0 - 3, x1 + 3), rng.uniform(y0 - 3, y1 + 3))
                end = tuple(rng.choice(corners)) if rng.random() < 0.3 else start
                end = (end[0] + rng.uniform(-3, 3), end[1] + rng.uniform(-3, 3))
                if geometry.misses_hull(start, end, hull):
                    skipped += 1
                    assert not shape.intersects(LineString([start, end]))
            # a segment ending on a corner touches the shape: never skipped
            assert not geometry.misses_hull((x0 - 5, y0 - 5), tuple(corners[0]), hull)
    assert skipped > 100


@pytest.mark.parametrize("name", sorted(n for n in PRESETS if preset(n).pieces))
def test_stretches_a_piece_settles_are_shapelys_to_the_bit(name: str) -> None:
    """A moving base's stretches in a grown piece, settled by the piece's own convex parts
    (both ends in one part: the whole segment; an end in the piece: no predicate first), are
    Shapely's exactly (repr: the same floats, signed zeros too): segments inside a piece,
    leaving it, crossing it; pieces convex or bent, grown by the radii bases have."""
    index = preset(name).index
    rng = random.Random(name)
    inside = 0
    for i in range(len(index.shapes)):
        x0, y0, x1, y1 = index.bounds[i]
        for radius in (0.0, 0.49, 0.98, 1.96 - 0.01):
            shape = index.grown(i, radius)
            for _ in range(60):
                start = (rng.uniform(x0 - 2, x1 + 2), rng.uniform(y0 - 2, y1 + 2))
                near = rng.random() < 0.5
                end = start if near else (rng.uniform(x0 - 2, x1 + 2), rng.uniform(y0 - 2, y1 + 2))
                end = (end[0] + rng.uniform(-3, 3), end[1] + rng.uniform(-3, 3))
                got = index._grown_intervals(start, end, i, radius, shape)
                assert repr(got) == repr(geometry.segment_intervals(start, end, shape))
                inside += got == [(0.0, geometry.point_distance(start, end))]
    assert inside > 50


@pytest.mark.parametrize("name", sorted(n for n in PRESETS if preset(n).pieces))
def test_footprint_hits_and_near_pieces_are_what_shapely_measures(name: str) -> None:
    """The hull pre-tests of ``footprint_hits`` and ``near`` drop only pieces a base does not
    overlap or touch: round, oval and square bases, at random spots round every piece."""
    table = preset(name)
    index, kinds = table.index, frozenset(p.kind for p in table.pieces)
    rng = random.Random(name)
    bases = [circle_base(r) for r in (0.49, 0.98, 1.96)] + [oval_base(50, 100, 30.0)]
    bases.append(Base(BaseShape.RECT, 1.0, 2.0, 60.0))
    hits = 0
    for i in range(len(index.shapes)):
        x0, y0, x1, y1 = index.bounds[i]
        for _ in range(40):
            pos, base = (
                (rng.uniform(x0 - 3, x1 + 3), rng.uniform(y0 - 3, y1 + 3)),
                rng.choice(bases),
            )
            shape = geometry.footprint(pos, base)
            expected = any(
                float(shapely.intersection(shape, index.shapes[k]).area) > 1e-4
                for k in index.candidates(shape, kinds)
            )
            assert index.footprint_hits(pos, base, kinds) == expected
            hits += expected
            probe = shape.buffer(0.05)  # the pieces touched, as ``near`` measured them before
            touched = [
                k
                for k in index.candidates(probe)
                if float(shapely.distance(shape, index.shapes[k])) <= 0.05
            ]
            assert index.near(pos, base, 0.05) == touched
    assert hits > 20


def _nearest_by_scan(state, model):  # type: ignore[no-untyped-def]
    best = (float("inf"), None)
    for enemy in state.enemies(model):
        gap = state.distance(model, enemy)
        if gap < best[0]:
            best = (gap, enemy)
    return best


def test_nearest_enemy_is_the_scans_through_moves_and_removals_ties_to_the_first() -> None:
    """``nearest_enemy`` (the grid's cells first) gives the enemy and the gap a scan of every
    enemy gives, the first in living order on a tie: near, far and alone on the table."""
    tie = battle()
    watcher = add(tie, "W", 0, 24.0, 24.0)
    for k in range(20):  # more than a scan's few: the grid's cells are asked
        add(tie, f"E{k}", 1, 2.0 + 2.0 * k, 45.0)
    first, second = add(tie, "F", 1, 20.0, 24.0), add(tie, "S", 1, 28.0, 24.0)
    assert tie.nearest_enemy(watcher) == _nearest_by_scan(tie, watcher)
    assert tie.nearest_enemy(watcher)[1] is first
    tie.set_position(first, (20.0, 20.0))  # now farther than the second
    assert tie.nearest_enemy(watcher) == _nearest_by_scan(tie, watcher)
    assert tie.nearest_enemy(watcher)[1] is second
    rng = random.Random(5)
    state = battle()
    for k in range(70):
        add(state, f"M{k}", k % 2, rng.uniform(1, 47), rng.uniform(1, 47))
    for step in range(400):
        model = rng.choice(state.living())
        if step % 20 == 0 and len(state.living()) > 4:
            state.remove(model, Removal.SLAIN)
        else:
            spread = 47 if step % 3 else 6  # crowded corners and far enemies alike
            state.set_position(model, (rng.uniform(1, spread), rng.uniform(1, spread)))
        for asker in state.living():
            assert state.nearest_enemy(asker) == _nearest_by_scan(state, asker)


def test_a_position_written_past_the_count_of_changes_is_a_breach() -> None:
    """The kept answers (``nearest_enemy``, ``longest_move``) are sound only while every
    change to where a side stands is counted: the invariant checks that every conformance
    battle runs after each turn name a model moved behind the count's back."""
    from battlesim.engines.sbg.checks import invariant_breaches

    state = battle()
    watcher = add(state, "W", 0, 24.0, 24.0)
    near, far = add(state, "N", 1, 26.0, 24.0), add(state, "F", 1, 40.0, 24.0)
    assert state.nearest_enemy(watcher)[1] is near
    assert state.longest_move(1) == near.profile.move
    assert invariant_breaches(state) == []
    state.set_position(near, (45.0, 45.0))  # counted: the kept answer is dropped
    assert state.nearest_enemy(watcher)[1] is far
    assert invariant_breaches(state) == []
    near.x, near.y = 25.0, 24.0  # written directly: the count misses it
    assert invariant_breaches(state) == [f"W: nearest enemy kept as {far!r}, now {near!r}"]


def test_move_limits_kept_per_table_are_the_ones_measured() -> None:
    """``Table.reach`` and ``move_limit`` answer a repeated question from the table's memo:
    the same values as measured afresh, for every segment tried on a preset table."""
    rng = random.Random(3)
    table = preset("forest and ruins")
    base = circle_base(0.5)
    for _ in range(150):
        start = (rng.uniform(1, 47), rng.uniform(1, 47))
        end = (rng.uniform(1, 47), rng.uniform(1, 47))
        for _ in range(2):  # the second time from the memo
            assert table.reach(start, end, base, 6.0) == table._reach(start, end, base, 6.0, 2.0)
            limit = table.move_limit(start, end, base, 1.0)
            assert limit == table._move_limit(start, end, base, 1.0, math.inf)
    assert table.index.memo["move limits"]


@pytest.mark.parametrize("name", ["village", "forest and ruins"])
def test_move_limit_within_a_move_is_the_whole_segments(name: str) -> None:
    """``move_limit(..., within=w)`` leaves out the pieces met beyond ``w`` inches only: a
    limit short of ``w`` is the one the whole segment gives, to the last bit, and a farther
    one stays at ``w`` or beyond (what ``furthest_legal_point`` relies on); ``reach`` is
    unchanged (its pieces beyond the budget change nothing)."""
    rng = random.Random(5)
    table = preset(name)
    base = circle_base(0.5)
    shortened = 0
    for _ in range(300):
        start = (rng.uniform(1, 47), rng.uniform(1, 47))
        end = (rng.uniform(1, 47), rng.uniform(1, 47))
        within = rng.uniform(0.5, 8.0)
        whole = table._move_limit(start, end, base, 1.0, math.inf)
        part = table._move_limit(start, end, base, 1.0, within)
        if whole < within:
            assert part == whole
        else:
            assert part >= within
            shortened += part != whole
        budget = rng.uniform(1.0, 12.0)
        spans = geometry.merge_intervals((a, b) for a, b, _ in _swept(table, start, end, base))
        assert table._reach(start, end, base, budget, 2.0) == _walked(spans, budget, 2.0)
    assert shortened  # some far piece was indeed left out


def _swept(table: Table, start: Point, end: Point, base: Base) -> list[tuple[float, float, int]]:
    """Every slow piece's stretch on the whole segment (no ``within``)."""
    return table.index.swept_intervals(start, end, _SLOW, geometry.bounding_radius(base))


def _walked(spans: list[tuple[float, float]], budget: float, factor: float) -> float:
    """``Table._reach``'s walk over every slow stretch of the whole segment."""
    t, spent = 0.0, 0.0
    for a, b in spans:
        if spent + (a - t) >= budget:
            return t + (budget - spent)
        spent, t = spent + (a - t), a
        if spent + (b - a) * factor >= budget:
            return t + (budget - spent) / factor
        spent, t = spent + (b - a) * factor, b
    return t + (budget - spent)


def test_segment_meets_box_as_shapely_measures() -> None:
    """The slab test of a sight line against a piece's box (axis-parallel lines, lines
    ending on an edge, points) agrees with Shapely's distance to the box."""
    rng = random.Random(21)
    for _ in range(3000):
        x0, y0 = rng.uniform(0, 40), rng.uniform(0, 40)
        box = (x0, y0, x0 + rng.uniform(0.5, 8), y0 + rng.uniform(0.5, 8))
        a = (rng.choice((box[0], box[2], rng.uniform(-5, 50))), rng.uniform(-5, 50))
        b = rng.choice(((a[0], rng.uniform(-5, 50)), (rng.uniform(-5, 50), a[1]), a))
        if rng.random() < 0.5:
            b = (rng.uniform(-5, 50), rng.uniform(-5, 50))
        gap = shapely.box(*box).distance(LineString([a, b]) if a != b else shapely.Point(a))
        meets = geometry._segment_meets_box(a, b, box)
        assert meets == (gap <= 1e-6) or abs(gap - 1e-6) < 1e-7


@pytest.mark.parametrize("name", sorted(n for n in PRESETS if preset(n).pieces))
def test_pieces_of_kinds_in_a_box_are_the_filtered_pieces_in_it(name: str) -> None:
    """The pieces of some kinds sifted once per set of kinds: the same pieces in the same
    order as every piece in the box filtered by kind, whatever the box and kinds."""
    index = preset(name).index
    rng = random.Random(name)
    kinds = sorted({p.kind for p in index.pieces}, key=str)
    for _ in range(300):
        x, y = rng.uniform(-2, 48), rng.uniform(-2, 48)
        box = (x, y, x + rng.uniform(0, 12), y + rng.uniform(0, 12))
        chosen = rng.sample(kinds, rng.randint(1, len(kinds)))
        expected = [i for i in index.boxed(box) if index.pieces[i].kind in chosen]
        assert index.boxed(box, chosen) == expected
        assert index.boxed(box, frozenset(chosen)) == expected

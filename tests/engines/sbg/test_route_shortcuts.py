"""The route graph's shortcuts (speed) give the slow path's answers: legs tested against the
prepared walls as the tree's own predicate tests them, and a route skipped by its floor only
when the search finds none shorter (MOVE-GEN-05: the shortest path round terrain)."""

from __future__ import annotations

import math
import random

import numpy as np
import pytest
import shapely

from battlesim.engines.sbg.core.bases import INFANTRY_BASE, LARGE_BASE, Point
from battlesim.engines.sbg.core.geometry import FLOOR_SLACK, RouteGraph, bounding_radius
from battlesim.engines.sbg.core.paths import point_distance
from battlesim.engines.sbg.core.table import Table, TerrainKind, TerrainPiece
from battlesim.engines.sbg.core.tables_preset import forest_and_ruins, rectangle, village

BLOCKING = frozenset({TerrainKind.IMPASSABLE, TerrainKind.OBSTACLE, TerrainKind.GAP})


def _graph(table: Table, radius: float) -> RouteGraph:
    """The graph ``Table.route`` walks for bases of ``radius`` (the same pieces)."""
    chosen = [i for i, p in enumerate(table.pieces) if p.kind in BLOCKING or p.is_sheer]
    return table.index.routes(radius, chosen)


def _length(start: Point, route: list[Point] | None) -> float:
    if route is None:
        return math.inf
    return sum(point_distance(a, b) for a, b in zip([start, *route], route, strict=False))


def _spots(rng: random.Random, count: int) -> list[Point]:
    return [(rng.uniform(0.5, 47.5), rng.uniform(0.5, 47.5)) for _ in range(count)]


def _slow_blocked(graph: RouteGraph, a: Point, b: Point) -> bool:
    """The tree's own predicate, as the graph asked before the prepared walls."""
    leg = shapely.linestrings([a, b])
    return len(graph.tree.query(leg, predicate="intersects")) > 0


HOUSE = TerrainPiece("house", TerrainKind.IMPASSABLE, rectangle(20, 10, 4, 6), height=4.0)


@pytest.mark.parametrize("make", [village, forest_and_ruins])
def test_legs_against_prepared_walls_answer_as_the_tree_predicate(make: object) -> None:
    table = make()  # type: ignore[operator]
    rng = random.Random(21)
    for base in (INFANTRY_BASE, LARGE_BASE):
        graph = _graph(table, bounding_radius(base))
        starts, ends = _spots(rng, 300), _spots(rng, 300)
        for a, b in zip(starts, ends, strict=True):
            assert graph.clear(a, b) is not _slow_blocked(graph, a, b)
        legs = shapely.linestrings([[a, b] for a, b in zip(starts, ends, strict=True)])
        slow = np.zeros(len(legs), dtype=bool)
        slow[graph.tree.query(legs, predicate="intersects")[0]] = True
        assert np.array_equal(graph._blocked(legs), slow)


def test_hand_placed_legs_touching_crossing_and_inside_a_house() -> None:
    graph = _graph(Table("test", (HOUSE,)), bounding_radius(INFANTRY_BASE))
    x0, y0, x1, y1 = graph.wall_boxes[0]
    legs = [
        ((x0 - 5, (y0 + y1) / 2), (x1 + 5, (y0 + y1) / 2)),  # straight through
        ((x0, y0 - 3), (x0, y1 + 3)),  # along the west side: touches
        (((x0 + x1) / 2, (y0 + y1) / 2), ((x0 + x1) / 2 + 0.1, (y0 + y1) / 2)),  # inside
        ((x0 - 5, y0 - 5), (x0 - 1, y0 - 5)),  # clear of it
        ((x0 - 1, y1 + 1), (x1 + 1, y1 + 1)),  # in its box's row, past it
    ]
    for a, b in legs:
        assert graph.clear(a, b) is not _slow_blocked(graph, a, b)


@pytest.mark.parametrize("make", [village, forest_and_ruins])
def test_a_route_skipped_by_its_floor_is_never_shorter(make: object) -> None:
    table = make()  # type: ignore[operator]
    rng = random.Random(7)
    graph = _graph(table, bounding_radius(INFANTRY_BASE))
    skipped = 0
    for start, goal in zip(_spots(rng, 200), _spots(rng, 200), strict=True):
        route = graph.route(start, goal)
        length = _length(start, route)
        if route is not None and len(route) > 1:
            assert graph.floor(start, goal) <= length + FLOOR_SLACK
        for under in (length - 1.0, length, length + 0.3, rng.uniform(0, 60)):
            cut = graph.route(start, goal, under)
            assert cut is None or cut == route  # the same route, or none when skipped
            assert (_length(start, cut) < under) == (length < under)
            skipped += cut is None and route is not None
        via_table = table.route(start, goal, INFANTRY_BASE, length + 1.0)
        assert via_table == route
    assert skipped > 0  # the floor does skip searches


def _full_route(graph: RouteGraph, start: Point, goal: Point) -> list[Point] | None:
    """The search from every corner the start sees, each checked first (the slow path)."""
    if graph.clear(start, goal):
        return [goal]
    seen = graph._visible_uncached(start)
    starts = {j: point_distance(start, graph._node(j)) for j in seen.tolist()}  # ints
    trail = graph._search(starts, *graph._toward(goal))[0]
    return None if trail is None else [graph._node(j) for j in trail] + [goal]


@pytest.mark.parametrize("make", [village, forest_and_ruins])
def test_a_route_checking_its_start_corners_as_needed_is_the_full_search_route(
    make: object,
) -> None:
    """Random spots, and spots hugging a house's corners (ties between corners), on fresh
    graphs and on graphs that keep what they saw."""
    table = make()  # type: ignore[operator]
    rng = random.Random(3)
    for base in (INFANTRY_BASE, LARGE_BASE):
        graph = _graph(table, bounding_radius(base))
        corners = [(float(x), float(y)) for x, y in graph.nodes[:40]]
        spots = _spots(rng, 250) + corners + [(x + 0.01, y - 0.01) for x, y in corners]
        goals = _spots(rng, len(spots))
        for start, goal in zip(spots, goals, strict=True):
            expected = _full_route(graph, start, goal)
            graph._seen.clear()
            assert graph.route(start, goal) == expected
            assert graph.route(start, goal) == expected  # now from the corners kept


def test_a_route_round_one_house_checks_its_corners_as_needed() -> None:
    graph = _graph(Table("test", (HOUSE,)), bounding_radius(INFANTRY_BASE))
    for start, goal in (((15.0, 10.0), (25.0, 10.0)), ((20.0, 2.0), (20.0, 18.0))):
        route = graph.route(start, goal)
        assert route is not None and len(route) > 1 and route == _full_route(graph, start, goal)

"""All of the SBG engine's geometry, in inches: distances, contact, control zones, movement,
line of sight and "in the way". Every Shapely call of the engine lives in this module.

Speed: a battle asks these questions millions of times, so circle-to-circle cases (almost every
infantry pair) use plain arithmetic; Shapely is used for ovals, rectangles and terrain, whose
shapes are built once per table in a ``TerrainIndex`` (prepared geometries and an STRtree).

Line of sight (LOS-01..06, A10) is a 2.5D model: a model is a vertical prism of its base and
height; the viewer's eye is at ``bases.EYE_FRACTION`` of its height above the ground (raised by
elevated terrain). The target's body is sampled at ``LOS_SAMPLES`` points: three lateral
positions across its base (centre and 60% out to each side, seen from the viewer) at three
heights (20%, 55%, 90% of its height: legs, body, head). A sample is hidden when a terrain piece
taller than the sight line at that spot, or another model's prism, cuts the 3D segment from the
eye. ASSUMPTION: a blocking infantry model's prism is ``BODY_FRACTION`` of its round base's
radius (a figure is narrower than its base), so sight passes the edges of a model standing close
in front of the target, as it does on the table; oval and square bases block with their whole
footprint (a horse fills its base). The fraction of unhidden samples is the ``Visibility``;
anything that hides at least one sample is "partially obscuring" the target, hence in the way
(SHOOT-ITW-01).

Movement is along straight segments (``path_toward`` chains them around terrain through a
visibility graph of the terrain's corners, MOVE-GEN-05): a model stops where the first
constraint bites: its Move budget with terrain costs, the table edge, impassable terrain,
an obstacle or gap that needs a test, another base (bases may touch, never overlap, BASE-01) or
an enemy control zone (MOVE-ZOC-01), with the charge exceptions of MOVE-CHG-06/08. Non-circular
bases are treated as their circumscribed circle against terrain (a conservative choice: they
never overlap it) and exactly against other bases.
"""

from __future__ import annotations

import heapq
import itertools
import math
from array import array
from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass
from enum import Enum
from functools import lru_cache
from typing import Any, Protocol

import numpy as np
import shapely
from shapely import STRtree
from shapely.geometry import LineString, Polygon
from shapely.geometry import Point as ShapelyPoint

from battlesim.engines.sbg.core.bases import (
    BODY_FRACTION,
    DEFAULT_HEIGHT,
    INFANTRY_BASE,
    LOS_SAMPLE_HEIGHTS,
    LOS_SAMPLE_SIDES,
    Base,
    BaseShape,
    Inches,
    Point,
    eye_height,
)


class _Cover(Protocol):
    @property
    def value(self) -> int: ...


class TerrainPiece(Hashable, Protocol):
    """What geometry reads of a terrain piece (``core/table.py`` defines the real one; the
    table builds its index here, so geometry cannot import it). Hashable: shapes are cached
    per piece."""

    @property
    def name(self) -> str: ...
    @property
    def kind(self) -> Hashable: ...
    @property
    def points(self) -> tuple[Point, ...]: ...
    @property
    def height(self) -> Inches: ...
    @property
    def thickness(self) -> Inches: ...
    @property
    def cover(self) -> _Cover: ...
    @property
    def is_linear(self) -> bool: ...


class Table(Protocol):
    """What geometry reads of the table (``core/table.py``). Defaults are table.py's own
    values, not ``...``: compiled by mypyc, a float parameter's default is evaluated."""

    @property
    def pieces(self) -> Sequence[TerrainPiece]: ...
    @property
    def index(self) -> TerrainIndex: ...
    def ground_level(self, point: Point) -> Inches: ...
    def is_impassable(self, pos: Point, base: Base | None = None) -> bool: ...
    def movement_cost(
        self, start: Point, end: Point, base: Base, difficult_factor: float = 2.0
    ) -> Inches: ...
    def reach(
        self, start: Point, end: Point, base: Base, budget: Inches, difficult_factor: float = 2.0
    ) -> Inches: ...
    def move_limit(
        self, start: Point, end: Point, base: Base, model_height: Inches, within: Inches = math.inf
    ) -> Inches: ...
    def touching(self, pos: Point, base: Base, tolerance: Inches = 0.05) -> Sequence[Any]: ...
    def route(self, start: Point, goal: Point, base: Base) -> list[Point] | None: ...


EPS = 1e-6
BACKOFF = 1e-4  # a stopped model stays this far short of what stopped it: no float overlap
MOVE_SLACK = 1e-5  # terrain is grown by the radius less this: a base touching it may leave
CONTACT_TOLERANCE: Inches = 0.05
CONTROL_ZONE: Inches = 1.0  # MOVE-ZOC-01
SHAPE_SEGMENTS = 32  # vertices of a circle or oval footprint polygon
LOS_SAMPLES = len(LOS_SAMPLE_SIDES) * len(LOS_SAMPLE_HEIGHTS)
MODEL_COVER_SCORE = 4  # "Figurines" row of the in-the-way table (002:L783)
# Terrain the table does not list (hills, trees, ruins) takes the walls/rocks row (note to
# SHOOT-ITW, 5.4: "tree trunk/ruin/door -> 4+").
DEFAULT_TERRAIN_SCORE = 4
Interval = tuple[float, float]


class GeometryError(ValueError):
    """A geometric request that makes no sense (e.g. a direction of zero length)."""


# -- points and footprints -------------------------------------------------------------------


def point_distance(a: Point, b: Point) -> Inches:
    return math.hypot(b[0] - a[0], b[1] - a[1])


def bounding_radius(base: Base) -> Inches:
    return base.radius


@lru_cache(maxsize=256)
def _outline(base: Base) -> np.ndarray:
    """Return the base's outline at the origin as an (n, 2) array (closed ring not repeated)."""
    if base.shape is BaseShape.RECT:
        w, d = base.width / 2, base.depth / 2
        local = np.array([(-w, -d), (w, -d), (w, d), (-w, d)])
    else:
        phi = np.linspace(0.0, 2 * math.pi, SHAPE_SEGMENTS, endpoint=False)
        local = np.column_stack((base.width / 2 * np.cos(phi), base.depth / 2 * np.sin(phi)))
    # local x runs across the base, local y to its front; facing turns +y to that heading.
    theta = math.radians(base.facing) - math.pi / 2
    rotation = np.array([[math.cos(theta), -math.sin(theta)], [math.sin(theta), math.cos(theta)]])
    outline: np.ndarray = local @ rotation.T
    return outline


def footprint(pos: Point, base: Base) -> Polygon:
    """Return the base at ``pos`` as a Shapely polygon (circles are 32-gons)."""
    return Polygon(_outline(base) + np.asarray(pos))


def point_in_shape(point: Point, shape: Any) -> bool:
    return bool(shapely.intersects_xy(shape, point[0], point[1]))


# -- distances, contact, control zones (MEAS-02, BASE-01, MOVE-ZOC-01) ------------------------


def distance(a_pos: Point, a_base: Base, b_pos: Point, b_base: Base) -> Inches:
    """Return the distance between the closest points of two bases (0 if they touch or
    overlap, MEAS-02).

    >>> round(distance((0, 0), INFANTRY_BASE, (3, 0), INFANTRY_BASE), 4)
    2.0157
    """
    if a_base.is_circle and b_base.is_circle:
        gap = math.hypot(b_pos[0] - a_pos[0], b_pos[1] - a_pos[1]) - a_base.radius - b_base.radius
        return max(gap, 0.0)
    return max(_shaped_gap(a_pos, a_base, b_pos, b_base), 0.0)


def _shaped_gap(a_pos: Point, a_base: Base, b_pos: Point, b_base: Base) -> float:
    """Return the gap when a base is not round; a round one is measured exactly from its
    centre (negative: the circle overlaps the other base)."""
    if a_base.is_circle:
        a_pos, a_base, b_pos, b_base = b_pos, b_base, a_pos, a_base
    if b_base.is_circle:
        centre = ShapelyPoint(b_pos)
        return float(shapely.distance(footprint(a_pos, a_base), centre)) - b_base.radius
    return float(shapely.distance(footprint(a_pos, a_base), footprint(b_pos, b_base)))


def overlaps(a_pos: Point, a_base: Base, b_pos: Point, b_base: Base) -> bool:
    """Whether two bases overlap by more than a hair (touching is allowed, BASE-01)."""
    centre = point_distance(a_pos, b_pos)
    if centre >= a_base.radius + b_base.radius:
        return False
    if a_base.is_circle and b_base.is_circle:
        return centre < a_base.radius + b_base.radius - 1e-3
    if a_base.is_circle or b_base.is_circle:
        return _shaped_gap(a_pos, a_base, b_pos, b_base) < -1e-3
    shared = shapely.intersection(footprint(a_pos, a_base), footprint(b_pos, b_base))
    return float(shared.area) > 1e-4


def in_base_contact(
    a_pos: Point, a_base: Base, b_pos: Point, b_base: Base, tolerance: Inches = CONTACT_TOLERANCE
) -> bool:
    """Whether the bases touch, within ``tolerance`` (BASE-01)."""
    return distance(a_pos, a_base, b_pos, b_base) <= tolerance


def in_control_zone(pos: Point, base: Base, enemy_pos: Point, enemy_base: Base) -> bool:
    """Whether a model at ``pos`` is inside the enemy's control zone: strictly less than 1"
    from its base (MOVE-ZOC-01; exactly 1" is outside, A7)."""
    return distance(pos, base, enemy_pos, enemy_base) < CONTROL_ZONE - EPS


# -- terrain index ----------------------------------------------------------------------------


# Pieces are immutable, and the table generator asks for the same ones over and over while it
# places one table (a few hundred candidates); a later table's pieces are new ones. Bounded to
# about one table's worth: a worker's memory stays flat over its chunk of generated tables
# (4,096 shapes kept every battle's candidates: several MiB that grew over 1,000 battles).
@lru_cache(maxsize=512)
def piece_shape(piece: TerrainPiece) -> Polygon:
    """Return a piece's footprint: its polygon, or its polyline widened to its thickness."""
    if piece.is_linear:
        line = LineString(piece.points)
        return line.buffer(piece.thickness / 2, cap_style="flat", join_style="mitre")
    return Polygon(piece.points)


_INDEX_NUMBERS = itertools.count(1)


class TerrainIndex:
    """The Shapely side of a table: one prepared shape per piece and an STRtree over them.

    Built once per ``Table``; buffered shapes (a piece grown by a base radius, for "any part of
    the base") are cached per radius.
    """

    def __init__(self, pieces: Sequence[TerrainPiece], elevated: Iterable[int] = ()) -> None:
        self.pieces = tuple(pieces)
        self.shapes = [piece_shape(piece) for piece in self.pieces]
        shapely.prepare(self.shapes)
        self.tree = STRtree(self.shapes)
        # The pieces' bounding boxes in plain floats: the few pieces of a table are sifted
        # faster by arithmetic than by an STRtree query (speed; the same boxes, same answer).
        self.bounds = [tuple(float(v) for v in shape.bounds) for shape in self.shapes]
        # Convex pieces as half-planes: a sight line is clipped by arithmetic (speed: no
        # Shapely intersection, the hottest call of line of sight); None: Shapely decides.
        self.planes = [half_planes(shape) for shape in self.shapes]
        # the others (walls bent at a corner) as triangles, clipped likewise
        self.parts = [
            None if planes is not None else convex_parts(shape)
            for planes, shape in zip(self.planes, self.shapes, strict=True)
        ]
        self.hulls = [hull_planes(shape) for shape in self.shapes]  # a pre-test for the rest
        self.elevated = list(elevated)  # the pieces that raise the ground (table.py decides)
        self._kinds: dict[frozenset[Any], list[tuple[int, tuple[float, ...]]]] = {}
        self._grown: dict[tuple[int, float], tuple[Any, tuple[float, ...], Hull]] = {}
        self._routes: dict[tuple[float, tuple[int, ...]], RouteGraph] = {}
        self._crossed: dict[tuple[Point, Point, int, float], list[Interval]] = {}
        # A number no other index gets (cache keys of the modules above; an id() could be
        # reused by a later table) and their per-table data, which dies with the table
        # (module-level caches keyed by table used to keep every battle's table alive).
        self.uid = next(_INDEX_NUMBERS)
        self.memo: dict[str, Any] = {}

    def grown(self, i: int, radius: Inches) -> Any:
        return self._grown_with_box(i, radius)[0]

    def _grown_with_box(self, i: int, radius: Inches) -> tuple[Any, tuple[float, ...], Hull]:
        key = (i, round(radius, 6))
        found = self._grown.get(key)
        if found is None:
            shape = self.shapes[i].buffer(radius, quad_segs=8) if radius > 0 else self.shapes[i]
            shapely.prepare(shape)
            bounds = tuple(float(v) for v in shape.bounds)
            hull = hull_planes(self.shapes[i], max(radius, 0.0))  # few sides: a cheap test
            found = self._grown[key] = (shape, bounds, hull)
        return found

    def candidates(self, geometry: Any, kinds: Iterable[Any] | None = None) -> list[int]:
        return self.boxed(geometry.bounds, kinds)

    def boxed(
        self, box: tuple[float, float, float, float], kinds: Iterable[Any] | None = None
    ) -> list[int]:
        """Return the pieces (of ``kinds``) whose bounding box meets ``box``, in order."""
        x0, y0, x1, y1 = box
        pairs = enumerate(self.bounds) if kinds is None else self._of_kinds(kinds)
        return [
            i for i, (a0, b0, a1, b1) in pairs if a0 <= x1 and x0 <= a1 and b0 <= y1 and y0 <= b1
        ]

    def _of_kinds(self, kinds: Iterable[Any]) -> list[tuple[int, tuple[float, ...]]]:
        """The pieces of ``kinds`` with their boxes, in order: sifted once per set of kinds
        (speed: an Enum member's hash is a Python call, and this runs for every move)."""
        wanted = frozenset(kinds)
        found = self._kinds.get(wanted)
        if found is None:
            found = self._kinds[wanted] = [
                (i, box) for i, box in enumerate(self.bounds) if self.pieces[i].kind in wanted
            ]
        return found

    def at_point(self, point: Point) -> list[int]:
        x, y = point
        return [i for i in self.boxed((x, y, x, y)) if shapely.intersects_xy(self.shapes[i], x, y)]

    def footprint_hits(self, pos: Point, base: Base, kinds: Iterable[Any]) -> bool:
        """Whether the base overlaps (not merely touches) a piece of one of ``kinds``. The
        pieces whose box meets the base's circumscribed circle's box, and whose hull that
        circle does not clear, are measured (speed: the others have no overlap, and most
        bases near a wall stand clear of it: no polygon made, no Shapely call)."""
        near = self._not_cleared(pos, base.radius, kinds)
        if not near:
            return False
        shape = footprint(pos, base)
        return any(float(shapely.intersection(shape, self.shapes[i]).area) > 1e-4 for i in near)

    def overlapped(self, pos: Point, base: Base, kinds: Iterable[Any]) -> list[int]:
        """The pieces of ``kinds`` the base overlaps (not merely touches)."""
        shape = footprint(pos, base)
        return [
            i
            for i in self.candidates(shape, kinds)
            if float(shapely.intersection(shape, self.shapes[i]).area) > 1e-4
        ]

    def covers(self, i: int, pos: Point, base: Base) -> bool:
        """Whether piece ``i`` holds the whole base (a rampart's top under a model)."""
        return float(shapely.difference(footprint(pos, base), self.shapes[i]).area) <= 1e-4

    def near(self, pos: Point, base: Base, tolerance: Inches) -> list[int]:
        """The pieces within ``tolerance`` of the base, in order: those whose box meets the
        box of its circumscribed circle grown by ``tolerance``, and whose hull that circle
        does not clear, are measured (speed, as ``footprint_hits``: no buffer made)."""
        near = self._not_cleared(pos, base.radius + tolerance)
        if not near:
            return []
        shape = footprint(pos, base)
        return [i for i in near if float(shapely.distance(shape, self.shapes[i])) <= tolerance]

    def _not_cleared(
        self, pos: Point, reach: Inches, kinds: Iterable[Any] | None = None
    ) -> list[int]:
        """The pieces (of ``kinds``) whose box meets the box of the circle of radius ``reach``
        round ``pos``, and whose hull that circle does not clear, in order: the only ones
        a base within it can meet (a sure test, no Shapely call)."""
        x, y = pos
        box = (x - reach, y - reach, x + reach, y + reach)
        return [i for i in self.boxed(box, kinds) if not _clears_hull(x, y, reach, self.hulls[i])]

    def intervals(self, start: Point, end: Point, i: int, radius: Inches = 0.0) -> list[Interval]:
        """Return the stretches (as distances from ``start``) of the segment inside piece ``i``
        grown by ``radius`` (read only: the answer is kept, per segment, piece and radius, as a
        model's move is measured again when checked and carried out; terrain never moves)."""
        shape, (a0, b0, a1, b1), hull = self._grown_with_box(i, radius)
        if (
            max(start[0], end[0]) < a0
            or min(start[0], end[0]) > a1
            or max(start[1], end[1]) < b0
            or min(start[1], end[1]) > b1
        ):
            return []  # bounding boxes apart: no Shapely call (speed)
        if misses_hull(start, end, hull):
            return []  # clear of the shape's hull: no Shapely call either (speed)
        key = (start, end, i, radius)
        found = self._crossed.get(key)
        if found is None:
            if len(self._crossed) > _CROSSED_LIMIT:
                self._crossed.clear()
            found = self._crossed[key] = self._grown_intervals(start, end, i, radius, shape)
        return found

    def _grown_intervals(
        self, start: Point, end: Point, i: int, radius: Inches, shape: Any
    ) -> list[Interval]:
        """``segment_intervals`` on piece ``i`` grown by ``radius`` (``shape``), sparing
        GEOS what the piece's own convex parts settle (speed: a quarter of a forest's moving
        segments lie wholly in a wood, and half the others start or end in one)."""
        parts = self._convex(i) if radius > _INSIDE_RADIUS else None
        if parts is None:
            return segment_intervals(start, end, shape)
        (sx, sy), (ex, ey) = start, end
        starts_in = ends_in = False
        for part in parts:
            s_in = all(nx * sx + ny * sy <= c for nx, ny, c in part)
            e_in = all(nx * ex + ny * ey <= c for nx, ny, c in part)
            if s_in and e_in:
                # the segment lies in that part, far inside the grown piece: GEOS's
                # intersection is the segment's own two points (no side crossed or noded)
                return _stretches_of(start, end, [[start, end]])
            starts_in, ends_in = starts_in or s_in, ends_in or e_in
        # an end inside the piece is far inside the grown one: the segment meets it
        return segment_intervals(start, end, shape, meets=starts_in or ends_in)

    def _convex(self, i: int) -> tuple[tuple[Plane, ...], ...] | None:
        """Piece ``i`` as convex parts (half-planes), or None (Shapely decides)."""
        planes = self.planes[i]
        return (planes,) if planes is not None else self.parts[i]

    def swept_intervals(
        self,
        start: Point,
        end: Point,
        kinds: Iterable[Any],
        radius: Inches,
        within: Inches = math.inf,
    ) -> list[tuple[float, float, int]]:
        """Return every (enter, leave, piece) of a base of ``radius`` moving along the segment,
        sorted by where it enters. ``within``: pieces the base cannot meet in the segment's
        first ``within`` inches may be left out (their stretches enter farther; the others'
        are measured on the whole segment, the same values: callers that look no farther
        skip the pieces beyond, speed)."""
        pad = radius + EPS
        near_end = end
        length = point_distance(start, end)
        if within < length:
            share = within / length
            near_end = (
                start[0] + (end[0] - start[0]) * share,
                start[1] + (end[1] - start[1]) * share,
            )
        corridor = (
            min(start[0], near_end[0]) - pad,
            min(start[1], near_end[1]) - pad,
            max(start[0], near_end[0]) + pad,
            max(start[1], near_end[1]) + pad,
        )
        found: list[tuple[float, float, int]] = []
        for i in self.boxed(corridor, kinds):
            found.extend((a, b, i) for a, b in self.intervals(start, end, i, radius))
        return sorted(found)

    def crossings(self, start: Point, end: Point, kinds: Iterable[Any]) -> list[tuple[float, int]]:
        """Return (distance from start where the centre line enters, piece) sorted."""
        hits = self.swept_intervals(start, end, kinds, 0.0)
        seen: dict[int, float] = {}
        for a, _, i in hits:
            seen.setdefault(i, a)
        return sorted((a, i) for i, a in seen.items())

    def crossing_length(self, start: Point, end: Point, i: int) -> Inches:
        return sum(b - a for a, b in self.intervals(start, end, i))

    def exit_point(self, start: Point, end: Point, i: int, radius: Inches) -> Point:
        """Return the first point past piece ``i`` (grown by ``radius``) on the ray from
        ``start`` through ``end``."""
        ux, uy = unit(start, end)
        far = (start[0] + ux * 1000.0, start[1] + uy * 1000.0)
        stretches = self.intervals(start, far, i, radius)
        if not stretches:
            raise GeometryError("the line does not cross that piece")
        leave = stretches[0][1] + BACKOFF
        return (start[0] + ux * leave, start[1] + uy * leave)

    def nearest_on(self, i: int, point: Point) -> Point:
        """Return the point of piece ``i`` nearest to ``point``."""
        line = shapely.shortest_line(self.shapes[i], ShapelyPoint(point))
        x, y = shapely.get_coordinates(line)[0]
        return (float(x), float(y))

    def routes(self, radius: Inches, chosen: Sequence[int]) -> RouteGraph:
        """Return the route graph around the ``chosen`` pieces for bases of ``radius``."""
        key = (round(radius, 6), tuple(chosen))
        if key not in self._routes:
            # The walls are the very shapes ``Table.move_limit`` stops at: a clear leg moves.
            walls = [self.grown(i, radius - MOVE_SLACK) for i in chosen]
            self._routes[key] = RouteGraph([self.shapes[i] for i in chosen], walls, radius)
        return self._routes[key]


_BEYOND_MOVE = 1.0  # inches past a move's end its table limit is still measured
_CROSSED_LIMIT = 1_000  # segments kept per table (repeats come within a move: memory stays low)
_INSIDE_RADIUS = 1e-6  # the piece settles a crossing only when grown by more than this

Plane = tuple[float, float, float]  # (nx, ny, c): the points p with nx * px + ny * py <= c


def half_planes(shape: Any) -> tuple[Plane, ...] | None:
    """The half-planes (outward normals) whose common part is ``shape``, or None when it is
    not a convex polygon without holes."""
    if shape.geom_type != "Polygon" or len(shape.interiors) or shape.is_empty:
        return None
    ring = shapely.get_coordinates(shape.exterior).tolist()[:-1]
    n = len(ring)
    nxt = ring[1:] + ring[:1]
    area2 = sum(x0 * y1 - x1 * y0 for (x0, y0), (x1, y1) in zip(ring, nxt, strict=True))
    if n < 3 or abs(area2) < EPS:
        return None
    turn = 1.0 if area2 > 0 else -1.0  # counter-clockwise: every corner turns left
    planes = []
    for k in range(n):
        (x0, y0), (x1, y1), (x2, y2) = ring[k], ring[(k + 1) % n], ring[(k + 2) % n]
        if turn * ((x1 - x0) * (y2 - y1) - (y1 - y0) * (x2 - x1)) < -EPS:
            return None  # a corner turning the other way: not convex
        nx, ny = (y1 - y0) * turn, (x0 - x1) * turn
        planes.append((nx, ny, nx * x0 + ny * y0))
    return tuple(planes)


# A shape's convex hull as half-planes pushed out by ``_HULL_PAD`` (None: no hull to use).
Hull = tuple[Plane, ...] | None
_HULL_PAD = 1e-6  # far above the float noise of clipping a table's coordinates (~1e-13)


def hull_planes(shape: Any, grown: Inches = 0.0) -> Hull:
    """The half-planes of ``shape``'s convex hull, each pushed out by ``grown`` and
    ``_HULL_PAD``: they hold ``shape`` grown by ``grown`` (a side pushed out by r holds every
    point within r of the hull), so a segment that misses them all (``misses_hull``) stays
    clear of that shape and Shapely would find no crossing (a sure pre-test, never another
    answer)."""
    planes = half_planes(shape.convex_hull)
    if planes is None:
        return None
    push = grown + _HULL_PAD
    return tuple((nx, ny, c + push * math.hypot(nx, ny)) for nx, ny, c in planes)


def misses_hull(start: Point, end: Point, hull: Hull) -> bool:
    """Whether the segment surely misses the shape whose ``hull_planes`` are ``hull``."""
    return hull is not None and clip(start, end, hull) is None


def _clears_hull(x: float, y: float, r: float, hull: Hull) -> bool:
    """Whether the circle of radius ``r`` round (x, y) lies wholly beyond a side of ``hull``
    (a sure test: nothing within it can meet the shape)."""
    if hull is None:
        return False
    return any(nx * x + ny * y - c > r * math.hypot(nx, ny) for nx, ny, c in hull)


def convex_parts(shape: Any) -> tuple[tuple[Plane, ...], ...] | None:
    """Triangles (as half-planes) whose union is ``shape``, a polygon without holes, on its
    own corners (a constrained Delaunay triangulation), or None when one is too thin to clip
    or they do not fill it."""
    if shape.geom_type != "Polygon" or len(shape.interiors) or shape.is_empty:
        return None
    triangles = shapely.get_parts(shapely.constrained_delaunay_triangles(shape))
    parts = [half_planes(triangle) for triangle in triangles]
    filled = abs(sum(float(t.area) for t in triangles) - float(shape.area)) <= EPS
    if not parts or not filled or any(planes is None for planes in parts):
        return None
    return tuple(planes for planes in parts if planes is not None)


def clip_parts(
    start: Point, end: Point, length: float, parts: tuple[tuple[Plane, ...], ...]
) -> list[Interval]:
    """The stretches (distances from ``start``) of the segment inside the union of the
    convex ``parts``: each part clipped, the touching stretches of neighbours merged."""
    spans = [span for span in (clip(start, end, planes) for planes in parts) if span]
    return merge_intervals((a * length, b * length) for a, b in spans)


def clip(start: Point, end: Point, planes: tuple[Plane, ...]) -> tuple[float, float] | None:
    """Return the part of the segment inside the convex shape of ``planes`` as fractions
    (t0, t1) of the segment (Cyrus-Beck clipping), or None if it misses the shape."""
    sx, sy = start
    dx, dy = end[0] - sx, end[1] - sy
    t0, t1 = 0.0, 1.0
    for nx, ny, c in planes:
        room = c - (nx * sx + ny * sy)
        toward = nx * dx + ny * dy
        if toward == 0.0:
            if room < 0.0:
                return None  # parallel to that side and outside it
        elif toward > 0.0:
            t1 = min(t1, room / toward)
        else:
            t0 = max(t0, room / toward)
        if t0 > t1:
            return None
    return (t0, t1)


def unit(start: Point, end: Point) -> Point:
    length = point_distance(start, end)
    if length < EPS:
        raise GeometryError(f"no direction from {start} to {end}")
    return ((end[0] - start[0]) / length, (end[1] - start[1]) / length)


def segment_intervals(start: Point, end: Point, shape: Any, meets: bool = False) -> list[Interval]:
    """Return the stretches of the segment inside ``shape`` as (from, to) distances;
    ``meets``: the caller knows that they meet (no predicate first, speed)."""
    line = shapely.linestrings([start, end])  # the LineString, without its class's checks (speed)
    if not meets and not shape.intersects(line):
        return []
    return _stretches(start, end, shapely.intersection(line, shape))


def _stretches(start: Point, end: Point, crossed: Any) -> list[Interval]:
    # Plain floats, and no get_parts for a single part: tiny arrays cost more in numpy than
    # in Python (speed; the same products and sums, so the same values).
    parts = (crossed,) if crossed.geom_type in _SINGLE_PARTS else shapely.get_parts(crossed)
    return _stretches_of(start, end, [shapely.get_coordinates(part).tolist() for part in parts])


def _stretches_of(
    start: Point, end: Point, parts: Sequence[Sequence[Sequence[float]]]
) -> list[Interval]:
    """The stretches (distances from ``start``) of the parts' coordinates along the
    segment (each part from its nearest to its farthest point)."""
    ux, uy = unit(start, end) if point_distance(start, end) > EPS else (1.0, 0.0)
    sx, sy = start
    found: list[Interval] = []
    for coords in parts:
        if coords:
            along = [(x - sx) * ux + (y - sy) * uy for x, y in coords]
            found.append((min(along), max(along)))
    return merge_intervals(found)


_SINGLE_PARTS = frozenset({"Point", "LineString", "LinearRing", "Polygon"})


def merge_intervals(intervals: Iterable[Interval]) -> list[Interval]:
    merged: list[Interval] = []
    for a, b in sorted(intervals):
        if merged and a <= merged[-1][1] + EPS:
            merged[-1] = (merged[-1][0], max(merged[-1][1], b))
        else:
            merged.append((a, b))
    return merged


# -- movement (MOVE-GEN-05/07, MOVE-ZOC-01..03, MOVE-CHG-06/08, MOVE-TER-02) -----------------

Placed = tuple[Point, Base]


def first_touch(
    start: Point, u: Point, reach: Inches, base: Base, other: Placed, margin: Inches = 0.0
) -> float:
    """Return how far along ``u`` the moving base first comes within ``margin`` of ``other``
    (``inf`` if it does not within ``reach``; 0 if it starts there and the move closes in)."""
    o_pos, o_base = other
    if base.is_circle and o_base.is_circle:
        return _circle_touch(start, u, o_pos, base.radius + o_base.radius + margin)
    return _traced_touch(start, u, reach, base, other, margin)


def _circle_touch(start: Point, u: Point, centre: Point, reach_radius: float) -> float:
    wx, wy = start[0] - centre[0], start[1] - centre[1]
    b = wx * u[0] + wy * u[1]
    c = wx * wx + wy * wy - reach_radius * reach_radius
    if c <= EPS:  # starts in contact or inside: only a move that closes in is stopped
        return 0.0 if b < -EPS else math.inf
    disc = b * b - c
    if disc < 0 or b >= 0:
        return math.inf
    return -b - math.sqrt(disc)


def _traced_touch(
    start: Point, u: Point, reach: Inches, base: Base, other: Placed, margin: Inches
) -> float:
    """Sphere tracing: the gap shrinks by at most the distance moved, so stepping by the gap
    never jumps past the first contact."""
    o_pos, o_base = other
    if _circle_touch(start, u, o_pos, base.radius + o_base.radius + margin) > reach:
        return math.inf
    gap0 = distance(start, base, o_pos, o_base) - margin
    if gap0 <= EPS:
        ahead = (start[0] + u[0] * 0.01, start[1] + u[1] * 0.01)
        return 0.0 if distance(ahead, base, o_pos, o_base) - margin < gap0 - EPS else math.inf
    t = 0.0
    for _ in range(200):
        pos = (start[0] + u[0] * t, start[1] + u[1] * t)
        gap = distance(pos, base, o_pos, o_base) - margin
        if gap <= 1e-4:
            return t
        t += gap
        if t > reach:
            return math.inf
    return t


def directly_away(source: Point, pos: Point, inches: Inches) -> Point:
    """Return where a model at ``pos`` ends when moved ``inches`` directly away from
    ``source``: along the line from the source's centre through its own (PUSH-01, 002:L313)."""
    ux, uy = unit(source, pos)
    return (pos[0] + ux * inches, pos[1] + uy * inches)


def path_blocked(start: Point, end: Point, base: Base, others: Sequence[Placed]) -> bool:
    """Whether moving straight from ``start`` to ``end`` would push the base through another
    (MOVE-GEN-07: the whole base must fit; touching is fine)."""
    length = point_distance(start, end)
    if length < EPS:
        return any(overlaps(start, base, p, b) for p, b in others)
    u = unit(start, end)
    return any(first_touch(start, u, length, base, other) < length - 1e-3 for other in others)


def furthest_legal_point(
    start: Point,
    target: Point,
    budget_inches: Inches,
    base: Base,
    others: Sequence[Placed],
    enemy_zones: Sequence[Placed],
    table: Table | None = None,
    *,
    charge_target: Placed | None = None,
    model_height: Inches = DEFAULT_HEIGHT,
    difficult_factor: float = 2.0,
) -> Point:
    """Return the furthest point towards ``target`` that a straight move can legally reach.

    ``others`` are every other base on the table (friend and foe); ``enemy_zones`` the enemies
    whose control zone counts (the rules drop engaged and prone ones, MOVE-ZOC-04/05).
    A model already inside a zone may leave it but never close in (MOVE-ZOC-03). When charging,
    the target's zone is no barrier and, once the charger has entered it, other zones are
    ignored (MOVE-CHG-08); entering another zone first stops the move short of it. Terrain
    (``table``): cost of difficult ground, table edge, impassable pieces, and obstacles or gaps
    needing a test (judged against ``model_height``) stop the move in contact.
    """
    length = point_distance(start, target)
    if length < EPS or budget_inches <= 0:
        return start
    u = unit(start, target)
    free = min(length, budget_inches)
    blocked = min(
        _bases_limit(start, u, free, base, others),
        _zones_limit(start, u, free, base, enemy_zones, charge_target),
    )
    if table is not None and blocked > BACKOFF:  # blocked at once: the table cannot matter
        free = min(free, table.reach(start, target, base, budget_inches, difficult_factor))
        # a limit beyond the move's end (and BACKOFF) changes nothing: not measured (speed)
        within = free + BACKOFF + _BEYOND_MOVE
        blocked = min(blocked, table.move_limit(start, target, base, model_height, within))
    # Whatever stopped the model, it stays a hair short of it: no overlap through rounding.
    t = min(free, max(0.0, blocked - BACKOFF))
    return (start[0] + u[0] * t, start[1] + u[1] * t)


def _bases_limit(
    start: Point, u: Point, reach: float, base: Base, others: Sequence[Placed]
) -> float:
    return _first_of(start, u, reach, base, others, 0.0)


def _first_of(
    start: Point, u: Point, reach: float, base: Base, others: Sequence[Placed], margin: float
) -> float:
    """``min(first_touch(...) for each of others)``, with ``_circle_touch`` written out in
    the loop for round bases (speed: every candidate move runs it over every base near the
    model; the same operations in the same order, so the same floats)."""
    if not base.is_circle:
        return min(
            (first_touch(start, u, reach, base, o, margin) for o in others), default=math.inf
        )
    sx, sy = start
    ux, uy = u
    radius = base.radius
    best = math.inf
    for other in others:
        o_pos, o_base = other
        if not o_base.is_circle:
            t = _traced_touch(start, u, reach, base, other, margin)
        else:
            reach_radius = radius + o_base.radius + margin
            wx, wy = sx - o_pos[0], sy - o_pos[1]
            b = wx * ux + wy * uy
            c = wx * wx + wy * wy - reach_radius * reach_radius
            if c <= EPS:  # starts in contact or inside: only a move that closes in is stopped
                t = 0.0 if b < -EPS else math.inf
            else:
                disc = b * b - c
                if disc < 0 or b >= 0:
                    continue
                t = -b - math.sqrt(disc)
        if t < best:
            best = t
    return best


def _zones_limit(
    start: Point,
    u: Point,
    reach: float,
    base: Base,
    zones: Sequence[Placed],
    charge_target: Placed | None,
) -> float:
    if charge_target is not None:
        return _charge_limit(start, u, reach, base, zones, charge_target)
    return _first_of(start, u, reach, base, zones, CONTROL_ZONE)


def _charge_limit(
    start: Point, u: Point, reach: float, base: Base, zones: Sequence[Placed], charge_target: Placed
) -> float:
    """MOVE-CHG-08: the target's zone never stops a charger and, once inside it, the charger
    ignores other zones; a zone entered before the target's stops the move short of it."""
    target_entry = first_touch(start, u, reach, base, charge_target, CONTROL_ZONE)
    entries = (
        first_touch(start, u, reach, base, z, CONTROL_ZONE)
        for z in zones
        if not _same(z, charge_target)
    )
    return min((e for e in entries if e < target_entry), default=math.inf)


def _same(a: Placed, b: Placed) -> bool:
    return point_distance(a[0], b[0]) < EPS and a[1] == b[1]


def contact_point(
    charger_pos: Point,
    charger_base: Base,
    target_pos: Point,
    target_base: Base,
    others: Sequence[Placed] = (),
    table: Table | None = None,
    step_degrees: float = 7.5,
) -> Point | None:
    """Return the spot nearest the charger where its base touches the target's without
    overlapping any other base or standing on impassable terrain (MOVE-CHG-01/02), or None
    when every spot around the target is taken."""
    if point_distance(charger_pos, target_pos) < EPS:
        raise GeometryError("charger and target share a centre")
    heading = math.atan2(charger_pos[1] - target_pos[1], charger_pos[0] - target_pos[0])
    best: tuple[float, Point] | None = None
    for k in range(int(180 / step_degrees) + 1):
        for sign in (1, -1) if k else (1,):
            angle = heading + sign * math.radians(k * step_degrees)
            spot = _touching_spot(target_pos, target_base, charger_base, angle)
            if _free(spot, charger_base, others, table):
                d = point_distance(charger_pos, spot)
                if best is None or d < best[0] - EPS:
                    best = (d, spot)
        if best is not None and charger_base.is_circle and target_base.is_circle:
            return best[1]  # circles: the first free angle is the nearest spot
    return None if best is None else best[1]


def _touching_spot(target_pos: Point, target_base: Base, base: Base, angle: float) -> Point:
    ux, uy = math.cos(angle), math.sin(angle)
    if base.is_circle and target_base.is_circle:
        r = target_base.radius + base.radius
        return (target_pos[0] + ux * r, target_pos[1] + uy * r)
    lo, hi = 0.0, target_base.radius + base.radius + 0.01
    for _ in range(30):  # bisection on the centre distance: overlap below, apart above
        mid = (lo + hi) / 2
        spot = (target_pos[0] + ux * mid, target_pos[1] + uy * mid)
        if distance(spot, base, target_pos, target_base) > 1e-4:
            hi = mid
        else:
            lo = mid
    return (target_pos[0] + ux * hi, target_pos[1] + uy * hi)


def _free(spot: Point, base: Base, others: Sequence[Placed], table: Table | None) -> bool:
    if table is not None and table.is_impassable(spot, base):
        return False
    return not any(overlaps(spot, base, p, b) for p, b in others)


# -- line of sight (LOS-01..06) and in the way (SHOOT-ITW-01/03, SHOOT-COVER-01, FRIEND-01) ---


@dataclass(slots=True)
class Body:
    """A model as seen by line of sight: where it stands, its base and height (halve it when
    prone, LOS-04). ``key`` names it in results. Never changed once made, but not frozen:
    one is made for every model near every sight line, and a frozen dataclass is 3.6x
    slower to make (speed)."""

    key: str
    pos: Point
    base: Base
    height: Inches


class ObstructionKind(Enum):
    MODEL = "model"
    TERRAIN = "terrain"


@dataclass(frozen=True, slots=True)
class Visibility:
    """How much of the target a viewer sees: ``seen`` of ``samples`` body points, and what
    hides the others (keys of models, names of terrain pieces), nearest first."""

    seen: int
    samples: int
    hidden_by: tuple[str, ...] = ()

    @property
    def visible(self) -> bool:
        return self.seen > 0

    @property
    def fraction(self) -> float:
        return self.seen / self.samples

    @property
    def partial(self) -> bool:
        return 0 < self.seen < self.samples

    def to_json(self) -> dict[str, Any]:
        return {"seen": self.seen, "samples": self.samples, "hidden_by": list(self.hidden_by)}


@dataclass(frozen=True, slots=True)
class InTheWay:
    """Something the line of fire passes that partly hides the target (SHOOT-ITW-01):
    ``score`` is the D6 result the shot needs to pass it, ``distance`` how far from the
    shooter it starts (tests go nearest first, SHOOT-ITW-03)."""

    key: str
    kind: ObstructionKind
    distance: Inches
    score: int
    piece: TerrainPiece | None = None

    def to_json(self) -> dict[str, Any]:
        return {
            "key": self.key,
            "kind": self.kind.value,
            "distance": round(self.distance, 4),
            "score": self.score,
        }


class _Ray:
    """A sample sight line from the eye (``start``, height ``z0``) to a point of the
    target's body (``end``, height ``z1``). A plain class: built for every sight line, and a
    frozen dataclass's ``__init__`` costs several times more (speed)."""

    __slots__ = ("start", "end", "z0", "z1", "length")

    def __init__(self, start: Point, end: Point, z0: float, z1: float, length: float) -> None:
        self.start, self.end, self.z0, self.z1, self.length = start, end, z0, z1, length

    def height_at(self, t: float) -> float:
        if self.length <= EPS:
            return self.z1
        return self.z0 + (self.z1 - self.z0) * (t / self.length)


def _sample_rays(
    eye: tuple[float, float, float],
    target_pos: Point,
    target_base: Base,
    target_height: Inches,
    ground: float,
) -> list[_Ray]:
    """Return the rays from the eye to the target's body samples (see module docstring)."""
    dx, dy = target_pos[0] - eye[0], target_pos[1] - eye[1]
    length = math.hypot(dx, dy) or 1.0
    nx, ny = -dy / length, dx / length
    half = min(target_base.width, target_base.depth) / 2
    rays = []
    for side in LOS_SAMPLE_SIDES:
        end = (target_pos[0] + nx * side * half, target_pos[1] + ny * side * half)
        for level in LOS_SAMPLE_HEIGHTS:
            z1 = ground + level * target_height
            rays.append(_Ray((eye[0], eye[1]), end, eye[2], z1, point_distance(eye[:2], end)))
    return rays


def _blocked_by_prism(ray: _Ray, stretches: list[Interval], top: float) -> bool:
    return any(min(ray.height_at(a), ray.height_at(b)) < top - EPS for a, b in stretches)


def _body_stretches(ray: _Ray, body: Body) -> list[Interval]:
    if body.base.is_circle:
        return _circle_stretch(ray.start, ray.end, body.pos, body.base.radius * BODY_FRACTION)
    return segment_intervals(ray.start, ray.end, footprint(body.pos, body.base))


def _circle_stretch(start: Point, end: Point, centre: Point, radius: float) -> list[Interval]:
    length = point_distance(start, end)
    if length < EPS:
        return []
    u = unit(start, end)
    wx, wy = start[0] - centre[0], start[1] - centre[1]
    b = wx * u[0] + wy * u[1]
    disc = b * b - (wx * wx + wy * wy - radius * radius)
    if disc <= 0:
        return []
    root = math.sqrt(disc)
    a, c = max(-b - root, 0.0), min(-b + root, length)
    return [(a, c)] if a < c else []


@dataclass(frozen=True, slots=True)
class _Screen:
    """A candidate obstruction with the stretches each sample ray spends inside it."""

    key: str
    kind: ObstructionKind
    top: float
    stretches: tuple[list[Interval], ...]
    piece: TerrainPiece | None


def segment_point_distance(a: Point, b: Point, c: Point) -> float:
    """Return the distance from ``c`` to the segment ``a``-``b``."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    length2 = dx * dx + dy * dy
    t = 0.0 if length2 == 0 else ((c[0] - a[0]) * dx + (c[1] - a[1]) * dy) / length2
    t = min(1.0, max(0.0, t))
    return math.hypot(a[0] + t * dx - c[0], a[1] + t * dy - c[1])


def _near_line(bodies: Sequence[Body], a: Point, b: Point, reach: float) -> list[Body]:
    """Return the bodies whose base comes within ``reach`` of the segment ``a``-``b``, other
    than those standing at either end (vectorised: this runs for every sight line)."""
    if not bodies:
        return []
    if len(bodies) <= _FEW_BODIES:
        return [body for body in bodies if _near_segment(body, a, b, reach)]
    pos = np.array([body.pos for body in bodies], dtype=float)
    radius = np.array([body.base.radius for body in bodies])
    start, step = np.asarray(a, dtype=float), np.subtract(b, a, dtype=float)
    length2 = float(step @ step) or 1.0
    t = np.clip((pos - start) @ step / length2, 0.0, 1.0)
    gap = np.hypot(*(start + t[:, None] * step - pos).T)
    at_end = (np.hypot(*(pos - start).T) < EPS) | (np.hypot(*(pos - np.asarray(b)).T) < EPS)
    near: list[int] = np.flatnonzero((gap <= radius + reach) & ~at_end).tolist()
    return [bodies[i] for i in near]


# Up to this many bodies plain floats beat numpy's small arrays (the same formula; the few
# bodies a sight line meets are usually one or two).
_FEW_BODIES = 8


def _near_segment(body: Body, a: Point, b: Point, reach: float) -> bool:
    """``_near_line`` for one body, in plain floats."""
    (sx, sy), (px, py) = a, body.pos
    dx, dy = b[0] - sx, b[1] - sy
    length2 = (dx * dx + dy * dy) or 1.0
    t = min(max(((px - sx) * dx + (py - sy) * dy) / length2, 0.0), 1.0)
    if math.hypot(sx + t * dx - px, sy + t * dy - py) > body.base.radius + reach:
        return False
    return math.hypot(px - sx, py - sy) >= EPS and math.hypot(px - b[0], py - b[1]) >= EPS


def _feet(rays: list[_Ray]) -> list[_Ray]:
    """Return one ray per foot: rays to the same foot share their 2D stretches."""
    return list({ray.end: ray for ray in reversed(rays)}.values())[::-1]


def _terrain_screens(rays: list[_Ray], table: Table) -> list[_Screen]:
    """Return the terrain pieces with a height that the sight lines cross, found in one
    STRtree query."""
    feet = [ray.end for ray in _feet(rays)]
    start = rays[0].start
    lines = shapely.linestrings([[start, foot] for foot in feet])
    line_of, piece_of = table.index.tree.query(lines, predicate="intersects")
    screens = []
    for i in sorted({int(i) for i in piece_of}):
        piece = table.pieces[i]
        if piece.height <= 0:
            continue
        by_foot: dict[Point, list[Interval]] = {foot: [] for foot in feet}
        crossing = line_of[piece_of == i]
        parts = shapely.intersection(lines[crossing], table.index.shapes[i])
        for k, part in zip(crossing, parts, strict=True):
            by_foot[feet[int(k)]] = _stretches(start, feet[int(k)], part)
        stretches = tuple(by_foot[r.end] for r in rays)
        screens.append(_Screen(piece.name, ObstructionKind.TERRAIN, piece.height, stretches, piece))
    return screens


def _body_screens(
    rays: list[_Ray], table: Table | None, blockers: Sequence[Body], target: Point
) -> list[_Screen]:
    reach = max(point_distance(target, ray.end) for ray in rays) + EPS
    feet = _feet(rays)
    screens = []
    for body in _near_line(blockers, rays[0].start, target, reach):
        by_foot = {ray.end: _body_stretches(ray, body) for ray in feet}
        if not any(by_foot.values()):
            continue
        ground = table.ground_level(body.pos) if table is not None else 0.0
        stretches = tuple(by_foot[r.end] for r in rays)
        screens.append(
            _Screen(body.key, ObstructionKind.MODEL, ground + body.height, stretches, None)
        )
    return screens


def _sight(
    viewer_pos: Point,
    viewer_height: Inches,
    target_pos: Point,
    target_base: Base,
    target_height: Inches,
    table: Table | None,
    blockers: Sequence[Body],
) -> tuple[Visibility, list[tuple[float, _Screen]]]:
    ground_v = table.ground_level(viewer_pos) if table is not None else 0.0
    ground_t = table.ground_level(target_pos) if table is not None else 0.0
    eye = (viewer_pos[0], viewer_pos[1], ground_v + eye_height(viewer_height))
    rays = _sample_rays(eye, target_pos, target_base, target_height, ground_t)
    screens = _body_screens(rays, table, blockers, target_pos)
    if table is not None and table.pieces:
        screens = _terrain_screens(rays, table) + screens
    hiding: dict[str, tuple[float, _Screen]] = {}
    seen = 0
    for n, ray in enumerate(rays):
        hit = [s for s in screens if _blocked_by_prism(ray, s.stretches[n], s.top)]
        seen += not hit
        for s in hit:
            first = s.stretches[n][0][0]
            if s.key not in hiding or first < hiding[s.key][0]:
                hiding[s.key] = (first, s)
    ordered = sorted(hiding.values(), key=lambda item: (item[0], item[1].key))
    visibility = Visibility(seen, len(rays), tuple(s.key for _, s in ordered))
    return visibility, ordered


def line_of_sight(
    viewer_pos: Point,
    viewer_height: Inches,
    target_pos: Point,
    target_base: Base,
    target_height: Inches,
    table: Table | None = None,
    blockers: Sequence[Body] = (),
) -> Visibility:
    """Return how much of the target's body the viewer sees (LOS-01..06, 2.5D model).

    ``viewer_height`` and ``target_height`` are the models' heights (halved when prone,
    LOS-04; the rider's for cavalry, LOS-05); models at the viewer's or target's own position
    are ignored (a model never blocks its own sight, LOS-02).
    """
    if point_distance(viewer_pos, target_pos) < EPS:
        return Visibility(LOS_SAMPLES, LOS_SAMPLES)  # LOS-02: a model always sees itself
    visibility, _ = _sight(
        viewer_pos, viewer_height, target_pos, target_base, target_height, table, blockers
    )
    return visibility


def sees(
    viewer_pos: Point,
    viewer_height: Inches,
    target_pos: Point,
    target_base: Base,
    target_height: Inches,
    table: Table | None = None,
    blockers: Sequence[Body] = (),
) -> bool:
    """Return ``line_of_sight(...).visible`` (LOS-01..06) without counting every sample:
    the rays are taken foot by foot and the first clear ray answers (speed: most targets are
    seen through their first foot, and the other feet's terrain is never intersected).

    The same rays and heights as ``_sample_rays`` (the same products in the same order), in
    plain floats: one stretch search per foot, the terrain near the sight lines found once,
    each body's top once (speed: this runs for every sight line a rule or player asks)."""
    if point_distance(viewer_pos, target_pos) < EPS:
        return True  # LOS-02: a model always sees itself
    ground_v = table.ground_level(viewer_pos) if table is not None else 0.0
    ground_t = table.ground_level(target_pos) if table is not None else 0.0
    eye_z = ground_v + eye_height(viewer_height)
    start = (viewer_pos[0], viewer_pos[1])
    ends = _foot_ends(start, target_pos, target_base)
    reach = max(point_distance(target_pos, end) for end in ends) + EPS
    bodies = _near_line(blockers, start, target_pos, reach)
    pieces = _terrain_near(start, ends, table) if table is not None and table.pieces else []
    levels = [ground_t + level * target_height for level in LOS_SAMPLE_HEIGHTS]
    tops: dict[int, float] = {}
    for end in dict.fromkeys(ends):  # each foot once (two sides may share one)
        foot = _Ray(start, end, eye_z, levels[0], point_distance(start, end))
        screens = _foot_terrain(foot, table, pieces) if pieces else []
        screens += _foot_bodies(foot, table, bodies, tops)
        length = foot.length
        for z1 in levels:
            if not screens or not _screened(eye_z, z1, length, screens):
                return True
    return False


def _foot_ends(start: Point, target_pos: Point, target_base: Base) -> list[Point]:
    """The lateral sample points of the target's foot (``_sample_rays``'s ends, side by side)."""
    dx, dy = target_pos[0] - start[0], target_pos[1] - start[1]
    length = math.hypot(dx, dy) or 1.0
    nx, ny = -dy / length, dx / length
    half = min(target_base.width, target_base.depth) / 2
    return [
        (target_pos[0] + nx * side * half, target_pos[1] + ny * side * half)
        for side in LOS_SAMPLE_SIDES
    ]


def _screened(
    z0: float, z1: float, length: float, screens: list[tuple[float, list[Interval]]]
) -> bool:
    """``_blocked_by_prism`` of the ray rising from ``z0`` to ``z1`` over ``length`` by any
    screen (``_Ray.height_at`` inlined: the same operations)."""
    if length <= EPS:
        return any(z1 < top - EPS for top, stretches in screens if stretches)
    rise = z1 - z0
    for top, stretches in screens:
        limit = top - EPS
        for a, b in stretches:
            if min(z0 + rise * (a / length), z0 + rise * (b / length)) < limit:
                return True
    return False


def _terrain_near(start: Point, ends: list[Point], table: Any) -> list[int]:
    """The pieces with a height whose box meets the box of every sight line to ``ends``
    (a superset of each foot's: ``_foot_terrain`` keeps its own test), in order."""
    xs = [start[0], *(e[0] for e in ends)]
    ys = [start[1], *(e[1] for e in ends)]
    pieces = table.pieces
    return [
        i for i in table.index.boxed((min(xs), min(ys), max(xs), max(ys))) if pieces[i].height > 0
    ]


def _foot_terrain(foot: _Ray, table: Any, pieces: list[int]) -> list[tuple[float, list[Interval]]]:
    """(top, stretches) of the terrain with a height that the line to ``foot`` crosses;
    ``pieces``: those near every foot's line (``_terrain_near``)."""
    (x0, y0), (x1, y1) = foot.start, foot.end
    lo_x, hi_x = min(x0, x1), max(x0, x1)
    lo_y, hi_y = min(y0, y1), max(y0, y1)
    bounds = table.index.bounds
    near = []
    for i in pieces:
        a0, b0, a1, b1 = bounds[i]
        # the piece's box meets the foot's (``boxed``), then the line itself comes near it
        meets = a0 <= hi_x and lo_x <= a1 and b0 <= hi_y and lo_y <= b1
        if meets and _segment_meets_box(foot.start, foot.end, bounds[i]):
            near.append(i)
    if not near:
        return []  # no piece with a height near the line: no Shapely call (speed)
    line = None
    found = []
    planes = table.index.planes
    for i in near:
        if planes[i] is not None and foot.length > EPS:  # convex: clipped by arithmetic
            span = clip(foot.start, foot.end, planes[i])
            if span is not None:
                stretch = (span[0] * foot.length, span[1] * foot.length)
                found.append((table.pieces[i].height, [stretch]))
            continue
        parts = table.index.parts[i]
        if parts is not None and foot.length > EPS:  # a bent wall: clipped triangle by triangle
            stretches = clip_parts(foot.start, foot.end, foot.length, parts)
            if stretches:
                found.append((table.pieces[i].height, stretches))
            continue
        if misses_hull(foot.start, foot.end, table.index.hulls[i]):
            continue  # clear of the piece's hull: Shapely would find no crossing (speed)
        line = line or shapely.linestrings([foot.start, foot.end])
        shape = table.index.shapes[i]
        if shape.intersects(line):
            part = shapely.intersection(line, shape)
            found.append((table.pieces[i].height, _stretches(foot.start, foot.end, part)))
    return found


def _segment_meets_box(a: Point, b: Point, box: tuple[float, ...]) -> bool:
    """Whether segment a-b comes within a hair of the box (slab clipping in plain floats):
    a segment missing a piece's bounding box cannot cross the piece (speed: no Shapely)."""
    lo, hi = _slab(a[0], b[0] - a[0], box[0] - _BOX_HAIR, box[2] + _BOX_HAIR, 0.0, 1.0)
    if lo > hi + 1e-9:
        return False  # the y slab only narrows the span further
    lo, hi = _slab(a[1], b[1] - a[1], box[1] - _BOX_HAIR, box[3] + _BOX_HAIR, lo, hi)
    return lo <= hi + 1e-9


def _slab(
    start: float, step: float, low: float, high: float, lo: float, hi: float
) -> tuple[float, float]:
    """The span (lo, hi) of the segment's fractions narrowed to one axis's slab [low,
    high] (lo > hi: it misses it)."""
    if step == 0.0:
        return (lo, hi) if low <= start <= high else (1.0, 0.0)
    t0, t1 = (low - start) / step, (high - start) / step
    if t0 > t1:
        t0, t1 = t1, t0
    return (t0 if t0 > lo else lo), (t1 if t1 < hi else hi)


_BOX_HAIR = 1e-6


def _foot_bodies(
    foot: _Ray, table: Any, bodies: Sequence[Body], tops: dict[int, float]
) -> list[tuple[float, list[Interval]]]:
    """(top, stretches) of the models whose prism the line to ``foot`` crosses; ``tops``
    remembers each body's top (by the body's id) for the other feet (the same sum: speed)."""
    found = []
    for body in bodies:
        stretches = _body_stretches(foot, body)
        if stretches:
            top = tops.get(id(body))
            if top is None:
                ground = table.ground_level(body.pos) if table is not None else 0.0
                top = tops[id(body)] = ground + body.height
            found.append((top, stretches))
    return found


def in_the_way(
    shooter_pos: Point,
    target_pos: Point,
    table: Table | None,
    models: Sequence[Body],
    *,
    shooter_base: Base = INFANTRY_BASE,
    shooter_height: Inches = DEFAULT_HEIGHT,
    target_base: Base = INFANTRY_BASE,
    target_height: Inches = DEFAULT_HEIGHT,
    ducking: frozenset[str] = frozenset(),
) -> list[InTheWay]:
    """Return the models and terrain that partly hide the target, nearest the shooter first
    (SHOOT-ITW-01/03).

    Exceptions (§5.5): terrain the shooter's base touches and whose top is below its eye is
    ignored (SHOOT-COVER-01); a model whose key is in ``ducking`` (the rules pass friendly
    models not engaged in combat) in base contact with the shooter, on a base no bigger than
    the shooter's, is ignored (SHOOT-FRIEND-01, A17).
    """
    if point_distance(shooter_pos, target_pos) < EPS:
        return []
    _, ordered = _sight(
        shooter_pos, shooter_height, target_pos, target_base, target_height, table, models
    )
    bodies = {body.key: body for body in models if body.key in ducking}
    eye = eye_height(shooter_height) + (table.ground_level(shooter_pos) if table else 0.0)
    found = []
    for first, screen in ordered:
        if screen.piece is not None:
            if not _sees_over(screen.piece, eye, shooter_pos, shooter_base, table):
                score = screen.piece.cover.value or DEFAULT_TERRAIN_SCORE
                found.append(InTheWay(screen.key, screen.kind, first, score, screen.piece))
        elif not _ducks(bodies.get(screen.key), shooter_pos, shooter_base):
            found.append(InTheWay(screen.key, screen.kind, first, MODEL_COVER_SCORE))
    return found


def _sees_over(
    piece: TerrainPiece, eye: float, pos: Point, base: Base, table: Table | None
) -> bool:
    return table is not None and piece.height < eye and piece in table.touching(pos, base)


def _ducks(body: Body | None, pos: Point, base: Base) -> bool:
    """SHOOT-FRIEND-01: ``body`` is a friend allowed to duck (or None)."""
    return (
        body is not None
        and body.base.area <= base.area + EPS
        and in_base_contact(pos, base, body.pos, body.base)
    )


# -- routes around terrain (MOVE-GEN-05: paths need not be straight) ---------------------------

# ``RouteGraph.floor`` is a true floor of the real lengths; the float sums of a route may
# fall short of it by rounding: this much more is needed before a route is skipped.
FLOOR_SLACK = 1e-9
FIRST_CORNERS = 6  # corners a route's search first checks from its start (``_search_from``)
ROUTE_MARGIN: Inches = 0.05  # waypoints stand this far (plus 5% of the radius) off the
# terrain a base skirts: more than a leg between two corners cuts inside a rounded corner.


class RouteGraph:
    """A visibility graph for one base size: the convex corners of the terrain grown by the
    base's radius, linked when the straight leg between them stays clear. Built once per table
    and radius; a query links the start and goal to the visible corners and runs A*.

    Speed: a shortest path only turns at a corner its legs are tangent to (both neighbours of
    the corner on one side of the leg), so legs are first pruned with that cheap arithmetic
    test and only the survivors are checked against the terrain with Shapely.
    """

    def __init__(self, shapes: Sequence[Any], walls: Sequence[Any], radius: Inches) -> None:
        margin = ROUTE_MARGIN * (1 + radius)
        grown = shapely.union_all([s.buffer(radius + margin, quad_segs=3) for s in shapes])
        self.walls = list(walls)
        self.tree = STRtree(self.walls)
        # The walls prepared, asked directly of the pairs whose boxes meet: the tree's own
        # predicate prepares each leg instead, slower for a leg against a many-sided wall
        # (speed; the same predicate, the same answers)
        self.prepared = np.array(self.walls, dtype=object)
        shapely.prepare(self.prepared)
        self.wall_boxes = [tuple(float(v) for v in wall.bounds) for wall in self.walls]
        self._goals: dict[Point, tuple[dict[int, float], Sequence[float]]] = {}
        self._seen: dict[Point, np.ndarray] = {}
        self.nodes, self.before, self.after = self._corners(grown)
        self.links = self._link_nodes()

    def _corners(self, grown: Any) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Return the convex corners of the grown terrain that stand clear of every piece,
        with their neighbours along the outline."""
        found = [_convex_corners(part) for part in shapely.get_parts(grown)]
        if not found:
            return np.empty((0, 2)), np.empty((0, 2)), np.empty((0, 2))
        nodes, before, after = (np.concatenate(parts) for parts in zip(*found, strict=True))
        inside = np.unique(self.tree.query(shapely.points(nodes), predicate="intersects")[0])
        keep = np.setdiff1d(np.arange(len(nodes)), inside)
        return nodes[keep], before[keep], after[keep]

    def _tangent(self, sources: np.ndarray, j: np.ndarray) -> np.ndarray:
        """Return a mask of the legs from ``sources`` to corners ``j`` that graze the corner
        rather than cut into the terrain behind it."""
        leg = self.nodes[j] - sources
        side_a = _cross(leg, self.before[j] - self.nodes[j])
        side_b = _cross(leg, self.after[j] - self.nodes[j])
        grazing: np.ndarray = side_a * side_b >= -EPS
        return grazing

    def _blocked(self, legs: np.ndarray) -> np.ndarray:
        """Return a mask of the legs (an array of linestrings) that cut a piece."""
        mask = np.zeros(len(legs), dtype=bool)
        leg, wall = self.tree.query(legs)  # the pairs whose boxes meet
        mask[leg[shapely.intersects(self.prepared[wall], legs[leg])]] = True
        return mask

    def clear(self, a: Point, b: Point) -> bool:
        x0, x1 = min(a[0], b[0]), max(a[0], b[0])
        y0, y1 = min(a[1], b[1]), max(a[1], b[1])
        near = [
            k
            for k, (c0, d0, c1, d1) in enumerate(self.wall_boxes)
            if c0 <= x1 and x0 <= c1 and d0 <= y1 and y0 <= d1
        ]
        if not near:
            return True  # no wall's box meets the leg's: no Shapely call (speed)
        # one leg, the LineString without its class's checks, against the prepared walls whose
        # boxes meet its box (speed: no tree query)
        leg = shapely.linestrings([a, b])
        return not shapely.intersects(self.prepared[near], leg).any()

    def _visible_from(self, point: Point) -> np.ndarray:
        """Return the indices of the corners a tangent straight leg from ``point`` reaches
        (kept per point: a model that stood still asks again from the same spot; terrain
        never moves)."""
        found = self._seen.get(point)
        if found is None:
            if len(self._seen) > 512:
                self._seen.clear()
            found = self._seen[point] = self._visible_uncached(point)
        return found

    def _visible_uncached(self, point: Point) -> np.ndarray:
        source = np.asarray(point, dtype=float)
        j: np.ndarray = np.arange(len(self.nodes))
        j = j[self._tangent(np.broadcast_to(source, self.nodes.shape), j)]
        if len(j) == 0:
            return j
        visible: np.ndarray = j[~self._blocked(self._legs(source, j))]
        return visible

    def _link_nodes(self) -> list[list[tuple[int, float]]]:
        links: list[list[tuple[int, float]]] = [[] for _ in range(len(self.nodes))]
        i, j = np.triu_indices(len(self.nodes), k=1)
        keep = self._tangent(self.nodes[i], j) & self._tangent(self.nodes[j], i)
        i, j = i[keep], j[keep]
        if len(i) == 0:
            return links
        legs = shapely.linestrings(np.stack([self.nodes[i], self.nodes[j]], axis=1))
        free = ~self._blocked(legs)
        lengths = np.hypot(*(self.nodes[j] - self.nodes[i]).T)
        for a, b, d in zip(i[free], j[free], lengths[free], strict=True):
            links[int(a)].append((int(b), float(d)))
            links[int(b)].append((int(a), float(d)))
        return links

    def route(self, start: Point, goal: Point, under: float = math.inf) -> list[Point] | None:
        """Return the shortest waypoints from ``start`` to ``goal`` (goal included, start
        not), or None if no route avoids the terrain. ``under``: a caller that wants only a
        route shorter than this gets None, without a search, when ``floor`` shows there is
        none (speed)."""
        if self.clear(start, goal):
            return [goal]
        if under < math.inf and self.floor(start, goal) - FLOOR_SLACK >= under:
            return None
        known = self._seen.get(start)
        if known is not None:
            # tolist: Python ints (``_node`` takes an int; compiled, a numpy integer is refused)
            starts = {j: point_distance(start, self._node(j)) for j in known.tolist()}
            trail = self._search(starts, *self._toward(goal))[0]
        else:
            trail = self._search_from(start, goal)
        return None if trail is None else [self._node(j) for j in trail] + [goal]

    def _search_from(self, start: Point, goal: Point) -> list[int] | None:
        """``_search`` from the corners ``start`` sees, finding which it sees only as far as
        the search needs (speed: the sight line of each leg is the costly part, and the
        shortest route is found among the few corners nearest the straight line). The corners
        are checked nearest first (straight leg plus straight distance on, A*'s own order) a
        batch at a time; once those left unchecked all lie beyond the route found, they could
        not change it: A* stops before reaching them, and a relaxation to one of them would
        only queue it beyond the route as well. Else every corner is checked, as before."""
        ends, ahead = self._toward(goal)
        source = np.asarray(start, dtype=float)
        j: np.ndarray = np.arange(len(self.nodes))
        j = j[self._tangent(np.broadcast_to(source, self.nodes.shape), j)]
        straight = {k: point_distance(start, self._node(k)) for k in j.tolist()}
        order = sorted(straight, key=lambda k: (straight[k] + ahead[k], k))
        starts: dict[int, float] = {}
        checked = 0
        while True:
            batch = order[checked : checked + FIRST_CORNERS] if checked == 0 else order[checked:]
            checked += len(batch)
            starts.update((k, straight[k]) for k in self._visible_among(source, batch))
            trail, finish = self._search(starts, ends, ahead)
            if checked == len(order):  # every corner checked: kept, as ``_visible_from``
                if len(self._seen) > 512:
                    self._seen.clear()
                self._seen[start] = np.array(sorted(starts), dtype=int)
                return trail
            k = order[checked]
            if straight[k] + ahead[k] > finish + FLOOR_SLACK:
                return trail

    def _visible_among(self, source: np.ndarray, corners: list[int]) -> list[int]:
        """Those of ``corners`` (tangent ones) a straight leg from ``source`` reaches."""
        if not corners:
            return []
        j = np.asarray(corners, dtype=int)
        return [int(k) for k in j[~self._blocked(self._legs(source, j))]]

    def _legs(self, source: np.ndarray, j: np.ndarray) -> np.ndarray:
        """The straight legs from ``source`` to corners ``j`` (the coordinates written into
        one array: no broadcast and stack of small arrays, speed)."""
        coords = np.empty((len(j), 2, 2))
        coords[:, 0] = source
        coords[:, 1] = self.nodes[j]
        legs: np.ndarray = shapely.linestrings(coords)
        return legs

    def floor(self, start: Point, goal: Point) -> float:
        """A length no route from ``start`` to ``goal`` that is not the straight leg can be
        shorter than, without the search: such a route's last corner sees the goal, and the
        walk to that corner is at least the straight line to it (inf: no corner sees it)."""
        ends, _ = self._toward(goal)
        sx, sy = start
        nodes = self.nodes
        return min(
            (math.hypot(nodes[j][0] - sx, nodes[j][1] - sy) + d for j, d in ends.items()),
            default=math.inf,
        )

    def _toward(self, goal: Point) -> tuple[dict[int, float], Sequence[float]]:
        """The corners seeing ``goal`` with their distance to it, and every corner's straight
        distance to it (kept per goal: a whole line of models heads for the same enemy)."""
        found = self._goals.get(goal)
        if found is None:
            if len(self._goals) > 256:
                self._goals.clear()
            seen = self._visible_from(goal).tolist()
            ends = {j: point_distance(goal, self._node(j)) for j in seen}
            # plain doubles, not a list of floats: a quarter of the memory, the same values
            ahead = array("d", np.hypot(*(self.nodes - np.asarray(goal)).T).tolist())
            found = self._goals[goal] = (ends, ahead)
        return found

    def _node(self, j: int) -> Point:
        return (float(self.nodes[j][0]), float(self.nodes[j][1]))

    def _search(
        self, starts: dict[int, float], ends: dict[int, float], ahead: Sequence[float]
    ) -> tuple[list[int] | None, float]:
        """A* over the corners; the straight distance to the goal (``ahead``) never
        overestimates. The corners walked and the route's length (None and inf: none)."""
        best = dict(starts)
        before: dict[int, int] = {}
        queue = [(d + ahead[j], d, j) for j, d in sorted(starts.items())]
        heapq.heapify(queue)
        finish: tuple[float, int] | None = None
        while queue:
            guess, d, j = heapq.heappop(queue)
            if finish is not None and guess >= finish[0]:
                break
            if d > best[j]:
                continue
            if j in ends and (finish is None or d + ends[j] < finish[0]):
                finish = (d + ends[j], j)
            for k, step in self.links[j]:
                if d + step < best.get(k, math.inf):
                    best[k], before[k] = d + step, j
                    heapq.heappush(queue, (d + step + ahead[k], d + step, k))
        if finish is None:
            return None, math.inf
        return _unwind(before, finish[1]), finish[0]


def _cross(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    return np.asarray(a[:, 0] * b[:, 1] - a[:, 1] * b[:, 0])


def _convex_corners(polygon: Any) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Return the convex vertices of a polygon's outline (the only ones a shortest path around
    it can turn at) with the vertices before and after each."""
    ring = shapely.get_exterior_ring(polygon)
    coords = shapely.get_coordinates(ring)[:-1]
    before, after = np.roll(coords, 1, axis=0), np.roll(coords, -1, axis=0)
    turn = _cross(coords - before, after - coords)
    convex = turn > 0 if shapely.is_ccw(ring) else turn < 0
    return coords[convex], before[convex], after[convex]


def _unwind(before: dict[int, int], last: int) -> list[int]:
    trail = [last]
    while trail[-1] in before:
        trail.append(before[trail[-1]])
    return trail[::-1]


def path_toward(
    start: Point,
    target: Point,
    budget_inches: Inches,
    base: Base,
    others: Sequence[Placed],
    enemy_zones: Sequence[Placed],
    table: Table,
    *,
    model_height: Inches = DEFAULT_HEIGHT,
    difficult_factor: float = 2.0,
) -> list[Point]:
    """Return the legs of a move towards ``target`` that goes around impassable terrain,
    obstacles and gaps (MOVE-GEN-05: the path need not be straight; its whole length counts):
    the points reached in order, the last being where the model stops. Each leg is a straight
    ``furthest_legal_point`` move with what is left of the budget, so every rule of a straight
    move holds on each leg; the route ignores other models, which stop it where they stand.
    Empty when the model cannot move at all."""
    route = table.route(start, target, base) or [target]
    legs: list[Point] = []
    here, left = start, budget_inches
    for waypoint in route:
        there = furthest_legal_point(
            here,
            waypoint,
            left,
            base,
            others,
            enemy_zones,
            table,
            model_height=model_height,
            difficult_factor=difficult_factor,
        )
        if point_distance(here, there) < EPS:
            break
        left -= table.movement_cost(here, there, base, difficult_factor)
        legs.append(there)
        here = there
        if point_distance(there, waypoint) > EPS or left <= EPS:
            break
    return legs


# -- whole pieces (table generator, validation) -------------------------------------------------


def piece_bounds(piece: TerrainPiece) -> tuple[float, float, float, float]:
    """Return (min x, min y, max x, max y) of a piece's footprint."""
    x0, y0, x1, y1 = piece_shape(piece).bounds
    return (float(x0), float(y0), float(x1), float(y1))


def piece_area(piece: TerrainPiece) -> float:
    return float(piece_shape(piece).area)


def pieces_clear(a: TerrainPiece, b: TerrainPiece, clearance: Inches = 0.0) -> bool:
    """Whether two pieces stand at least ``clearance`` apart (0: they may touch)."""
    gap = float(shapely.distance(piece_shape(a), piece_shape(b)))
    if clearance > 0:
        return gap >= clearance
    return float(shapely.intersection(piece_shape(a), piece_shape(b)).area) <= 1e-6


def piece_point_distance(piece: TerrainPiece, point: Point) -> Inches:
    return float(shapely.distance(piece_shape(piece), ShapelyPoint(point)))


def piece_within(inner: TerrainPiece, outer: TerrainPiece) -> bool:
    return bool(piece_shape(outer).buffer(EPS).contains(piece_shape(inner)))

"""Plain arithmetic for circular bases moving along straight segments.

Speed matters here (every candidate move of every model is checked against its neighbours),
so this module uses floats only; terrain questions go to the table (``table.py`` and
``geometry.py``, owned by the geometry module) through ``terrain_*`` adapters below.
"""

from __future__ import annotations

import math
from typing import Any

from battlesim.engines.sbg.core.bases import Base, BaseShape
from battlesim.engines.sbg.core.table import CAVALRY_DIFFICULT_FACTOR, DIFFICULT_FACTOR

Point = tuple[float, float]


def point_distance(a: Point, b: Point) -> float:
    return math.hypot(a[0] - b[0], a[1] - b[1])


def segment_point_distance(p0: Point, p1: Point, c: Point) -> float:
    """Shortest distance from ``c`` to the segment ``p0``-``p1``."""
    dx, dy = p1[0] - p0[0], p1[1] - p0[1]
    length2 = dx * dx + dy * dy
    if length2 == 0.0:
        return point_distance(p0, c)
    t = ((c[0] - p0[0]) * dx + (c[1] - p0[1]) * dy) / length2
    t = max(0.0, min(1.0, t))
    return math.hypot(p0[0] + t * dx - c[0], p0[1] + t * dy - c[1])


def entry_fraction(p0: Point, p1: Point, c: Point, radius: float) -> float | None:
    """Return the fraction of the segment at which a point moving from ``p0`` to ``p1``
    first comes strictly within ``radius`` of ``c`` (0.0 if it starts inside), or None."""
    fx, fy = p0[0] - c[0], p0[1] - c[1]
    if fx * fx + fy * fy < radius * radius:
        return 0.0
    dx, dy = p1[0] - p0[0], p1[1] - p0[1]
    a = dx * dx + dy * dy
    if a == 0.0:
        return None
    b = 2 * (fx * dx + fy * dy)
    disc = b * b - 4 * a * (fx * fx + fy * fy - radius * radius)
    if disc <= 0.0:
        return None
    t = (-b - math.sqrt(disc)) / (2 * a)
    return t if 0.0 <= t <= 1.0 else None


def approaches(p0: Point, p1: Point, c: Point) -> bool:
    """True if moving from ``p0`` towards ``p1`` starts by getting closer to ``c``."""
    return (p1[0] - p0[0]) * (c[0] - p0[0]) + (p1[1] - p0[1]) * (c[1] - p0[1]) > 1e-9


def toward(start: Point, target: Point, distance: float) -> Point:
    """The point ``distance`` inches from ``start`` towards ``target`` (not beyond it)."""
    gap = point_distance(start, target)
    if gap <= distance or gap == 0.0:
        return target
    k = distance / gap
    return (start[0] + (target[0] - start[0]) * k, start[1] + (target[1] - start[1]) * k)


def rotated(origin: Point, angle: float, distance: float) -> Point:
    return (origin[0] + math.cos(angle) * distance, origin[1] + math.sin(angle) * distance)


def angle_to(a: Point, b: Point) -> float:
    return math.atan2(b[1] - a[1], b[0] - a[0])


def fan(base_angle: float, steps: int, step: float) -> list[float]:
    """``base_angle`` then alternately right and left by ``step``: 0, +s, -s, +2s, -2s..."""
    angles = [base_angle]
    for k in range(1, steps + 1):
        angles += [base_angle + k * step, base_angle - k * step]
    return angles


# --- terrain adapters: the table is optional (an open 48" table when None) ----------------
# Speed: a bounding-box test against each piece answers most questions without Shapely.

Box = tuple[float, float, float, float]


def _boxes(table: Any) -> list[tuple[str, Box, float]]:
    """(kind, bounding box, height) of every terrain piece, computed once per table (kept in
    the table's own index: it goes with the table, never keeping it alive)."""
    boxes: list[tuple[str, Box, float]] | None = table.index.memo.get("boxes")
    if boxes is None:
        boxes = []
        for piece in table.pieces:
            xs = [p[0] for p in piece.points]
            ys = [p[1] for p in piece.points]
            pad = piece.thickness / 2
            box = (min(xs) - pad, min(ys) - pad, max(xs) + pad, max(ys) + pad)
            boxes.append((piece.kind.value, box, piece.height))
        table.index.memo["boxes"] = boxes
    return boxes


def table_key(table: Any) -> int:
    """A cache key for ``table`` that no other table shares (its index's number; 0: none)."""
    return 0 if table is None else int(table.index.uid)


def near_terrain(table: Any, box: Box, kinds: frozenset[str] | None = None) -> bool:
    """True if some piece (of ``kinds``, or any) has a bounding box meeting ``box``."""
    x0, y0, x1, y1 = box
    for kind, (a0, b0, a1, b1), _ in _boxes(table):
        if (kinds is None or kind in kinds) and a0 <= x1 and x0 <= a1 and b0 <= y1 and y0 <= b1:
            return True
    return False


def segment_box(start: Point, end: Point, pad: float) -> Box:
    return (
        min(start[0], end[0]) - pad,
        min(start[1], end[1]) - pad,
        max(start[0], end[0]) + pad,
        max(start[1], end[1]) + pad,
    )


_BLOCKING = frozenset({"impassable", "obstacle", "gap"})
_SLOW = frozenset({"difficult"})
_SLOW_CAVALRY = frozenset({"difficult", "stairs"})
_CROSSING = frozenset({"obstacle", "elevated", "gap"})


def terrain_fits(table: Any, point: Point, radius: float, width: float, depth: float) -> bool:
    """A base of ``radius`` at ``point`` lies on the table and off blocking terrain."""
    x, y = point
    if not (radius <= x <= width - radius and radius <= y <= depth - radius):
        return False
    if table is None or not near_terrain(table, segment_box(point, point, radius), _BLOCKING):
        return True
    return bool(table.fits(point, circle_base(radius)))


def terrain_cost(
    table: Any, start: Point, end: Point, radius: float, cavalry: bool = False
) -> float:
    """The Move a straight move costs (difficult terrain counts double, MOVE-TER-02; four
    times for cavalry, CAV-MOVE-03)."""
    slow = _SLOW_CAVALRY if cavalry else _SLOW  # reading 35: stairs double cavalry's cost
    if table is None or not near_terrain(table, segment_box(start, end, radius), slow):
        return point_distance(start, end)
    factor = CAVALRY_DIFFICULT_FACTOR if cavalry else DIFFICULT_FACTOR
    return float(table.movement_cost(start, end, circle_base(radius), factor))


def terrain_crossings(table: Any, start: Point, end: Point, height: float) -> list[tuple[Any, str]]:
    """What the straight move crosses that a model ``height`` tall cannot simply step over:
    (piece, "leap" | "climb" | "jump"), nearest first (MOVE-OBS-02/03, MOVE-JUMP-01)."""
    if table is None or not near_terrain(table, segment_box(start, end, 0.0), _CROSSING):
        return []
    found = [(p, test.value) for p, test in table.tests_crossed(start, end, height)]
    found += [(gap, test.value) for gap, test in table.gap_exits(start, end, height)]
    return found + [(gap, "jump") for gap, _ in table.gaps_crossed(start, end)]


def terrain_tests(
    table: Any, start: Point, end: Point, height: float
) -> list[tuple[Any, str, float]]:
    """Every test the straight move asks for, nearest first, with its size: (obstacle or
    sheer side, "leap" | "climb", height), (gap, "jump", width crossed), and (sheer platform
    left, "descend", drop) when the drop exceeds ``height`` (MOVE-DESC-03, 002:L631)."""
    if table is None or not table.pieces:
        return []
    found: list[tuple[Any, str, float]] = []
    if near_terrain(table, segment_box(start, end, 0.0), _CROSSING):
        for piece, test in table.tests_crossed(start, end, height):
            found.append((piece, test.value, piece.height))
        found += [(gap, t.value, gap.depth) for gap, t in table.gap_exits(start, end, height)]
        found += [(gap, "jump", width) for gap, width in table.gaps_crossed(start, end)]
    return _descents(table, start, end, height) + found


def _descents(table: Any, start: Point, end: Point, height: float) -> list[tuple[Any, str, float]]:
    return [(piece, "descend", drop) for piece, drop in _drops(table, start, end) if drop > height]


def terrain_drop(table: Any, start: Point, end: Point) -> float:
    """The height dropped leaving a sheer platform on the way to ``end`` (0.0 if none)."""
    if table is None:
        return 0.0
    return max((drop for _, drop in _drops(table, start, end)), default=0.0)


def _drops(table: Any, start: Point, end: Point) -> list[tuple[Any, float]]:
    if not _near_sheer(table, start):
        return []
    below = table.terrain_at(end)
    return [
        (piece, piece.height - table.ground_level(end))
        for piece in table.terrain_at(start)
        if (piece.is_sheer or piece.is_rampart) and piece not in below
    ]


def _near_sheer(table: Any, point: Point) -> bool:
    """Whether ``point`` lies in the bounding box of a sheer platform or a rampart (cached
    per table)."""
    boxes: list[Box] | None = table.index.memo.get("sheer")
    if boxes is None:
        pairs = zip(table.pieces, _boxes(table), strict=True)
        boxes = table.index.memo["sheer"] = [
            box for piece, (_, box, _) in pairs if piece.is_sheer or piece.is_rampart
        ]
    x, y = point
    return any(a0 <= x <= a1 and b0 <= y <= b1 for a0, b0, a1, b1 in boxes)


def terrain_entry(table: Any, start: Point, end: Point, piece: Any) -> float:
    """How far along the move the centre line enters ``piece`` (0 if it never does)."""
    i = table.pieces.index(piece)
    stretches = table.index.intervals(start, end, i)
    return stretches[0][0] if stretches else 0.0


def sight_may_be_blocked(table: Any, start: Point, end: Point) -> bool:
    """Whether any piece with a height stands near the line of sight (else: clear)."""
    if table is None:
        return False
    box = segment_box(start, end, 0.6)
    x0, y0, x1, y1 = box
    for _, (a0, b0, a1, b1), height in _boxes(table):
        if height > 0 and a0 <= x1 and x0 <= a1 and b0 <= y1 and y0 <= b1:
            return True
    return False


_BASES: dict[float, Any] = {}


def circle_base(radius: float) -> Any:
    """The geometry module's circular base for ``radius`` (cached: built once per size)."""
    base = _BASES.get(radius)
    if base is None:
        base = _BASES[radius] = Base(BaseShape.CIRCLE, radius * 2, radius * 2)
    return base

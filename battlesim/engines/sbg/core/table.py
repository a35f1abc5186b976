"""The table: size, terrain pieces, deployment zones and objectives, JSON-ready for replays.

Coordinates are inches from the bottom-left corner; the default table is 48" x 48". Terrain
kinds follow checklist §4.5-4.9 and §6.9-6.10:

- ``OPEN`` (roads, plains): no effect (MOVE-TER-01).
- ``DIFFICULT`` (rocks, undergrowth, tall grass): every inch costs two, four for cavalry, as
  soon as any part of the base is in it (MOVE-TER-02, CAV-MOVE-03).
- ``IMPASSABLE`` (buildings, deep water, tree trunks, cliffs): bases may never overlap it.
- ``OBSTACLE``: a linear piece (``points`` is a polyline of ``thickness``) with a ``height``;
  crossing it needs a Leap or Climb test depending on the model's height (MOVE-OBS-02/03).
- ``ELEVATED``: a hill (``sloped``, walked on freely) or a platform with sheer sides; inside it
  the ground is ``height`` inches up, which line of sight and elevated fights use (FIGHT-ELEV).
  ASSUMPTION: every elevated piece is flat-topped for sight (its brow hides what lies below).
- ``GAP``: a ditch or chasm ``depth`` deep; crossing it is a Jump (MOVE-JUMP-01..06).
- ``STAIRS``: a flight climbing in the direction ``rise`` from the ground to ``height`` at its
  far end, walked with no Move penalty, twice the cost for cavalry (SIEGE-MOVE-01,
  SIEGE-STAIRS-01, reading 35); its top end lands on a sheer piece as high, which is then
  entered and left there without a test (data.ASSUMPTIONS "stairs").

A piece with ``height`` > 0 blocks sight below its top (a solid prism: ASSUMPTION, the 2.5D
model of LOS-06); ``cover`` is its row in the in-the-way table (SHOOT-ITW, 002:L781-785).
Every Shapely object lives in ``geometry.py``; the table keeps only plain tuples.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from battlesim.engines.sbg.core import geometry
from battlesim.engines.sbg.core.bases import Base, Inches, Point, eye_height

DEFAULT_SIZE: Inches = 48.0
DIFFICULT_FACTOR = 2.0  # MOVE-TER-02: 0.5" counts as 1"
CAVALRY_DIFFICULT_FACTOR = 4.0  # CAV-MOVE-03: 0.5" counts as 2"
CAVALRY_STAIRS_FACTOR = 2.0  # CAV-MOVE-08 (002:L1310), reading 35: stairs double cavalry's cost
LANDING_TOLERANCE: Inches = 0.1  # a stair's top this close to a platform's height lands on it
EDGE_SLACK: Inches = 0.5  # a wall's thickness may overhang the table edge a little
# data.ASSUMPTIONS "rampart-top": a climbable obstacle at least as thick as a base's diameter
# has a top a model can stand on; the smallest base is 20 mm.
RAMPART_THICKNESS: Inches = 20.0 / 25.4

# What a piece of terrain is, for the rules that name it (SR-WOODLAND woods, SR-MOUNTAIN rocky
# ground): read from the words of its name (data.ASSUMPTIONS "terrain-features").
WOODS = "woods"
ROCKY = "rocky"
WATER = "water"
ANY_FEATURE = "any"  # every difficult piece (SR-SPIDERCLIMB)
SHALLOW_WATER = "shallow water"  # ADV-WATER-02 (002:L2913): streams, fords (any water...)
DEEP_WATER = "deep water"  # ADV-WATER-03 (002:L2917): ... whose name says deep, lake, pool
_FEATURE_WORDS = {
    WOODS: ("wood", "forest", "trees", "thicket", "bois", "forêt"),
    ROCKY: ("rock", "boulder", "scree", "rocher", "stony"),
    WATER: (
        *("water", "river", "stream", "marsh", "ford", "pond", "lake", "rivière", "eau"),
        *("brook", "pool", "gué"),
    ),
}
_DEEP_WORDS = ("deep", "lake", "pool", "profonde")
# The features the model now moving treats as open ground (set by the Move phase around one
# model's move, ``moving_through``): difficult pieces of these features cost no extra.
_BEYOND = 1.0  # inches past a budget still measured: no merge of stretches bridges it
_LIMITS_KEPT = 1_000  # ``Table.reach`` and ``move_limit`` answers kept per table (memory)
_POINTS_KEPT = 2_000  # ``ground_level``, ``terrain_at``, ``fits`` answers kept per table, each
_OPEN_FEATURES: ContextVar[frozenset[str]] = ContextVar("open features", default=frozenset())


@contextmanager
def moving_through(features: frozenset[str]) -> Iterator[None]:
    """Within the block, difficult pieces with one of ``features`` count as open ground."""
    token = _OPEN_FEATURES.set(features)
    try:
        yield
    finally:
        _OPEN_FEATURES.reset(token)


class TerrainKind(Enum):
    OPEN = "open"
    DIFFICULT = "difficult"
    IMPASSABLE = "impassable"
    OBSTACLE = "obstacle"
    ELEVATED = "elevated"
    GAP = "gap"
    STAIRS = "stairs"


class Cover(Enum):
    """The in-the-way table rows (002:L781-785): the D6 score a shot needs to pass."""

    NONE = 0
    LIGHT = 3  # low fences, bushes, tall grass
    SOLID = 4  # walls, rocks, howdah, hedges, models
    FORTIFIED = 5  # fortifications, battlements, narrow windows


class ObstacleTest(Enum):
    """What crossing an obstacle asks of a model (MOVE-OBS-02/03, A2)."""

    NONE = "none"
    LEAP = "leap"
    CLIMB = "climb"


class TableError(ValueError):
    """An inconsistent table: bad size, piece off the table, duplicate names, bad JSON."""


@dataclass(frozen=True, slots=True)
class TerrainPiece:
    """One piece of terrain; ``name`` is unique on its table and identifies it in logs."""

    name: str
    kind: TerrainKind
    points: tuple[Point, ...]
    height: Inches = 0.0
    thickness: Inches = 0.0
    cover: Cover = Cover.NONE
    sloped: bool = True
    climbable: bool = True
    depth: Inches = 0.0
    # MOVE-CLIMB-08: points on a sheer side where a ladder, rope or steps stand
    ladders: tuple[Point, ...] = ()
    # FIGHT-DOOR-01: an open piece that is a doorway's threshold (narrow: one base wide)
    door: bool = False
    # SIEGE-STAIRS-01: the direction a flight of stairs climbs (its far end is ``height`` up)
    rise: Point = (0.0, 0.0)

    def __post_init__(self) -> None:
        if self.kind is TerrainKind.STAIRS and (
            self.rise == (0.0, 0.0) or self.height <= 0 or self.thickness > 0
        ):
            raise TableError(f"stairs {self.name!r} need an area, a height and a rise")
        if self.kind is TerrainKind.OBSTACLE and self.thickness <= 0:
            raise TableError(f"obstacle {self.name!r} needs a positive thickness")
        needed = 2 if self.thickness > 0 else 3
        if len(self.points) < needed:
            raise TableError(f"{self.name!r} needs at least {needed} points")
        if self.height < 0 or self.depth < 0:
            raise TableError(f"{self.name!r} has a negative height or depth")

    @property
    def is_linear(self) -> bool:
        return self.thickness > 0

    @property
    def features(self) -> frozenset[str]:
        """What the piece is (woods, rocky ground), read from its name's words."""
        words = self.name.lower()
        found = {f for f, found in _FEATURE_WORDS.items() if any(w in words for w in found)}
        if WATER in found:  # ADV-WATER-01: deep when its name says so, else shallow
            found.add(DEEP_WATER if any(w in words for w in _DEEP_WORDS) else SHALLOW_WATER)
        return frozenset(found)

    @property
    def is_sheer(self) -> bool:
        """An elevated piece whose sides must be leapt or climbed."""
        return self.kind is TerrainKind.ELEVATED and not self.sloped

    def stair_level(self, point: Point) -> Inches:
        """The height of the step under ``point``: from the ground at the flight's low end to
        ``height`` at its high end, in proportion along ``rise`` (SIEGE-STAIRS-01)."""
        rx, ry = self.rise
        norm = math.hypot(rx, ry)
        along = [(x * rx + y * ry) / norm for x, y in self.points]
        low, high = min(along), max(along)
        here = (point[0] * rx + point[1] * ry) / norm
        return self.height * min(1.0, max(0.0, (here - low) / (high - low)))

    @property
    def is_rampart(self) -> bool:
        """A climbable obstacle thick enough for some base to stand on its top (L611)."""
        return (
            self.kind is TerrainKind.OBSTACLE
            and self.climbable
            and self.thickness >= RAMPART_THICKNESS
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "kind": self.kind.value,
            "points": _as_lists(self.points),
            "height": self.height,
            "thickness": self.thickness,
            "cover": self.cover.name,
            "sloped": self.sloped,
            "climbable": self.climbable,
            "depth": self.depth,
            **({"ladders": _as_lists(self.ladders)} if self.ladders else {}),
            **({"door": True} if self.door else {}),
            **({"rise": list(self.rise)} if self.kind is TerrainKind.STAIRS else {}),
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> TerrainPiece:
        try:
            return cls(
                name=str(data["name"]),
                kind=TerrainKind(data["kind"]),
                points=tuple((float(x), float(y)) for x, y in data["points"]),
                height=float(data.get("height", 0.0)),
                thickness=float(data.get("thickness", 0.0)),
                cover=Cover[data.get("cover", "NONE")],
                sloped=bool(data.get("sloped", True)),
                climbable=bool(data.get("climbable", True)),
                depth=float(data.get("depth", 0.0)),
                ladders=tuple((float(x), float(y)) for x, y in data.get("ladders", ())),
                door=bool(data.get("door", False)),
                rise=_point(data.get("rise", (0.0, 0.0))),
            )
        except (KeyError, TypeError, ValueError) as error:
            raise TableError(f"bad terrain piece {data!r}: {error}") from error


def _as_lists(points: Sequence[Sequence[object]]) -> list[list[object]]:
    """The points as the log writes them, each number as given (a preset's ``19`` stays
    ``19``). Typed as objects: compiled by mypyc, a ``Point`` read here would be unboxed
    into two doubles and written ``19.0``, another log."""
    return [list(p) for p in points]


@dataclass(frozen=True, slots=True)
class DeploymentZone:
    """Where one player (0 or 1) sets up: an axis-aligned rectangle ``(x0, y0, x1, y1)``."""

    player: int
    rect: tuple[float, float, float, float]

    def contains(self, point: Point) -> bool:
        x0, y0, x1, y1 = self.rect
        return x0 <= point[0] <= x1 and y0 <= point[1] <= y1

    def to_json(self) -> dict[str, Any]:
        return {"player": self.player, "rect": list(self.rect)}


@dataclass(frozen=True, slots=True)
class Objective:
    name: str
    point: Point

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "point": list(self.point)}


def obstacle_test(obstacle_height: Inches, model_height: Inches) -> ObstacleTest:
    """Return the test crossing an obstacle needs (MOVE-OBS-02/03; exactly half: Leap, A2).

    ``model_height`` is the mount's shoulders for cavalry (MOVE-OBS-05).
    """
    if obstacle_height < model_height / 2:
        return ObstacleTest.NONE
    if obstacle_height <= model_height:
        return ObstacleTest.LEAP
    return ObstacleTest.CLIMB


@dataclass(frozen=True, slots=True)
class Table:
    """A battlefield. Terrain queries go through a Shapely index built once (``geometry``)."""

    name: str
    pieces: tuple[TerrainPiece, ...] = ()
    width: Inches = DEFAULT_SIZE
    depth: Inches = DEFAULT_SIZE
    zones: tuple[DeploymentZone, ...] = ()
    objectives: tuple[Objective, ...] = ()
    index: geometry.TerrainIndex = field(init=False, repr=False, compare=False)
    tops: frozenset[int] = field(init=False, repr=False, compare=False)  # ramparts
    floors: frozenset[int] = field(init=False, repr=False, compare=False)  # gaps
    stairs: frozenset[int] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if self.width <= 0 or self.depth <= 0:
            raise TableError(f"table sizes must be positive, not {self.width}x{self.depth}")
        names = [piece.name for piece in self.pieces]
        if len(set(names)) != len(names):
            raise TableError(f"terrain names must be unique on a table: {sorted(names)}")
        for piece in self.pieces:
            x0, y0, x1, y1 = geometry.piece_bounds(piece)
            if (
                x0 < -EDGE_SLACK
                or y0 < -EDGE_SLACK
                or x1 > self.width + EDGE_SLACK
                or (y1 > self.depth + EDGE_SLACK)
            ):
                raise TableError(f"{piece.name!r} lies partly off the table")
        tops = frozenset(i for i, p in enumerate(self.pieces) if p.is_rampart)
        floors = frozenset(i for i, p in enumerate(self.pieces) if p.kind is TerrainKind.GAP)
        object.__setattr__(self, "tops", tops)
        object.__setattr__(self, "floors", floors)
        stairs = frozenset(i for i, p in enumerate(self.pieces) if p.kind is TerrainKind.STAIRS)
        object.__setattr__(self, "stairs", stairs)
        raised = [
            i
            for i, p in enumerate(self.pieces)
            if p.kind is TerrainKind.ELEVATED or i in tops or i in floors or i in stairs
        ]
        object.__setattr__(self, "index", geometry.TerrainIndex(self.pieces, raised))

    # -- point queries ---------------------------------------------------------------------

    def terrain_at(self, point: Point) -> tuple[TerrainPiece, ...]:
        """Return the pieces under ``point`` (edges included), in table order (kept per
        point, as ``ground_level``: a move's ends are asked again when it is checked and
        carried out)."""
        kept = self._memo("terrain at", _POINTS_KEPT)
        found = kept.get(point)
        if found is None:
            found = kept[point] = tuple(self.pieces[i] for i in self.index.at_point(point))
        return found

    def kind_at(self, point: Point) -> TerrainKind:
        """Return the most restrictive kind of terrain under ``point`` (OPEN if none)."""
        kinds = {piece.kind for piece in self.terrain_at(point)}
        return next((kind for kind in _SEVERITY if kind in kinds), TerrainKind.OPEN)

    def ground_level(self, point: Point) -> Inches:
        """Return the height of the ground at ``point``: the top of an elevated piece, or of
        a rampart, or a gap's floor below 0 (only a model standing there can be there).
        Kept per point (speed: every sight line reads both ends' ground, and models stand
        still through a phase; terrain never moves), at most ``_POINTS_KEPT`` points."""
        levels = self._memo("ground levels", _POINTS_KEPT)
        found: Inches | None = levels.get(point)
        if found is None:
            found = levels[point] = self._ground_level(point)
        return found

    def _ground_level(self, point: Point) -> Inches:
        x, y = point
        bounds = self.index.bounds
        levels = [
            self._level(i, point)
            for i in self.index.elevated
            if bounds[i][0] <= x <= bounds[i][2]
            and bounds[i][1] <= y <= bounds[i][3]  # the box first: speed
            and geometry.point_in_shape(point, self.index.shapes[i])
        ]
        return max(levels, default=0.0)

    def _level(self, i: int, point: Point) -> Inches:
        piece = self.pieces[i]
        if i in self.stairs:
            return piece.stair_level(point)
        return piece.height - piece.depth

    def perch_level(self, point: Point) -> Inches:
        """SR-FLY-05 (002:L2899): the height of the top of sheer terrain (a rock, a ruin's
        wall top: an elevated piece with sheer sides) under ``point``, where a large flyer
        may perch with room beneath its base; 0 if none."""
        x, y = point
        bounds = self.index.bounds
        return max(
            (
                self.pieces[i].height
                for i in self.index.elevated
                if self.pieces[i].is_sheer
                and bounds[i][0] <= x <= bounds[i][2]
                and bounds[i][1] <= y <= bounds[i][3]
                and geometry.point_in_shape(point, self.index.shapes[i])
            ),
            default=0.0,
        )

    def on_table(self, pos: Point, base: Base) -> bool:
        """Whether the whole base lies on the table."""
        r = geometry.bounding_radius(base)
        x, y = pos
        return r <= x <= self.width - r and r <= y <= self.depth - r

    def is_impassable(self, pos: Point, base: Base | None = None) -> bool:
        """Whether a model (or a bare point) at ``pos`` would stand where no model can:
        off the table, overlapping impassable terrain, an obstacle or a gap."""
        if base is None:
            off = not (0 <= pos[0] <= self.width and 0 <= pos[1] <= self.depth)
            return off or any(p.kind in _BLOCKING for p in self.terrain_at(pos))
        if not self.on_table(pos, base):
            return True
        if not self.tops:
            return self.index.footprint_hits(pos, base, _BLOCKING)
        hits = self.index.overlapped(pos, base, _BLOCKING)
        return bool(hits) and not self._on_top(hits, pos, base)

    def _on_top(self, hits: list[int], pos: Point, base: Base) -> bool:
        """Whether the base stands wholly on one rampart's top (data.ASSUMPTIONS rampart-top)."""
        return len(hits) == 1 and hits[0] in self.tops and self.index.covers(hits[0], pos, base)

    def fits(self, pos: Point, base: Base) -> bool:
        """Whether a model may stand at ``pos`` as far as the table is concerned (kept per
        spot and base, as ``ground_level``: a charge's spot is checked when found and again
        when the charge is carried out)."""
        kept = self._memo("fits", _POINTS_KEPT)
        found: bool | None = kept.get((pos, base))
        if found is None:
            found = kept[(pos, base)] = not self.is_impassable(pos, base)
        return found

    # -- segment queries -------------------------------------------------------------------

    def movement_cost(
        self, start: Point, end: Point, base: Base, difficult_factor: float = DIFFICULT_FACTOR
    ) -> Inches:
        """Return the Move a straight move costs: the length, with the stretch where any part
        of the base is in difficult terrain counted ``difficult_factor`` times (MOVE-TER-02;
        pass ``CAVALRY_DIFFICULT_FACTOR`` for cavalry, CAV-MOVE-03)."""
        length = geometry.point_distance(start, end)
        if length < geometry.EPS:
            return 0.0
        stretches = self._priced_stretches(start, end, base, difficult_factor)
        return length + sum((f - 1.0) * (b - a) for a, b, f in stretches)

    def reach(
        self,
        start: Point,
        end: Point,
        base: Base,
        budget: Inches,
        difficult_factor: float = DIFFICULT_FACTOR,
    ) -> Inches:
        """Return how far along the line from ``start`` to ``end`` a Move ``budget`` goes,
        paying for difficult terrain (MOVE-TER-02/03; may exceed the segment if the budget
        is larger)."""
        if geometry.point_distance(start, end) < geometry.EPS:
            return 0.0
        r = geometry.bounding_radius(base)  # all of the base it reads
        key = ("reach", start, end, r, budget, difficult_factor, _OPEN_FEATURES.get())
        limits = self._limits()
        found = limits.get(key)
        if found is None:
            found = limits[key] = self._reach(start, end, base, budget, difficult_factor)
        return found

    def _limits(self) -> dict[tuple[object, ...], Inches]:
        """``reach`` and ``move_limit`` answers, per segment and model (a player tries the
        same move again: a side-step, a second decision of the same model; terrain never
        moves), at most ``_LIMITS_KEPT`` of them (kept in the index: they die with it)."""
        return self._memo("move limits", _LIMITS_KEPT)

    def _memo(self, name: str, limit: int) -> dict[Any, Any]:
        """The index's answers kept under ``name``, emptied past ``limit`` of them (memory;
        kept in the index, they die with the table)."""
        kept: dict[Any, Any] | None = self.index.memo.get(name)
        if kept is None or len(kept) > limit:
            kept = self.index.memo[name] = {}
        return kept

    def _reach(
        self, start: Point, end: Point, base: Base, budget: Inches, difficult_factor: float
    ) -> Inches:
        t, spent = 0.0, 0.0
        # Every inch costs at least one: a stretch entered beyond the budget (and a margin
        # no merging bridges) changes nothing; its piece is not measured (speed).
        within = budget + _BEYOND
        for a, b, factor in self._priced_stretches(start, end, base, difficult_factor, within):
            if spent + (a - t) >= budget:
                return t + (budget - spent)
            spent, t = spent + (a - t), a
            if spent + (b - a) * factor >= budget:
                return t + (budget - spent) / factor
            spent, t = spent + (b - a) * factor, b
        return t + (budget - spent)

    def _priced_stretches(
        self,
        start: Point,
        end: Point,
        base: Base,
        difficult_factor: float,
        within: Inches = math.inf,
    ) -> list[tuple[float, float, float]]:
        """The stretches costing more than their length, each with its factor: difficult
        terrain, and stairs for cavalry (``difficult_factor`` is cavalry's: reading 35,
        CAV-MOVE-08); where both lie the dearer counts. ``within``: the difficult pieces met
        farther are left out (``_reach`` reads none beyond its budget)."""
        slow = [(a, b, difficult_factor) for a, b in self._slow_stretches(start, end, base, within)]
        if not self.stairs or difficult_factor < CAVALRY_DIFFICULT_FACTOR:
            return slow  # SIEGE-MOVE-01, SIEGE-STAIRS-01: stairs cost Infantry nothing more
        r = geometry.bounding_radius(base)
        steps = self.index.swept_intervals(start, end, frozenset({TerrainKind.STAIRS}), r)
        priced = slow + [(a, b, CAVALRY_STAIRS_FACTOR) for a, b, _ in steps]
        return _dearest(priced)

    def _slow_stretches(
        self, start: Point, end: Point, base: Base, within: Inches = math.inf
    ) -> list[geometry.Interval]:
        r = geometry.bounding_radius(base)
        hits = self.index.swept_intervals(start, end, _SLOW, r, within)
        open_ground = _OPEN_FEATURES.get()
        if open_ground:
            hits = [h for h in hits if not self._open(self.pieces[h[2]], open_ground)]
        return geometry.merge_intervals((a, b) for a, b, _ in hits)

    @staticmethod
    def _open(piece: TerrainPiece, open_ground: frozenset[str]) -> bool:
        return ANY_FEATURE in open_ground or bool(piece.features & open_ground)

    def move_limit(
        self,
        start: Point,
        end: Point,
        base: Base,
        model_height: Inches,
        within: Inches = math.inf,
    ) -> Inches:
        """Return how far a base can go along the segment before the table stops it: its
        edge, impassable terrain or a gap (a Jump, MOVE-JUMP-03), an obstacle or sheer side
        needing a Leap or Climb test (MOVE-OBS-03), or a drop higher than the model
        (MOVE-DESC-03). The model stops touching what stopped it. ``within``: a caller
        that reads no limit beyond it; pieces the base cannot meet in the first ``within``
        inches are not measured (the answer is exact below ``within``, and beyond it
        when nothing stops the model before, speed)."""
        if geometry.point_distance(start, end) < geometry.EPS:
            return 0.0
        r = geometry.bounding_radius(base)  # all of the base it reads
        key = ("move limit", start, end, r, model_height, within)
        limits = self._limits()
        found = limits.get(key)
        if found is None:
            found = limits[key] = self._move_limit(start, end, base, model_height, within)
        return found

    def _move_limit(
        self, start: Point, end: Point, base: Base, model_height: Inches, within: Inches
    ) -> Inches:
        r = geometry.bounding_radius(base)
        limits = [self._edge_limit(start, end, r)]
        # Grown slightly less than the radius: a base already touching may move away.
        swept = self.index.swept_intervals(start, end, _STOPPING, r - geometry.MOVE_SLACK, within)
        for a, b, i in swept:
            if b - a > geometry.EPS and self._stops(self.pieces[i], start, end, model_height):
                limits.append(a)
        limits.extend(self._drop_limits(start, end, model_height))
        limits.extend(self._exit_limits(start, end, base, model_height))
        return min(limits)

    def _exit_limits(
        self, start: Point, end: Point, base: Base, model_height: Inches
    ) -> list[Inches]:
        """A model down in a gap stops touching its side where climbing out needs a test
        (data.ASSUMPTIONS gap-floor)."""
        r = geometry.bounding_radius(base)
        return [
            max(0.0, stretches[0][1] - r)
            for gap, _ in self.gap_exits(start, end, model_height)
            if (stretches := self.index.intervals(start, end, self.pieces.index(gap)))
        ]

    def gap_exits(
        self, start: Point, end: Point, model_height: Inches
    ) -> list[tuple[TerrainPiece, ObstacleTest]]:
        """The gap a model at ``start`` stands in (on its floor) and leaves on the way to
        ``end``, with the test its side asks for, like an obstacle ``depth`` high (none:
        it steps up freely)."""
        if not self.floors:
            return []
        found: list[tuple[TerrainPiece, ObstacleTest]] = []
        for piece in self.terrain_at(start):
            if piece.kind is TerrainKind.GAP and piece not in self.terrain_at(end):
                test = obstacle_test(piece.depth, model_height)
                if test is not ObstacleTest.NONE:
                    found.append((piece, test))
        return found

    def _stops(self, piece: TerrainPiece, start: Point, end: Point, model_height: Inches) -> bool:
        if piece.kind is TerrainKind.GAP and self._inside(start, piece):
            return False  # down in it: climbing its side out is a test (_exit_limits)
        if piece.kind in (TerrainKind.IMPASSABLE, TerrainKind.GAP):
            return True
        if piece.is_rampart and self._inside(start, piece):
            return False  # standing on its top: leaving it is a drop (_drop_limits)
        if piece.kind is TerrainKind.ELEVATED and (
            not piece.is_sheer or self._inside(start, piece) or self.landing(piece, start, end)
        ):
            return False
        return obstacle_test(piece.height, model_height) is not ObstacleTest.NONE

    def _drop_limits(self, start: Point, end: Point, model_height: Inches) -> list[Inches]:
        """Leaving a sheer platform (or a rampart's top) higher than the model needs a Climb
        test (MOVE-DESC-03)."""
        limits: list[Inches] = []
        for piece in self.terrain_at(start):
            if (
                (piece.is_sheer or piece.is_rampart)
                and piece.height > model_height
                and not self.landing(piece, start, end)
            ):
                i = self.pieces.index(piece)
                limits.extend(b for _, b in self.index.intervals(start, end, i)[:1])
        return [t for t in limits if t < geometry.point_distance(start, end) - geometry.EPS]

    def _inside(self, point: Point, piece: TerrainPiece) -> bool:
        return piece in self.terrain_at(point)

    def _edge_limit(self, start: Point, end: Point, r: Inches) -> Inches:
        ux, uy = geometry.unit(start, end)
        limit = math.inf
        for s, u, size in ((start[0], ux, self.width), (start[1], uy, self.depth)):
            if u > geometry.EPS:
                limit = min(limit, max(0.0, (size - r - s) / u))
            elif u < -geometry.EPS:
                limit = min(limit, max(0.0, (r - s) / u))
        return limit

    def crosses_obstacle(self, start: Point, end: Point) -> list[TerrainPiece]:
        """Return the obstacles (and sheer elevated edges climbed up) the straight line
        from ``start`` to ``end`` crosses, nearest first; compare each ``height`` with the
        model through ``obstacle_test``."""
        hits = self.index.crossings(start, end, _CROSSABLE)
        return [
            self.pieces[i]
            for _, i in hits
            if (
                self.pieces[i].kind is TerrainKind.OBSTACLE
                and not (self.pieces[i].is_rampart and self._inside(start, self.pieces[i]))
            )
            or (
                self.pieces[i].is_sheer
                and not self._inside(start, self.pieces[i])
                and not self.landing(self.pieces[i], start, end)
            )
        ]

    def landing(self, piece: TerrainPiece, start: Point, end: Point) -> bool:
        """Whether the straight move from ``start`` to ``end`` goes onto (or off) the sheer
        ``piece`` where a flight of stairs as high lands on it: walked, no test (SIEGE-STAIRS-01,
        data.ASSUMPTIONS "stairs")."""
        if not self.stairs or geometry.point_distance(start, end) < geometry.EPS:
            return False
        i = self.pieces.index(piece)
        inside = self.index.intervals(start, end, i)
        if not inside:
            return False
        t = inside[0][1] if self._inside(start, piece) else inside[0][0]
        ux, uy = geometry.unit(start, end)
        edge = (start[0] + ux * t, start[1] + uy * t)
        return any(
            abs(self.pieces[s].stair_level(edge) - piece.height) <= LANDING_TOLERANCE
            and geometry.point_distance(edge, self.index.nearest_on(s, edge)) <= LANDING_TOLERANCE
            for s in self.stairs
        )

    def tests_crossed(
        self, start: Point, end: Point, model_height: Inches
    ) -> list[tuple[TerrainPiece, ObstacleTest]]:
        """Return the obstacles on the line that this model cannot simply step over, with the
        test each needs, nearest first (MOVE-OBS-02/03; ``model_height``: the mount's
        shoulders for cavalry, MOVE-OBS-05)."""
        found = (
            (p, obstacle_test(p.height, model_height)) for p in self.crosses_obstacle(start, end)
        )
        return [(piece, test) for piece, test in found if test is not ObstacleTest.NONE]

    def gaps_crossed(self, start: Point, end: Point) -> list[tuple[TerrainPiece, Inches]]:
        """Return the gaps the line crosses with the width to jump, nearest first
        (MOVE-JUMP-01/02)."""
        return [
            (self.pieces[i], self.index.crossing_length(start, end, i))
            for _, i in self.index.crossings(start, end, frozenset({TerrainKind.GAP}))
            if not self._inside(start, self.pieces[i])  # down in it: gap_exits
        ]

    def far_side(self, start: Point, end: Point, piece: TerrainPiece, base: Base) -> Point:
        """Return where a model moving from ``start`` towards ``end`` lands after leaping or
        jumping ``piece``: beyond it on that line, its base touching it (MOVE-LEAP table)."""
        i = self.pieces.index(piece)
        return self.index.exit_point(start, end, i, geometry.bounding_radius(base))

    def touching(self, pos: Point, base: Base, tolerance: Inches = 0.05) -> list[TerrainPiece]:
        """Return the pieces the base touches or overlaps (defending a barrier, FIGHT-BAR-02;
        a shooter behind cover, SHOOT-COVER-01)."""
        return [self.pieces[i] for i in self.index.near(pos, base, tolerance)]

    def route(
        self, start: Point, goal: Point, base: Base, under: float = math.inf
    ) -> list[Point] | None:
        """Return the shortest waypoints (goal included) for a base to walk around impassable
        terrain, obstacles and gaps to ``goal``, or None if it cannot get there
        (MOVE-GEN-05/06). Sheer platforms are walked around too. Other models are not
        considered. ``under``: None also when no route is shorter than this (found cheaply
        where it can be: a caller weighing candidates against the best so far, speed)."""
        chosen = self.index.memo.get("route pieces")
        if chosen is None:  # the pieces never change: listed once (speed: a route per walk)
            chosen = [i for i, p in enumerate(self.pieces) if p.kind in _BLOCKING or p.is_sheer]
            self.index.memo["route pieces"] = chosen
        graph = self.index.routes(geometry.bounding_radius(base), chosen)
        return graph.route(start, goal, under)

    # -- defensive positions (§6.9-6.10) ---------------------------------------------------

    def barrier_for(
        self,
        defender_pos: Point,
        defender_base: Base,
        defender_height: Inches,
        attacker_pos: Point,
        attacker_height: Inches,
    ) -> TerrainPiece | None:
        """Return the barrier the defender holds against this attacker, if any: an obstacle
        its base touches (FIGHT-BAR-02), between the two models, at least half the attacker's
        height and low enough for the defender to see over (FIGHT-BAR-01, 002:L1094), unless
        the attacker is at least twice its height (FIGHT-BAR-04, 002:L1102: that exception
        wins at exactly twice)."""
        crossed = self.crosses_obstacle(defender_pos, attacker_pos)
        for piece in self.touching(defender_pos, defender_base):
            if piece.kind is not TerrainKind.OBSTACLE or piece not in crossed:
                continue
            if eye_height(defender_height) > piece.height and attacker_height < 2 * piece.height:
                return piece
        return None

    def elevated_over(self, high_pos: Point, low_pos: Point, low_height: Inches) -> bool:
        """Whether a model at ``high_pos`` stands higher than half the height of the enemy at
        ``low_pos`` (FIGHT-ELEV-01, 002:L1172; same level: a normal fight, FIGHT-ELEV-04)."""
        return self.ground_level(high_pos) - self.ground_level(low_pos) > low_height / 2

    def across_barrier_spot(
        self,
        charger_pos: Point,
        charger_base: Base,
        defender_pos: Point,
        defender_base: Base,
        barrier: TerrainPiece,
        others: Sequence[tuple[Point, Base]] = (),
    ) -> Point | None:
        """Return where a charger stands to fight a barrier defender: touching the barrier on
        the far side, within 1" of the defender (FIGHT-BAR-05, 002:L1108), free of other
        bases; the free spot nearest the charger, or None."""
        i = self.pieces.index(barrier)
        near = self.index.nearest_on(i, defender_pos)
        facing = self.index.exit_point(
            defender_pos, near, i, geometry.bounding_radius(charger_base)
        )
        tx, ty = geometry.unit(defender_pos, near)
        spots = [(facing[0] - ty * k * 0.25, facing[1] + tx * k * 0.25) for k in range(-8, 9)]
        good = [
            s
            for s in spots
            if self._holds_barrier(s, charger_base, defender_pos, defender_base, barrier, others)
        ]
        return min(good, key=lambda s: geometry.point_distance(s, charger_pos), default=None)

    def _holds_barrier(
        self,
        spot: Point,
        base: Base,
        defender_pos: Point,
        defender_base: Base,
        barrier: TerrainPiece,
        others: Sequence[tuple[Point, Base]],
    ) -> bool:
        if geometry.distance(spot, base, defender_pos, defender_base) >= geometry.CONTROL_ZONE:
            return False
        if not self.fits(spot, base) or barrier not in self.touching(spot, base):
            return False
        return not any(geometry.overlaps(spot, base, p, b) for p, b in others)

    # -- JSON ------------------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "width": self.width,
            "depth": self.depth,
            "pieces": [p.to_json() for p in self.pieces],
            "zones": [z.to_json() for z in self.zones],
            "objectives": [o.to_json() for o in self.objectives],
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Table:
        try:
            return cls(
                name=str(data["name"]),
                width=float(data.get("width", DEFAULT_SIZE)),
                depth=float(data.get("depth", DEFAULT_SIZE)),
                pieces=tuple(TerrainPiece.from_json(p) for p in data.get("pieces", [])),
                zones=tuple(
                    DeploymentZone(int(z["player"]), _rect(z["rect"]))
                    for z in data.get("zones", [])
                ),
                objectives=tuple(
                    Objective(str(o["name"]), _point(o["point"]))
                    for o in data.get("objectives", [])
                ),
            )
        except (KeyError, TypeError) as error:
            raise TableError(f"bad table JSON: {error}") from error

    def zone(self, player: int) -> DeploymentZone:
        for zone in self.zones:
            if zone.player == player:
                return zone
        raise TableError(f"table {self.name!r} has no deployment zone for player {player}")

    def with_pieces(self, pieces: Sequence[TerrainPiece]) -> Table:
        return Table(self.name, tuple(pieces), self.width, self.depth, self.zones, self.objectives)


_SEVERITY = (
    TerrainKind.IMPASSABLE,
    TerrainKind.GAP,
    TerrainKind.OBSTACLE,
    TerrainKind.DIFFICULT,
    TerrainKind.ELEVATED,
    TerrainKind.OPEN,
)
_BLOCKING = frozenset({TerrainKind.IMPASSABLE, TerrainKind.OBSTACLE, TerrainKind.GAP})
_CROSSABLE = frozenset({TerrainKind.OBSTACLE, TerrainKind.ELEVATED})
_SLOW = frozenset({TerrainKind.DIFFICULT})
_STOPPING = frozenset(
    {TerrainKind.IMPASSABLE, TerrainKind.GAP, TerrainKind.OBSTACLE, TerrainKind.ELEVATED}
)


def _dearest(priced: list[tuple[float, float, float]]) -> list[tuple[float, float, float]]:
    """Disjoint stretches in order, each with the highest factor of the stretches over it."""
    cuts = sorted({t for a, b, _ in priced for t in (a, b)})
    found: list[tuple[float, float, float]] = []
    for a, b in zip(cuts, cuts[1:], strict=False):
        factor = max((f for x, y, f in priced if x <= a and b <= y), default=1.0)
        if factor > 1.0 and b - a > geometry.EPS:
            found.append((a, b, factor))
    return found


def _rect(values: Sequence[float]) -> tuple[float, float, float, float]:
    x0, y0, x1, y1 = (float(v) for v in values)
    return (x0, y0, x1, y1)


def _point(values: Sequence[float]) -> Point:
    x, y = (float(v) for v in values)
    return (x, y)

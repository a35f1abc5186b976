"""A seeded generator of sensible random tables, drawing every choice from one ``Dice``.

The layout keeps the deployment zones (12" from each player's edge, ``tables_preset``) clear,
never lets two features overlap (a wood's trees stand inside their own wood), leaves at least
``CLEARANCE`` between features so a large base can walk between them, and aims at a club-table
density: ``FEATURES`` features (ASSUMPTION: 8 to 12 on a 48" x 48" table), more if they cover
less than ``MIN_COVER`` of the table. The same dice seed
gives the same table; the rolls are recorded by the ``Dice`` like any other.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from battlesim.engines.dice import Dice
from battlesim.engines.sbg.core import geometry
from battlesim.engines.sbg.core.bases import Inches
from battlesim.engines.sbg.core.table import Cover, Objective, Table, TerrainKind, TerrainPiece
from battlesim.engines.sbg.core.tables_preset import (
    DEPLOYMENT_DEPTH,
    disc,
    rectangle,
    standard_objectives,
    standard_zones,
)

CLEARANCE: Inches = 2.0  # a 60 mm base (2.36") squeezes through; infantry walks easily
FEATURES = (8, 12)
MIN_COVER = 0.06  # ASSUMPTION: keep adding features until they cover 6% of the table...
MAX_FEATURES = 24  # ...trying at most this many features in all
ATTEMPTS = 30  # tries to place one feature before giving it up
STEP: Inches = 0.25  # coordinates are drawn on a quarter-inch grid
OBJECTIVE_CLEARANCE: Inches = 2.0  # nothing blocking stands on or next to an objective
BLOCKING = frozenset({TerrainKind.IMPASSABLE, TerrainKind.OBSTACLE, TerrainKind.GAP})


@dataclass(frozen=True, slots=True)
class Spot:
    x: float
    y: float
    angle: float


def _uniform(dice: Dice, lo: float, hi: float, purpose: str) -> float:
    """Return a value from ``lo`` to ``hi`` on the quarter-inch grid."""
    steps = max(1, int((hi - lo) / STEP))
    return lo + (dice.roll(steps + 1, purpose) - 1) * STEP


def _house(n: int, spot: Spot, dice: Dice) -> tuple[TerrainPiece, ...]:
    w, d = _uniform(dice, 3, 6, "house width"), _uniform(dice, 3, 5, "house depth")
    return (
        TerrainPiece(
            f"house {n}",
            TerrainKind.IMPASSABLE,
            rectangle(spot.x, spot.y, w, d, spot.angle),
            height=4.0,
            cover=Cover.SOLID,
        ),
    )


def _wood(n: int, spot: Spot, dice: Dice) -> tuple[TerrainPiece, ...]:
    r = _uniform(dice, 3, 5, "wood radius")
    wood = TerrainPiece(
        f"wood {n}",
        TerrainKind.DIFFICULT,
        disc(spot.x, spot.y, r, 10),
        height=0.5,
        cover=Cover.LIGHT,
    )
    offsets = [(-0.45, -0.3), (0.4, 0.35), (0.0, 0.5), (0.5, -0.4)]
    trees = tuple(
        TerrainPiece(
            f"wood {n} tree {k}",
            TerrainKind.IMPASSABLE,
            disc(spot.x + dx * r, spot.y + dy * r, 0.5, 8),
            height=4.0,
            cover=Cover.SOLID,
        )
        for k, (dx, dy) in enumerate(offsets[: dice.roll(3, "trees") + 1], start=1)
    )
    return (wood, *trees)


def _hill(n: int, spot: Spot, dice: Dice) -> tuple[TerrainPiece, ...]:
    r = _uniform(dice, 3, 5, "hill radius")
    return (
        TerrainPiece(
            f"hill {n}",
            TerrainKind.ELEVATED,
            disc(spot.x, spot.y, r, 12),
            height=_uniform(dice, 1, 2, "hill height"),
        ),
    )


def _wall(n: int, spot: Spot, dice: Dice) -> tuple[TerrainPiece, ...]:
    length = _uniform(dice, 4, 8, "wall length")
    ends = rectangle(spot.x, spot.y, length, 0.0, spot.angle)[:2]
    low = dice.roll(2, "wall or fence") == 1
    return (
        TerrainPiece(
            f"{'fence' if low else 'wall'} {n}",
            TerrainKind.OBSTACLE,
            ends,
            height=0.5 if low else 0.8,
            thickness=0.3,
            cover=Cover.LIGHT if low else Cover.SOLID,
        ),
    )


def _rocks(n: int, spot: Spot, dice: Dice) -> tuple[TerrainPiece, ...]:
    return (
        TerrainPiece(
            f"rocks {n}",
            TerrainKind.IMPASSABLE,
            disc(spot.x, spot.y, _uniform(dice, 0.75, 1.5, "rock radius"), 7),
            height=2.0,
            cover=Cover.SOLID,
        ),
    )


def _rough(n: int, spot: Spot, dice: Dice) -> tuple[TerrainPiece, ...]:
    w, d = _uniform(dice, 3, 6, "rough width"), _uniform(dice, 2, 4, "rough depth")
    return (
        TerrainPiece(
            f"rough ground {n}",
            TerrainKind.DIFFICULT,
            rectangle(spot.x, spot.y, w, d, spot.angle),
            height=0.3,
            cover=Cover.LIGHT,
        ),
    )


def _stream(n: int, spot: Spot, dice: Dice) -> tuple[TerrainPiece, ...]:
    """Shallow water (ADV-WATER-02): a stream, difficult ground by its name's word."""
    length, width = _uniform(dice, 14, 24, "stream length"), _uniform(dice, 1.5, 3, "stream width")
    return (
        TerrainPiece(
            f"stream {n}",
            TerrainKind.DIFFICULT,
            rectangle(spot.x, spot.y, length, width, spot.angle / 6),
        ),
    )


def _pool(n: int, spot: Spot, dice: Dice) -> tuple[TerrainPiece, ...]:
    """Deep water (ADV-WATER-03): a pool models swim across."""
    r = _uniform(dice, 2, 3.5, "pool radius")
    return (TerrainPiece(f"deep pool {n}", TerrainKind.DIFFICULT, disc(spot.x, spot.y, r, 10)),)


def _ruin(n: int, spot: Spot, dice: Dice) -> tuple[TerrainPiece, ...]:
    """Rubble (difficult) inside two broken walls meeting at a corner."""
    w = _uniform(dice, 4, 6, "ruin size")
    floor = rectangle(spot.x, spot.y, w, w, spot.angle)
    a, b, c = floor[0], floor[1], floor[2]
    height = _uniform(dice, 0.75, 1.5, "ruin wall height")
    return (
        TerrainPiece(f"ruin {n} rubble", TerrainKind.DIFFICULT, floor, 0.2, cover=Cover.LIGHT),
        TerrainPiece(
            f"ruin {n} wall", TerrainKind.OBSTACLE, (a, b, c), height, 0.3, cover=Cover.SOLID
        ),
    )


Feature = Callable[[int, Spot, Dice], tuple[TerrainPiece, ...]]
KINDS: tuple[Feature, ...] = (_house, _wood, _hill, _wall, _wall, _rocks, _rough)
# Features a scenario may ask for (ScenarioSpec.features), placed before the usual mix.
ASKED: dict[str, Feature] = {
    "water": _stream,
    "deep water": _pool,
    "ruins": _ruin,
    "woods": _wood,
    "hills": _hill,
    "walls": _wall,
    "buildings": _house,
}
AREA_KINDS: tuple[Feature, ...] = (_house, _wood, _hill, _rough)  # to top up a sparse table


@dataclass(frozen=True, slots=True)
class Layout:
    """The table being filled: its size, its objectives and the features placed so far."""

    width: Inches
    depth: Inches
    objectives: tuple[Objective, ...]
    placed: list[tuple[TerrainPiece, ...]]

    def covered(self) -> float:
        return sum(geometry.piece_area(feature[0]) for feature in self.placed)

    def fits(self, feature: tuple[TerrainPiece, ...]) -> bool:
        """The feature (its first piece holds the rest) stays off the deployment zones and the
        table edge, keeps ``CLEARANCE`` from the others and nothing blocking stands within
        ``OBJECTIVE_CLEARANCE`` of an objective."""
        x0, y0, x1, y1 = geometry.piece_bounds(feature[0])
        margin = 0.5
        if x0 < margin or x1 > self.width - margin:
            return False
        if y0 < DEPLOYMENT_DEPTH + margin or y1 > self.depth - DEPLOYMENT_DEPTH - margin:
            return False
        if any(self._crowds_objective(piece) for piece in feature):
            return False
        return all(geometry.pieces_clear(feature[0], other[0], CLEARANCE) for other in self.placed)

    def _crowds_objective(self, piece: TerrainPiece) -> bool:
        return piece.kind in BLOCKING and any(
            geometry.piece_point_distance(piece, o.point) < OBJECTIVE_CLEARANCE
            for o in self.objectives
        )


def generate_table(
    dice: Dice,
    *,
    name: str = "generated",
    width: Inches = 48.0,
    depth: Inches = 48.0,
    features: tuple[str, ...] = (),
) -> Table:
    """Return a random table drawn with ``dice`` (deterministic for a seed); ``features``
    (keys of ``ASKED``) are placed first, one each, when they fit.

    >>> a, b = generate_table(Dice(3)), generate_table(Dice(3))
    >>> a.to_json() == b.to_json()
    True
    """
    layout = Layout(width, depth, standard_objectives(width, depth), [])
    for k, asked in enumerate(features, start=MAX_FEATURES + 1):
        feature = _place(k, ASKED[asked], dice, layout)
        if feature is not None:
            layout.placed.append(feature)
    low, high = FEATURES
    wanted = low + dice.roll(high - low + 1, "feature count") - 1
    for n in range(1, MAX_FEATURES + 1):
        if n > wanted and layout.covered() >= MIN_COVER * width * depth:
            break
        kinds = KINDS if n <= wanted else AREA_KINDS
        feature = _place(n, dice.choice(kinds, "terrain kind"), dice, layout)
        if feature is not None:
            layout.placed.append(feature)
    pieces = tuple(piece for feature in layout.placed for piece in feature)
    return Table(name, pieces, width, depth, standard_zones(width, depth), layout.objectives)


def _place(n: int, make: Feature, dice: Dice, layout: Layout) -> tuple[TerrainPiece, ...] | None:
    """Try ``ATTEMPTS`` random spots for one feature; None if none fits."""
    for _ in range(ATTEMPTS):
        spot = Spot(
            _uniform(dice, 2, layout.width - 2, "terrain x"),
            _uniform(dice, DEPLOYMENT_DEPTH + 2, layout.depth - DEPLOYMENT_DEPTH - 2, "terrain y"),
            _uniform(dice, 0, 180, "terrain angle"),
        )
        feature = make(n, spot, dice)
        if layout.fits(feature):
            return feature
    return None

"""A few ready-made 48" x 48" tables: an open field, a village, a forest with ruins.

All share the matched-play set-up recorded by the rules (``data.py``, "to-the-death"): each
player deploys within 12" of its own edge (player 0 along y = 0, player 1 along y = 48), and the
five "Domination" objectives (the centre and four points 12" from it along the diagonals). No
terrain stands in a deployment zone. Heights and sizes are ASSUMPTIONS typical of a club table:
houses 4", low walls 0.8" (a Leap test for a Man, MOVE-OBS-03), fences 0.5", trees 4".
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable
from dataclasses import replace

from battlesim.engines.sbg.core.bases import Inches, Point
from battlesim.engines.sbg.core.table import (
    DEFAULT_SIZE,
    Cover,
    DeploymentZone,
    Objective,
    Table,
    TableError,
    TerrainKind,
    TerrainPiece,
)

DEPLOYMENT_DEPTH: Inches = 12.0
OBJECTIVE_OFFSET: Inches = 12.0 / math.sqrt(2)  # 12" from the centre along a diagonal


def standard_zones(
    width: Inches = DEFAULT_SIZE, depth: Inches = DEFAULT_SIZE
) -> tuple[DeploymentZone, ...]:
    return (
        DeploymentZone(0, (0.0, 0.0, width, DEPLOYMENT_DEPTH)),
        DeploymentZone(1, (0.0, depth - DEPLOYMENT_DEPTH, width, depth)),
    )


def standard_objectives(
    width: Inches = DEFAULT_SIZE, depth: Inches = DEFAULT_SIZE
) -> tuple[Objective, ...]:
    cx, cy, k = width / 2, depth / 2, OBJECTIVE_OFFSET
    corners = [
        ("south-west", -k, -k),
        ("south-east", k, -k),
        ("north-west", -k, k),
        ("north-east", k, k),
    ]
    return (
        Objective("centre", (cx, cy)),
        *(Objective(name, (cx + dx, cy + dy)) for name, dx, dy in corners),
    )


def rectangle(x: float, y: float, w: float, h: float, angle: float = 0.0) -> tuple[Point, ...]:
    """Return the corners of a ``w`` x ``h`` rectangle centred on (x, y), turned ``angle``
    degrees."""
    a = math.radians(angle)
    c, s = math.cos(a), math.sin(a)
    half = [(-w / 2, -h / 2), (w / 2, -h / 2), (w / 2, h / 2), (-w / 2, h / 2)]
    return tuple((round(x + px * c - py * s, 4), round(y + px * s + py * c, 4)) for px, py in half)


def disc(x: float, y: float, r: float, sides: int = 12) -> tuple[Point, ...]:
    """Return a regular polygon approximating a circle (a tree trunk, a rock, a hill)."""
    return tuple(
        (
            round(x + r * math.cos(2 * math.pi * k / sides), 4),
            round(y + r * math.sin(2 * math.pi * k / sides), 4),
        )
        for k in range(sides)
    )


def _table(name: str, pieces: tuple[TerrainPiece, ...]) -> Table:
    return Table(name, pieces, zones=standard_zones(), objectives=standard_objectives())


def open_field() -> Table:
    """An empty field: the baseline for statistics."""
    return _table("open field", ())


def _house(name: str, x: float, y: float, w: float, h: float, angle: float = 0.0) -> TerrainPiece:
    return TerrainPiece(
        name, TerrainKind.IMPASSABLE, rectangle(x, y, w, h, angle), height=4.0, cover=Cover.SOLID
    )


def _wall(
    name: str, points: tuple[Point, ...], height: Inches = 0.8, cover: Cover = Cover.SOLID
) -> TerrainPiece:
    return TerrainPiece(
        name, TerrainKind.OBSTACLE, points, height=height, thickness=0.3, cover=cover
    )


def half_turn(piece: TerrainPiece, name: str) -> TerrainPiece:
    """The piece turned half a turn about the table's centre, under ``name``: its partner
    on a fair table, where each side meets the same ground the other does."""
    width = depth = DEFAULT_SIZE

    def turned(points: tuple[Point, ...]) -> tuple[Point, ...]:
        return tuple((round(width - x, 4), round(depth - y, 4)) for x, y in points)

    rise = (-piece.rise[0] + 0.0, -piece.rise[1] + 0.0)
    return replace(
        piece, name=name, points=turned(piece.points), ladders=turned(piece.ladders), rise=rise
    )


def both_ways(piece: TerrainPiece, partner: str) -> tuple[TerrainPiece, TerrainPiece]:
    return piece, half_turn(piece, partner)


def village() -> Table:
    """Houses around a road with garden walls and fences: short sight lines, barriers.
    Fair: each piece has its partner half a turn about the centre (inn and smithy, barn and
    mill, garden and yard walls, the two fences, the two plots, the well and the trough)."""
    patch = TerrainPiece(
        "vegetable patch",
        TerrainKind.DIFFICULT,
        rectangle(32, 27, 4, 3),
        height=0.3,
        cover=Cover.LIGHT,
    )
    well = TerrainPiece(
        "well", TerrainKind.IMPASSABLE, disc(22, 21, 0.6), height=1.0, cover=Cover.SOLID
    )
    return _table(
        "village",
        (
            TerrainPiece("road", TerrainKind.OPEN, rectangle(24, 24, 3, 23)),
            *both_ways(_house("inn", 17, 28, 6, 4), "smithy"),
            *both_ways(_house("barn", 9, 17, 6, 5, 15), "mill"),
            *both_ways(_wall("garden wall", ((12, 31), (12, 34), (20, 34))), "yard wall"),
            *both_ways(_wall("west fence", ((3, 24), (10, 24)), 0.5, Cover.LIGHT), "east fence"),
            *both_ways(patch, "herb plot"),
            *both_ways(well, "trough"),
        ),
    )


def _trees(prefix: str, spots: list[Point]) -> tuple[TerrainPiece, ...]:
    return tuple(
        TerrainPiece(
            f"{prefix} tree {n}",
            TerrainKind.IMPASSABLE,
            disc(x, y, 0.5, 8),
            height=4.0,
            cover=Cover.SOLID,
        )
        for n, (x, y) in enumerate(spots, start=1)
    )


def forest_and_ruins() -> Table:
    """A wood (difficult ground and trunks) on each flank, ruined walls round the centre, a
    hill and a rocky outcrop before each side, boulders. Fair: each piece has its partner
    half a turn about the centre (a lone forest, ruins and outcrop before one side's zone
    gave the side from the north 27 points more wins with the same pairing)."""
    wood = TerrainPiece(
        "west wood", TerrainKind.DIFFICULT, disc(9, 28, 5.5, 10), height=0.5, cover=Cover.LIGHT
    )
    trees = _trees("west wood", [(7, 26), (11, 30), (9, 32), (12, 25), (5, 29)])
    outcrop = TerrainPiece(
        "south outcrop",
        TerrainKind.ELEVATED,
        rectangle(29, 15.5, 4, 3, 20),
        height=2.0,
        sloped=False,
        cover=Cover.SOLID,
    )
    rubble = TerrainPiece(
        "rubble", TerrainKind.DIFFICULT, rectangle(24, 24, 3, 3), height=0.2, cover=Cover.LIGHT
    )
    boulder = TerrainPiece(
        "south boulder",
        TerrainKind.IMPASSABLE,
        disc(5, 16, 1.2, 8),
        height=2.0,
        cover=Cover.SOLID,
    )
    return _table(
        "forest and ruins",
        (
            *both_ways(wood, "east wood"),
            *trees,
            *(half_turn(tree, tree.name.replace("west", "east")) for tree in trees),
            *both_ways(
                TerrainPiece("south hill", TerrainKind.ELEVATED, disc(14, 17, 4.5, 12), height=1.5),
                "north hill",
            ),
            *both_ways(outcrop, "north outcrop"),
            *both_ways(_wall("ruin west", ((19, 27), (19, 21), (22, 21)), height=1.5), "ruin east"),
            rubble,
            *both_ways(boulder, "north boulder"),
        ),
    )


PRESETS: dict[str, Callable[[], Table]] = {
    "open field": open_field,
    "village": village,
    "forest and ruins": forest_and_ruins,
}


class UnknownTableError(TableError):
    """No preset table under that name."""


def preset(name: str) -> Table:
    """Return a preset table by name (``PRESETS`` lists them)."""
    if name not in PRESETS:
        known = ", ".join(sorted(PRESETS))
        raise UnknownTableError(f"unknown table {name!r}; known: {known}")
    return _built(name)


@functools.cache
def _built(name: str) -> Table:
    """Each preset is built once per process: a table never changes, and its index keeps the
    shapes and route graphs every battle on it needs (speed: not rebuilt per battle)."""
    return PRESETS[name]()

"""More preset tables (issue 20, "tables to match"): a river, rolling hills, and two siege
tables, a curtain wall with a gate before a keep and a ruined fort.

Sizes and heights are ASSUMPTIONS typical of a club table, as for ``tables_preset``: a man
(1.2") climbs the 2" curtain wall (MOVE-CLIMB) and leaps the 1" ruined walls (MOVE-OBS-03).
The river is shallow water, difficult ground (ADV-WATER-02, 002:L2913); the ford is open.
The curtain walls have no holds (SIEGE-WALL-01); the gateway is a doorway (FIGHT-DOOR-01) where
Storm the Gate stands its castle gate (rules/fortifications.py, scenario_library).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from types import MappingProxyType

from battlesim.engines.sbg.core.table import Cover, Table, TerrainKind, TerrainPiece
from battlesim.engines.sbg.core.tables_preset import (
    PRESETS,
    UnknownTableError,
    both_ways,
    disc,
    rectangle,
    standard_objectives,
    standard_zones,
)


def _wall(name: str, points: tuple[tuple[float, float], ...], height: float) -> TerrainPiece:
    """A wall; a fortification's (2" and more) has no holds: SIEGE-WALL-01 (002:L3230-3232),
    only a ladder (or Spider Climb) would take a model up it."""
    fortified = height >= 2
    cover = Cover.FORTIFIED if fortified else Cover.SOLID
    return TerrainPiece(
        name,
        TerrainKind.OBSTACLE,
        points,
        height=height,
        thickness=0.6,
        cover=cover,
        climbable=not fortified,
    )


def river_ford() -> Table:
    """A shallow river across the centre line, a ford at its middle, a copse and a reed bank
    on each bank. Fair: each piece has its partner half a turn about the centre."""
    copse = TerrainPiece(
        "north copse wood",
        TerrainKind.DIFFICULT,
        disc(36, 32, 3.5, 10),
        height=0.5,
        cover=Cover.LIGHT,
    )
    reeds = TerrainPiece(
        "west reed bank", TerrainKind.DIFFICULT, rectangle(4.5, 20, 6, 2), cover=Cover.LIGHT
    )
    pieces = (
        *both_ways(
            TerrainPiece("river west", TerrainKind.DIFFICULT, rectangle(10.5, 24, 21, 3)),
            "river east",
        ),
        TerrainPiece("ford", TerrainKind.OPEN, rectangle(24, 24, 6, 3)),
        *both_ways(copse, "south copse wood"),
        *both_ways(reeds, "east reed bank"),
    )
    return Table("river ford", pieces, zones=standard_zones(), objectives=standard_objectives())


def rolling_hills() -> Table:
    """A knoll at the centre, a gentle hill and a rocky crest before each side: height for
    sight and for charging down. Fair: each piece has its partner half a turn about the
    centre."""
    crest = TerrainPiece(
        "south rocky crest",
        TerrainKind.DIFFICULT,
        rectangle(24, 15, 6, 2, 10),
        height=0.4,
        cover=Cover.LIGHT,
    )
    pieces = (
        *both_ways(
            TerrainPiece("west hill", TerrainKind.ELEVATED, disc(12, 26, 5, 12), height=1.5),
            "east hill",
        ),
        TerrainPiece("knoll", TerrainKind.ELEVATED, disc(24, 24, 3, 10), height=1.0),
        *both_ways(crest, "north rocky crest"),
    )
    return Table("rolling hills", pieces, zones=standard_zones(), objectives=standard_objectives())


def walled_keep() -> Table:
    """A curtain wall across the north third with a gateway at its middle, a keep behind,
    a watchtower floor in the west courtyard with its stairs."""
    pieces = (
        _wall("curtain wall west", ((4.0, 31.0), (22.5, 31.0)), 2.0),
        _wall("curtain wall east", ((25.5, 31.0), (44.0, 31.0)), 2.0),
        _wall("west wall", ((4.0, 31.3), (4.0, 47.9)), 2.0),
        _wall("east wall", ((44.0, 31.3), (44.0, 47.9)), 2.0),
        TerrainPiece("gateway", TerrainKind.OPEN, rectangle(24, 31, 3, 0.6), door=True),
        TerrainPiece(
            "keep",
            TerrainKind.IMPASSABLE,
            rectangle(24, 45.5, 12, 4),
            height=6.0,
            cover=Cover.SOLID,
        ),
        # SIEGE-MOVE-03, SIEGE-STAIRS-01 (002:L3252-3256): a watchtower's upper floor, its
        # stairs rising west from the courtyard onto it (data.ASSUMPTIONS "stairs")
        TerrainPiece(
            "watchtower floor",
            TerrainKind.ELEVATED,
            rectangle(9, 44, 4, 4),
            height=2.5,
            cover=Cover.SOLID,
            sloped=False,
        ),
        TerrainPiece(
            "watchtower stairs",
            TerrainKind.STAIRS,
            rectangle(13, 44, 4, 1.5),
            height=2.5,
            cover=Cover.LIGHT,
            rise=(-1.0, 0.0),
        ),
        TerrainPiece(
            "siege camp rubble",
            TerrainKind.DIFFICULT,
            rectangle(12, 20, 5, 3),
            height=0.3,
            cover=Cover.LIGHT,
        ),
    )
    return Table("walled keep", pieces, zones=standard_zones())


def ruined_fort() -> Table:
    """A ruined square fort at the centre: low broken walls with breaches, rubble outside."""
    pieces = (
        _wall("fort south west", ((15.0, 17.0), (21.0, 17.0)), 1.0),
        _wall("fort south east", ((27.0, 17.0), (33.0, 17.0)), 1.0),
        _wall("fort north west", ((15.0, 31.0), (22.0, 31.0)), 1.0),
        _wall("fort north east", ((26.0, 31.0), (33.0, 31.0)), 1.0),
        _wall("fort west south", ((15.0, 17.3), (15.0, 23.0)), 1.0),
        _wall("fort west north", ((15.0, 25.0), (15.0, 30.7)), 1.0),
        _wall("fort east", ((33.0, 17.3), (33.0, 30.7)), 1.0),
        TerrainPiece(
            "fallen stones rubble",
            TerrainKind.DIFFICULT,
            rectangle(24, 14, 4, 2),
            height=0.3,
            cover=Cover.LIGHT,
        ),
        TerrainPiece(
            "tower stump",
            TerrainKind.IMPASSABLE,
            disc(37, 35, 1.5, 8),
            height=3.0,
            cover=Cover.SOLID,
        ),
    )
    return Table("ruined fort", pieces, zones=standard_zones())


MORE: Mapping[str, Callable[[], Table]] = MappingProxyType(
    {
        "river ford": river_ford,
        "rolling hills": rolling_hills,
        "walled keep": walled_keep,
        "ruined fort": ruined_fort,
    }
)
# Asymmetric by design (an attacker and a defender): every other preset is fair, each piece
# with its partner half a turn about the centre (tests/engines/sbg/test_table.py).
SIEGE_TABLES = frozenset({"walled keep", "ruined fort"})
ALL_PRESETS: Mapping[str, Callable[[], Table]] = MappingProxyType({**PRESETS, **MORE})


def preset(name: str) -> Table:
    """Return any preset table by name (``ALL_PRESETS`` lists them)."""
    if name not in ALL_PRESETS:
        known = ", ".join(sorted(ALL_PRESETS))
        raise UnknownTableError(f"unknown table {name!r}; known: {known}")
    return _built(name)


@functools.cache
def _built(name: str) -> Table:
    """Each preset is built once per process, as ``tables_preset.preset`` does: a table never
    changes, and its index keeps the shapes, route graphs and segment answers every battle
    on it needs (speed: a worker's chunk does not build them again for every battle; each
    cache in the index is bounded, so memory stays flat)."""
    return ALL_PRESETS[name]()

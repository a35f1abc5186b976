"""Board data the replay page draws beside a game's log: Monopoly's squares, Risk's map.

The log says what happened; the board (names, groups, regions, the schematic map) is fixed
data taken from the engines' own tables, so the page never duplicates them in JavaScript.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

import yaml

from battlesim.board_names import monopoly_square_names
from battlesim.engines.monopoly.data import (
    HOUSES_FOR_HOTEL,
    HOUSES_FOR_HOTEL_QUICK,
    JAIL_SQUARE,
    RING_PATH,
    SQUARES,
    START_CASH,
)
from battlesim.engines.risk.data import DATA_FILE as RISK_DATA_FILE
from battlesim.engines.risk.data import load_board

RISK_MAP_FILE = Path(__file__).with_name("replay_risk_map.yaml")


class MapLayoutError(ValueError):
    """The schematic Risk map does not place every territory exactly once, inside its grid."""


def replay_board(game: str, language: str | None = None) -> dict[str, Any] | None:
    """The fixed board of ``game`` as JSON-ready data, or None when its renderer needs none;
    names in ``language`` where the sources give both (``battlesim.board_names``)."""
    if game == "monopoly":
        return monopoly_board(language)
    if game == "risk":
        return risk_board()
    return None


def monopoly_board(language: str | None = None) -> dict[str, Any]:
    """The 40 squares in board order, the Ring's path (001:L86-88) and the numbers the page
    needs to replay a turn between two snapshots: starting cash, prison, fortress level.
    Square names are French for a French reader, else English."""
    names = monopoly_square_names(language)
    squares = [
        {
            "index": square.index,
            "name": names[square.index],
            "kind": square.kind.value,
            "group": square.group.value if square.group else None,
            "price": square.price,
        }
        for square in SQUARES
    ]
    return {
        "squares": squares,
        "ring_path": list(RING_PATH),
        "start_cash": START_CASH,
        "jail": JAIL_SQUARE,
        # a fortress is the level after the last stronghold (001:L241, L289)
        "fortress_level": {"classic": HOUSES_FOR_HOTEL + 1, "quick": HOUSES_FOR_HOTEL_QUICK + 1},
    }


@cache
def risk_board() -> dict[str, Any]:
    """Territories with their map cells, regions, borders, sea links and the Fellowship's path."""
    board = load_board()
    layout = risk_layout()
    territories = [
        {
            "name": t.name,
            "region": t.region,
            "stronghold": t.stronghold,
            "site": t.site_of_power,
            "cell": layout["cells"][t.name],
        }
        for t in board.territories.values()
    ]
    return {
        "grid": layout["grid"],
        "territories": territories,
        "regions": [{"name": name, "bonus": bonus} for name, (bonus, _) in board.regions.items()],
        "borders": _raw_pairs("borders"),
        "sea_links": _raw_pairs("sea_links"),
        "path": list(board.path),
    }


def _raw_pairs(key: str) -> list[list[str]]:
    with RISK_DATA_FILE.open(encoding="utf-8") as handle:
        return [list(pair) for pair in yaml.safe_load(handle)[key]]


@cache
def risk_layout() -> dict[str, Any]:
    """The reconstructed map cells ``[column, row, width]``, checked against the board."""
    with RISK_MAP_FILE.open(encoding="utf-8") as handle:
        raw = yaml.safe_load(handle)
    grid = raw["grid"]
    cells = {name: _cell(name, place, grid) for name, place in raw["cells"].items()}
    missing = set(load_board().territories) ^ set(cells)
    if missing:
        raise MapLayoutError(f"map cells and territories differ: {sorted(missing)}")
    _check_overlaps(cells)
    return {"grid": grid, "cells": cells}


def _cell(name: str, place: list[int], grid: dict[str, int]) -> list[int]:
    column, row, width = (*place, 1) if len(place) == 2 else place
    if column < 0 or row < 0 or column + width > grid["columns"] or row >= grid["rows"]:
        raise MapLayoutError(f"{name}: cell {place} lies outside the grid")
    return [column, row, width]


def _check_overlaps(cells: dict[str, list[int]]) -> None:
    taken: dict[tuple[int, int], str] = {}
    for name, (column, row, width) in cells.items():
        for spot in ((column + step, row) for step in range(width)):
            if spot in taken:
                raise MapLayoutError(f"{name} and {taken[spot]} share the cell {spot}")
            taken[spot] = name

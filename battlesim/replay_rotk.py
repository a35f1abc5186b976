"""Fixed board data the Return of the King replay draws beside a game's log.

The log's set-up names the tiles and their hexes, but not the empty hexes, the start row,
the tracks or what a card id is: those come from the engine's own ``material.yaml``, so the
page never keeps a second copy of them in JavaScript.
"""

from __future__ import annotations

from typing import Any

from battlesim.engines.rotk.data import Card, Material, Tile, load_material


def rotk_board(material: Material | None = None) -> dict[str, Any]:
    """The hex grid, every tile and card by id, and the two tracks, as JSON-ready data."""
    material = material or load_material()
    return {
        "hexes": [
            {"row": row, "col": col, "kind": kind.name.lower()}
            for (row, col), kind in sorted(material.hexes.items())
        ],
        "tiles": [_tile(tile) for tile in (*material.tiles, material.black_gate)],
        "black_gate": material.black_gate.id,
        "cards": [_card(card) for card in material.cards],
        "tracks": _tracks(material),
    }


def _tile(tile: Tile) -> dict[str, Any]:
    # The victory points stay hidden: the tiles are taken face down (seed L203-206).
    return {"id": tile.id, "kind": tile.kind.value, "battle": tile.battle}


def _card(card: Card) -> dict[str, Any]:
    return {"id": card.id, "kind": card.kind.value, "label": str(card)}


def _tracks(material: Material) -> dict[str, Any]:
    tracks = material.tracks
    return {
        "track_length": tracks.track_length,
        "start_by_players": {str(n): index for n, index in tracks.start_by_players.items()},
        "mountain_spaces": tracks.mountain_spaces,
        "frodo_entry": tracks.frodo_entry,
        "crater": tracks.crater,
    }

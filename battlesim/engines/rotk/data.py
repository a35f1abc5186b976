"""The material of the game, loaded from ``material.yaml``: board, tiles, cards, tracks.

Every number lives in the YAML file (most of them reconstructed, see its header), so a
correction never touches code. This module only turns it into frozen values.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import yaml

MATERIAL_PATH = Path(__file__).with_name("material.yaml")

Hex = tuple[int, int]  # (row, column), row 0 is the start row


class Colour(enum.Enum):
    GONDOR = "gondor"
    ROHAN = "rohan"
    ARAGORN = "aragorn"


class CardKind(enum.Enum):
    ARMY = "army"
    REROLL = "reroll"  # the colour-bound "relancer" army cards
    HERO = "hero"
    ACTION = "action"


class ActionCard(enum.Enum):
    FRESH_COURAGE = "fresh_courage"  # "Frischer Mut"
    GANDALFS_PROTECTION = "gandalfs_protection"  # "Gandalfs Schutz"
    REINFORCEMENTS = "reinforcements"  # "Verstarkung"
    FORCED_MARCH = "forced_march"  # "Eilmarsch"


class TileKind(enum.Enum):
    ORCS = "orcs"
    WARGS = "wargs"
    MUMAKIL = "mumakil"
    NAZGUL = "nazgul"
    TROLL = "troll"
    BLACK_GATE = "black_gate"


class HexKind(enum.Enum):
    START = "S"
    MINAS_TIRITH = "M"
    TILE = "o"
    NAZGUL = "N"
    EMPTY = "."
    GATE_APPROACH = "G"


@dataclass(frozen=True, slots=True)
class Card:
    """One of the 90 cards; ``value`` is the strength it adds (0 for reroll and action cards)."""

    id: int
    kind: CardKind
    name: str
    value: int = 0
    colour: Colour | None = None
    action: ActionCard | None = None

    def __str__(self) -> str:
        if self.kind is CardKind.ARMY:
            return f"{self.name} {self.value}"
        return self.name


@dataclass(frozen=True, slots=True)
class Tile:
    """A Sauron tile (or the Black Gate): battle value on the front, hidden points behind."""

    id: int
    kind: TileKind
    battle: int
    vp: int

    def __str__(self) -> str:
        return f"{self.kind.value}({self.battle})"


@dataclass(frozen=True, slots=True)
class Tracks:
    track_length: int
    start_by_players: dict[int, int]
    mountain_spaces: int
    gollum_start: int
    frodo_entry: int
    gollum_steps: int
    gollum_steps_variant: int

    @property
    def crater(self) -> int:
        return self.mountain_spaces + 1


@dataclass(frozen=True, slots=True)
class Material:
    """Everything printed on the board, the tiles and the cards."""

    hexes: dict[Hex, HexKind]
    tiles: tuple[Tile, ...]  # the 50 Sauron tiles, trolls included
    black_gate: Tile
    trolls_used: dict[int, int]
    cards: tuple[Card, ...]
    hand_size: int
    lot_size: int
    two_colour_heroes: frozenset[str]
    reinforcements_draw: int
    forced_march_hexes: int
    aragorn_cards_for_free_move: int
    tracks: Tracks
    round_limit: int
    assumptions: tuple[str, ...]

    def hexes_of(self, *kinds: HexKind) -> list[Hex]:
        return sorted(h for h, kind in self.hexes.items() if kind in kinds)


def _hexes(rows: list[str]) -> dict[Hex, HexKind]:
    return {
        (r, c): HexKind(char)
        for r, row in enumerate(rows)
        for c, char in enumerate(row)
        if char != " "
    }


def _tiles(spec: dict[str, Any]) -> tuple[Tile, ...]:
    tiles: list[Tile] = []
    for kind in (TileKind.TROLL, TileKind.NAZGUL, TileKind.MUMAKIL, TileKind.WARGS, TileKind.ORCS):
        entry, first = spec[kind.value], len(tiles)
        tiles.extend(Tile(first + i, kind, entry["battle"], vp) for i, vp in enumerate(entry["vp"]))
    return tuple(tiles)


def _cards(spec: dict[str, Any]) -> tuple[Card, ...]:
    cards: list[Card] = []

    def add(kind: CardKind, name: str, **fields: Any) -> None:
        cards.append(Card(len(cards), kind, name, **fields))

    for colour in (Colour(name) for name in spec["army_colours"]):
        for value, copies in sorted(spec["army_per_colour"].items()):
            for _ in range(copies):
                add(CardKind.ARMY, colour.value, value=int(value), colour=colour)
        for _ in range(spec["reroll_per_colour"]):
            add(CardKind.REROLL, f"{colour.value} reroll", colour=colour)
    for name, value in spec["heroes"].items():
        add(CardKind.HERO, name, value=value)
    for name, copies in spec["actions"].items():
        for _ in range(copies):
            add(CardKind.ACTION, name, action=ActionCard(name))
    return tuple(cards)


def _tracks(spec: dict[str, Any]) -> Tracks:
    return Tracks(
        track_length=spec["track_length"],
        start_by_players={int(k): v for k, v in spec["start_by_players"].items()},
        mountain_spaces=spec["mountain_spaces"],
        gollum_start=spec["gollum_start"],
        frodo_entry=spec["frodo_entry"],
        gollum_steps=spec["gollum_steps"],
        gollum_steps_variant=spec["gollum_steps_variant"],
    )


def material_from_dict(raw: dict[str, Any]) -> Material:
    """Build the material from the parsed YAML (tests may pass an edited copy)."""
    tiles, gate, cards = _tiles(raw["tiles"]), raw["black_gate"], raw["cards"]
    return Material(
        hexes=_hexes(raw["board"]["rows"]),
        tiles=tiles,
        black_gate=Tile(len(tiles), TileKind.BLACK_GATE, gate["battle"], gate["vp"]),
        trolls_used={int(k): v for k, v in raw["trolls_used"].items()},
        cards=_cards(cards),
        hand_size=cards["hand_size"],
        lot_size=cards["lot_size"],
        two_colour_heroes=frozenset(cards["two_colour_heroes"]),
        reinforcements_draw=cards["reinforcements_draw"],
        forced_march_hexes=cards["forced_march_hexes"],
        aragorn_cards_for_free_move=cards["aragorn_cards_for_free_move"],
        tracks=_tracks(raw["tracks"]),
        round_limit=raw["round_limit"],
        assumptions=tuple(raw["assumptions"]),
    )


def raw_material(path: Path = MATERIAL_PATH) -> dict[str, Any]:
    with path.open(encoding="utf-8") as handle:
        data: dict[str, Any] = yaml.safe_load(handle)
    return data


@cache
def load_material() -> Material:
    """Return the material of ``material.yaml`` (parsed once per process)."""
    return material_from_dict(raw_material())

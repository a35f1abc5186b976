"""Rebuild the board and the mountain from a game's event log, without rerunning the engine.

Each :class:`Frame` is the picture after one event that changed it: the tiles still on the
board, the pawns, Frodo and Sam, Gollum, the Gate and the trolls. A replay page draws these.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace
from typing import Any

from battlesim.engines.log import Event
from battlesim.engines.rotk.data import Hex
from battlesim.engines.rotk.tracks import Place


@dataclass(frozen=True, slots=True)
class Frame:
    event: int  # index of the event that produced this picture
    round: int
    tiles: tuple[tuple[Hex, int], ...]  # (hex, tile id), sorted
    pawns: tuple[Hex | None, ...]
    frodo: Place
    gollum: int
    gate_fallen: bool = False
    trolls: tuple[int, ...] = field(default_factory=tuple)


def _hex(raw: list[int]) -> Hex:
    return raw[0], raw[1]


def _setup(frame: Frame, data: dict[str, Any]) -> Frame:
    place = data["frodo_place"]
    return Frame(
        event=frame.event,
        round=1,
        tiles=tuple(sorted((_hex(t["hex"]), t["tile"]) for t in data["tiles"])),
        pawns=(None,) * data["players"],
        frodo=Place(place["on_mountain"], place["index"]),
        gollum=data["gollum"],
        trolls=tuple(data["trolls"]),
    )


def _pawn(frame: Frame, seat: int, hex_: Hex) -> Frame:
    pawns = list(frame.pawns)
    pawns[seat] = hex_
    return replace(frame, pawns=tuple(pawns))


def _walk(frame: Frame, data: dict[str, Any]) -> Frame:
    target = data["path"][-1] if "path" in data else data["hex"]
    return _pawn(frame, data["seat"], _hex(target))


def _tile_taken(frame: Frame, data: dict[str, Any]) -> Frame:
    hex_ = _hex(data["hex"])
    frame = replace(frame, tiles=tuple(t for t in frame.tiles if t[0] != hex_))
    return _pawn(frame, data["seat"], hex_)


_CHANGES: dict[str, Callable[[Frame, dict[str, Any]], Frame]] = {
    "setup": _setup,
    "lots": lambda f, d: replace(f, round=d["round"]),
    "enter": _walk,
    "move": _walk,
    "aragorn_move": _walk,
    "forced_march": _walk,
    "tile_taken": _tile_taken,
    "frodo": lambda f, d: replace(f, frodo=Place(d["on_mountain"], d["index"])),
    "gollum": lambda f, d: replace(f, gollum=d["after"]),
    "gate_taken": lambda f, d: replace(f, gate_fallen=True),
    "troll_taken": lambda f, d: replace(f, trolls=tuple(t for t in f.trolls if t != d["tile"])),
}


def replay(events: Iterable[Event]) -> list[Frame]:
    """Return one frame per event that changed the board or the mountain."""
    frames: list[Frame] = []
    frame = Frame(-1, 0, (), (), Place(False, 0), 0)
    for event in events:
        change = _CHANGES.get(event.kind)
        if change is not None:
            frame = replace(change(frame, event.data), event=event.index)
            frames.append(frame)
    return frames

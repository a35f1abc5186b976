"""Frodo and Sam's track and the Mount Doom spiral, with Gollum on it.

A :class:`Place` orders as progress, so "only forward" is a plain comparison.
"""

from __future__ import annotations

from dataclasses import dataclass

from battlesim.engines.rotk.data import Tracks


@dataclass(frozen=True, slots=True, order=True)
class Place:
    """Where Frodo and Sam stand: on the track before the mountain, or on the spiral."""

    on_mountain: bool
    index: int

    def __str__(self) -> str:
        return f"mountain {self.index}" if self.on_mountain else f"track {self.index}"

    def to_json(self) -> dict[str, bool | int]:
        return {"on_mountain": self.on_mountain, "index": self.index}


def frodo_start(tracks: Tracks, players: int) -> Place:
    """Return the "3" or "4" start space (seed L46-48)."""
    return Place(False, tracks.start_by_players[players])


def _next_free(space: int, taken: int | None, tracks: Tracks) -> int:
    # Seed L270: a taken space is passed over; the crater ends every walk.
    if space == taken and space < tracks.crater:
        space += 1
    return min(space, tracks.crater)


def advance_frodo(frodo: Place, gollum: int, tracks: Tracks, share: bool) -> Place:
    """Move Frodo and Sam one space (seed L253-258, L269-271)."""
    taken = None if share else gollum
    if not frodo.on_mountain:
        if frodo.index + 1 < tracks.track_length:
            return Place(False, frodo.index + 1)
        return Place(True, _next_free(tracks.frodo_entry, taken, tracks))
    return Place(True, _next_free(frodo.index + 1, taken, tracks))


def advance_gollum(gollum: int, frodo: Place, steps: int, tracks: Tracks, share: bool) -> int:
    """Move Gollum ``steps`` spaces up the spiral (seed L260-263, variant L430-432)."""
    taken = frodo.index if frodo.on_mountain and not share else None
    return _next_free(gollum + steps, taken, tracks)

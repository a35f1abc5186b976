"""How a game ends: the reason and who won."""

from __future__ import annotations

import enum
from dataclasses import dataclass


class Termination(enum.Enum):
    RING = "ring"  # Frodo and Sam threw the Ring into the crater (seed L405-409)
    BLACK_GATE = "black_gate"  # a player took the Black Gate (seed L413)
    GOLLUM = "gollum"  # Gollum reached the crater first: everyone loses (seed L424-427)
    ROUND_LIMIT = "round_limit"  # safety stop of material.yaml, not a rule


@dataclass(frozen=True, slots=True)
class Outcome:
    """The end: the players win together (or not); the seat with most points wins the game."""

    termination: Termination
    players_win: bool
    victory_points: tuple[int, ...]
    leaders: tuple[int, ...]  # seats with the most points; empty when the players lost

    @property
    def winner(self) -> int | None:
        """The one seat with the most points, or None (a loss, or a tie)."""
        return self.leaders[0] if len(self.leaders) == 1 else None

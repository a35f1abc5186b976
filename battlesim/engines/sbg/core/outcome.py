"""How a battle ended: a reason and a winner (or a draw), with the victory points."""

from __future__ import annotations

import enum
from dataclasses import dataclass

from battlesim.engines.sbg.core.units import PlayerId


class Termination(enum.Enum):
    """Why the battle stopped."""

    QUARTER = "reduced_to_quarter"  # a force at or below 25% of its starting models
    WIPED_OUT = "wiped_out"
    TURN_LIMIT = "turn_limit"
    RANDOM_END = "random_end"  # a scenario's D6 after a force is broken


@dataclass(frozen=True, slots=True)
class Outcome:
    """The winner is the side with more victory points; ``None`` is a draw."""

    termination: Termination
    victory_points: tuple[int, int]
    winner: PlayerId | None

    @classmethod
    def from_points(cls, termination: Termination, points: tuple[int, int]) -> Outcome:
        if points[0] == points[1]:
            return cls(termination, points, None)
        return cls(termination, points, 0 if points[0] > points[1] else 1)

    def to_json(self) -> dict[str, object]:
        return {
            "termination": self.termination.value,
            "victory_points": list(self.victory_points),
            "winner": self.winner,
        }

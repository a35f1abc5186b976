"""How a game ends: the reason (the winner is a side or a colour, see ``scoring.winner``)."""

from __future__ import annotations

import enum


class Termination(enum.Enum):
    RING_DESTROYED = "ring_destroyed"  # 003:L38, L134
    TURN_LIMIT = "turn_limit"  # safety stop of the options, not a rule

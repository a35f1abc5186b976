"""How a game ends: the reason and the winning seat."""

from __future__ import annotations

import enum
from dataclasses import dataclass

from battlesim.engines.monopoly.data import Seat


class Termination(enum.Enum):
    LAST_PLAYER = "last_player"  # 001:L281
    SECOND_BANKRUPTCY = "second_bankruptcy"  # quick game, 001:L293
    TIME_LIMIT = "time_limit"  # 001:L307
    RING_AT_MOUNT_DOOM = "ring_at_mount_doom"  # 001:L97
    ROUND_LIMIT = "round_limit"  # safety cap, see ASSUMPTIONS["round_limit"]
    ALL_RICH = "all_rich"  # option all_rich_cash: every survivor holds more (not a rule)


@dataclass(frozen=True, slots=True)
class Outcome:
    """How the game ended and who won (a seat), once it is over."""

    termination: Termination
    winner: Seat

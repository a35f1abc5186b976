"""Game types (checklist part 2 §13, 002:L3391-3439): matched play or a narrative game.

A job's ``mode`` option picks the type. Narrative games ignore the Break rules and, unless
the scenario says otherwise, Good has the Initiative (Priority) in turn 1 (GAME-NARR-03,
002:L3411). Matched play is the default and changes nothing.
"""

from __future__ import annotations

import enum

from battlesim.engines.sbg.core.state import BattleState
from battlesim.engines.sbg.core.status import Lasting, Status
from battlesim.engines.sbg.core.units import Alignment, PlayerId


class GameMode(enum.Enum):
    MATCHED = "matched"
    NARRATIVE = "narrative"


class UnknownModeError(ValueError):
    """No game type has that name."""


MODE: Status[GameMode] = Status("game mode", lambda: GameMode.MATCHED, Lasting.BATTLE)


def mode_named(name: str) -> GameMode:
    try:
        return GameMode(name)
    except ValueError:
        known = ", ".join(m.value for m in GameMode)
        raise UnknownModeError(f"unknown game mode {name!r}; known: {known}") from None


def set_mode(state: BattleState, mode: GameMode) -> None:
    MODE.put(state, mode)


def narrative(state: BattleState) -> bool:
    mode = MODE.peek(state)
    return mode is GameMode.NARRATIVE


def first_turn_initiative(state: BattleState) -> PlayerId | None:
    """GAME-NARR-03: in a narrative game's first turn, the Good side has Priority (when
    exactly one side is Good; otherwise the dice decide, data.ASSUMPTIONS 'narrative-good')."""
    if state.turn != 1 or not narrative(state):
        return None
    good = [p for p in (0, 1) if state.forces[p].alignment is Alignment.GOOD]
    return good[0] if len(good) == 1 else None

"""Climbing very tall structures over several turns (MOVE-CLIMB-06, 002:L607).

A model that lacks the Move to reach the top of a climbable side still climbs: it spends all
its Move left at the foot and stays there, with "a die beside it showing the inches already
climbed" (``climb_mark(model).climb``). Part 1 §13 A28: it takes a new Climb test in each Movement
phase in which it goes on climbing; a 1 then makes it fall from the height it had reached
(MOVE-FALL-02). Any other move, or being moved, loses the progress (the mark is tied to the
spot it stopped at). A charge cannot end half way up a wall (data.ASSUMPTIONS climb-turns).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from battlesim.engines.sbg.core.data import CLIMB_COST
from battlesim.engines.sbg.core.paths import Point, terrain_cost, terrain_entry, toward
from battlesim.engines.sbg.core.state import BattleState, ModelState
from battlesim.engines.sbg.core.status import Lasting, Status
from battlesim.engines.sbg.rules.allowance import allowance

_SLACK = 1e-6


def climbed(model: ModelState, piece: Any) -> float:
    """Inches of ``piece`` the model has climbed, if it is still where it stopped."""
    mark = climb_mark(model).climb
    if mark is None or mark[0] != piece.name or mark[1] != model.position:
        return 0.0
    return mark[2]


def _room(state: BattleState, model: ModelState, to: Point) -> float:
    """The Move left for climbing once the ground up to ``to`` is paid."""

    return allowance(state, model) - terrain_cost(state.table, model.position, to, model.radius)


def foot(state: BattleState, model: ModelState, end: Point, piece: Any) -> Point:
    """Where the model's base first touches ``piece`` on its way to ``end``."""
    entry = terrain_entry(state.table, model.position, end, piece)
    return toward(model.position, end, max(0.0, entry - model.radius))


def climb_cost(state: BattleState, model: ModelState, end: Point, piece: Any, size: float) -> float:
    """MOVE-CLIMB-02/06 (002:L592, L607): the rest of the height, twice its inches, when the
    Move left at the foot covers it (the path check then refuses an ``end`` beyond reach);
    otherwise all the Move left (the climb goes on next turn). A path it cannot even walk
    keeps the full cost, so the move is refused as too long."""
    full = CLIMB_COST * (size - climbed(model, piece))
    if not unfinished(state, model, end, piece, size):
        return full
    room = _room(state, model, end)
    return room if room > 0 else full


def unfinished(state: BattleState, model: ModelState, end: Point, piece: Any, size: float) -> bool:
    """Whether the Move left at the foot of ``piece`` cannot reach its top this turn."""
    at_foot = _room(state, model, foot(state, model, end, piece))
    return CLIMB_COST * (size - climbed(model, piece)) > at_foot + _SLACK


def hold_on(state: BattleState, model: ModelState, foot: Point, piece: Any, size: float) -> None:
    """MOVE-CLIMB-06: at the foot, all its Move left climbed (half as many inches, difficult
    terrain); the mark shows the height reached."""
    room = max(0.0, _room(state, model, foot))
    height = climbed(model, piece) + room / CLIMB_COST
    model.spent += terrain_cost(state.table, model.position, foot, model.radius) + room
    state.move_to(model, foot, "climb")
    climb_mark(model).climb = (piece.name, model.position, min(height, size))
    state.log.emit("climbing", model=model.uid, piece=piece.name, height=round(height, 3))


@dataclass(slots=True)
class ClimbMark:
    climb: tuple[str, tuple[float, float], float] | None = (
        None  # MOVE-CLIMB-06: piece name, the foot spot, inches already climbed
    )


CLIMB: Status[ClimbMark] = Status("climbmark", ClimbMark, Lasting.BATTLE)


def climb_mark(model: ModelState) -> ClimbMark:
    return CLIMB.of(model)

"""What players may ask for; the phases check every action and refuse illegal ones."""

from __future__ import annotations

import enum
from dataclasses import dataclass

from battlesim.engines.sbg.core.decisions import Decision
from battlesim.engines.sbg.core.state import ModelState
from battlesim.engines.sbg.core.units import ModelId, PlayerId

Point = tuple[float, float]


class IllegalActionError(ValueError):
    """A player asked for something the rules forbid; the message names the rule."""


@dataclass(frozen=True, slots=True)
class Hold:
    """Stay where it is (MOVE-GEN-01: a player may move some or none of its models)."""

    model: ModelId


@dataclass(frozen=True, slots=True)
class Move:
    """Move in a straight line to ``to`` without charging."""

    model: ModelId
    to: Point


@dataclass(frozen=True, slots=True)
class Charge:
    """Move in a straight line to ``to``, ending in base contact with ``target`` (MOVE-CHG).

    ``throw``: stop 1" short and throw a throwing weapon first (MSL-THROW-02).
    """

    model: ModelId
    target: ModelId
    to: Point
    throw: bool = False


MoveAction = Hold | Move | Charge


def describe(action: MoveAction) -> dict[str, object]:
    """JSON-ready form of a move action for the log."""
    data: dict[str, object] = {"type": type(action).__name__.lower(), "model": action.model}
    if isinstance(action, Move | Charge):
        data["to"] = [round(action.to[0], 3), round(action.to[1], 3)]
    if isinstance(action, Charge):
        data["target"] = action.target
        if action.throw:
            data["throw"] = True
    return data


class RingAction(enum.Enum):
    """RING-ON-01, RING-OFF-01: what a Ring-bearer's owner may do in its Move phase."""

    PUT_ON = "put_on"
    TAKE_OFF = "take_off"


# Decisions this module asks a player (core/decisions.py).


@dataclass(frozen=True, slots=True)
class ChooseMove(Decision[MoveAction]):
    """MOVE-*: the model's action this move (checked by the Move phase)."""

    model: ModelState


@dataclass(frozen=True, slots=True)
class SoundDrum(Decision[ModelId | None]):
    """EQP-DRUM: the drummer the side sounds this turn, if any."""

    side: PlayerId


@dataclass(frozen=True, slots=True)
class MoveOrder(Decision[list[ModelId]]):
    """TURN-03: the order in which the side's models move."""

    side: PlayerId

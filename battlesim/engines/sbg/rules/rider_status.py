"""Cavalry turn marks (CAV-*), owned by the cavalry rules: the turn a rider was thrown and the turn
it charged through difficult terrain.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from battlesim.engines.sbg.core.status import Lasting, Status

if TYPE_CHECKING:
    from battlesim.engines.sbg.core.state import ModelState


@dataclass(slots=True)
class RiderTurns:
    thrown_turn: int = 0  # CAV-THROWN-01/02: no move, shot or strike in this turn
    rough_charge_turn: int = 0  # WPN-LANCE-01: charged through difficult terrain


RIDER_TURNS: Status[RiderTurns] = Status("riderturns", RiderTurns, Lasting.BATTLE)


def rider_turns(model: ModelState) -> RiderTurns:
    return RIDER_TURNS.of(model)

"""War Beasts' per-model data (WB-*, checklist part 2 §3), owned by the War Beast rules:
which beast a model rides and how high its floor is, a beast's panic and howdah Wounds, and
what happened to a beast this turn. Other rules read it here, never as fields of every model.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from battlesim.engines.sbg.core.status import Lasting, Status
from battlesim.engines.sbg.core.units import ModelId

if TYPE_CHECKING:
    from battlesim.engines.sbg.core.state import ModelState


@dataclass(slots=True)
class Howdah:
    riding: ModelId | None = None  # WB-GEN-05: the beast whose howdah the model stands in
    perch: float = 0.0  # the height of that floor
    panic_turn: int = 0  # WB-DMG-03: the turn whose Move phase its panic move is due in
    panicked_turn: int = 0  # WB-DMG-03: the turn it panicked (its crew cannot shoot)
    howdah_wounds: int = 0  # WB-GEN-06: Wounds left to its howdah (0: none or destroyed)


@dataclass(slots=True)
class BeastTurn:
    was_charged: bool = False  # WB-MOV-07/11, WB-DMG-04: charged before it moved
    trampled_into: bool = False  # WB-CC-02: its trample ended against an enemy


HOWDAH: Status[Howdah] = Status("howdah", Howdah, Lasting.BATTLE)
BEAST_TURN: Status[BeastTurn] = Status("war beast turn", BeastTurn, Lasting.TURN)


def howdah(model: ModelState) -> Howdah:
    return HOWDAH.of(model)


def beast_turn(model: ModelState) -> BeastTurn:
    return BEAST_TURN.of(model)


def riding(model: ModelState) -> ModelId | None:
    """The beast the model rides, if any (read on every sight line and move: no status is
    made for the many models that never ride)."""
    found = model.status.get(HOWDAH)
    return None if found is None else found.riding


def perch(model: ModelState) -> float:
    found = model.status.get(HOWDAH)
    return 0.0 if found is None else found.perch

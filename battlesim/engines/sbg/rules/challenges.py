"""Heroic Challenges (HERO-HCHAL-*), owned by the Heroic Action rules: a Hero's rival and the
challenger it declined.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from battlesim.engines.sbg.core.status import Lasting, Status
from battlesim.engines.sbg.core.units import ModelId

if TYPE_CHECKING:
    from battlesim.engines.sbg.core.state import BattleState, ModelState


@dataclass(slots=True)
class Challenge:
    rival: ModelId | None = None  # HERO-HCHAL-02: the Hero of an accepted challenge
    declined_from: ModelId | None = None  # HERO-HCHAL-03: challenger this Hero declined


CHALLENGE: Status[Challenge] = Status("challenge", Challenge, Lasting.BATTLE)


def challenge(model: ModelState) -> Challenge:
    return CHALLENGE.of(model)


def rival_of(state: BattleState, model: ModelState) -> ModelState | None:
    """The Hero whose challenge the model accepted (HERO-HCHAL-02), if any."""
    uid = challenge(model).rival
    return None if uid is None else state.models[uid]


def declined_challenger(state: BattleState, model: ModelState) -> ModelState | None:
    """The challenger the model declined (HERO-HCHAL-03), if any."""
    uid = challenge(model).declined_from
    return None if uid is None else state.models.get(uid)

"""Sebastian (BSData profile aa9f-a15a-3fbb-39d2, Radagast's option c65d-fabb-6186-7c23, game
system page 79): "If Radagast is accompanied by Sebastian, he may always make an additional
Attack in close combat, with a Fight value and Strength of 1 (roll a separate D6 for
Sebastian) which cannot be altered by Might."

Readings (READINGS "Sebastian"): whenever Radagast rolls his Duel dice, one more die is rolled
for Sebastian (``fighting.COMPANION_DICE``): it counts among his side's dice, no modifier of
Radagast's dice applies to it and no Might raises it; his Fight value of 1 never lowers the
side's (FIGHT-DUEL-04: the highest Fight value of the side). When Radagast wins and strikes,
Sebastian makes one Strike of Strength 1 (``fighting.COMPANION_STRIKES``), with no Might
offered on its To Wound roll.
"""

from __future__ import annotations

from battlesim.engines.sbg.core.registry import REGISTRY, Kind
from battlesim.engines.sbg.core.state import BattleState, ModelState
from battlesim.engines.sbg.rules.fighting import COMPANION_DICE, COMPANION_STRIKES

SEBASTIAN = "sebastian"
SEBASTIAN_STRENGTH = 1

REGISTRY.register(SEBASTIAN, kind=Kind.RULE, source="BSData aa9f-a15a-3fbb-39d2 (Sebastian)")


def _sebastian_die(_state: BattleState, model: ModelState) -> str | None:
    return SEBASTIAN if SEBASTIAN in model.triggers else None


def _sebastian_strikes(_state: BattleState, model: ModelState) -> tuple[str, int, int] | None:
    return (SEBASTIAN, 1, SEBASTIAN_STRENGTH) if SEBASTIAN in model.triggers else None


COMPANION_DICE.append(_sebastian_die)
COMPANION_STRIKES.append(_sebastian_strikes)

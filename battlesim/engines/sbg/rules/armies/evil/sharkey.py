"""Sharkey's Whoever Strikes me shall be Accursed, from the BattleScribe rule text."""

from __future__ import annotations

from battlesim.engines.sbg.core.registry import REGISTRY, Kind
from battlesim.engines.sbg.core.state import BattleState, Happening, ModelState, On, on
from battlesim.engines.sbg.core.status import Lasting, Status
from battlesim.engines.sbg.rules.courage import courage_test
from battlesim.engines.sbg.rules.fighting import AFTER_STRIKES
from battlesim.engines.sbg.rules.monsters.core import hit

# Whoever Strikes me shall be Accursed: after a model resolves its Strikes against Sharkey,
# it takes a Courage test; failed, it suffers one Strength 4 hit.
ACCURSED = "whoever strikes me shall be accursed"
CURSE_STRENGTH = 4
_STRUCK_BY: Status[list[str]] = Status("struck sharkey", list, Lasting.FIGHT)


@on(On.STRIKE, ACCURSED, order=50)
def _note_striker(state: BattleState, strike: Happening) -> None:
    target = strike.other
    if target is not None and ACCURSED in target.triggers:
        struck = _STRUCK_BY.of(target)
        if strike.model.uid not in struck:
            struck.append(strike.model.uid)


def _curse(state: BattleState, winners: list[ModelState], losers: list[ModelState]) -> None:
    for sharkey in [m for m in losers if ACCURSED in m.triggers]:
        for uid in _STRUCK_BY.of(sharkey):
            striker = state.models[uid]
            if striker.alive and not courage_test(state, striker, ACCURSED):
                hit(state, striker, CURSE_STRENGTH, f"{ACCURSED} ({sharkey.uid})")
        _STRUCK_BY.drop(sharkey)


AFTER_STRIKES.append(_curse)
REGISTRY.register(ACCURSED, kind=Kind.RULE, source="BSData Whoever Strikes me shall be Accursed")

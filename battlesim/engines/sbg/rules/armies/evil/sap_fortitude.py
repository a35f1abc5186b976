"""Sap Fortitude (the Dwimmerlaik, BSData e3d2-6bda-089b-5b23, also c090-d4f0-ab85-6abf).

"Every time a Hero model within 6" of The Dwimmerlaik spends a point of Might, Will or Fate,
the Dwimmerlaik may elect to spend a point of Will. If he does, roll a D6. On a 4+, the enemy
Hero model must spend an additional point (of the same type) or the deed will be cancelled
and any Might, Will or Fate already commited will be lost."

It answers every point spent (``pools.SPENT``): points are spent one at a time, so a Hero
whose point is sapped has not committed the rest of its deed yet (the text's note), and each
spending site cancels its own deed when told. The additional point is itself a point spent,
open to Sap Fortitude again (READINGS).
"""

from __future__ import annotations

from dataclasses import dataclass

from battlesim.engines.sbg.core.decisions import Decision
from battlesim.engines.sbg.core.registry import REGISTRY, Kind
from battlesim.engines.sbg.core.state import BattleState, ModelState
from battlesim.engines.sbg.rules.fighting import ask
from battlesim.engines.sbg.rules.pools import SPENT, Pool, Spent, pay_again, spend

SAP = "sap fortitude"
SAP_REACH = 6.0  # inches, from the Dwimmerlaik to the Hero spending
SAP_NEED = 4  # "On a 4+"
_KEEP = 2  # the heuristic keeps two Will points for his own spells and Will of Evil


@dataclass(frozen=True, slots=True)
class SapPoint(Decision[bool]):
    """Does the Dwimmerlaik spend a Will point against the ``pool`` point ``spender`` has
    just spent? Heuristic: yes while he keeps two Will points after it."""

    dwimmerlaik: ModelState
    spender: ModelState
    pool: Pool

    def default(self, state: BattleState) -> bool:
        return self.dwimmerlaik.will > _KEEP


@dataclass(frozen=True, slots=True)
class PayAgainstSap(Decision[bool]):
    """The sapped Hero: spend an additional ``pool`` point (True) or let the deed be
    cancelled? ``spare``: points it has beyond those its deed still needs. Heuristic: pay
    while it has one to spare (the deed was worth its first point)."""

    spender: ModelState
    pool: Pool
    spare: int

    def default(self, state: BattleState) -> bool:
        return self.spare >= 1


def _sappers(state: BattleState, model: ModelState) -> list[ModelState]:
    return [
        m
        for m in state.enemies(model)
        if SAP in m.triggers and m.will >= 1 and state.distance(m, model) <= SAP_REACH + 1e-9
    ]


def _sap(state: BattleState, spent: Spent) -> bool:
    """Whether the deed ``spent`` pays for goes ahead once every Dwimmerlaik near has had
    his chance to sap the point."""
    model = spent.model
    if not model.profile.is_hero:
        return True
    for dwimmerlaik in _sappers(state, model):
        if dwimmerlaik.will < 1 or not ask(
            state, dwimmerlaik, SapPoint(dwimmerlaik, model, spent.pool)
        ):
            continue
        if not spend(state, dwimmerlaik, Pool.WILL):
            continue  # his own deed cancelled in turn
        (die,) = state.roll(1, f"{SAP} {dwimmerlaik.uid}->{model.uid} ({SAP_NEED}+)")
        sapped = die >= SAP_NEED
        state.log.emit(
            "army_rule",
            model=dwimmerlaik.uid,
            rule=SAP,
            target=model.uid,
            pool=spent.pool.value,
            die=die,
            sapped=sapped,
        )
        if not sapped:
            continue
        spare = spent.spare(state)
        if spare < 1 or not ask(state, model, PayAgainstSap(model, spent.pool, spare)):
            state.log.emit("cancelled", model=model.uid, deed=f"{spent.pool.value} spent", rule=SAP)
            return False
        if not pay_again(state, spent):
            return False
    return True


SPENT.append(_sap)
REGISTRY.register(
    SAP, kind=Kind.RULE, source="BSData Sap Fortitude (the Dwimmerlaik) e3d2-6bda-089b-5b23"
)

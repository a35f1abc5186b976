"""The Troll Brute's Crushing Blow (Azog's Legion), from the BattleScribe rule text."""

from __future__ import annotations

import math

from battlesim.engines.sbg.core.data import CONTACT_TOLERANCE
from battlesim.engines.sbg.core.registry import REGISTRY, Kind
from battlesim.engines.sbg.core.state import BattleState, Happening, ModelState, On, on
from battlesim.engines.sbg.core.status import Lasting, Status
from battlesim.engines.sbg.rules.monsters.core import hits

# Crushing Blow: each time a Troll Brute moves into base contact with another model, friend
# or foe, that model suffers one Strength 10 hit (a Cavalry model on rider and mount). The
# Brute stops there as a charger does (READINGS: the engine's move is one straight line
# chosen beforehand, so a slain model does not let it move on).
CRUSHING_BLOW = "crushing blow"
CRUSHING_STRENGTH = 10


_BEFORE: Status[set[str]] = Status("crushing blow: touching before", set, Lasting.TURN)


def _touching(state: BattleState, brute: ModelState) -> list[ModelState]:
    reach = brute.radius + CONTACT_TOLERANCE
    return [
        m
        for m in state.near(brute.x, brute.y, reach + 3.0)
        if m is not brute and math.hypot(m.x - brute.x, m.y - brute.y) - m.radius <= reach
    ]


@on(On.MOVE_DECLARED, CRUSHING_BLOW, order=45, trigger=CRUSHING_BLOW)
def _note_contacts(state: BattleState, moving: Happening) -> None:
    _BEFORE.put(moving.model, {m.uid for m in _touching(state, moving.model)})


@on(On.MOVE_ENDED, CRUSHING_BLOW, order=45, trigger=CRUSHING_BLOW)
def _crushing_blow(state: BattleState, moved: Happening) -> None:
    brute = moved.model
    if not brute.alive:
        return
    before = _BEFORE.peek(brute) or set()
    _BEFORE.drop(brute)
    for model in [m for m in _touching(state, brute) if m.uid not in before]:
        state.log.emit("army_rule", model=brute.uid, rule=CRUSHING_BLOW, target=model.uid)
        hits(state, model, CRUSHING_STRENGTH, f"{CRUSHING_BLOW} of {brute.uid}")


REGISTRY.register(CRUSHING_BLOW, kind=Kind.RULE, source="BSData Crushing Blow (Troll Brute)")

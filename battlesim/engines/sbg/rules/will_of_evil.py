"""Will of Evil (checklist part 2 §9.3 SR-WILLEVIL, 002:L2811-2815; reading 27): the model
loses 1 Will at the end of each Fight phase in which it fought, and is banished at 0 Will.

It loses nothing for a fight against the Ring-bearer, even with other enemies in it. The
last point may not be used to cast (magic's concern); resisting with it is allowed.
"""

from __future__ import annotations

from battlesim.engines.sbg.core.registry import REGISTRY, Kind
from battlesim.engines.sbg.core.state import (
    BattleState,
    Happening,
    On,
    Phase,
    Removal,
    Tick,
    every,
    on,
)
from battlesim.engines.sbg.core.status import Lasting, Status
from battlesim.engines.sbg.rules.one_ring import RING

WILL_OF_EVIL = "will of evil"
REGISTRY.register(WILL_OF_EVIL, kind=Kind.RULE, source="SR-WILLEVIL (002:L2811-2815)")

# Per model: 0 none, 1 fought this phase, 2 fought the Ring-bearer (no loss this phase).
_FOUGHT: Status[list[int]] = Status("will of evil fights", lambda: [0], Lasting.TURN)


@on(On.DUEL_ROLLED, WILL_OF_EVIL, order=60)
def _fought(state: BattleState, happening: Happening) -> None:
    """Mark each Will of Evil model of the fight; a fight with the Ring-bearer spares it."""
    fighters = happening.models
    for model in fighters:
        if WILL_OF_EVIL not in model.triggers:
            continue
        enemies = [m for m in fighters if m.player != model.player]
        mark = _FOUGHT.of(model)
        mark[0] = 2 if any(RING in m.triggers for m in enemies) or mark[0] == 2 else 1


@every(Tick.PHASE_END, WILL_OF_EVIL, order=40)
def _drain(state: BattleState) -> None:
    """At the end of the Fight phase each model that fought loses 1 Will; 0: banished."""
    if state.phase is not Phase.FIGHT:
        return
    for model in list(state.living()):
        mark = _FOUGHT.peek(model)
        if mark is None or mark[0] == 0:
            continue
        spared, mark[0] = mark[0] == 2, 0
        if spared:
            continue
        model.will = max(0, model.will - 1)
        state.log.emit("will_lost", model=model.uid, rule=WILL_OF_EVIL, will=model.will)
        if model.will == 0:
            state.remove(model, Removal.SLAIN, WILL_OF_EVIL)

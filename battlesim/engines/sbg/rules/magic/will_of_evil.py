"""Will of Evil (SR-WILLEVIL, 002:L2809-2815): the Nazgûl's Will wears away.

The model loses 1 Will at the end of each Fight phase in which it fought (once or more),
unless it fought the Ring-bearer; the moment it falls to 0 Will it is banished (removed as a
casualty: checked after every spending and at the end of each phase); it may not spend its
last Will point to cast a power (casting.spendable). The Ring-bearer is never invisible to
it (one_ring.sees_invisible reads the rule).
"""

from __future__ import annotations

from battlesim.engines.sbg.core.registry import REGISTRY, Kind
from battlesim.engines.sbg.core.state import (
    BattleState,
    Happening,
    ModelState,
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
REGISTRY.register(WILL_OF_EVIL, kind=Kind.RULE, source="SR-WILLEVIL (002:L2809-2815)")
_FOUGHT_BEARER: Status[list[bool]] = Status("fought the ring-bearer", list, Lasting.TURN)


# Wargear or rules by which the model loses Will only for a fight it lost (the Knight of
# Umbar's Armour of the Sundered Land)
ONLY_WHEN_BEATEN: set[str] = set()
_BEATEN: Status[list[bool]] = Status("lost a fight", list, Lasting.TURN)


@on(On.DUEL_ROLLED, "will of evil: the ring-bearer", order=50)
def _note_bearer(state: BattleState, happening: Happening) -> None:
    """It loses no Will for a fight with the Ring-bearer, even with other enemies in it."""
    for model in happening.models:
        if WILL_OF_EVIL not in model.triggers:
            continue
        if model.player != happening.winner:
            _BEATEN.of(model).append(True)
        if any(RING in o.triggers and o.player != model.player for o in happening.models):
            _FOUGHT_BEARER.of(model).append(True)


@every(Tick.PHASE_END, "will of evil", order=50)
def _wear_away(state: BattleState) -> None:
    for model in list(state.living()):
        if WILL_OF_EVIL not in model.triggers:
            continue
        spared = bool(model.triggers & ONLY_WHEN_BEATEN) and not _BEATEN.of(model)
        fought = model.fought and not _FOUGHT_BEARER.of(model) and not spared
        if state.phase is Phase.FIGHT and fought:
            model.will = max(0, model.will - 1)
            state.log.emit(
                "will_lost", model=model.uid, points=1, will=model.will, rule=WILL_OF_EVIL
            )
        banish(state, model)


def banished_by_fight(model: ModelState, enemies: list[ModelState]) -> bool:
    """A fight with ``enemies`` would banish ``model`` whatever its outcome: its last Will
    point goes at the Fight phase's end (SR-WILLEVIL), unless the Ring-bearer is among them
    or the model loses Will only when beaten."""
    if WILL_OF_EVIL not in model.triggers or model.will > 1 or model.triggers & ONLY_WHEN_BEATEN:
        return False
    return not any(RING in enemy.triggers for enemy in enemies)


def banish(state: BattleState, model: ModelState) -> None:
    """At 0 Will the model is banished, a casualty."""
    if model.alive and model.will <= 0 and WILL_OF_EVIL in model.triggers:
        state.log.emit("banished", model=model.uid, rule=WILL_OF_EVIL)
        state.remove(model, Removal.SLAIN, WILL_OF_EVIL)

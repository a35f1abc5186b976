"""Harry Goatleaf's Gatekeeper (BSData 3684-2783-822b-a9fd): after Priority is rolled he may
spend a Will point to keep an enemy Infantry model from moving that turn."""

from __future__ import annotations

from dataclasses import dataclass

from battlesim.engines.sbg.core import effects
from battlesim.engines.sbg.core.decisions import Decision
from battlesim.engines.sbg.core.effects import Bar, Effect, Until
from battlesim.engines.sbg.core.registry import REGISTRY, Kind
from battlesim.engines.sbg.core.state import BattleState, ModelState, Phase, Tick, every
from battlesim.engines.sbg.core.units import ModelId
from battlesim.engines.sbg.rules.fighting import ask
from battlesim.engines.sbg.rules.might import MightRoll, boost
from battlesim.engines.sbg.rules.pools import Pool, spend
from battlesim.engines.sbg.rules.sight import can_see

GATEKEEPER = "gatekeeper"
_SOURCE = "BSData 3684-2783-822b-a9fd"
_REACH = 6.0
_NEED = 3


@dataclass(frozen=True, slots=True)
class ChooseGatekept(Decision["ModelId | None"]):
    """Gatekeeper: the enemy Infantry model Harry tries to hold (None: keep the Will). The
    heuristic picks the nearest one."""

    model: ModelState
    targets: tuple[ModelState, ...]

    def default(self, state: BattleState) -> ModelId | None:
        return min(self.targets, key=lambda m: (state.distance(self.model, m), m.uid)).uid


def _targets(state: BattleState, harry: ModelState) -> tuple[ModelState, ...]:
    """Enemy Infantry within 6" and in sight; Monsters are unaffected."""
    return tuple(
        m
        for m in state.enemies(harry)
        if "infantry" in m.triggers
        and "monster" not in m.triggers
        and state.distance(harry, m) <= _REACH
        and can_see(state, harry, m)
    )


@every(Tick.PHASE_END, GATEKEEPER, order=40)
def _gatekeeper(state: BattleState) -> None:
    """After Priority is rolled, Harry may spend a Will point: one enemy Infantry model
    within 6" and sight is held on a 3+ (Might may raise the roll): it cannot move that turn,
    though it may do anything else."""
    if state.phase is not Phase.PRIORITY:
        return
    for harry in state.living():
        if GATEKEEPER not in harry.triggers or harry.will <= 0:
            continue
        targets = _targets(state, harry)
        if not targets:
            continue
        choice = ask(state, harry, ChooseGatekept(harry, targets))
        target = next((m for m in targets if m.uid == choice), None)
        if target is None:
            continue
        if not spend(state, harry, Pool.WILL):
            continue  # the deed is cancelled (pools.SPENT)
        (die,) = state.roll(1, f"gatekeeper {harry.uid}->{target.uid} ({_NEED}+)")
        score = boost(state, harry, MightRoll.RULE, die, _NEED, target=target)
        if score >= _NEED:
            bars = frozenset({Bar.MOVE})
            hold = Effect(GATEKEEPER, target.uid, None, 0, Until.END_OF_TURN, _SOURCE, bars=bars)
            effects.add(state, hold)


REGISTRY.register(GATEKEEPER, kind=Kind.RULE, source=_SOURCE)

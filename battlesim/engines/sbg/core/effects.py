"""Effects with a duration: a modifier put on a model for a while, which the battle removes
on time (logged ``effect_ended``), so no rule has to remember to undo it.

    add(state, Effect("paralysed", model.uid, Hook.FIGHT, -5, Until.END_OF_TURN,
                      source="MAGIC-P-PARALYSE"))

``Until.WHILE`` effects last as long as their ``holds`` test says (a channelled power, an
effect that ends when its caster dies or leaves); it is checked at the end of every phase.
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from dataclasses import dataclass, field, replace

from battlesim.engines.sbg.core.hooks import Hook, HookContext, register
from battlesim.engines.sbg.core.state import BattleState, Tick, every
from battlesim.engines.sbg.core.status import Lasting, Status
from battlesim.engines.sbg.core.units import ModelId


class Until(enum.Enum):
    END_OF_TURN = "end of turn"
    END_OF_NEXT_TURN = "end of next turn"
    WHILE = "while it holds"
    END_OF_BATTLE = "end of battle"


@dataclass(frozen=True, slots=True)
class Effect:
    name: str
    target: ModelId
    hook: Hook
    value: int
    until: Until
    source: str
    holds: Callable[[BattleState], bool] | None = field(default=None, compare=False)
    started: int = 0  # the turn it was added (set by ``add``)


_ACTIVE: Status[list[Effect]] = Status("effects", list, Lasting.BATTLE)


def add(state: BattleState, effect: Effect) -> Effect:
    """Put ``effect`` on its target from now on (logged ``effect``)."""
    if effect.until is Until.WHILE and effect.holds is None:
        raise ValueError(f"{effect.name}: a WHILE effect needs its 'holds' test")
    started = replace(effect, started=state.turn)
    _ACTIVE.of(state).append(started)
    state.log.emit(
        "effect", name=effect.name, model=effect.target, until=effect.until.value, turn=state.turn
    )
    return started


def active(state: BattleState, target: ModelId | None = None) -> list[Effect]:
    effects = _ACTIVE.peek(state) or []
    return [e for e in effects if target is None or e.target == target]


def _over(state: BattleState, effect: Effect, turn_ended: bool) -> bool:
    if effect.until is Until.WHILE:
        return effect.holds is not None and not effect.holds(state)
    if effect.until is Until.END_OF_TURN:
        return turn_ended
    if effect.until is Until.END_OF_NEXT_TURN:
        return turn_ended and state.turn > effect.started
    return False


def _expire(state: BattleState, turn_ended: bool) -> None:
    effects = _ACTIVE.peek(state)
    if not effects:
        return
    kept = []
    for effect in effects:
        if _over(state, effect, turn_ended) or not state.models[effect.target].alive:
            state.log.emit("effect_ended", name=effect.name, model=effect.target)
        else:
            kept.append(effect)
    _ACTIVE.put(state, kept)


@every(Tick.PHASE_END, "effects", order=100)
def _phase_end(state: BattleState) -> None:
    _expire(state, turn_ended=False)


@every(Tick.TURN_END, "effects", order=100)
def _turn_end(state: BattleState) -> None:
    _expire(state, turn_ended=True)


def _sum(hook: Hook) -> Callable[[HookContext], int]:
    def total(context: HookContext) -> int:
        effects = _ACTIVE.peek(context.state)
        if not effects:
            return 0
        uid = context.model.uid
        return sum(e.value for e in effects if e.hook is hook and e.target == uid)

    return total


for _hook in Hook:
    register(_hook, "any")(_sum(_hook))

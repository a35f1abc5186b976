"""Effects with a duration: a modifier put on a model for a while, which the battle removes
on time (logged ``effect_ended``), so no rule has to remember to undo it.

    add(state, Effect("paralysed", model.uid, Hook.FIGHT, -5, Until.END_OF_TURN,
                      source="MAGIC-P-PARALYSE"))

``Until.WHILE`` effects last as long as their ``holds`` test says (an Exhaustion power: while
its caster keeps 1 Will, MAGIC-DUR-04); a failed test ends it at once for every reader and
it is logged ended at the end of the phase. An effect with a ``caster`` ends the moment the
caster leaves the table (MAGIC-DUR-01). An effect may also bar its target from acting
(``bars``: Transfix, MAGIC-P-TRANSFIX) or carry a ``mark`` that rules look up by name
(``marked``: "causes terror"); with a ``reach`` it also covers the friends of its target
within that many inches (an aura), optionally only those with all of ``keywords``.
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from dataclasses import dataclass, field, replace

from battlesim.engines.sbg.core.data import ACTIVE_RULES
from battlesim.engines.sbg.core.hooks import Hook, HookContext, register
from battlesim.engines.sbg.core.keys import Key
from battlesim.engines.sbg.core.state import (
    BattleState,
    Happening,
    ModelState,
    On,
    Tick,
    every,
    on,
)
from battlesim.engines.sbg.core.status import Lasting, Status
from battlesim.engines.sbg.core.units import ModelId


class Bar(Key):
    """What an effect may forbid its target (the phases ask ``barred``)."""

    MOVE = "move"
    SHOOT = "shoot"
    CAST = "cast"
    STRIKE = "strike"
    HEROIC = "declare heroic actions"
    STAND_FAST = "call stand fast"


class Until(enum.Enum):
    END_OF_TURN = "end of turn"
    END_OF_NEXT_TURN = "end of next turn"
    WHILE = "while it holds"
    END_OF_BATTLE = "end of battle"


@dataclass(frozen=True, slots=True)
class Effect:
    name: str
    target: ModelId
    hook: Hook | None
    value: int
    until: Until
    source: str
    holds: Callable[[BattleState], bool] | None = field(default=None, compare=False)
    started: int = 0  # the turn it was added (set by ``add``)
    caster: ModelId | None = None  # MAGIC-DUR-01: dispelled when the caster leaves
    bars: frozenset[Bar] = frozenset()
    mark: str = ""
    reach: float = 0.0  # > 0: also the target's friends within this many inches
    keywords: frozenset[str] = frozenset()  # an aura's friends must have all of them


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
    if effect.bars >= _HOLDS:
        _switch_active_rules(state, state.models[effect.target])
    return started


def active(state: BattleState, target: ModelId | None = None) -> list[Effect]:
    effects = _ACTIVE.peek(state) or []
    return [e for e in effects if target is None or e.target == target]


def _live(state: BattleState, effect: Effect) -> bool:
    return effect.holds is None or effect.holds(state)


def covers(state: BattleState, effect: Effect, model: ModelState) -> bool:
    """Whether ``effect`` acts on ``model``: its target, or a friend in its reach."""
    if effect.target == model.uid:
        return _live(state, effect)
    if effect.reach <= 0 or not effect.keywords <= model.triggers:
        return False
    carrier = state.models[effect.target]
    if carrier.player != model.player or not carrier.alive:
        return False
    return state.distance(carrier, model) <= effect.reach + 1e-9 and _live(state, effect)


def on_model(state: BattleState, model: ModelState) -> list[Effect]:
    """The effects acting on ``model`` now."""
    effects = _ACTIVE.peek(state)
    if not effects:
        return []
    return [e for e in effects if covers(state, e, model)]


def barred(state: BattleState, model: ModelState, bar: Bar) -> bool:
    """Whether an effect forbids ``model`` to ``bar`` (cheap when no effect is active)."""
    if not _ACTIVE.peek(state):
        return False
    return any(bar in e.bars for e in on_model(state, model))


def marked(state: BattleState, model: ModelState, mark: str) -> Effect | None:
    """The first effect acting on ``model`` that carries ``mark``, else None."""
    if not _ACTIVE.peek(state):
        return None
    return next((e for e in on_model(state, model) if e.mark == mark), None)


def end(state: BattleState, which: Callable[[Effect], bool]) -> None:
    """End the effects ``which`` picks at once (a dispel; logged ``effect_ended``)."""
    effects = _ACTIVE.peek(state)
    if not effects:
        return
    kept, ended = [], []
    for effect in effects:
        if which(effect):
            state.log.emit("effect_ended", name=effect.name, model=effect.target)
            ended.append(effect)
        else:
            kept.append(effect)
    _ACTIVE.put(state, kept)
    _switch_back(state, ended)


@on(On.REMOVED, "effects of a caster", order=5)
def _caster_gone(state: BattleState, happening: Happening) -> None:
    """MAGIC-DUR-01 (002:L2359): the caster killed or gone, its effects are dispelled."""
    uid = happening.model.uid
    end(state, lambda e: e.caster == uid or e.target == uid)


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
    kept, ended = [], []
    for effect in effects:
        gone = effect.caster is not None and not state.models[effect.caster].alive
        if _over(state, effect, turn_ended) or gone or not state.models[effect.target].alive:
            state.log.emit("effect_ended", name=effect.name, model=effect.target)
            ended.append(effect)
        else:
            kept.append(effect)
    _ACTIVE.put(state, kept)
    _switch_back(state, ended)


# SR-GEN-01/02 (002:L2701-2705): a model that cannot act (an effect bars it from moving and
# striking: Transfix, Compel, Paralyse) has no Active special rule until it can again; its
# Passive rules keep working. Its Active rule names leave its triggers meanwhile, so that no
# rule, however it reads them (hooks, permissions, re-rolls, auras, a name test), plays.
_HOLDS = frozenset({Bar.MOVE, Bar.STRIKE})
_SWITCHED_OFF: Status[frozenset[str]] = Status("active rules off", frozenset, Lasting.BATTLE)


def _switch_active_rules(state: BattleState, model: ModelState) -> None:
    """Switch the model's Active rules off while it cannot act, back on once it can."""
    held = barred(state, model, Bar.MOVE) and barred(state, model, Bar.STRIKE)
    off = _SWITCHED_OFF.peek(model)
    if held and off is None:
        removed = model.triggers & ACTIVE_RULES
        _SWITCHED_OFF.put(model, removed)
        if removed:
            model.triggers = model.triggers - removed
            state.log.emit("rules_off", model=model.uid, rules=sorted(removed))
    elif not held and off is not None:
        _SWITCHED_OFF.drop(model)
        if off:
            model.triggers = model.triggers | off
            state.log.emit("rules_on", model=model.uid, rules=sorted(off))


def _switch_back(state: BattleState, ended: list[Effect]) -> None:
    for uid in {e.target for e in ended if e.bars >= _HOLDS}:
        _switch_active_rules(state, state.models[uid])


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
        model, state = context.model, context.state
        return sum(e.value for e in effects if e.hook is hook and covers(state, e, model))

    return total


for _hook in Hook:
    register(_hook, "any")(_sum(_hook))

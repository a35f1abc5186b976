"""Denethor's Broken Mind (BSData 4f27-9c2c-72a2-3057) and Thráin's Shattered Spirit
(09a3-7423-24ef-6dd8): a Courage test before Priority; failed, the opposing player controls
the model as one of its own (``BattleState.hand_over``: its moves, fights and every choice
go to that player) while its own side may not shoot it, aim a power at it or strike it
(rules/untouchable.spared)."""

from __future__ import annotations

from battlesim.engines.sbg.core import effects
from battlesim.engines.sbg.core.data import COURAGE_PASS
from battlesim.engines.sbg.core.effects import Effect, Until
from battlesim.engines.sbg.core.hooks import Hook
from battlesim.engines.sbg.core.registry import REGISTRY, Kind
from battlesim.engines.sbg.core.state import BattleState, ModelState, Phase, Tick, every
from battlesim.engines.sbg.core.status import Lasting, Status
from battlesim.engines.sbg.rules.armies.good.near import named
from battlesim.engines.sbg.rules.courage import courage_test

BROKEN_MIND = "broken mind"
SHATTERED_SPIRIT = "shattered spirit"
_DENETHOR = "BSData 4f27-9c2c-72a2-3057"
_THRAIN = "BSData 09a3-7423-24ef-6dd8"
_BOROMIR = ("boromir",)
_DOUBLE_BONUS = 2  # "+2 to his Fight, Strength, Attacks and Courage until the end of the turn"
_BONUS_HOOKS = (Hook.FIGHT, Hook.STRENGTH, Hook.ATTACKS, Hook.COURAGE)
# Denethor: Boromir was alive in his army at the last test (his death fails the next one)
_BOROMIR_SEEN: Status[list[bool]] = Status("broken mind: boromir alive", list, Lasting.BATTLE)


def _boromir(state: BattleState, model: ModelState) -> tuple[bool, bool]:
    """(whether a Boromir is part of Denethor's army, whether one of them lives)."""
    army = state.army_of(model)
    found = [m for m in state.models.values() if state.army_of(m) == army and named(m, _BOROMIR)]
    return bool(found), any(m.alive for m in found)


def _denethor_passes(state: BattleState, model: ModelState) -> bool:
    """Boromir alive in the army: passed; Boromir slain since the last test: failed once;
    otherwise a Courage test taken by his controlling player."""
    present, alive = _boromir(state, model)
    seen = _BOROMIR_SEEN.of(model)
    was_alive = bool(seen) and seen[-1]
    seen[:] = [alive]
    if present and alive:
        return True
    if present and was_alive:
        state.log.emit("broken_mind", model=model.uid, auto="boromir slain")
        return False
    return courage_test(state, model, BROKEN_MIND)


@every(Tick.TURN_START, BROKEN_MIND, order=5)
def _broken_mind(state: BattleState) -> None:
    """At the start of every turn, before Priority: failed, the opposing player controls
    Denethor until the End phase of that turn."""
    for model in list(state.living()):
        if BROKEN_MIND not in model.triggers:
            continue
        army = state.army_of(model)
        if not _denethor_passes(state, model):
            state.hand_over(model, 1 - army)
            state.log.emit("controlled_by", model=model.uid, player=1 - army, rule=BROKEN_MIND)


@every(Tick.PHASE_START, "broken mind: end phase", order=5)
def _broken_mind_ends(state: BattleState) -> None:
    """ "... until the End phase of that turn": his own player takes him back."""
    if state.phase is not Phase.END or not state.handed_over:
        return
    for model in list(state.living()):
        if BROKEN_MIND in model.triggers and model.uid in state.handed_over:
            state.hand_over(model, state.army_of(model))


@every(Tick.PHASE_START, SHATTERED_SPIRIT, order=5)
def _shattered_spirit(state: BattleState) -> None:
    """At the start of every Priority phase Thráin takes an unmodified Courage test (2D6 and
    his card's Courage, nothing else, never passed automatically): passed he acts normally
    (READINGS: his own player takes him back), on a double with +2 Fight, Strength, Attacks
    and Courage until the end of the turn; failed, the opposing player controls him."""
    if state.phase is not Phase.PRIORITY:
        return
    for model in list(state.living()):
        if SHATTERED_SPIRIT not in model.triggers:
            continue
        army = state.army_of(model)
        dice = state.roll(2, f"shattered spirit {model.uid} (unmodified courage)")
        passed = sum(dice) + model.profile.courage >= COURAGE_PASS
        state.log.emit("courage", model=model.uid, reason=SHATTERED_SPIRIT, passed=passed)
        state.hand_over(model, army if passed else 1 - army)
        if passed and dice[0] == dice[1]:
            for hook in _BONUS_HOOKS:
                bonus = Effect(
                    SHATTERED_SPIRIT, model.uid, hook, _DOUBLE_BONUS, Until.END_OF_TURN, _THRAIN
                )
                effects.add(state, bonus)


REGISTRY.register(BROKEN_MIND, kind=Kind.RULE, source=_DENETHOR)
REGISTRY.register(SHATTERED_SPIRIT, kind=Kind.RULE, source=_THRAIN)

"""The Corsair Reavers' Mindless Killers (Corsairs of Umbar), from the BattleScribe rule text:
a Reaver starting its move 6" or more from a friendly Corsair Bo'sun tests its Courage (its
player may fail it on purpose); failed, it rampages for the turn: it charges the nearest
enemy (movement.MUST_CHARGE), has +1 To Wound and charges Terror-causing models untested.

Readings (READINGS.md): the test is taken once a turn, when its move is decided; the text's
charge of the nearest friend when no enemy can be charged, and its 6" move toward the nearest
enemy when nothing can be charged, are not played (the engine charges only enemies; the
Reaver's own move then stands)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from battlesim.engines.sbg.core.decisions import Decision
from battlesim.engines.sbg.core.hooks import Hook, HookContext, register
from battlesim.engines.sbg.core.permissions import May, grant_by_effect
from battlesim.engines.sbg.core.registry import REGISTRY, Kind
from battlesim.engines.sbg.core.state import BattleState, ModelState
from battlesim.engines.sbg.core.status import Lasting, Status
from battlesim.engines.sbg.rules.courage import courage_test
from battlesim.engines.sbg.rules.movement import MUST_CHARGE
from battlesim.engines.sbg.rules.terror import TERROR

MINDLESS = "mindless killers"
BOSUN_REACH = 6.0
_TESTED: Status[dict[int, bool]] = Status("mindless killers: rampage", dict, Lasting.BATTLE)


@dataclass(frozen=True, slots=True)
class FailOnPurpose(Decision[bool]):
    """Does the Reaver's player fail its test on purpose (a rampage)? Heuristic: yes when an
    enemy stands within 12" (its charge range with a margin)."""

    reaver: ModelState
    enemy_near: bool

    def default(self, state: BattleState) -> bool:
        return self.enemy_near


def rampaging(state: BattleState, model: ModelState) -> bool:
    return bool(_TESTED.of(model).get(state.turn)) if MINDLESS in model.triggers else False


def _far_from_bosun(state: BattleState, reaver: ModelState) -> bool:
    bosuns = [m for m in state.living(reaver.player) if "bo'sun" in m.profile.name.lower()]
    return all(state.distance(b, reaver) >= BOSUN_REACH for b in bosuns)


def _test(state: BattleState, reaver: ModelState) -> bool:
    """The turn's test (once): True if the Reaver rampages."""
    done = _TESTED.of(reaver)
    if state.turn in done:
        return done[state.turn]
    rampage = False
    if _far_from_bosun(state, reaver):
        near = any(state.distance(reaver, e) <= 12.0 for e in state.enemies(reaver))
        ask = FailOnPurpose(reaver, near)
        players = state.players
        fail = ask.default(state) if players is None else players[reaver.player].decide(state, ask)
        rampage = fail or not courage_test(state, reaver, MINDLESS)
        if rampage:
            state.log.emit("army_rule", model=reaver.uid, rule=MINDLESS, rampage=True)
    done[state.turn] = rampage
    return rampage


def _must_charge(state: BattleState, reaver: ModelState) -> Callable[[ModelState], bool] | None:
    if MINDLESS not in reaver.triggers or not _test(state, reaver):
        return None
    gaps = [state.distance(reaver, e) for e in state.enemies(reaver)]
    nearest = min(gaps, default=None)
    if nearest is None:
        return None
    return lambda enemy: state.distance(reaver, enemy) <= nearest + 1e-6


MUST_CHARGE.append(_must_charge)


@register(Hook.WOUND_ROLL, MINDLESS)
def _bloodthirst(context: HookContext) -> int:
    missile = context.details.get("missile")
    return 1 if not missile and rampaging(context.state, context.model) else 0


@grant_by_effect(May.PASS_COURAGE_UNTESTED)
def _fearless_of_terror(context: HookContext) -> bool | None:
    """A permit while rampaging, for a Terror test only; no opinion otherwise (None)."""
    terror = context.details.get("reason") == TERROR
    return True if terror and rampaging(context.state, context.model) else None


REGISTRY.register(MINDLESS, kind=Kind.RULE, source="BSData Mindless Killers (Corsair Reavers)")

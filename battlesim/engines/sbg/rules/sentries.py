"""Sentries (checklist part 2 §10.4, ADV-SENTRY-01..05, 002:L3000-3016).

A scenario posts sentries (``post``). Until the alarm, a sentry cannot charge (ADV-SENTRY-01)
and, before its move, its side rolls on the sentry table (ADV-SENTRY-02): 1 it stays put,
2-3 the opponent moves it up to half its Move, 4-5 its side moves it up to half its Move,
6 it moves normally. The alarm is raised at the end of a turn by an unengaged sentry within
3" of an enemy it can see (ADV-SENTRY-03), or by a sentry hit by a shot this turn and still
alive (ADV-SENTRY-04, reading: a successful To Hit); then every sentry moves normally
(ADV-SENTRY-05).
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from dataclasses import dataclass, field

from battlesim.engines.sbg.core import effects
from battlesim.engines.sbg.core.effects import Effect, Until
from battlesim.engines.sbg.core.hooks import Hook
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
from battlesim.engines.sbg.rules.sight import can_see

ALARM_RANGE = 3.0  # ADV-SENTRY-03 (002:L3004)


class Watch(enum.Enum):
    """ADV-SENTRY-02 (002:L3006-3010): the sentry table."""

    LOOKOUT = "lookout"  # 1: cannot move this turn
    DISTRACTION = "distraction"  # 2-3: the opponent moves it up to half its Move
    SUSPICIOUS = "suspicious"  # 4-5: its side moves it up to half its Move
    ALERT = "alert"  # 6: its full Move


@dataclass(slots=True)
class Guard:
    posted: set[str] = field(default_factory=set)
    alarm: bool = False
    hit: set[str] = field(default_factory=set)  # shot at and hit this turn
    foe_moves: set[str] = field(default_factory=set)  # this turn's distracted sentries


GUARD: Status[Guard] = Status("sentries", Guard, Lasting.BATTLE)


def post(state: BattleState, uids: Iterable[str]) -> None:
    GUARD.of(state).posted.update(uids)
    state.log.emit("sentries", models=sorted(GUARD.of(state).posted))


def unaware(state: BattleState, model: ModelState) -> bool:
    """ADV-SENTRY-01: a posted sentry before the alarm (it may not charge)."""
    guard = GUARD.peek(state)
    return guard is not None and not guard.alarm and model.uid in guard.posted


def foe_moves(state: BattleState, model: ModelState) -> bool:
    guard = GUARD.peek(state)
    return guard is not None and model.uid in guard.foe_moves


def before_move(state: BattleState, model: ModelState) -> bool:
    """ADV-SENTRY-02: roll before the sentry's move; True if it may not move this turn."""
    if not unaware(state, model):
        return False
    die = state.roll(1, f"sentry {model.uid}")[0]
    watch = (
        Watch.LOOKOUT
        if die == 1
        else Watch.DISTRACTION
        if die <= 3
        else Watch.SUSPICIOUS
        if die <= 5
        else Watch.ALERT
    )
    state.log.emit("sentry", model=model.uid, watch=watch.value)
    if watch is Watch.LOOKOUT:
        model.done_moving = True
        return True
    if watch is not Watch.ALERT:
        half = int(model.profile.move) // 2
        effects.add(
            state,
            Effect(
                "sentry half move", model.uid, Hook.MOVE, -half, Until.END_OF_TURN, "ADV-SENTRY-02"
            ),
        )
    guard = GUARD.of(state)
    guard.foe_moves.discard(model.uid)
    if watch is Watch.DISTRACTION:
        guard.foe_moves.add(model.uid)
    return False


def raise_alarm(state: BattleState, reason: str) -> None:
    guard = GUARD.of(state)
    if not guard.alarm:
        guard.alarm = True
        state.log.emit("alarm", turn=state.turn, reason=reason)


@on(On.SHOT, "sentry hit", 90)
def _shot_at(state: BattleState, happening: Happening) -> None:
    guard = GUARD.peek(state)
    target = happening.other
    if guard is None or guard.alarm or target is None or not happening.passed:
        return
    if target.uid in guard.posted:
        guard.hit.add(target.uid)


@every(Tick.TURN_END, "sentry alarm", 40)
def _alarm(state: BattleState) -> None:
    """ADV-SENTRY-03/04: checked at the end of each turn (the End phase)."""
    guard = GUARD.peek(state)
    if guard is None or guard.alarm:
        return
    hit = [uid for uid in sorted(guard.hit) if state.models[uid].alive]
    guard.hit.clear()
    guard.foe_moves.clear()
    if hit:
        raise_alarm(state, f"ADV-SENTRY-04: {hit[0]} was hit")
        return
    for uid in sorted(guard.posted):
        sentry = state.models[uid]
        if not sentry.alive or state.engaged(sentry):
            continue
        for enemy in state.living(1 - sentry.player):
            if state.distance(sentry, enemy) <= ALARM_RANGE and can_see(state, sentry, enemy):
                raise_alarm(state, f"ADV-SENTRY-03: {uid} saw {enemy.uid}")
                return

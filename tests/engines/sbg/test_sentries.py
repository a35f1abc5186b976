"""Sentries (checklist part 2 §10.4): ADV-SENTRY-01..05 (002:L3000-3016)."""

from __future__ import annotations

import pytest

from battlesim.engines.sbg.core.actions import Charge, IllegalActionError
from battlesim.engines.sbg.core.state import Happening, On, Removal, Tick, notify, tick
from battlesim.engines.sbg.rules import sentries
from battlesim.engines.sbg.rules.allowance import allowance
from battlesim.engines.sbg.rules.movement import check_action
from tests.engines.sbg.builders import BASE_GAP, add, battle


def _camp(dice: list[int]):  # type: ignore[no-untyped-def]
    state = battle(dice)
    sentry = add(state, "B0", 1, 24, 24)
    raider = add(state, "A0", 0, 24, 18)
    sentries.post(state, ["B0"])
    return state, sentry, raider


def test_a_sentry_cannot_charge_before_the_alarm() -> None:
    """ADV-SENTRY-01 (002:L3000): unaware sentries cannot engage; after the alarm they may."""
    state, sentry, raider = _camp([])
    charge = Charge("B0", "A0", (24, 18 + BASE_GAP))
    with pytest.raises(IllegalActionError, match="ADV-SENTRY-01"):
        check_action(state, sentry, charge)
    sentries.raise_alarm(state, "test")
    check_action(state, sentry, charge)


@pytest.mark.parametrize(
    ("die", "stays", "move", "foe"),
    [(1, True, 6.0, False), (2, False, 3.0, True), (5, False, 3.0, False), (6, False, 6.0, False)],
)
def test_sentry_table_before_each_move(die: int, stays: bool, move: float, foe: bool) -> None:
    """ADV-SENTRY-02 (002:L3002, L3006-3010): 1 lookout, 2-3 distraction (the opponent moves
    it up to half its Move), 4-5 suspicious (half its Move), 6 alert (full Move)."""
    state, sentry, _ = _camp([die])
    assert sentries.before_move(state, sentry) is stays
    if not stays:
        assert allowance(state, sentry) == move
    assert sentries.foe_moves(state, sentry) is foe


def test_alarm_when_an_unengaged_sentry_sees_an_enemy_within_three_inches() -> None:
    """ADV-SENTRY-03 (002:L3004): checked at the end of the turn; then ADV-SENTRY-05
    (002:L3016): sentries move normally (no more rolls)."""
    state, sentry, raider = _camp([])
    tick(state, Tick.TURN_END)
    assert not sentries.GUARD.of(state).alarm  # 5" away
    state.set_position(raider, (24, 21.5))
    tick(state, Tick.TURN_END)
    assert sentries.GUARD.of(state).alarm
    assert not sentries.before_move(state, sentry) and state.dice.remaining == 0


def test_an_engaged_sentry_raises_no_alarm() -> None:
    state, sentry, raider = _camp([])
    state.set_position(raider, (24, 24 - BASE_GAP))
    tick(state, Tick.TURN_END)
    assert not sentries.GUARD.of(state).alarm


def test_a_sentry_hit_but_not_killed_raises_the_alarm_at_the_end_phase() -> None:
    """ADV-SENTRY-04 (002:L3014), reading: a successful To Hit, and the sentry lives."""
    state, sentry, raider = _camp([])
    state.set_position(raider, (24, 4))
    notify(state, On.SHOT, Happening(raider, other=sentry, passed=False))
    tick(state, Tick.TURN_END)
    assert not sentries.GUARD.of(state).alarm  # missed
    notify(state, On.SHOT, Happening(raider, other=sentry, passed=True))
    state.remove(sentry, Removal.SLAIN)
    add(state, "B1", 1, 40, 40)
    tick(state, Tick.TURN_END)
    assert not sentries.GUARD.of(state).alarm  # removed as a casualty first
    other = add(state, "B2", 1, 30, 40)
    sentries.post(state, ["B2"])
    notify(state, On.SHOT, Happening(raider, other=other, passed=True))
    tick(state, Tick.TURN_END)
    assert sentries.GUARD.of(state).alarm

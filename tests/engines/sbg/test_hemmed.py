"""Hemmed in (policies/hemmed.py, issue 21): the players skip side-steps, leaps and charge
searches the geometry shows must fail (MOVE-GEN-07: no move through a base). The skips
must never hide a move or a charge the full search finds: checked on hand-placed crowds
and on random ones against ``check_action`` and ``charge_options`` themselves."""

from __future__ import annotations

import math
import random
from collections.abc import Callable

from battlesim.engines.sbg.core.actions import Move
from battlesim.engines.sbg.core.paths import rotated
from battlesim.engines.sbg.core.state import BattleState, ModelState
from battlesim.engines.sbg.policies import hemmed
from battlesim.engines.sbg.policies.plan import flow
from battlesim.engines.sbg.policies.players import (
    _LEAP_SHARES,
    _SIDESTEP_TURNS,
    HeuristicPlayer,
    _hemmed,
)
from battlesim.engines.sbg.rules.allowance import allowance
from battlesim.engines.sbg.rules.movement import (
    IllegalActionError,
    charge_options,
    charge_spot,
    check_action,
    furthest_toward,
    surroundings,
)
from tests.engines.sbg.builders import BASE_GAP, add, battle

TURNS = (0.0, *_SIDESTEP_TURNS)


def _refused(state: BattleState, model: ModelState, heading: float, length: float) -> bool:
    try:
        check_action(state, model, Move(model.uid, rotated(model.position, heading, length)))
    except IllegalActionError:
        return True
    return False


def test_a_model_behind_a_friend_is_hemmed_and_the_full_search_agrees() -> None:
    """A friend touching it straight ahead: every move tried towards the enemy (ahead and
    up to 1 radian off) passes through the friend, so the side-step and the leap find
    nothing; hemmed says so without trying."""
    state = battle()
    model = add(state, "a1", 0, 20.0, 20.0)
    add(state, "a2", 0, 20.0, 20.0 + BASE_GAP + 0.002)
    add(state, "b1", 1, 20.0, 34.0)
    goal = (20.0, 34.0)
    assert _hemmed(state, model, goal, allowance(state, model), _LEAP_SHARES)
    player = HeuristicPlayer()
    assert player._sidestep(state, model, goal, surroundings(state, model)) is None
    assert player._leap_over(state, model, goal) is None
    for turn in TURNS:
        heading = math.pi / 2 + turn
        assert all(_refused(state, model, heading, length) for length in (hemmed.STEP, 1, 6))


def test_a_free_heading_is_not_hemmed() -> None:
    """The friend a little off to one side leaves the headings on the other side free:
    not hemmed, and the full search finds the side-step."""
    state = battle()
    model = add(state, "a1", 0, 20.0, 20.0)
    add(state, "a2", 0, 20.0 + 0.8, 20.0 + 0.6)  # touching, ahead and to the right
    add(state, "a3", 0, 20.0, 20.0 + BASE_GAP + 1.2)  # a second rank beyond: straight blocked
    goal = (20.0, 34.0)
    assert not _hemmed(state, model, goal, allowance(state, model), _LEAP_SHARES)
    assert not _refused(state, model, math.pi / 2 + 1.0, 2.0)  # up and to the left is free


def test_no_charge_through_a_friend_and_none_searched() -> None:
    """An enemy 3" beyond the friend the model touches: every spot touching it lies behind
    the friend, charge_options finds none and the player does not search; without the
    friend it charges."""
    state = battle()
    model = add(state, "a1", 0, 20.0, 20.0)
    friend = add(state, "a2", 0, 20.0, 20.0 + BASE_GAP + 0.002)
    add(state, "b1", 1, 20.0, 24.0)
    assert hemmed.charges_blocked(state, model)
    assert charge_options(state, model) == []
    assert HeuristicPlayer()._charge(state, model) is None
    state.set_position(friend, (26.0, 20.0))
    assert not hemmed.charges_blocked(state, model)
    assert charge_options(state, model)


def test_no_enemy_within_a_move_means_no_charge() -> None:
    state = battle()
    model = add(state, "a1", 0, 20.0, 20.0)
    add(state, "b1", 1, 20.0, 30.0)
    assert hemmed.charges_blocked(state, model)
    assert charge_options(state, model) == []


def _crowd(
    rng: random.Random, count: int, square: tuple[float, float], gap: Callable[[], float]
) -> list[tuple[float, float]]:
    """``count`` random base centres in the square ``square`` x ``square``, each at least
    ``gap()`` from those before (asked afresh for each pair)."""
    spots: list[tuple[float, float]] = []
    low, high = square
    while len(spots) < count:
        spot = (rng.uniform(low, high), rng.uniform(low, high))
        if all(math.dist(spot, s) >= gap() for s in spots):
            spots.append(spot)
    return spots


def _two_sides(
    state: BattleState,
    rng: random.Random,
    spots: list[tuple[float, float]],
    middle: float,
    jitter: float,
) -> list[ModelState]:
    """A model on each spot: side 1 beyond a line at ``middle`` jittered by ``jitter``."""
    return [
        add(state, f"m{k}", int(y > middle + rng.uniform(-jitter, jitter)), x, y)
        for k, (x, y) in enumerate(spots)
    ]


def test_random_crowds_never_hide_a_move_or_a_charge() -> None:
    """Random crowds of both sides: wherever hemmed answers, check_action refuses every
    move of hemmed.STEP or more on the headings tried, and charge_options finds nothing
    where the player skips its search."""
    rng = random.Random(21)
    hemmed_seen = blocked_seen = 0
    for _ in range(12):
        state = battle()
        spots = _crowd(rng, 40, (14.0, 24.0), lambda: BASE_GAP + 0.002)
        models = _two_sides(state, rng, spots, 19.0, 1.0)
        for model in models:
            if state.engaged(model):
                continue
            enemy = min(state.enemies(model), key=lambda e: (state.distance(model, e), e.uid))
            goal = enemy.position
            if _hemmed(state, model, goal, allowance(state, model), _LEAP_SHARES):
                hemmed_seen += 1
                heading = math.atan2(goal[1] - model.y, goal[0] - model.x)
                for turn in TURNS:
                    for length in (hemmed.STEP, 0.8, 2.0, 5.0):
                        assert _refused(state, model, heading + turn, length)
            if hemmed.charges_blocked(state, model):
                blocked_seen += 1
                assert charge_options(state, model) == []
    assert hemmed_seen > 20 and blocked_seen > 20  # the test saw both answers often


def test_an_enemy_behind_a_friend_a_step_ahead_is_left_out_of_the_search() -> None:
    """A friend 1.5" ahead (not touching: charges_blocked's 0.45" sees nothing) hides every
    spot touching the enemy 5" away: reachable leaves it out, and charge_spot finds no spot
    for it; without the friend it is kept and charged."""
    state = battle()
    model = add(state, "a1", 0, 20.0, 20.0)
    friend = add(state, "a2", 0, 20.0, 21.5)
    enemy = add(state, "b1", 1, 20.0, 25.0)
    assert not hemmed.charges_blocked(state, model)
    assert hemmed.reachable(state, model, [enemy]) == []
    assert charge_spot(state, model, enemy) is None
    state.set_position(friend, (26.0, 20.0))
    assert hemmed.reachable(state, model, [enemy]) == [enemy]
    assert charge_spot(state, model, enemy) is not None


def test_random_crowds_never_leave_out_a_charge() -> None:
    """Random crowds of both sides, looser than above: every enemy in a model's reach that
    reachable leaves out has no spot charge_spot finds (and it leaves out many)."""
    rng = random.Random(13)
    left_out = 0
    for _ in range(10):
        state = battle()
        spots = _crowd(rng, 36, (12.0, 28.0), lambda: BASE_GAP + 0.3)
        models = _two_sides(state, rng, spots, 20.0, 2.0)
        for model in models:
            budget = allowance(state, model)
            enemies = [e for e in state.enemies(model) if state.distance(model, e) <= budget]
            kept = hemmed.reachable(state, model, enemies)
            for enemy in enemies:
                if enemy not in kept:
                    left_out += 1
                    assert charge_spot(state, model, enemy) is None
    assert left_out > 50  # the test saw the cut often


def test_random_crowds_stop_every_blocked_downhill_move_short() -> None:
    """The flow field's downhill skips a heading blocked within flow.SHORT: on random crowds
    the straight move it skips always ends within SHORT (so it was never weighed), and the
    skip happens often."""
    rng = random.Random(47)
    skipped = 0
    for _ in range(8):
        state = battle()
        spots = _crowd(rng, 40, (14.0, 24.0), lambda: BASE_GAP + rng.uniform(0.002, 0.3))
        models = [add(state, f"m{k}", k % 2, x, y) for k, (x, y) in enumerate(spots)]
        for model in models:
            around = surroundings(state, model)
            arcs = hemmed.blocked_arcs(state, model, step=flow.SHORT)
            for k in range(flow.DIRECTIONS):
                angle = 2 * math.pi * k / flow.DIRECTIONS
                aim = rotated(model.position, angle, around.budget)
                if arcs and hemmed.on_table(state, model, aim) and hemmed.blocked(arcs, angle):
                    skipped += 1
                    end = furthest_toward(state, model, aim, around)
                    assert math.dist(model.position, end) < flow.SHORT
    assert skipped > 200  # the test saw the skip often

"""The One Ring in the Move phase (part 2 §7.3, 002:L2202-2228).

At the start of the Move phase every bearer already wearing the Ring rolls against the Will
of Sauron; at the start of its side's moves its owner may put the Ring on or try to take it
off (data.ASSUMPTIONS "ring-timing"). An enemy charging an invisible bearer must first spot
it, and an enemy ending its move where the bearer stands pushes it aside.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING

from battlesim.engines.sbg.core.actions import IllegalActionError, MoveAction, RingAction
from battlesim.engines.sbg.core.data import (
    CONTACT_TOLERANCE,
    COURAGE_PASS,
    EPSILON,
    RING_ROOM_GAP,
    WILL_OF_SAURON,
)
from battlesim.engines.sbg.core.decisions import Decision
from battlesim.engines.sbg.core.paths import (
    Point,
    angle_to,
    fan,
    point_distance,
    rotated,
    terrain_fits,
)
from battlesim.engines.sbg.core.state import BattleState, ModelState
from battlesim.engines.sbg.rules import one_ring
from battlesim.engines.sbg.rules.courage import courage_test, courage_value, heroic_courage
from battlesim.engines.sbg.rules.might import MightRoll
from battlesim.engines.sbg.rules.one_ring import ring, wears_ring
from battlesim.engines.sbg.rules.pools import Pool, spend

if TYPE_CHECKING:
    from battlesim.engines.sbg.core.decisions import Player


def start_of_move_phase(state: BattleState, players: tuple[Player, Player]) -> None:
    """RING-WILL-01 (002:L2222): every bearer already wearing the Ring rolls at the start of
    the Move phase, before Heroic Actions are declared and before any model moves, so that
    a Heroic Move never takes it out of the opponent's hands (RING-WILL-02)."""
    one_ring.settle_bearers(state)
    for side in (state.priority, 1 - state.priority):
        for model in [m for m in state.living(side) if one_ring.bears_ring(m) and wears_ring(m)]:
            if not model.triggers & one_ring.UNAWOKEN:  # It Has Not Yet Awoken: no roll
                will_of_sauron(state, players[side], model)


def start_of_move(state: BattleState, players: tuple[Player, Player], side: int) -> None:
    """RING-ON-01 / RING-OFF-01 for each bearer of ``side``, once it is known who moves it."""
    one_ring.settle_bearers(state)
    for model in [m for m in state.living(side) if one_ring.bears_ring(m)]:
        choice = players[side].decide(state, ChooseRingAction(model))
        if choice is None or not model.alive:
            continue
        try:
            apply_ring_action(state, model, choice)
        except IllegalActionError as error:
            state.log.emit("refused", model=model.uid, reason=str(error))


def will_of_sauron(state: BattleState, player: Player, model: ModelState) -> bool:
    """RING-WILL-01/02 (002:L2222-2228): D6, Might may raise it; 3+ the owner moves the
    bearer, 1-2 the opponent does this turn. Returns True if the owner keeps control."""
    (die,) = state.roll(1, f"will of sauron {model.uid}")
    might = player.decide(state, ResistSauron(model, die))
    if not isinstance(might, int) or not 0 <= might <= model.might:
        state.log.emit("refused", model=model.uid, reason=f"cannot spend {might} Might")
        might = 0
    if might and not spend(state, model, Pool.MIGHT, might):
        state.log.emit("cancelled", model=model.uid, deed="might on will of sauron")
        might = 0  # the die stands as rolled (pools.SPENT)
    if might:
        # logged like every other Might spent on a roll (issue 15): RING-WILL-01 is a roll a
        # special rule lets Might modify (HERO-MIGHT-06, MightRoll.RULE)
        state.log.emit(
            "might",
            model=model.uid,
            roll=MightRoll.RULE.value,
            points=might,
            value=die,
            result=die + might,
            might_left=model.might,
        )
    owner = die + might >= WILL_OF_SAURON
    if not owner:
        ring(model).sauron_turn = state.turn
    state.log.emit("will_of_sauron", model=model.uid, die=die, might=might, owner=owner)
    return owner


def check_ring_action(state: BattleState, model: ModelState, action: RingAction) -> None:
    """RING-ON-01, RING-OFF-01: refuse what the rules forbid (IllegalActionError)."""
    if not model.alive or not one_ring.bears_ring(model):
        raise IllegalActionError(f"{model.uid} does not bear the One Ring")
    if ring(model).ring_changed == state.turn:
        raise IllegalActionError(f"{model.uid} cannot put on and take off the Ring (RING-OFF-01)")
    if action is RingAction.TAKE_OFF:
        if not wears_ring(model):
            raise IllegalActionError(f"{model.uid} does not wear the Ring")
        return
    if wears_ring(model):
        raise IllegalActionError(f"{model.uid} already wears the Ring")
    if state.engaged(model):
        raise IllegalActionError(f"{model.uid} is engaged: cannot put the Ring on (RING-ON-01)")
    if "cavalry" in model.triggers:
        raise IllegalActionError(f"{model.uid}: mounted bearers are not played (ring-mounted)")


def apply_ring_action(state: BattleState, model: ModelState, action: RingAction) -> None:
    """Put the Ring on (it goes on at once) or take it off after a Courage test."""
    check_ring_action(state, model, action)
    if action is RingAction.PUT_ON:
        one_ring.wear(state, model, True)
        ring(model).ring_changed = state.turn
        state.log.emit("ring_on", model=model.uid)
        one_ring.my_precious(state, model.player)
        return
    if courage_test(state, model, "take off the One Ring"):  # RING-OFF-01 (002:L2216)
        one_ring.wear(state, model, False)
        ring(model).ring_changed = state.turn
        state.log.emit("ring_off", model=model.uid)
    else:
        state.log.emit("ring_stays_on", model=model.uid)


def may_charge(state: BattleState, charger: ModelState, target: ModelState) -> bool:
    """RING-INV-04: a model that failed to spot the bearer cannot charge it this turn."""
    unseen = ring(charger).ring_unseen_turn == state.turn
    return not (unseen and one_ring.invisible_to(target, charger))


def spot(state: BattleState, charger: ModelState, bearer: ModelState) -> bool:
    """RING-INV-04 (002:L2210): Courage test at -1 per full inch between them; models that
    pass Courage tests automatically must still roll. A failure marks the bearer unseen by
    the charger for the rest of the turn."""
    penalty = math.floor(state.distance(charger, bearer) + EPSILON)
    dice = state.roll(2, f"courage {charger.uid} (spot the Ring-bearer {bearer.uid})")
    total = sum(dice) + courage_value(state, charger) - penalty
    total += heroic_courage(state, charger, total, sum(dice))  # HERO-WILL-04, Might item 5
    passed = total >= COURAGE_PASS
    state.log.emit("spot_ring_bearer", model=charger.uid, bearer=bearer.uid, passed=passed)
    if not passed:
        ring(charger).ring_unseen_turn = state.turn
    return passed


def room_spot(
    state: BattleState, mover: ModelState, end: Point, bearer: ModelState
) -> Point | None:
    """RING-INV-03 (002:L2208): the nearest spot, directly away from the enemy's end first,
    where the bearer stands clear of the enemy and every other base (none: no room)."""
    reach = mover.radius + bearer.radius + RING_ROOM_GAP
    heading = angle_to(end, bearer.position) if point_distance(end, bearer.position) else 0.0
    for angle in fan(heading, 12, math.pi / 12):
        spot = rotated(end, angle, reach)
        fits = terrain_fits(state.table, spot, bearer.radius, state.width, state.depth)
        if fits and _clear(state, bearer, spot, (mover, bearer)):
            return spot
    return None


def _clear(
    state: BattleState, bearer: ModelState, spot: Point, skip: tuple[ModelState, ...]
) -> bool:
    for other in state.living():
        if other in skip:
            continue
        gap = point_distance(spot, other.position) - bearer.radius - other.radius
        limit = CONTACT_TOLERANCE * 2 if other.player != bearer.player else -CONTACT_TOLERANCE
        if gap < limit:
            return False
    return True


def overlapped_bearers(state: BattleState, mover: ModelState, end: Point) -> list[ModelState]:
    """Invisible enemy bearers whose base the mover's base would cover at ``end``."""
    if not one_ring.ring_worn(state):
        return []  # nobody wears it (speed)
    return [
        bearer
        for bearer in state.enemies(mover)
        if wears_ring(bearer)
        and point_distance(end, bearer.position) < mover.radius + bearer.radius - CONTACT_TOLERANCE
    ]


def make_room(state: BattleState, mover: ModelState, end: Point) -> None:
    """RING-INV-03: shift each bearer the mover's base covers at ``end`` (checked legal
    before), before the mover is placed there so that no two bases ever overlap."""
    for bearer in overlapped_bearers(state, mover, end):
        spot = room_spot(state, mover, end, bearer)
        if spot is not None:
            state.move_to(bearer, spot, "make room (RING-INV-03)")


# Decisions this module asks a player (core/decisions.py).


@dataclass(frozen=True, slots=True)
class ChooseRingAction(Decision[RingAction | None]):
    """RING-ON-01, RING-OFF-01: put the One Ring on, try to take it off, or neither."""

    model: ModelState


@dataclass(frozen=True, slots=True)
class ResistSauron(Decision[int]):
    """RING-WILL-01: Might points spent on the Will of Sauron die."""

    model: ModelState
    die: int


@dataclass(frozen=True, slots=True)
class MoveEnemyBearer(Decision[MoveAction]):
    """RING-WILL-02: the move of an enemy Ring-bearer that lost the Will of Sauron roll."""

    model: ModelState

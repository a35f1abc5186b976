"""Leaping over a prone model (MOVE-PRONE-11, 002:L677).

A move may pass over one prone model (friend or foe): the mover goes as close as it can
without touching it and takes a Leap test. 2-6: it lands on the far side, not touching it,
and goes on as after leaping an obstacle (2-5 it stops, 6 it continues, part 1 §4.10
reading). 1: over a friend the leap simply fails (it stops short); over an enemy it must
charge it (placed in base contact).
"""

from __future__ import annotations

import math

from battlesim.engines.sbg.core.actions import Charge, IllegalActionError, Move
from battlesim.engines.sbg.core.data import CONTACT_TOLERANCE
from battlesim.engines.sbg.core.paths import Point, segment_point_distance, terrain_cost
from battlesim.engines.sbg.core.state import BattleState, ModelState
from battlesim.engines.sbg.rules import ring_moves as ring
from battlesim.engines.sbg.rules.cavalry import failed_leap
from battlesim.engines.sbg.rules.crossing import free_landing
from battlesim.engines.sbg.rules.might import MightRoll, boost

_CLEAR = 0.02  # inches: "not in base contact" beside the prone model


def may_hop(state: BattleState, model: ModelState, other: ModelState, end: Point) -> bool:
    """Whether ``model`` (standing) may pass over prone ``other`` on its way to ``end``."""
    if not other.prone or model.prone:
        return False
    return math.dist(end, other.position) >= model.radius + other.radius - CONTACT_TOLERANCE


def hurdles(state: BattleState, model: ModelState, end: Point) -> list[ModelState]:
    """The prone models the straight move from the model to ``end`` passes over."""
    if model.prone:
        return []
    start = model.position
    # the grid's models near the line, not a scan of every model (speed: asked for every
    # move considered): a base passed over has its centre within both radii of the line
    reach = model.radius + state.largest_radius
    lying = [o for o in state.along(start, end, reach, reach) if o.prone]
    if not lying:
        return []  # the common case
    found = []
    for other in state.in_living_order(lying):
        if other is model or not may_hop(state, model, other, end):
            continue
        clearance = model.radius + other.radius - CONTACT_TOLERANCE
        if segment_point_distance(start, end, other.position) < clearance:
            found.append(other)
    return found


def check_hurdles(state: BattleState, model: ModelState, end: Point, tests: int) -> None:
    """One Leap test per move: at most one prone model, and no other terrain test."""
    count = len(hurdles(state, model, end))
    if count > 1 or (count and tests):
        raise IllegalActionError(f"{model.uid} would need two tests in one move (PRONE-11)")


def leap_over(state: BattleState, model: ModelState, action: Move | Charge) -> bool:
    """Resolve the Leap over a prone model on the way, if any; True if it did."""

    found = hurdles(state, model, action.to)
    if not found:
        return False
    other = found[0]
    model.leapt = True  # a Leap test forbids shooting this turn (SHOOT-ELIG-07)
    (die,) = state.roll(1, f"leap {model.uid} over prone {other.uid}")
    die = boost(state, model, MightRoll.LEAP, die, 6 if model.charged else 2)  # MOVE-LEAP-07
    state.log.emit("leap", model=model.uid, obstacle=other.uid, roll=die)
    start, end = model.position, action.to
    spot, reason = end, "charge" if model.charged else "leap"
    if die < 6:
        model.charged, reason = False, "leap"
        spot = _along(start, end, other, model.radius + other.radius + _CLEAR, far=die > 1)
        if die > 1 and not free_landing(state, model, spot):
            spot = _along(start, end, other, model.radius + other.radius + _CLEAR, far=False)
        if die == 1 and other.player != model.player:  # it must charge the enemy
            spot = _along(start, end, other, model.radius + other.radius, far=False)
            model.charged, reason = True, "charge"
    model.spent += terrain_cost(state.table, start, spot, model.radius)
    ring.make_room(state, model, spot)  # RING-INV-03: a bearer there steps aside first
    state.move_to(model, spot, reason)
    if die == 1 and model.mount is not None:
        failed_leap(state, model)  # MOVE-LEAP-05, CAV-MOVE-05 (002:L1286): a failed Leap test
    return True


def _along(start: Point, end: Point, other: ModelState, gap: float, far: bool) -> Point:
    """The point of the segment ``gap`` from ``other``'s centre: first or last crossing."""
    length = math.dist(start, end)
    ux, uy = (end[0] - start[0]) / length, (end[1] - start[1]) / length
    dx, dy = start[0] - other.x, start[1] - other.y
    b = dx * ux + dy * uy
    c = dx * dx + dy * dy - gap * gap
    root = math.sqrt(max(0.0, b * b - c))
    t = -b + root if far else max(0.0, -b - root)
    return (start[0] + ux * t, start[1] + uy * t)

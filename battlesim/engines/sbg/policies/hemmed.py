"""Hemmed in: whether the straight moves a player tries from a model towards a goal (ahead and
at a few angles off it) are each blocked by a base within a few tenths of an inch (a model
behind its friends' rank). Then none of them can gain ground, and players skip trying
them (speed, issue 21: in a crowd a blocked model tried a dozen moves that all failed).

Circle arithmetic on the bases round the model: each base blocks the headings at which the
straight segment of ``STEP`` inches comes nearer its centre than ``_passed_through``'s
clearance (both radii less the contact tolerance), so a move that long or longer in such
a heading passes through it (MOVE-GEN-07) and ``check_action`` refuses it. Sure answers
only: edges, terrain and zones are not counted (they only block more); prone models (they
may be leapt over), Ring-bearers, fliers, perches and gates leave the answer to the full
search.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

from battlesim.engines.sbg.core.data import CONTACT_TOLERANCE
from battlesim.engines.sbg.core.paths import Point
from battlesim.engines.sbg.core.state import BattleState, ModelState
from battlesim.engines.sbg.rules.one_ring import wears_ring
from battlesim.engines.sbg.rules.terrain_rules import flies

STEP = 0.45  # inches: players count a move shorter than 0.5" as no gain (STUCK)
HAIR = 1e-6  # radians each blocked arc is narrowed by: sure answers only
Arc = tuple[float, float]  # (start, end) radians, 0 < end - start < 2 pi


def hemmed_in(state: BattleState, model: ModelState, goal: Point, turns: Sequence[float]) -> bool:
    """Every heading ``turns`` radians off the one towards ``goal`` is blocked within
    ``STEP`` inches by a base."""
    if model.x == goal[0] and model.y == goal[1]:
        return False
    arcs = blocked_arcs(state, model)
    if not arcs:
        return False
    heading = math.atan2(goal[1] - model.y, goal[0] - model.x)
    return all(blocked(arcs, heading + turn) for turn in turns)


def blocked(arcs: list[Arc], heading: float) -> bool:
    """``heading`` lies in one of the ``blocked_arcs``: a straight move of ``STEP`` inches or
    more that way passes through a base."""
    return any((heading - start) % math.tau < end - start for start, end in arcs)


def on_table(state: BattleState, model: ModelState, aim: Point) -> bool:
    """``furthest_toward`` keeps ``aim`` as it is (no clamp to the table, which would turn
    the move's heading)."""
    r = model.radius + 1e-6
    return r <= aim[0] <= state.width - r and r <= aim[1] <= state.depth - r


def blocked_arcs(
    state: BattleState, model: ModelState, passable: Callable[[ModelState], bool] | None = None
) -> list[Arc]:
    """The headings blocked within ``STEP`` inches by each base near the model, as arcs
    (none: no sure answer); ``passable``: bases the move may pass through (left out)."""
    if flies(state, model) or wears_ring(model) or state.perchers or state.structures:
        return []
    x, y, r = model.x, model.y, model.radius
    reach = STEP + r + state.largest_radius + 0.01
    arcs: list[Arc] = []
    for other in state.in_box(x - reach, y - reach, x + reach, y + reach):
        if other is model or other.prone or wears_ring(other):
            continue
        if passable is not None and passable(other):
            continue
        dx, dy = other.x - x, other.y - y
        d = math.hypot(dx, dy)
        c = r + other.radius - CONTACT_TOLERANCE  # _passed_through's clearance
        if d <= c:
            return []  # overlapping already: left to the full search
        if d * d - c * c <= STEP * STEP:  # the tangent from the centre is within the step
            half = math.asin(c / d)
        else:  # only the step's end can come that near
            cos = (d * d + STEP * STEP - c * c) / (2 * d * STEP)
            if cos >= 1.0:
                continue
            half = math.acos(cos)
        half -= HAIR
        if half > 0:
            centre = math.atan2(dy, dx)
            arcs.append((centre - half, centre + half))
    return arcs


def covered(arcs: list[Arc], low: float, high: float) -> bool:
    """The arcs cover every heading from ``low`` to ``high`` (``high - low`` < 2 pi)."""
    spans = []
    for start, end in arcs:
        shift = math.floor((low - start) / math.tau) * math.tau  # start moved to <= low
        spans += [(start + shift, end + shift), (start + shift + math.tau, end + shift + math.tau)]
    spans.sort()
    reached = low
    for start, end in spans:
        if start > reached:
            return False
        reached = max(reached, end)
        if reached >= high:
            return True
    return False

"""How a model of the plan walks round terrain and friends: the table's route, and what to
do when the straight walk to its first waypoint is blocked (a corner friends crowd), or so
short that the model would crawl round a corner (``cut_corner``)."""

from __future__ import annotations

import math

from battlesim.engines.sbg.core.actions import Hold, Move, MoveAction
from battlesim.engines.sbg.core.paths import (
    Point,
    angle_to,
    circle_base,
    near_terrain,
    point_distance,
    rotated,
    segment_box,
)
from battlesim.engines.sbg.core.state import BattleState, ModelState
from battlesim.engines.sbg.policies.hemmed import blocked, blocked_arcs, on_table
from battlesim.engines.sbg.rules.movement import furthest_toward, surroundings

IN_THE_WAY_OF_FEET = frozenset({"impassable", "obstacle", "gap", "elevated"})
STUCK = 0.5  # inches: a walk gaining less is blocked (v1's test before it side-steps)
# A move is one straight line, and the route hugs each corner of the terrain grown by the
# base (several short legs round a wall's end): a first leg shorter than this share of the
# walk wastes the turn, so straight lines off the route are tried (``cut_corner``).
CUT_SHARE = 0.6
CUT_LEGS = 4  # later waypoints aimed at straight
CUT_TURNS = (0.4, -0.4, 0.8, -0.8)  # radians off the first leg's heading tried
CUT_GAIN = 0.3  # inches of route a cut must save to be played


def waypoints(state: BattleState, model: ModelState, goal: Point) -> list[Point]:
    """The table's route to ``goal`` round terrain (the goal last); just the goal when no
    terrain lies near the straight line (v1's ``_first_waypoint``, every waypoint kept)."""
    if state.table is None or not state.table.pieces:
        return [goal]
    box = segment_box(model.position, goal, model.radius)
    if not near_terrain(state.table, box, IN_THE_WAY_OF_FEET):
        return [goal]
    route = state.table.route(model.position, goal, circle_base(model.radius))
    return route if route else [goal]


def stuck(model: ModelState, action: MoveAction, wanted: float) -> bool:
    """The walk gains less than ``STUCK`` inches (or less than half of a shorter walk that
    was ``wanted``)."""
    if isinstance(action, Hold):
        return wanted > 0.05
    to = getattr(action, "to", None)
    if to is None:
        return False
    return point_distance(to, model.position) < min(STUCK, wanted / 2)


def route_length(
    state: BattleState, model: ModelState, start: Point, goal: Point, under: float = math.inf
) -> float:
    """The length of the table's route from ``start`` to ``goal`` (inf: none). ``under``:
    only a length shorter than this matters to the caller, so inf may also mean that the
    route is not shorter (told by a cheap floor, without the search: speed)."""
    if state.table is None or not state.table.pieces:
        return point_distance(start, goal)
    box = segment_box(start, goal, model.radius)
    if not near_terrain(state.table, box, IN_THE_WAY_OF_FEET):
        return point_distance(start, goal)  # nothing to walk round, as ``waypoints`` (speed)
    route = state.table.route(start, goal, circle_base(model.radius), under)
    if not route:
        return math.inf
    total, here = 0.0, start
    for point in route:
        total += point_distance(here, point)
        here = point
    return total


def cut_corner(
    state: BattleState, model: ModelState, route: list[Point], action: MoveAction, reach: float
) -> MoveAction:
    """``action`` walks to the route's first waypoint; when that leg is short, the straight
    move (at most ``reach`` inches, if given) after which the route left to the goal is
    shortest: towards a later waypoint, or off the first leg's heading (a step clear of a
    wall's end, then a straight line past it next turn)."""
    around = surroundings(state, model)
    budget = min(reach, around.budget) if reach else around.budget
    start = model.position
    end = getattr(action, "to", None)
    here = start if end is None or isinstance(action, Hold) else end
    if len(route) < 2 or point_distance(start, here) >= CUT_SHARE * budget:
        return action
    goal = route[-1]
    best_len = route_length(state, model, here, goal)
    best: MoveAction = action
    heading = angle_to(start, route[0]) if point_distance(start, route[0]) > 1e-6 else None
    angles = [angle_to(start, p) for p in route[1 : 1 + CUT_LEGS]]
    if heading is not None:
        angles += [heading + turn for turn in CUT_TURNS]
    arcs = blocked_arcs(state, model)
    for angle in angles:
        aim = rotated(start, angle, budget)
        if arcs and on_table(state, model, aim) and blocked(arcs, angle):
            continue  # it would stop within hemmed.STEP, short of STUCK (speed)
        spot = furthest_toward(state, model, aim, around)
        if point_distance(spot, start) < STUCK:
            continue
        if point_distance(spot, goal) >= best_len - CUT_GAIN:
            continue  # no route is shorter than the straight line: no better (speed)
        length = route_length(state, model, spot, goal, under=best_len - CUT_GAIN)
        if length < best_len - CUT_GAIN:
            best_len, best = length, Move(model.uid, spot)
    return best

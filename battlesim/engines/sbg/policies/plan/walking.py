"""How a model of the plan walks round terrain and friends: the table's route, and what to
do when the straight walk to its first waypoint is blocked (a corner friends crowd)."""

from __future__ import annotations

from battlesim.engines.sbg.core.actions import Hold, MoveAction
from battlesim.engines.sbg.core.paths import (
    Point,
    circle_base,
    near_terrain,
    point_distance,
    segment_box,
)
from battlesim.engines.sbg.core.state import BattleState, ModelState

IN_THE_WAY_OF_FEET = frozenset({"impassable", "obstacle", "gap", "elevated"})
STUCK = 0.5  # inches: a walk gaining less is blocked (v1's test before it side-steps)


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

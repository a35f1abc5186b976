"""What the heuristic does about a scenario's objects and cairns (issue 20 play quality).

The plan player sends models to the markers it must hold (``plan/intent.py``) but walked
past a prize lying at the centre: Seize the Prize and the Captive were won by fighting or
drawn, never by carrying. Read from the scenario's objectives (never its name):

- an object of a CARRY objective lying on the ground: the free friend nearest it goes and
  takes it up (moving into contact picks it up, ADV-LIGHT-01, ADV-HEAVY-01);
- one an enemy carries: the two free friends nearest its carrier go after it (its killer in
  a fight takes it, ADV-LIGHT-02);
- its carrier heads home as the scenario says (``Scenario.goal``: its zone, or the edge its
  army entered by);
- a cairn nobody searched (SEARCH): the free friend nearest it goes to it;
- the enemy's edge to leave by (ESCAPE, the side's own): the free friends nearest that edge,
  as many as the share still to go and two more, run straight for it; in the last turns
  every free friend that can still reach it.

A model on none of these errands is left to the plan (None).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from battlesim.engines.sbg.core.objectives import Scoring
from battlesim.engines.sbg.core.paths import Point
from battlesim.engines.sbg.core.state import BattleState, ModelState
from battlesim.engines.sbg.policies.plan.intent import CLOSING_TURNS
from battlesim.engines.sbg.policies.plan.objectives import turns_left
from battlesim.engines.sbg.rules import objects, scenario_play
from battlesim.engines.sbg.rules.scenarios import Scenario

FETCHERS = 1  # friends sent to an object lying on the ground
CHASERS = 2  # friends sent after an enemy carrying one
SPARES = 2  # runners beyond the share still to leave (some are caught on the way)


def _free(state: BattleState, model: ModelState) -> bool:
    """Not fighting, carrying nothing, no piece of the table."""
    if state.engaged(model) or objects.carried_by(state, model):
        return False
    return not (state.structures and model.uid in state.structures)


def _nearest(state: BattleState, model: ModelState, point: Point, count: int) -> bool:
    """The model is among the ``count`` free friends nearest ``point``."""
    free = [m for m in state.living(model.player) if _free(state, m)]
    free.sort(key=lambda m: (math.dist(m.position, point), m.uid))
    return model in free[:count]


@dataclass(frozen=True, slots=True)
class Errand:
    """Where to go: ``point``; ``fetch``: an object lying there to take up; ``chase``: the
    enemy carrying it."""

    point: Point
    fetch: bool = False
    chase: ModelState | None = None


def object_errand(
    state: BattleState, scenario: Scenario | None, model: ModelState
) -> Errand | None:
    """The model's errand for the scenario's objects and cairns (module docstring)."""
    if scenario is None:
        return None
    spec = scenario.spec
    names = [o.name for o in spec.objectives if o.scoring is Scoring.CARRY]
    carried = objects.carried_by(state, model)
    if any(name in carried for name in names):
        goal = scenario.goal(state, model)
        return Errand(goal.point) if goal is not None else None
    if not _free(state, model):
        return None
    for name in names:
        spot = objects.where(state, name)
        holder = objects.holder_side(state, name)
        if spot is None or holder == model.player:
            continue
        if _nearest(state, model, spot, FETCHERS if holder is None else CHASERS):
            return Errand(spot, fetch=holder is None, chase=objects.carrier(state, name))
    now = scenario_play.played(state)
    run = _escape_errand(state, scenario, model, now)
    if run is not None:
        return run
    for cairn in spec.objectives:
        if cairn.scoring is not Scoring.SEARCH or cairn.point is None:
            continue
        unsearched = now is not None and cairn.name not in now.searched
        if unsearched and _nearest(state, model, cairn.point, 1):
            return Errand(cairn.point)
    return None


def _escape_errand(
    state: BattleState,
    scenario: Scenario,
    model: ModelState,
    now: scenario_play.ScenarioState | None,
) -> Errand | None:
    """ESCAPE: a runner heads straight for the enemy's edge (side 0 leaves by y = depth)."""
    side = model.player
    for o in scenario.spec.objectives:
        if o.scoring is not Scoring.ESCAPE or o.owner != side or now is None:
            continue
        wanted = math.ceil(o.share * state.start_counts[side]) - now.escaped[side] + SPARES
        edge = scenario.depth if side == 0 else 0.0
        free = [m for m in state.living(side) if _free(state, m)]
        free.sort(key=lambda m: (abs(m.y - edge), m.uid))
        left = turns_left(state, scenario) + 1  # this turn's move too
        closing = left <= CLOSING_TURNS and abs(model.y - edge) <= left * model.profile.move + 1
        if closing or model in free[: max(0, wanted)]:  # the last turns: whoever can get there
            return Errand(_way_out(state, model, edge))
    return None


CLEAR = 4.0  # inches: an enemy this near a runner's straight way out stands in it
EXITS = 7  # points of the enemy's edge a runner weighs, side edge to side edge


def _way_out(state: BattleState, model: ModelState, edge: float) -> Point:
    """The point of the enemy's edge with the fewest enemies near the straight way to it,
    the nearest first (straight through the enemy's camp, runners stalled in its sentries'
    control zones; Night Raid)."""
    xs = [model.x] + [state.width * k / (EXITS - 1) for k in range(EXITS)]
    xs = [min(max(x, 1.0), state.width - 1.0) for x in xs]
    enemies = state.living(1 - model.player)

    def cost(x: float) -> tuple[int, float, float]:
        end = (x, edge)
        near = sum(1 for e in enemies if _off_segment(e.position, model.position, end) <= CLEAR)
        return (near, math.dist(model.position, end), x)

    return (min(xs, key=cost), edge)


def _off_segment(point: Point, start: Point, end: Point) -> float:
    """The distance from ``point`` to the segment ``start``-``end``."""
    dx, dy = end[0] - start[0], end[1] - start[1]
    length = dx * dx + dy * dy
    t = 0.0 if length == 0 else ((point[0] - start[0]) * dx + (point[1] - start[1]) * dy) / length
    t = min(1.0, max(0.0, t))
    return math.dist(point, (start[0] + t * dx, start[1] + t * dy))

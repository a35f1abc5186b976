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
- a cairn nobody searched (SEARCH): the free friend nearest it goes to it.

A model on none of these errands is left to the plan (None).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from battlesim.engines.sbg.core.objectives import Scoring
from battlesim.engines.sbg.core.paths import Point
from battlesim.engines.sbg.core.state import BattleState, ModelState
from battlesim.engines.sbg.rules import objects, scenario_play
from battlesim.engines.sbg.rules.scenarios import Scenario

FETCHERS = 1  # friends sent to an object lying on the ground
CHASERS = 2  # friends sent after an enemy carrying one


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
    for cairn in spec.objectives:
        if cairn.scoring is not Scoring.SEARCH or cairn.point is None:
            continue
        unsearched = now is not None and cairn.name not in now.searched
        if unsearched and _nearest(state, model, cairn.point, 1):
            return Errand(cairn.point)
    return None

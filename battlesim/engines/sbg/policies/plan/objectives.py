"""What a player reads of the scenario: its objectives as data (points to hold, within what
range) and the turn clock, never the scenario's name. The one place to adapt when scenarios
describe more kinds of objective."""

from __future__ import annotations

import math
from dataclasses import dataclass

from battlesim.engines.sbg.core.paths import Point
from battlesim.engines.sbg.core.state import BattleState, ModelState
from battlesim.engines.sbg.core.units import PlayerId
from battlesim.engines.sbg.rules.scenario_play import within
from battlesim.engines.sbg.rules.scenarios import OBJECTIVE_RANGE, Scenario


@dataclass(frozen=True, slots=True)
class Objective:
    """A point held by the side with more models within ``reach`` of it."""

    point: Point
    reach: float = OBJECTIVE_RANGE

    def near(self, model: ModelState) -> bool:
        gap = math.hypot(model.x - self.point[0], model.y - self.point[1]) - model.radius
        return gap <= self.reach

    def counts(self, state: BattleState) -> tuple[int, int]:
        """Living models of each side within reach (how the scenario decides the holder:
        a gate or a Siege Engine holds nothing)."""
        counts = within(state, self.point, self.reach)
        return counts[0], counts[1]

    def margin(self, state: BattleState, side: PlayerId) -> int:
        """``side``'s models within reach less the enemy's."""
        counts = self.counts(state)
        return counts[side] - counts[1 - side]


def objectives(scenario: Scenario | None) -> tuple[Objective, ...]:
    """The markers to hold or capture, each within the reach its scenario scores it at (a
    keep's courtyard 4", a fort 6": a model 3" off counted for nothing there)."""
    if scenario is None:
        return ()
    reach = {o.point: o.reach for o in scenario.spec.objectives if o.point is not None}
    return tuple(Objective(p, reach.get(p, OBJECTIVE_RANGE)) for p in scenario.objectives())


def turns_left(state: BattleState, scenario: Scenario | None) -> int:
    """Turns still to play after this one before the scenario's turn limit."""
    limit = scenario.turn_limit if scenario is not None else 12
    return max(0, limit - state.turn)

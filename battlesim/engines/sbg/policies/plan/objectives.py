"""What a player reads of the scenario: its objectives as data (points to hold, within what
range) and the turn clock, never the scenario's name. The one place to adapt when scenarios
describe more kinds of objective."""

from __future__ import annotations

import math
from dataclasses import dataclass

from battlesim.engines.sbg.core.data import DEFAULT_TURN_LIMIT
from battlesim.engines.sbg.core.objectives import Award, Scoring
from battlesim.engines.sbg.core.paths import Point
from battlesim.engines.sbg.core.state import BattleState, ModelState
from battlesim.engines.sbg.core.units import ModelId, PlayerId
from battlesim.engines.sbg.rules.scenario_play import played, within
from battlesim.engines.sbg.rules.scenarios import OBJECTIVE_RANGE, Scenario

# Awards paying for any enemy slain short of the break: a side ahead on kills leads
KILLS_SCORE = frozenset({Award.ATTRITION, Award.WOUNDS, Award.LEADER_KILLS})


@dataclass(frozen=True, slots=True)
class Objective:
    """A point held by the side with more models within ``reach`` of it; ``scorer``: the only
    side it scores for (None: either), the other side only denies it."""

    point: Point
    reach: float = OBJECTIVE_RANGE
    scorer: PlayerId | None = None

    def scores_for(self, side: PlayerId) -> bool:
        return self.scorer is None or self.scorer == side

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
    keep's courtyard 4", a fort 6": a model 3" off counted for nothing there), and the camps
    (held by more models within reach, like a marker: the plan ignored them, and drew 2-2
    against the random player with a third of the army idle, Storm the Camp seed 7013)."""
    if scenario is None:
        return ()
    spec = {o.point: o for o in scenario.spec.objectives if o.point is not None}
    camps = tuple(p for p, o in spec.items() if o.scoring is Scoring.CAMP)
    found = ((p, spec.get(p)) for p in (*scenario.objectives(), *camps))
    return tuple(
        Objective(p, OBJECTIVE_RANGE) if o is None else Objective(p, o.reach, o.scorer)
        for p, o in found
    )


def turns_left(state: BattleState, scenario: Scenario | None) -> int:
    """Turns still to play after this one before the scenario's turn limit."""
    limit = scenario.turn_limit if scenario is not None else DEFAULT_TURN_LIMIT
    return max(0, limit - state.turn)


def quarries(state: BattleState, scenario: Scenario | None, side: PlayerId) -> dict[ModelId, int]:
    """The living enemy models whose death pays victory points of its own, with those points:
    the enemy leader (LEADER_SLAIN) and the Hero ``side`` nominated (TARGET_SLAIN). Read from
    the awards, never the scenario's name: an army that only fights the nearest enemy let a
    target lie back, and reduced the rest of the force to a quarter, ending the battle with
    the target alive (Assassination seed 7009)."""
    if scenario is None:
        return {}
    points: dict[ModelId, int] = {}
    now = played(state)
    marked = {
        Award.LEADER_SLAIN: state.forces[1 - side].leader,
        Award.TARGET_SLAIN: now.targets[side] if now is not None else None,
    }
    for award in scenario.spec.awards:
        uid = marked.get(award.award)
        if uid is not None and state.models[uid].alive:
            points[uid] = points.get(uid, 0) + award.points
    return points


def leader_fights(scenario: Scenario | None) -> bool:
    """The awards pay for the enemy models the leader slays itself (LEADER_KILLS): the leader
    fights in the front rank instead of following the fights (it scored nothing from behind
    the line: Contest of Champions seed 7000)."""
    if scenario is None:
        return False
    return any(a.award is Award.LEADER_KILLS for a in scenario.spec.awards)


def only_break_scores(scenario: Scenario | None) -> bool:
    """No objective of any kind and no points for the kills short of the enemy's break: only
    the break and the death of marked models (leader, nominated target, banner) score, so a
    battle where neither side closes in ends 0-0."""
    if scenario is None or scenario.spec.siege or scenario.spec.objectives:
        return False
    return not any(a.award in KILLS_SCORE for a in scenario.spec.awards)

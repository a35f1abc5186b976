"""The army's intent for one turn, made once per side at its first move: the roles, which
models take or hold which objective, and whether the line advances or holds.

- ADVANCE: close in and fight (the default: a battle is won by fighting); a model that
  cannot charge stops outside the enemy's charge reach when the enemy moves after it.
- PRESS: close in all the way, even into the enemy's charge reach (chosen only by the
  search player, ``search.py``, when its look-ahead finds it better).
- HOLD: a side that clearly out-shoots the other lets its bows work in the first half of
  the battle; its fighters stay out of the enemy's charge reach.
- Objectives (read as data, ``objectives.py``): each objective gets enough models to hold
  it; the models that hold one by a thin margin stay on it; in the last turns every free
  model heads for an objective not safely held.
"""

from __future__ import annotations

import enum
import math
from dataclasses import dataclass, field

from battlesim.engines.sbg.core.paths import Point
from battlesim.engines.sbg.core.state import BattleState, ModelState
from battlesim.engines.sbg.core.units import ModelId, PlayerId
from battlesim.engines.sbg.policies.plan.flanks import flank_posts
from battlesim.engines.sbg.policies.plan.objectives import Objective, objectives, turns_left
from battlesim.engines.sbg.policies.plan.roles import Role, role_of
from battlesim.engines.sbg.rules.scenarios import Scenario

HOLD_BOWS = 4  # bows a side needs, and twice the enemy's, to let them work first
CLOSING_TURNS = 3  # the last turns, when every free model makes for an objective
POST_RANGE = 18.0  # inches: a model this far from an objective is not sent to it early


class Intent(enum.Enum):
    ADVANCE = "advance"
    HOLD = "hold"
    PRESS = "press"


@dataclass(slots=True)
class Plan:
    turn: int
    intent: Intent
    roles: dict[ModelId, Role]
    posts: dict[ModelId, Point] = field(default_factory=dict)  # go to this objective
    keepers: dict[ModelId, Objective] = field(default_factory=dict)  # stay: it needs them
    flanks: dict[ModelId, Point] = field(default_factory=dict)  # wrap round the enemy's line


def make_plan(
    state: BattleState, side: PlayerId, scenario: Scenario | None, intent: Intent | None = None
) -> Plan:
    """The side's plan; ``intent`` given: that intent instead of the one read from the
    forces (a search player's choice)."""
    ours = state.living(side)
    roles = {m.uid: role_of(state, m) for m in ours}
    if intent is None:
        intent = _intent(state, side, scenario, roles)
    plan = Plan(state.turn, intent, roles)
    _allot_objectives(state, side, scenario, plan)
    if scenario is None or not scenario.spec.siege:  # at a siege, walls are held
        plan.flanks = {
            uid: post
            for uid, post in flank_posts(state, side, roles).items()
            if uid not in plan.posts and uid not in plan.keepers
        }
    return plan


def _intent(
    state: BattleState, side: PlayerId, scenario: Scenario | None, roles: dict[ModelId, Role]
) -> Intent:
    if objectives(scenario) or turns_left(state, scenario) * 2 < _limit(scenario):
        return Intent.ADVANCE  # objectives wait for nobody; the second half is for fighting
    bows = sum(1 for role in roles.values() if role is Role.ARCHER)
    theirs = sum(1 for m in state.living(1 - side) if role_of(state, m) is Role.ARCHER)
    return Intent.HOLD if bows >= HOLD_BOWS and bows >= 2 * theirs else Intent.ADVANCE


def _limit(scenario: Scenario | None) -> int:
    return scenario.turn_limit if scenario is not None else 12


def _allot_objectives(
    state: BattleState, side: PlayerId, scenario: Scenario | None, plan: Plan
) -> None:
    points = objectives(scenario)
    if not points:
        return
    closing = turns_left(state, scenario) < CLOSING_TURNS
    free = [m for m in state.living(side) if not state.engaged(m)]
    for objective in points:
        _keep(state, side, objective, free, plan)
    for objective in sorted(points, key=lambda o: _need(state, side, o, closing), reverse=True):
        need = _need(state, side, objective, closing)
        near = sorted(
            (_gap(m, objective.point), m.uid, m)
            for m in free
            if m.uid not in plan.keepers and m.uid not in plan.posts
        )
        for gap, uid, _model in near[: max(0, need)]:
            if closing or gap <= POST_RANGE:
                plan.posts[uid] = objective.point


def _keep(
    state: BattleState,
    side: PlayerId,
    objective: Objective,
    free: list[ModelState],
    plan: Plan,
) -> None:
    """The models on an objective stay, as many as it takes to outnumber the enemy there
    by one (the nearest to the point), so that no one walks off what the army holds."""
    counts = objective.counts(state)
    keep = counts[1 - side] + 1
    on_it = sorted((_gap(m, objective.point), m.uid) for m in free if objective.near(m))
    plan.keepers.update((uid, objective) for _, uid in on_it[:keep])


def _need(state: BattleState, side: PlayerId, objective: Objective, closing: bool) -> int:
    """Models still wanted on the objective: one more than the enemy (two in the last turns)."""
    counts = objective.counts(state)
    return counts[1 - side] + 1 + int(closing) - counts[side]


def _gap(model: ModelState, point: Point) -> float:
    return math.hypot(model.x - point[0], model.y - point[1])

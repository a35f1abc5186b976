"""The army's intent for one turn, made once per side at its first move: the roles, which
models take or hold which objective, and whether the line advances or holds.

- ADVANCE: close in and fight (the default: a battle is won by fighting); a model that
  cannot charge stops outside the enemy's charge reach when the enemy moves after it.
- PRESS: close in all the way, even into the enemy's charge reach (chosen by the search
  player, ``search.py``, when its look-ahead finds it better, and by a side with at least
  as many models as the enemy where only the enemy's break and its marked models' death
  score: ``objectives.only_break_scores``).
- HOLD: a side that clearly out-shoots the other lets its bows work in the first half of
  the battle; its fighters stay out of the enemy's charge reach.
- Objectives (read as data, ``objectives.py``): each objective gets enough models to hold
  it; the models that hold one by a thin margin stay on it; in the last turns every free
  model heads for an objective not safely held.
- Quarries (the awards read as data): an enemy model whose death alone pays enough victory
  points (a nominated target, the enemy leader) is hunted by the free fighters nearest it,
  and such a model of ours (a ward) charges nobody; a scenario paying for the leader's own
  kills sends the leader to fight in the front rank.
"""

from __future__ import annotations

import enum
import math
from dataclasses import dataclass, field

from battlesim.engines.sbg.core.data import DEFAULT_TURN_LIMIT
from battlesim.engines.sbg.core.paths import Point
from battlesim.engines.sbg.core.state import BattleState, ModelState
from battlesim.engines.sbg.core.units import ModelId, PlayerId
from battlesim.engines.sbg.policies.plan.flanks import flank_posts
from battlesim.engines.sbg.policies.plan.objectives import (
    Objective,
    leader_fights,
    objectives,
    only_break_scores,
    quarries,
    turns_left,
)
from battlesim.engines.sbg.policies.plan.roles import FIGHTERS, Role, role_of
from battlesim.engines.sbg.rules.scenarios import Scenario

HOLD_BOWS = 4  # bows a side needs, and twice the enemy's, to let them work first
CLOSING_TURNS = 3  # the last turns, when every free model makes for an objective
POST_RANGE = 18.0  # inches: a model this far from an objective is not sent to it early
HUNT_POINTS = 4  # victory points an enemy model's death must pay alone to be hunted
HUNTERS = 3  # free fighters sent after each such enemy, the nearest first


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
    hunts: dict[ModelId, ModelId] = field(default_factory=dict)  # go after this enemy model
    quarries: dict[ModelId, int] = field(default_factory=dict)  # enemy -> VP (HUNT_POINTS+)
    wards: frozenset[ModelId] = frozenset()  # ours whose death pays the enemy HUNT_POINTS


def make_plan(
    state: BattleState, side: PlayerId, scenario: Scenario | None, intent: Intent | None = None
) -> Plan:
    """The side's plan; ``intent`` given: that intent instead of the one read from the
    forces (a search player's choice)."""
    kept = wards(state, scenario, side)
    roles = roles_in(state, side, scenario, kept)
    if intent is None:
        intent = _intent(state, side, scenario, roles)
    hunted = {uid: p for uid, p in quarries(state, scenario, side).items() if p >= HUNT_POINTS}
    plan = Plan(state.turn, intent, roles, quarries=hunted, wards=kept)
    _allot_objectives(state, side, scenario, plan)
    _allot_hunts(state, side, plan)
    if scenario is None or not scenario.spec.siege:  # at a siege, walls are held
        plan.flanks = {
            uid: post
            for uid, post in flank_posts(state, side, roles).items()
            if uid not in plan.posts and uid not in plan.keepers and uid not in plan.hunts
        }
    return plan


def roles_in(
    state: BattleState,
    side: PlayerId,
    scenario: Scenario | None,
    kept: frozenset[ModelId] | None = None,
) -> dict[ModelId, Role]:
    """Each living model's role under this scenario: a leader whose kills score fights as
    a Hero; a Hero whose death alone pays the enemy HUNT_POINTS (``kept``: the side's
    ``wards``, when already read) is kept back like a leader."""
    fights = leader_fights(scenario)
    kept = wards(state, scenario, side) if kept is None else kept
    roles = {}
    for model in state.living(side):
        role = role_of(state, model)
        if role is Role.LEADER and fights:
            role = Role.HERO
        elif role is Role.HERO and model.uid in kept:
            role = Role.LEADER
        roles[model.uid] = role
    return roles


def wards(state: BattleState, scenario: Scenario | None, side: PlayerId) -> frozenset[ModelId]:
    """``side``'s models whose death alone pays the enemy HUNT_POINTS (the Hero the enemy
    nominated): they charge nobody, for the random player drew by wounding one (it scored
    as much as the enemy broken, Assassination seeds 7009 and 7012). A leader whose kills
    score (``leader_fights``) is no ward: it has to fight."""
    fights = state.forces[side].leader if leader_fights(scenario) else None
    hunted = quarries(state, scenario, 1 - side).items()
    return frozenset(uid for uid, p in hunted if p >= HUNT_POINTS and uid != fights)


def _allot_hunts(state: BattleState, side: PlayerId, plan: Plan) -> None:
    """Each quarry gets the HUNTERS free fighters nearest it (not those an objective needs)."""
    for uid in sorted(plan.quarries):
        quarry = state.models[uid]
        free = sorted(
            (state.distance(m, quarry), m.uid)
            for m in state.living(side)
            if plan.roles.get(m.uid) in FIGHTERS
            and not state.engaged(m)
            and not (state.structures and m.uid in state.structures)
            and m.uid not in plan.keepers
            and m.uid not in plan.posts
            and m.uid not in plan.hunts
        )
        plan.hunts.update((hunter, uid) for _, hunter in free[:HUNTERS])


def _intent(
    state: BattleState, side: PlayerId, scenario: Scenario | None, roles: dict[ModelId, Role]
) -> Intent:
    if only_break_scores(scenario) and state.alive_count(side) >= state.alive_count(1 - side):
        # nothing scores short of the enemy's break or its marked models' death: a line that
        # waits outside the enemy's reach for a foe that never comes ends 0-0 (Assassination
        # v random); the smaller side still waits (pressing, it walks into the larger)
        return Intent.PRESS
    if objectives(scenario) or turns_left(state, scenario) * 2 < _limit(scenario):
        return Intent.ADVANCE  # objectives wait for nobody; the second half is for fighting
    bows = sum(1 for role in roles.values() if role is Role.ARCHER)
    theirs = sum(1 for m in state.living(1 - side) if role_of(state, m) is Role.ARCHER)
    return Intent.HOLD if bows >= HOLD_BOWS and bows >= 2 * theirs else Intent.ADVANCE


def _limit(scenario: Scenario | None) -> int:
    return scenario.turn_limit if scenario is not None else DEFAULT_TURN_LIMIT


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
            if closing or gap <= POST_RANGE or objective.scorer == side:
                plan.posts[uid] = objective.point  # a marker only we score: however far


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
    keep = counts[1 - side] + int(objective.scores_for(side))  # a tie denies the enemy's
    on_it = sorted((_gap(m, objective.point), m.uid) for m in free if objective.near(m))
    plan.keepers.update((uid, objective) for _, uid in on_it[:keep])


def _need(state: BattleState, side: PlayerId, objective: Objective, closing: bool) -> int:
    """Models still wanted on the objective: one more than the enemy (two in the last turns);
    on a marker only the enemy scores, as many as the enemy (a tie denies it)."""
    counts = objective.counts(state)
    if not objective.scores_for(side):
        return counts[1 - side] - counts[side]
    return counts[1 - side] + 1 + int(closing) - counts[side]


def _gap(model: ModelState, point: Point) -> float:
    return math.hypot(model.x - point[0], model.y - point[1])

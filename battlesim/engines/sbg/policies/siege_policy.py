"""What the heuristic does in a siege (issue 20): the attackers take up the ram, carry it to
the enemy gate and crowd round its holder (each helper adds 1 to its Strength, SIEGE-RAM-02),
the others go to the gate and break it (SIEGE-GATEATK-01) rather than walk into the walls.
Once no enemy gate stands, or for the defenders, the plan player decides as always.

``SiegePlanPlayer`` is the plan player (``plan/player.py``) with these moves first; away from
a gate or a ram it is the plan player exactly.
"""

from __future__ import annotations

import math
from typing import TypeVar, cast

from battlesim.engines.sbg.core.actions import (
    Charge,
    Hold,
    IllegalActionError,
    Move,
    MoveAction,
)
from battlesim.engines.sbg.core.decisions import Decision
from battlesim.engines.sbg.core.paths import (
    Point,
    angle_to,
    fan,
    point_distance,
    rotated,
    terrain_fits,
)
from battlesim.engines.sbg.core.state import BattleState, ModelState
from battlesim.engines.sbg.core.units import ModelId
from battlesim.engines.sbg.policies.plan.player import PlanPlayer
from battlesim.engines.sbg.policies.siege_equipment import equipment_move
from battlesim.engines.sbg.rules import fortifications, objects, siege_defences, siege_ladders
from battlesim.engines.sbg.rules.movement import check_action
from battlesim.engines.sbg.rules.scenarios import Scenario
from battlesim.engines.sbg.rules.siege_engines import ChooseEngineTarget

T = TypeVar("T")

RAM_FETCHERS = 3  # the attackers nearest a ram on the ground go and take it up
HELP_REACH = 12.0  # inches: friends this near the ram's holder come and carry it with him
HELPERS = 9  # SIEGE-RAM-02: ten carriers at most, the holder included
LADDER_CLIMBERS = 4  # the attackers nearest a raised ladder go up it
LADDER_REACH = 12.0  # inches: ... if they are this near its foot
LADDER_DEFENDERS = 2  # the defenders nearest an enemy ladder's top go to it


def enemy_gate(state: BattleState, model: ModelState) -> ModelState | None:
    gates = [g for g in fortifications.standing_gates(state) if g.player != model.player]
    return min(gates, key=lambda g: (math.dist(g.position, model.position), g.uid), default=None)


def ram_holder(state: BattleState, side: int) -> ModelState | None:
    placed = objects.OBJECTS.peek(state)
    names = sorted(placed.placed) if placed is not None else []
    for name in names:
        holder = objects.carrier(state, name) if name.startswith(fortifications.RAM) else None
        if holder is not None and holder.alive and holder.player == side:
            return holder
    return None


def siege_goal(state: BattleState, model: ModelState) -> Point | None:
    """Where the attacker should go: the ram, the gate (ram in hand), beside the ram's
    holder, or the gate; None when no enemy gate stands."""
    gate = enemy_gate(state, model)
    if gate is None:
        return None
    if objects.carried_by(state, model):
        return _face_of(state, gate, model)
    for point in fortifications.rams_on_ground(state):
        side = [m for m in state.living(model.player) if m.uid not in state.structures]
        nearest = sorted(side, key=lambda m: (math.dist(m.position, point), m.uid))
        if model in nearest[:RAM_FETCHERS]:
            return point
    holder = helps(state, model)
    if holder is not None:
        return _beside(state, holder, model, gate)
    carrier = ram_holder(state, model.player)
    if carrier is not None and carrier is not model:
        return _aside(gate, carrier, model)  # leave the ram's way to the gate clear
    return _face_of(state, gate, model)


def helps(state: BattleState, model: ModelState) -> ModelState | None:
    """The friend holding a ram that ``model`` should help carry: one of the nine nearest to
    him within 12" (SIEGE-RAM-02 counts ten carriers at most)."""
    holder = ram_holder(state, model.player)
    if holder is None or holder is model or state.distance(model, holder) > HELP_REACH:
        return None
    side = state.living(model.player)
    friends = [m for m in side if m is not holder and m.uid not in state.structures]
    helpers = sorted(friends, key=lambda m: (state.distance(m, holder), m.uid))
    return holder if model in helpers[:HELPERS] else None


def _beside(state: BattleState, holder: ModelState, model: ModelState, gate: ModelState) -> Point:
    """A free spot touching the ram's holder or a friend already carrying with him (the
    carriers chain, SIEGE-RAM-02), behind them first (never in the way to the gate), the
    nearest to the model first."""
    chain = fortifications.ram_carriers(state, holder)
    if model in chain:
        return model.position
    side = state.living(model.player)
    helpers = [m.uid for m in side if helps(state, m) is holder]
    found: list[tuple[float, Point]] = []
    for carrier in chain:
        back = angle_to(gate.position, carrier.position)
        gap = carrier.radius + model.radius
        for angle in fan(back, 5, math.radians(36)):
            spot = rotated(carrier.position, angle, gap)
            if math.dist(spot, gate.position) < math.dist(carrier.position, gate.position) - 0.5:
                continue  # in front of the carrier: in the ram's way
            if _free_of_others(state, model, spot, helpers):
                found.append((math.dist(spot, model.position), spot))
    return min(found)[1] if found else holder.position


def _free_of_others(state: BattleState, model: ModelState, spot: Point, helpers: list[str]) -> bool:
    """The base fits at ``spot`` but for the helpers (who are moving to their own spots)."""
    if not terrain_fits(state.table, spot, model.radius, state.width, state.depth):
        return False
    near = state.near(spot[0], spot[1], model.radius + state.largest_radius + 0.1)
    return all(
        m is model
        or m.uid in helpers
        or point_distance(spot, m.position) >= m.radius + model.radius - 1e-6
        for m in near
    )


STAGING = 7.0  # inches from the gate where attackers wait while the ram comes up
STAGING_ANGLE = math.radians(70)


def _aside(gate: ModelState, carrier: ModelState, model: ModelState) -> Point:
    """A waiting spot off the ram's line to the gate, on the model's side of that line."""
    line = angle_to(gate.position, carrier.position)
    cross = (carrier.x - gate.x) * (model.y - gate.y) - (carrier.y - gate.y) * (model.x - gate.x)
    turn = STAGING_ANGLE if cross > 0 else -STAGING_ANGLE
    return rotated(gate.position, line + turn, STAGING)


def _face_of(state: BattleState, gate: ModelState, model: ModelState) -> Point:
    """A spot touching the gate on the model's side of it where its base fits (not on the
    walls either side), the nearest to the straight line first."""
    base = angle_to(gate.position, model.position)
    for angle in fan(base, 24, math.radians(10)):
        spot = rotated(gate.position, angle, gate.radius + model.radius)
        if _free(state, model, spot):
            return spot
    return rotated(gate.position, base, gate.radius + model.radius)


def _free(state: BattleState, model: ModelState, spot: Point) -> bool:
    """The model's base fits at ``spot``: on the table, off terrain, on no other base."""
    if not terrain_fits(state.table, spot, model.radius, state.width, state.depth):
        return False
    near = state.near(spot[0], spot[1], model.radius + state.largest_radius + 0.1)
    return all(
        m is model or point_distance(spot, m.position) >= m.radius + model.radius - 1e-6
        for m in near
    )


def attacking(scenario: Scenario | None, side: int) -> Point | None:
    """In a siege scenario, the side whose zone holds none of the objectives is the
    attacker: the objective it must take (None for the defender, or outside sieges)."""
    if scenario is None or not scenario.spec.siege:
        return None
    x0, y0, x1, y1 = scenario.deployment_zone(side)
    points = scenario.objectives()
    if not points or any(x0 <= x <= x1 and y0 <= y <= y1 for x, y in points):
        return None
    return points[0]


ASSAULT_REACH = 3.0  # inches: an attacker this near the objective fights as the plan says


class SiegePlanPlayer(PlanPlayer):
    """The plan player, with the attackers' siege moves first (module docstring)."""

    def decide(self, state: BattleState, decision: Decision[T]) -> T:
        """A siege engine of the attacking side fires at the enemy gate while it stands."""
        if isinstance(decision, ChooseEngineTarget):
            gate = enemy_gate(state, decision.engine)
            if gate is not None and gate in decision.targets:
                return cast(T, gate.uid)
        return super().decide(state, decision)

    def _choose_move(self, state: BattleState, model: ModelState) -> MoveAction:
        if state.structures or siege_defences.pieces(state):  # towers, rocks, cauldrons
            equipment = equipment_move(state, model, self._siege_walk)
            if equipment is not None:
                return equipment
        if self.scenario is not None and self.scenario.spec.ladders:
            action = self._ladder_move(state, model)
            if action is not None:
                return action
        goal = siege_goal(state, model) if state.structures else None
        if goal is None:
            return self._assault(state, model)
        carrying = bool(objects.carried_by(state, model)) or helps(state, model) is not None
        if not carrying:
            charge = self._charge(state, model)
            if charge is not None:
                return charge  # a defender in reach is fought first
        holder = helps(state, model)
        if holder is not None:
            if state.in_contact(model, holder):
                return Hold(model.uid)  # carrying the ram with its holder
        else:
            gate = enemy_gate(state, model)
            if gate is not None and state.in_contact(model, gate):
                return Hold(model.uid)  # at the gate: it is attacked in the Fight phase
        if point_distance(model.position, goal) <= 1e-3:
            return Hold(model.uid)
        return self._siege_walk(state, model, goal)

    def _ladder_move(self, state: BattleState, model: ModelState) -> MoveAction | None:
        """SIEGE-LADDER-01/02: the attacker nearest a ladder on the ground takes it up and
        carries it to the wall; the nearest few to a raised ladder climb it, charging a
        defender at its top (None: not the model's business, the ram and gate moves follow)."""
        if model.mount is not None:
            return None
        if attacking(self.scenario, model.player) is None:
            return self._hold_ladder_top(state, model)
        carried = [n for n in objects.carried_by(state, model) if n.startswith("siege ladder")]
        if carried:
            spot = siege_ladders.wall_spot(state, model)
            return self._siege_walk(state, model, spot) if spot is not None else None
        side = [m for m in state.living(model.player) if m.uid not in state.structures]
        for _, point in siege_ladders.ladders_on_ground(state):
            nearest = min(side, key=lambda m: (math.dist(m.position, point), m.uid))
            if nearest is model:
                return self._siege_walk(state, model, point)
        for name, found in sorted(siege_ladders.raised_ladders(state).items()):
            if found.side != model.player:
                continue
            near = sorted(side, key=lambda m: (math.dist(m.position, found.foot), m.uid))
            if model in near[:LADDER_CLIMBERS] and (
                math.dist(model.position, found.foot) <= LADDER_REACH
            ):
                return self._climb(state, model, name, found)
        return None

    def _hold_ladder_top(self, state: BattleState, model: ModelState) -> MoveAction | None:
        """SIEGE-LADDER-04: a defender among the two nearest the top of an enemy ladder, not
        in a fight's reach, goes to its top (to push it at the Move phase's end, or to meet
        the climbers there)."""
        if state.engaged(model):
            return None
        side = [m for m in state.living(model.player) if m.uid not in state.structures]
        for name, found in sorted(siege_ladders.raised_ladders(state).items()):
            if found.side == model.player:
                continue
            if model in siege_ladders.at_top(state, name, model.player):
                return Hold(model.uid)
            near = sorted(side, key=lambda m: (math.dist(m.position, found.top), m.uid))
            if model in near[:LADDER_DEFENDERS] and (
                math.dist(model.position, found.top) <= model.profile.move
            ):
                spot = siege_ladders.over_the_top(found, model)
                try:
                    check_action(state, model, Move(model.uid, spot))
                    return Move(model.uid, spot)
                except IllegalActionError:
                    continue
        return None

    def _climb(
        self, state: BattleState, model: ModelState, name: str, found: siege_ladders.Raised
    ) -> MoveAction:
        """Up and over when the top is free; else charge the defender there from the
        ladder; else close up at its foot."""
        if model in siege_ladders.on_ladder(state, name):
            top = siege_ladders.at_top(state, name, 1 - model.player)
            for enemy in top:
                try:
                    check_action(state, model, Charge(model.uid, enemy.uid, model.position))
                    return Charge(model.uid, enemy.uid, model.position)
                except IllegalActionError:
                    continue
            over = Move(model.uid, siege_ladders.over_the_top(found, model))
            try:
                check_action(state, model, over)
                return over
            except IllegalActionError:
                return Hold(model.uid)
        return self._siege_walk(state, model, found.foot)

    def _assault(self, state: BattleState, model: ModelState) -> MoveAction:
        """An attacker outside the walls goes in, through a breach (the table's route), to
        the objective, fighting whoever it meets (it does not hold a wall as a defender
        would)."""
        target = attacking(self.scenario, model.player)
        if target is None or math.dist(model.position, target) <= ASSAULT_REACH:
            return super()._choose_move(state, model)
        charge = self._charge(state, model)
        if charge is not None:
            return charge
        return self._walk(state, model, target)

    def _siege_walk(self, state: BattleState, model: ModelState, goal: Point) -> MoveAction:
        """Towards the goal round terrain; when that way is blocked (friends crowding), the
        longest legal step in a direction near the goal's. A goal within reach is moved to
        exactly (a carrier's spot in base contact, where a step short would not touch)."""
        if math.dist(model.position, goal) <= model.profile.move:
            try:
                check_action(state, model, Move(model.uid, goal))
                return Move(model.uid, goal)
            except IllegalActionError:
                pass
        action = self._walk(state, model, goal)
        if not isinstance(action, Hold):
            return action
        heading = angle_to(model.position, goal)
        reach = min(model.profile.move, math.dist(model.position, goal))
        for angle in fan(heading, 7, math.radians(20)):
            for part in (1.0, 0.5):
                spot = rotated(model.position, angle, reach * part)
                if math.dist(spot, goal) >= math.dist(model.position, goal):
                    continue
                try:
                    check_action(state, model, Move(model.uid, spot))
                except IllegalActionError:
                    continue
                return Move(model.uid, spot)
        return action

    def move_order(self, state: BattleState, side: int) -> list[ModelId]:
        """The ram's holder moves first, so that its helpers close up on where it stands."""
        order = super().move_order(state, side)
        holder = ram_holder(state, side) if state.structures else None
        if holder is None or holder.uid not in order:
            return order
        return [holder.uid, *(uid for uid in order if uid != holder.uid)]

"""What the heuristic does in a siege (issue 20): the attackers take up the ram, carry it to
the enemy gate and crowd round its holder (each helper adds 1 to its Strength, SIEGE-RAM-02),
the others go to the gate and break it (SIEGE-GATEATK-01) rather than walk into the walls.
The ram's holder walks straight to the gate's outer face; its helpers (enough for S11, the
S10 row with re-rolls, and one spare) keep behind it and move with it; an enemy barring the
ram is charged. Ladders get a second carrier. Once no enemy gate stands the attackers go
for the objective, the nearest first; for the defenders the plan player decides as always.

``SiegePlanPlayer`` is the plan player (``plan/player.py``) with these moves first; away from
a gate or a ram it is the plan player exactly.
"""

from __future__ import annotations

import math
from typing import TypeVar, cast

from mypy_extensions import mypyc_attr

from battlesim.engines.sbg.core.actions import (
    Charge,
    Hold,
    IllegalActionError,
    Move,
    MoveAction,
)
from battlesim.engines.sbg.core.decisions import Decision
from battlesim.engines.sbg.core.objectives import Scoring
from battlesim.engines.sbg.core.paths import (
    Point,
    angle_to,
    fan,
    point_distance,
    rotated,
    segment_point_distance,
    terrain_fits,
)
from battlesim.engines.sbg.core.state import BattleState, ModelState
from battlesim.engines.sbg.core.units import ModelId
from battlesim.engines.sbg.policies import siege_pieces
from battlesim.engines.sbg.policies.plan.player import PlanPlayer
from battlesim.engines.sbg.policies.scenario_objects import Errand, object_errand
from battlesim.engines.sbg.policies.siege_equipment import (
    POSTED,
    approach,
    equipment_move,
    legal_move,
    tower_crews,
)
from battlesim.engines.sbg.rules import (
    characteristics,
    fortifications,
    objects,
    siege_defences,
    siege_ladders,
    siege_towers,
)
from battlesim.engines.sbg.rules.movement import check_action
from battlesim.engines.sbg.rules.scenarios import GOAL_SCORINGS, OBJECTIVE_RANGE, Scenario
from battlesim.engines.sbg.rules.siege_engines import ChooseEngineTarget

T = TypeVar("T")

RAM_FETCHERS = 3  # the attackers nearest a ram on the ground go and take it up
HELP_REACH = 12.0  # inches: friends this near the ram's holder come and carry it with him
HELPERS = 9  # SIEGE-RAM-02: ten carriers at most, the holder included
SPARE_HELPERS = 1  # beyond those the ram's Strength needs
LADDER_CLIMBERS = 4  # the attackers nearest a raised ladder go up it
LADDER_REACH = 12.0  # inches: ... if they are this near its foot
LADDER_DEFENDERS = 2  # the defenders nearest an enemy ladder's top go to it


def _gates(state: BattleState) -> list[ModelState]:
    return fortifications.standing_gates(state) if state.structures else []


def _spent_ram(state: BattleState, model: ModelState, name: str) -> bool:
    """A ram, or a ladder still lying on the ground, in a siege whose enemy gates have all
    fallen: the gateway is the way in now (a ladder fetched after the gate fell kept its
    carriers and climbers out of the fight for the objective). A ladder already carried is
    carried on and raised."""
    if not _gate_fallen(state, model.player):
        return False
    if name.startswith(fortifications.RAM):
        return True
    return name.startswith(siege_ladders.LADDER) and objects.carrier(state, name) is None


def _fallen_gates(state: BattleState, side: int) -> list[ModelState]:
    """The enemy gates that stood in ``side``'s way and were broken."""
    return [
        m
        for m in state.models.values()
        if m.uid in state.structures
        and m.player != side
        and fortifications.is_gate(m)
        and not m.alive
    ]


def _gate_fallen(state: BattleState, side: int) -> bool:
    """The scenario had a gate barring ``side``'s way and none of them stands now."""
    return bool(_fallen_gates(state, side)) and not _enemy_gates(state, side)


def _enemy_gates(state: BattleState, side: int) -> list[ModelState]:
    return [g for g in _gates(state) if g.player != side]


def enemy_gate(state: BattleState, model: ModelState) -> ModelState | None:
    gates = _enemy_gates(state, model.player)
    return min(gates, key=lambda g: (math.dist(g.position, model.position), g.uid), default=None)


def ram_holder(state: BattleState, side: int) -> ModelState | None:
    placed = objects.OBJECTS.peek(state)
    names = sorted(placed.placed) if placed is not None else []
    for name in names:
        holder = objects.carrier(state, name) if name.startswith(fortifications.RAM) else None
        if holder is not None and holder.alive and holder.player == side:
            return holder
    return None


def siege_goal(state: BattleState, model: ModelState, inside: Point | None = None) -> Point | None:
    """Where the attacker should go: the ram, the gate (ram in hand), beside the ram's
    holder, or the gate; None when no enemy gate stands. ``inside``: the objective behind
    the gate (the ram strikes the gate's outer face, on the line from it through the gate;
    without it, the face on the carrier's side)."""
    gate = enemy_gate(state, model)
    if gate is None:
        return None
    if objects.carried_by(state, model):
        toward = None if inside is None else (2 * gate.x - inside[0], 2 * gate.y - inside[1])
        return _face_of(state, gate, model, toward)
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


def ladder_carriers(state: BattleState, side: int) -> list[ModelState]:
    """The models of ``side`` carrying a siege ladder (not yet raised)."""
    placed = objects.OBJECTS.peek(state)
    if placed is None:
        return []
    raised = siege_ladders.raised_ladders(state)
    found = []
    for name in sorted(placed.placed):
        if not name.startswith(siege_ladders.LADDER) or name in raised:
            continue
        holder = objects.carrier(state, name)
        if holder is not None and holder.alive and holder.player == side:
            found.append(holder)
    return found


def _ladder_to_help(
    state: BattleState, model: ModelState, side: list[ModelState]
) -> ModelState | None:
    """The ladder carrier ``model`` should carry with: it is the nearest free friend to
    that carrier (neither carrying nor helping another) within 12"."""
    carriers = ladder_carriers(state, model.player)
    if model in carriers:
        return None
    free = [m for m in side if m not in carriers]
    taken: set[str] = set()
    for carrier in carriers:
        near = [m for m in free if m.uid not in taken]
        if not near:
            return None
        helper = min(near, key=lambda m: (state.distance(m, carrier), m.uid))
        if state.distance(helper, carrier) > HELP_REACH:
            continue
        if helper is model:
            return carrier
        taken.add(helper.uid)
    return None


def _on_ram_duty(state: BattleState, model: ModelState) -> bool:
    """The model holds a ram or is one of its helpers (``helps``)."""
    carried = objects.carried_by(state, model)
    if any(name.startswith(fortifications.RAM) for name in carried):
        return True
    return bool(state.structures) and helps(state, model) is not None


def helps(state: BattleState, model: ModelState) -> ModelState | None:
    """The friend holding a ram that ``model`` should help carry: one of the nine nearest to
    him within 12" (SIEGE-RAM-02 counts ten carriers at most)."""
    holder = ram_holder(state, model.player)
    if holder is None or holder is model or state.distance(model, holder) > HELP_REACH:
        return None
    side = state.living(model.player)
    friends = [
        m
        for m in side
        if m is not holder and m.uid not in state.structures and not objects.carried_by(state, m)
    ]  # a ladder's carrier keeps to its ladder
    helpers = sorted(friends, key=lambda m: (state.distance(m, holder), m.uid))[:HELPERS]
    return holder if model in helpers[: _helpers_needed(state, holder, helpers)] else None


def _helpers_needed(state: BattleState, holder: ModelState, helpers: list[ModelState]) -> int:
    """Helpers enough for a ram above Strength 10 (SIEGE-RAM-02, reading 38: the S10 row
    with failed rolls re-rolled, so S11 strikes as hard as S13), and one spare for a
    carrier lost on the way; the rest of the side climbs the ladders or waits."""
    best = max(characteristics.strength_value(state, m) for m in [holder, *helpers])
    return min(HELPERS, fortifications.STRENGTH_CAP + 1 - best + SPARE_HELPERS)


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
            if _abreast(spot, holder, gate):
                continue
            if _free_of_others(state, model, spot, helpers):
                found.append((math.dist(spot, model.position), spot))
    return min(found)[1] if found else holder.position


BARRING = 3.0  # inches: an enemy this near the ram's holder bars its way


def _barred(state: BattleState, holder: ModelState) -> bool:
    """An enemy model (not a gate) stands within 3" of the ram's holder."""
    near = state.near(holder.x, holder.y, BARRING + 2 * state.largest_radius, 1 - holder.player)
    return any(m.uid not in state.structures and state.distance(m, holder) <= BARRING for m in near)


BEHIND = 0.3  # inches: a helper stands at least this much farther from the gate than the holder


def _abreast(spot: Point, holder: ModelState, gate: ModelState) -> bool:
    """A spot level with or ahead of the ram's holder: a helper there would stand in the
    holder's way as soon as its straight line to the gate turned a little."""
    return math.dist(spot, gate.position) < math.dist(holder.position, gate.position) + BEHIND


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


def _straight(state: BattleState, model: ModelState, goal: Point) -> Move | None:
    """The straight step towards ``goal``: its whole Move, or half (a lone carrier), or
    the rest of the way; None if none of them is legal."""
    gap = math.dist(model.position, goal)
    heading = angle_to(model.position, goal)
    for reach in sorted(
        {min(gap, model.profile.move), min(gap, model.profile.move / 2)}, reverse=True
    ):
        spot = goal if reach >= gap else rotated(model.position, heading, reach)
        move = legal_move(state, model, spot)
        if move is not None:
            return move
    return None


def _face_of(
    state: BattleState, gate: ModelState, model: ModelState, toward: Point | None = None
) -> Point:
    """A spot touching the gate on the model's side of it (or facing ``toward``: the ram
    goes to the gate's front, not to a corner by the wall a detour led it to) where its
    base fits (not on the walls either side), the nearest to the straight line first."""
    base = angle_to(gate.position, toward if toward is not None else model.position)
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


def within_walls(state: BattleState, model: ModelState, target: Point) -> bool:
    """The attacker's straight way to ``target`` crosses no fortified wall (SIEGE-WALL-01)
    and passes no standing enemy gate: it is in (over a ladder, off a tower's ramp). It
    went on attacking the gate from behind: Escalade seed 7000, the tower's passenger
    stood at the gate's inner face from turn 9 to the end."""
    pieces = state.table.pieces if state.table is not None else ()
    for wall in (p for p in pieces if siege_ladders.is_fortified_wall(p)):
        legs = zip(wall.points, wall.points[1:], strict=False)
        if any(_crosses(model.position, target, a, b) for a, b in legs):
            return False
    return not any(
        segment_point_distance(model.position, target, gate.position) <= gate.radius + model.radius
        for gate in _enemy_gates(state, model.player)
    )


ABOARD = 2  # SIEGE-TOWER-01: the heuristic's passengers at most, spare models allowing


def _boarders(state: BattleState, decision: siege_towers.BoardTower) -> tuple[ModelId, ...]:
    """SIEGE-TOWER-01/02: the Infantry nearest the tower board it, half the models beyond
    its six pushers and the ladders' carriers (each one aboard needs a pusher more), two at
    most. The rule's default boards a third (one of the Escalade's twelve Minas Tirith):
    with two aboard the heuristic attacker beat the random player in 74 of 100 battles (62
    with one), with three 52 (a crew of nine gathered a turn later; the ladders unmanned)."""
    tower = decision.tower
    side = [m for m in state.living(tower.player) if siege_towers.may_board(m)]
    side.sort(key=lambda m: (state.distance(m, tower), m.uid))
    foot = sum(1 for m in state.living(tower.player) if siege_towers.on_foot(m))
    spare = foot - siege_towers.PUSHERS - len(siege_ladders.ladders_on_ground(state))
    return tuple(m.uid for m in side[: min(decision.offered, ABOARD, max(0, spare // 2))])


def _step_aside(
    state: BattleState, model: ModelState, carrier: ModelState, back: float
) -> Move | None:
    """A helper ahead of a ladder's carrier, whose straight way behind it crosses its base
    (MOVE-GEN-07), steps wide of it, the spot nearest straight behind first (it stood in
    the carrier's way, touching it, for the whole battle: Escalade seed 7004)."""
    gap = carrier.radius + model.radius + objects.CONTACT / 2
    for angle in fan(back, 6, math.radians(25)):
        for wide in (1.0, 2.0):
            spot = rotated(carrier.position, angle, gap + wide)
            if math.dist(spot, model.position) <= model.profile.move:
                move = legal_move(state, model, spot)
                if move is not None:
                    return move
    return None


def _under_fire(state: BattleState, point: Point, enemy: int) -> bool:
    """A pile of rocks or a cauldron of ``enemy``'s (not spent) with the defenders it needs
    beside it (one at the rocks, two at the water) reaches ``point``: its 8" from the users
    touching it, an inch to spare from the piece's centre (SIEGE-ROCKS-01, SIEGE-BOIL-01)."""
    for name, piece in siege_defences.pieces(state).items():
        if piece.owner != enemy or piece.empty:
            continue
        near = math.dist(piece.point, point) <= siege_defences.THROW_RANGE + 1.0
        if near and len(siege_defences.touching(state, name)) >= POSTED[piece.kind]:
            return True
    return False


def _crosses(a: Point, b: Point, c: Point, d: Point) -> bool:
    """Whether the segments a-b and c-d meet."""

    def side(p: Point, q: Point, r: Point) -> float:
        return (q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0])

    return side(c, d, a) * side(c, d, b) <= 0 and side(a, b, c) * side(a, b, d) <= 0


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


def assault_reach(scenario: Scenario | None) -> float:
    """How near the objective an attacker must be to count there (its scoring reach: a
    keep's courtyard 4"): there it fights as the plan says."""
    if scenario is None:
        return OBJECTIVE_RANGE
    held = [o for o in scenario.spec.objectives if o.scoring in GOAL_SCORINGS and o.point]
    return held[0].reach if held else OBJECTIVE_RANGE


LAST_TURNS = 2  # the turns before a turn limit when free attackers hold the other objective
STAY_MARGIN = 0.1  # inches: an attacker on the objective ends its move this well within
BLOCKED = 1.0  # inches: an attacker's walk gaining less than this is blocked


DASH_TURNS = 3  # the last turns when an attacker come over the wall dashes for the objective:
# Escalade attacker v random, seeds 7000-7398 even, 146/200 (137 without; 20 won, 11 lost);
# in every turn 151/200 but the mirrors' lean 0.6 VP worse (straight into the defenders)
ON_OBJECTIVE = 1.0  # inches: an enemy this far beyond the objective's reach counts there soon


def _on_objective(state: BattleState, charge: Charge, target: Point, reach: float) -> bool:
    """The charged enemy stands within the objective's reach (an inch to spare; a gate is
    never charged, rules/movement.chargeable)."""
    enemy = state.models[charge.target]
    return math.dist(enemy.position, target) <= reach + ON_OBJECTIVE


def _to_gate(state: BattleState, model: ModelState) -> MoveAction | None:
    """Into contact with the enemy gate within reach (it is never charged), or Hold there."""
    gate = enemy_gate(state, model)
    if gate is None:
        return None
    if state.in_contact(model, gate):
        return Hold(model.uid)
    return siege_pieces.touch(state, model, gate)


def _keeps_to(model: ModelState, action: MoveAction, target: Point, reach: float) -> bool:
    """An attacker on the objective does not leave its scoring reach."""
    if math.dist(model.position, target) > reach:
        return True
    return math.dist(_end(model, action), target) <= reach - STAY_MARGIN


def _gain(model: ModelState, action: MoveAction, goal: Point) -> float:
    """How much nearer ``goal`` the action brings the model."""
    return math.dist(model.position, goal) - math.dist(_end(model, action), goal)


def _end(model: ModelState, action: MoveAction) -> Point:
    """Where the action leaves the model (a charge: its contact spot)."""
    return action.to if isinstance(action, (Move, Charge)) else model.position


@mypyc_attr(allow_interpreted_subclasses=True)  # compiled: the search player is Python
class SiegePlanPlayer(PlanPlayer):
    """The plan player, with the attackers' siege moves first (module docstring)."""

    def __init__(self, scenario: Scenario | None = None, *, spend_might: bool = True) -> None:
        super().__init__(scenario, spend_might=spend_might)
        self._ram_start: dict[str, Point] = {}  # the ram holder's place as its move began

    def decide(self, state: BattleState, decision: Decision[T]) -> T:
        """A siege engine of the attacking side fires at the enemy gate while it stands."""
        if isinstance(decision, ChooseEngineTarget):
            gate = enemy_gate(state, decision.engine)
            if gate is not None and gate in decision.targets:
                return cast(T, gate.uid)
        if isinstance(decision, siege_towers.BoardTower):
            return cast(T, _boarders(state, decision))
        if isinstance(decision, (objects.TakeUp, objects.PutDown)) and _spent_ram(
            state, decision.model, decision.name
        ):  # the gate is down: the ram would only slow its carrier in the gateway
            return cast(T, isinstance(decision, objects.PutDown))
        return super().decide(state, decision)

    def _choose_move(self, state: BattleState, model: ModelState) -> MoveAction:
        errand = object_errand(state, self.scenario, model)
        action = self._errand(state, model, errand) if errand is not None else None
        if action is not None:
            return action
        action = self._hold_second(state, model)
        if action is not None:
            return action
        if state.structures or siege_defences.pieces(state):  # towers, rocks, cauldrons
            equipment = equipment_move(state, model, self._siege_walk)
            if equipment is not None:
                return equipment
        if self.scenario is not None and self.scenario.spec.ladders:
            action = self._ladder_move(state, model)
            if action is not None:
                return action
        inside = attacking(self.scenario, model.player)
        past = inside is not None and within_walls(state, model, inside)
        goal = siege_goal(state, model, inside) if state.structures and not past else None
        if goal is None:
            return self._assault(state, model)
        carrying = bool(objects.carried_by(state, model)) or helps(state, model) is not None
        if not carrying:
            charge = self._charge(state, model)
            if charge is not None:
                return charge  # a defender in reach is fought first
        holder = helps(state, model)
        ram = holder or ram_holder(state, model.player)
        if ram is not None and ram is not model and _barred(state, ram):
            charge = self._charge(state, model, threshold=-math.inf)
            if charge is not None:
                return charge  # an enemy bars the ram's way: the others clear it, whatever
                # the exchange (a ram that stands still breaks no gate)
            at_gate = _to_gate(state, model)
            if at_gate is not None:
                return at_gate  # none can be charged (behind the gate): the gate is attacked
        if holder is not None:
            if state.in_contact(model, holder):
                return Hold(model.uid)  # carrying the ram with its holder
            along = self._with_the_ram(state, model, holder)
            if along is not None:
                return along
        else:
            gate = enemy_gate(state, model)
            if gate is not None and state.in_contact(model, gate):
                return Hold(model.uid)  # at the gate: it is attacked in the Fight phase
        if point_distance(model.position, goal) <= 1e-3:
            return Hold(model.uid)
        if carrying and holder is None:
            straight = _straight(state, model, goal)  # the ram's holder: no detour
            if straight is not None:
                return straight
            if _barred(state, model):  # an enemy in its way: it puts the ram down and
                charge = self._charge(state, model, threshold=-math.inf)  # fights it
                if charge is not None:  # (ADV-HEAVY-01), a friend takes the ram up
                    return charge
        if goal in fortifications.rams_on_ground(state):
            gate = enemy_gate(state, model)
            return self._fetch(state, model, goal, gate.position if gate is not None else None)
        return self._siege_walk(state, model, goal)

    def _hold_second(self, state: BattleState, model: ModelState) -> MoveAction | None:
        """In the last turns of a siege's turn limit, an attacker still outside the walls
        and free (not carrying, not on a ladder, not fighting) makes for the scenario's other
        objective it can still reach, and stays within its reach (the Escalade's ramparts:
        lost while the tower's crew stood at its foot and the ladders' climbers waited). A
        climber at a ladder's foot keeps to it but in the last turn (too late to get in)."""
        spec = self.scenario.spec if self.scenario is not None else None
        target = attacking(self.scenario, model.player)
        if spec is None or target is None or not spec.end.turn_limit:
            return None
        left = spec.end.turn_limit - state.turn  # turns after this one
        if left >= LAST_TURNS or within_walls(state, model, target) or state.engaged(model):
            return None
        if objects.carried_by(state, model) or _on_ram_duty(state, model):
            return None
        if left > 0 and any(
            model in siege_ladders.on_ladder(state, n) for n in siege_ladders.raised_ladders(state)
        ):
            return None
        for objective in spec.objectives:
            point = objective.point
            if objective.scoring is not Scoring.HOLD or point is None or point == target:
                continue
            reach = objective.reach + model.radius - STAY_MARGIN
            gap = math.dist(model.position, point)
            if gap <= reach:
                return Hold(model.uid)
            if gap - reach > model.profile.move * (left + 1):
                continue
            goal = rotated(point, angle_to(point, model.position), reach - 0.5)
            return self._siege_walk(state, model, goal)
        return None

    def _errand(self, state: BattleState, model: ModelState, errand: Errand) -> MoveAction | None:
        """An object to take up, its enemy carrier to fight, a load to bring home, a cairn
        to search or the enemy's edge to leave by (``scenario_objects``); None when the way
        is blocked (the plan's moves then: it fights its way)."""
        if errand.chase is not None:
            charge = self._charge(state, model, threshold=-math.inf)
            if charge is not None and charge.target == errand.chase.uid:
                return charge
        if errand.fetch:
            return self._fetch(state, model, errand.point)
        if point_distance(model.position, errand.point) <= 1e-3:
            return Hold(model.uid)
        walk = self._siege_walk(state, model, errand.point)
        return None if isinstance(walk, Hold) else walk

    def _ladder_move(self, state: BattleState, model: ModelState) -> MoveAction | None:
        """SIEGE-LADDER-01/02: the attacker nearest a ladder on the ground takes it up and
        carries it to the wall; the nearest few to a raised ladder climb it, charging a
        defender at its top (None: not the model's business, the ram and gate moves follow)."""
        if model.mount is not None:
            return None
        target = attacking(self.scenario, model.player)
        if target is None:
            return self._hold_ladder_top(state, model)
        if within_walls(state, model, target):
            return None  # over the wall: the objective, not back down to the ladder's foot
        if _gate_fallen(state, model.player) and not self._keeps_to_ladders(state, model):
            return None  # the gate is down: through the gateway
        if _on_ram_duty(state, model):
            return None  # the ram's holder and helpers keep to the ram
        carried = [n for n in objects.carried_by(state, model) if n.startswith("siege ladder")]
        if carried:
            spot = siege_ladders.wall_spot(state, model)
            return self._siege_walk(state, model, spot) if spot is not None else None
        side = [
            m
            for m in state.living(model.player)
            if m.uid not in state.structures and not _on_ram_duty(state, m)
        ]
        for _, point in siege_ladders.ladders_on_ground(state):
            nearest = min(side, key=lambda m: (math.dist(m.position, point), m.uid))
            if nearest is model:
                return self._fetch(state, model, point)
        crews = tower_crews(state, model.player)
        crew = {m.uid for members in crews.values() for m in members}
        helpers = [m for m in side if m.uid not in crew]
        carrier = _ladder_to_help(state, model, helpers) if model.uid not in crew else None
        spot = siege_ladders.wall_spot(state, carrier) if carrier is not None else None
        if spot is not None and _under_fire(state, spot, 1 - model.player):
            carrier = None  # no second man under the rocks: in the mirrors they killed 64 at
            # the ladder in 40 battles, the lean 5.25 VP against 4.75 without a helper
        if carrier is not None:  # (a tower's pushers are not spared for the ladders)
            return self._second_carrier(state, model, carrier)
        for name, found in sorted(siege_ladders.raised_ladders(state).items()):
            if found.side != model.player:
                continue
            near = sorted(side, key=lambda m: (math.dist(m.position, found.foot), m.uid))
            if model in near[:LADDER_CLIMBERS] and (
                math.dist(model.position, found.foot) <= LADDER_REACH
            ):
                climb = self._climb(state, model, name, found)
                if isinstance(climb, Hold) and not _enemy_gates(state, model.player):
                    return None  # the gate is down: through the gateway rather than wait
                return climb
        return None

    def _keeps_to_ladders(self, state: BattleState, model: ModelState) -> bool:
        """With the gate down, only a model on a ladder or carrying one keeps to the
        ladders (it goes up, or raises it); the others go in by the gateway."""
        raised = siege_ladders.raised_ladders(state)
        if any(model in siege_ladders.on_ladder(state, name) for name in raised):
            return True
        return any(n.startswith(siege_ladders.LADDER) for n in objects.carried_by(state, model))

    def _second_carrier(
        self, state: BattleState, model: ModelState, carrier: ModelState
    ) -> MoveAction:
        """ADV-HEAVY-01: a friend touching a ladder's lone carrier as it moves makes it a
        two-man load, carried at the full Move: the helper keeps touching it, behind it
        (never in its way to the wall)."""
        wall = siege_ladders.wall_spot(state, carrier) or carrier.position
        behind = math.dist(model.position, wall) >= math.dist(carrier.position, wall) + BEHIND
        if state.in_contact(model, carrier) and behind:
            return Hold(model.uid)  # (one touching it ahead stood in its way to the end)
        back = angle_to(wall, carrier.position)
        gap = carrier.radius + model.radius + objects.CONTACT / 2
        for angle in fan(back, 6, math.radians(25)):
            spot = rotated(carrier.position, angle, gap)
            if math.dist(spot, model.position) > model.profile.move:
                continue
            move = legal_move(state, model, spot)
            if move is not None:
                return move
        if not behind:
            aside = _step_aside(state, model, carrier, back)
            if aside is not None:
                return aside
        return self._siege_walk(state, model, carrier.position)

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
                move = legal_move(state, model, spot)
                if move is not None:
                    return move
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
        the objective, fighting the enemies on it and those barring its way, not every one
        it passes (it does not hold a wall as a defender would)."""
        target = attacking(self.scenario, model.player)
        reach = assault_reach(self.scenario) + model.radius
        if target is None:
            return super()._choose_move(state, model)
        rally = siege_pieces.touch_rally(state, model)
        if rally is not None and _keeps_to(model, rally, target, reach):
            return rally  # destroyed at the End phase if it fights no one (SIEGE-RALLY-01)
        if math.dist(model.position, target) <= reach:
            return self._hold_objective(state, model, target, reach)
        charge = self._charge(state, model, threshold=-math.inf)
        if charge is not None and _on_objective(state, charge, target, reach):
            return charge  # an enemy counting there is fought whatever the exchange; those
            # on the way are passed by (Storm the Gate, seeds 7014 and 7030: the attackers
            # through the gateway fought by the gate and none reached the keep)
        walk = self._dash(state, model, target) or self._siege_walk(state, model, target)
        if _gain(model, walk, target) >= BLOCKED:
            return walk
        charge = self._charge(state, model, threshold=-math.inf)
        if charge is not None:
            return charge  # blocked by enemies' zones: an attacker standing still takes
            # nothing, whatever the exchange (the Escalade's passenger held 4.5" off the
            # keep's point, just out of its reach, to the end)
        return walk

    def _dash(self, state: BattleState, model: ModelState, target: Point) -> MoveAction | None:
        """In the last turns, an attacker come over the wall (its gate still stands) takes
        the straightest step nearer the objective rather than the walk's detour (a tower's
        passengers went 1.5-2.9" a turn round the barricade and the defenders' zones, and
        ended 5-9" off the keep's point: Escalade seeds 7098, 7128)."""
        spec = self.scenario.spec if self.scenario is not None else None
        if (
            spec is None
            or not spec.end.turn_limit
            or spec.end.turn_limit - state.turn >= DASH_TURNS
        ):
            return None  # the turn first: the cheapest test, and false most turns
        if not _enemy_gates(state, model.player) or not within_walls(state, model, target):
            return None
        return approach(state, model, target, self._siege_walk)

    def _hold_objective(
        self, state: BattleState, model: ModelState, target: Point, reach: float
    ) -> MoveAction:
        """An attacker on the objective fights there as the plan says, but never leaves its
        scoring reach (a passenger of the Escalade's tower, 4.5" from the keep's point on
        turn 11, ended the battle 5.5" off it: the defender's random player kept the keep
        with two models). Off the plan's move, it steps towards the point, or holds."""
        action = super()._choose_move(state, model)
        if math.dist(_end(model, action), target) <= reach - STAY_MARGIN:
            return action
        walk = self._siege_walk(state, model, target)
        if math.dist(_end(model, walk), target) <= reach - STAY_MARGIN:
            return walk
        return Hold(model.uid)

    def _fetch(
        self, state: BattleState, model: ModelState, point: Point, onward: Point | None = None
    ) -> MoveAction:
        """To a Heavy object on the ground (a ram, a ladder): touching it is enough to take
        it up (ADV-HEAVY-01), so the reachable spots round it are tried before a walk to its
        centre (a friend in the straight way made the fetcher stop short and lose a turn):
        the nearest to ``onward`` first (where the object goes next: the inch gained there
        brings the ram to the gate a turn sooner), else the nearest to the model."""
        gap = model.radius + objects.OBJECT_RADIUS + objects.CONTACT / 2
        aim = onward if onward is not None else model.position
        spots = [rotated(point, a, gap) for a in fan(angle_to(point, aim), 12, math.radians(15))]
        for spot in spots:
            if math.dist(model.position, spot) > model.profile.move:
                continue
            move = legal_move(state, model, spot)
            if move is not None:
                return move
        return self._siege_walk(state, model, point)

    def _siege_walk(self, state: BattleState, model: ModelState, goal: Point) -> MoveAction:
        """Towards the goal round terrain; when that way is blocked (friends crowding), the
        longest legal step in a direction near the goal's. A goal within reach is moved to
        exactly (a carrier's spot in base contact, where a step short would not touch)."""
        if math.dist(model.position, goal) <= model.profile.move:
            move = legal_move(state, model, goal)
            if move is not None:
                return move
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
                move = legal_move(state, model, spot)
                if move is not None:
                    return move
        return action

    def _with_the_ram(
        self, state: BattleState, model: ModelState, holder: ModelState
    ) -> MoveAction | None:
        """ADV-HEAVY-01: « elles bougent en même temps »: a helper follows the ram's holder
        by the holder's own move this turn, keeping its place in the carrying chain (each
        walking to a spot of its own left the tail behind, and the ram's first blow at the
        gate was its holder's alone)."""
        start = self._ram_start.get(holder.uid)
        if start is None:
            return None
        shift = (holder.x - start[0], holder.y - start[1])
        if not 1e-6 < math.hypot(*shift) <= model.profile.move + 1e-6:
            return None
        spot = (model.x + shift[0], model.y + shift[1])
        gate = enemy_gate(state, holder)
        if gate is None or _abreast(spot, holder, gate):
            return None
        chain = fortifications.ram_carriers(state, holder)
        gap = objects.CONTACT
        if not any(math.dist(spot, m.position) - m.radius - model.radius <= gap for m in chain):
            return None
        return legal_move(state, model, spot)

    def move_order(self, state: BattleState, side: int) -> list[ModelId]:
        """The ram's holder moves first, so that its helpers close up on where it stands."""
        order = super().move_order(state, side)
        target = attacking(self.scenario, side)
        if target is not None and not _enemy_gates(state, side):
            # the assault: the models nearest the objective first, clearing the way (a
            # breach or gateway) for those behind them
            order.sort(key=lambda uid: math.dist(state.models[uid].position, target))
        holder = ram_holder(state, side) if state.structures else None
        self._ram_start = {holder.uid: holder.position} if holder is not None else {}
        first = [holder.uid] if holder is not None and holder.uid in order else []
        if holder is not None:  # its helpers next, the nearest the gate first (none blocks
            gate = enemy_gate(state, holder)  # another's way as the chain moves up)
            chain = [m for m in state.living(side) if m.uid in order and helps(state, m)]
            if gate is not None:
                chain.sort(key=lambda m: (math.dist(m.position, gate.position), m.uid))
            first += [m.uid for m in chain]
        if self.scenario is not None and self.scenario.spec.ladders:
            first += [m.uid for m in ladder_carriers(state, side) if m.uid in order]
        if not first:
            return order
        return [*first, *(uid for uid in order if uid not in first)]

"""What the heuristic does with siege towers and the besieged side's equipment (issue 20):
the attackers nearest a tower whose ramp is not down walk to its back and flanks to push it
(SIEGE-TOWER-02: six plus one per model aboard); the defenders nearest a pile of rocks or a
cauldron stand beside it (one at the rocks, two at the water) to use it in the Shoot phase
(SIEGE-ROCKS-01, SIEGE-BOIL-01). ``SiegePlanPlayer`` asks ``equipment_move`` first."""

from __future__ import annotations

import math
from collections.abc import Callable

from battlesim.engines.sbg.core.actions import Hold, IllegalActionError, Move, MoveAction
from battlesim.engines.sbg.core.paths import (
    Point,
    angle_to,
    fan,
    rotated,
    segment_point_distance,
    terrain_fits,
)
from battlesim.engines.sbg.core.state import BattleState, ModelState
from battlesim.engines.sbg.core.units import ModelId
from battlesim.engines.sbg.rules import objects, siege_defences, siege_towers
from battlesim.engines.sbg.rules.movement import check_action

PUSH_ANGLES = (180, 150, 210, 120, 240, 90, 270, 60, 300)  # degrees off the tower's facing
BEHIND = (0, 60, -60)  # degrees: the chain's spots behind the back pusher
POSTED = {siege_defences.ROCKS: 1, siege_defences.CAULDRON: 2}
POST_REACH = 12.0  # inches: a defender this far from a piece or nearer may be posted at it

Walk = Callable[[BattleState, ModelState, Point], MoveAction]


def equipment_move(state: BattleState, model: ModelState, walk: Walk) -> MoveAction | None:
    """The model's move for a tower or a piece of equipment, or None (not its business)."""
    if siege_towers.towers(state):
        action = _push_move(state, model, walk)
        if action is not None:
            return action
    if siege_defences.pieces(state):
        return _post_move(state, model, walk)
    return None


def _foot(state: BattleState, model: ModelState) -> bool:
    return siege_towers.on_foot(model) and not objects.carried_by(state, model)


def tower_crews(state: BattleState, side: int) -> dict[ModelId, list[ModelState]]:
    """The crew of each of ``side``'s towers whose ramp is not down: its nearest Infantry
    on foot, as many as it needs (SIEGE-TOWER-02)."""
    crews: dict[ModelId, list[ModelState]] = {}
    for uid, found in sorted(siege_towers.towers(state).items()):
        tower = state.models[uid]
        if not tower.alive or found.ramp is not None or tower.player != side:
            continue
        foot = [m for m in state.living(side) if _foot(state, m)]
        foot.sort(key=lambda m: (state.distance(m, tower), m.uid))
        crews[uid] = foot[: siege_towers.needed(state, tower)]
    return crews


def _push_move(state: BattleState, model: ModelState, walk: Walk) -> MoveAction | None:
    for uid, crew in tower_crews(state, model.player).items():
        tower, found = state.models[uid], siege_towers.towers(state)[uid]
        if model not in crew:
            continue
        placed = [m for m in crew if _pushing(state, tower, m)]
        if model in placed:
            return Hold(model.uid)  # in place: it pushes at the next Move phase's start
        spot = _assigned_spot(state, tower, found.facing, crew, placed, model)
        return _to_spot(state, model, tower, spot, walk) if spot is not None else None
    return None


ROUND = 1.2  # inches: the circle round the tower clears the placed pushers (a Move's chord)


def _to_spot(
    state: BattleState, model: ModelState, tower: ModelState, spot: Point, walk: Walk
) -> MoveAction:
    """To its spot at the tower, round the tower (and the pushers in place) when the tower
    stands in the straight way: a straight step stopped against the tower touched it
    wherever, the crewman then holding where it covered two spots, or wedged behind those
    placed (the Escalade's tower pushed from turn 7-8)."""
    reach = model.profile.move - model.spent
    if math.dist(model.position, spot) <= reach:
        direct = legal_move(state, model, spot)
        if direct is not None:
            return direct
    clear = tower.radius + model.radius + 0.05
    outer = tower.radius + 3 * model.radius + ROUND
    if segment_point_distance(model.position, spot, tower.position) >= clear and (
        math.dist(model.position, spot) > reach or math.dist(model.position, tower.position) > outer
    ):
        return approach(state, model, spot, walk)
    here = angle_to(tower.position, model.position)
    there = angle_to(tower.position, spot)
    turn = (there - here + math.pi) % (2 * math.pi) - math.pi
    steps = 12
    for k in range(steps, -1, -1):  # the point of the circle nearest the spot within reach
        point = rotated(tower.position, here + turn * k / steps, outer)
        if math.dist(model.position, point) > reach:
            continue
        move = legal_move(state, model, point)
        if move is not None and math.dist(point, spot) < math.dist(model.position, spot):
            return move
    return approach(state, model, rotated(tower.position, there, outer), walk)


def legal_move(state: BattleState, model: ModelState, spot: Point) -> Move | None:
    """The Move to ``spot`` if the rules allow it, else None."""
    move = Move(model.uid, spot)
    try:
        check_action(state, model, move)
    except IllegalActionError:
        return None
    return move


def _pushing(state: BattleState, tower: ModelState, model: ModelState) -> bool:
    """In base contact with the tower's back or flanks (moved or not this phase)."""
    found = siege_towers.towers(state)[tower.uid]
    touching = state.in_contact(model, tower)
    return touching and siege_towers.angle_off(found, tower, model) > siege_towers.FRONT_ARC


def _assigned_spot(
    state: BattleState,
    tower: ModelState,
    facing: Point,
    crew: list[ModelState],
    placed: list[ModelState],
    model: ModelState,
) -> Point | None:
    """The crew not yet in place take the spots at the back and flanks (then behind the
    back one, SIEGE-TOWER-02's chain) one each, the nearest to the tower choosing first."""
    size = model.radius
    taken = [m.position for m in placed]
    ring, chain = _push_spots(tower, facing, size)
    back = ring[0]  # PUSH_ANGLES[0]: straight behind
    backed = not _clear(back, taken, size)
    ring = [p for p in ring if _clear(p, taken, size)]
    chain = [p for p in chain if _clear(p, taken, size)]
    waiting = [m for m in crew if m not in placed]
    # two rounds: first each crewman a spot it can step straight to now, then the rest (a
    # crewman wedged behind those placed, given the back spot, stood there to the end while
    # the one behind it, in the chain, could have stepped in: Escalade seed 7028)
    for straight in (True, False):
        for member in list(waiting):
            # the chain pushes only through a back pusher: its spots are offered once the
            # back spot is taken (two crewmen stood in the chain with the back spot empty,
            # the tower a pusher short for the whole battle)
            spots = ring + chain if backed else ring
            free = [p for p in spots if _free_but(state, member, p, crew)]
            if straight:
                free = [p for p in free if _open_way(state, member, p, waiting)]
            best = min(free, key=lambda p: (math.dist(p, member.position), p), default=None)
            if best is None and straight:
                continue
            if best is None or member is model:
                return best
            waiting.remove(member)
            backed = backed or best == back
            (ring if best in ring else chain).remove(best)
    return None


def _open_way(state: BattleState, model: ModelState, spot: Point, moving: list[ModelState]) -> bool:
    """The straight way to ``spot`` is within the model's Move and passes no base but those
    of the crewmen still moving to their own spots."""
    gap = math.dist(model.position, spot)
    if gap > model.profile.move:
        return False
    mid = ((model.x + spot[0]) / 2, (model.y + spot[1]) / 2)
    near = state.near(mid[0], mid[1], gap / 2 + model.radius + state.largest_radius + 0.1)
    return all(
        m is model
        or m in moving
        or segment_point_distance(model.position, spot, m.position)
        >= m.radius + model.radius - 1e-6
        for m in near
    )


def _push_spots(tower: ModelState, facing: Point, size: float) -> tuple[list[Point], list[Point]]:
    """The spots touching its back and flanks, and the chain's spots behind the back one."""
    ahead = math.atan2(facing[1], facing[0])
    gap = tower.radius + size + 0.002
    ring = [rotated(tower.position, ahead + math.radians(a), gap) for a in PUSH_ANGLES]
    back = rotated(tower.position, ahead + math.pi, gap)
    chain = [rotated(back, ahead + math.pi + math.radians(a), 2 * size + 0.002) for a in BEHIND]
    return ring, [p for p in chain if _clear(p, ring, size)]


def _clear(point: Point, others: list[Point], size: float) -> bool:
    return all(math.dist(point, o) >= 2 * size - 1e-6 for o in others)


def _free_but(state: BattleState, model: ModelState, spot: Point, crew: list[ModelState]) -> bool:
    """The base fits at ``spot`` but for the crew on their way to their own spots."""
    if not terrain_fits(state.table, spot, model.radius, state.width, state.depth):
        return False
    near = state.near(spot[0], spot[1], model.radius + state.largest_radius + 0.1)
    return all(
        m is model or m in crew or math.dist(spot, m.position) >= m.radius + model.radius - 1e-6
        for m in near
    )


def _post_move(state: BattleState, model: ModelState, walk: Walk) -> MoveAction | None:
    for piece in siege_defences.pieces(state).values():
        if piece.owner != model.player or piece.empty:
            continue
        side = [m for m in state.living(model.player) if siege_towers.on_foot(m)]
        side = [m for m in side if math.dist(m.position, piece.point) <= POST_REACH]
        side.sort(key=lambda m: (math.dist(m.position, piece.point), m.uid))
        if model not in side[: POSTED[piece.kind]]:
            continue
        gap = math.dist(model.position, piece.point) - model.radius - piece.radius
        if gap <= siege_defences.CONTACT:
            return Hold(model.uid)  # beside it: used at the Shoot phase's start
        spot = _post_spot(state, piece, model)
        return approach(state, model, spot, walk) if spot is not None else None
    return None


def _post_spot(state: BattleState, piece: siege_defences.Piece, model: ModelState) -> Point | None:
    gap = piece.radius + model.radius + 0.002
    spots = [rotated(piece.point, math.radians(a), gap) for a in range(0, 360, 30)]
    free = [p for p in spots if _free(state, model, p)]
    return min(free, key=lambda p: (math.dist(p, model.position), p), default=None)


def approach(state: BattleState, model: ModelState, goal: Point, walk: Walk) -> MoveAction:
    """The walk to ``goal``, or a straighter step that ends nearer it (ranks of friends
    block a walk sideways along them): the legal end nearest the goal."""
    planned = walk(state, model, goal)
    best = (math.dist(_end(model, planned), goal), 0, planned)
    heading = math.atan2(goal[1] - model.y, goal[0] - model.x)
    reach = min(model.profile.move - model.spent, math.dist(model.position, goal))
    for k, angle in enumerate(fan(heading, 4, math.radians(20)), start=1):
        for part in (1.0, 0.6, 0.3):
            spot = rotated(model.position, angle, reach * part)
            if math.dist(spot, goal) >= best[0] - 0.25:
                continue
            try:
                check_action(state, model, Move(model.uid, spot))
            except IllegalActionError:
                continue
            best = (math.dist(spot, goal), k, Move(model.uid, spot))
    return best[2]


def _end(model: ModelState, action: MoveAction) -> Point:
    return action.to if isinstance(action, Move) else model.position


def _free(state: BattleState, model: ModelState, spot: Point) -> bool:
    if not terrain_fits(state.table, spot, model.radius, state.width, state.depth):
        return False
    near = state.near(spot[0], spot[1], model.radius + state.largest_radius + 0.1)
    return all(
        m is model or math.dist(spot, m.position) >= m.radius + model.radius - 1e-6 for m in near
    )

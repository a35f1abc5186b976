"""Siege towers (checklist part 2 §12.4, SIEGE-TOWER-01..04, 002:L3339-3349; READINGS).

A tower is a piece of the attacker's on the table, kept like a gate (``units.STRUCTURES``: it
never moves by itself, fights, tests nor counts): a round base 4" across (its ramp's width,
SIEGE-TOWER-01) facing the fortification's wall it was set against. Friendly Infantry deployed
in it are off the table, aboard (``BattleState.aboard`` keeps them in the army's count).

At the start of each Move phase, before any model moves, its side may push it 6" straight on
(SIEGE-TOWER-02) when enough unmoved Infantry touch its back or flanks (or a back pusher):
six plus one per model aboard, a Monster counting six. The pushers go with it and have moved;
those aboard have not (SIEGE-TOWER-03). Touching a fortified wall it stops and its ramp is
lowered: those aboard may then step onto the rampart behind the wall, the distance paid from
their Move, and move on as usual, or instead charge an enemy on the rampart they reach (the
text gives the ramp no rule of its own: the normal charge rules; READINGS). It has Defence 10
and 3 Wounds (SIEGE-TOWER-04): a Battlefield target for Siege Engines, attacked like a gate
by enemies touching it; wrecked, those aboard are set down where it stood.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field

from battlesim.engines.sbg.core.bases import MM_PER_INCH
from battlesim.engines.sbg.core.decisions import Decision, Player
from battlesim.engines.sbg.core.geometry import CONTACT_TOLERANCE
from battlesim.engines.sbg.core.objectives import Point, TowerSpec
from battlesim.engines.sbg.core.paths import circle_base, terrain_fits
from battlesim.engines.sbg.core.permissions import May, grant
from battlesim.engines.sbg.core.registry import REGISTRY, Kind
from battlesim.engines.sbg.core.state import (
    BattleState,
    Happening,
    ModelState,
    On,
    Phase,
    Removal,
    Tick,
    every,
    notify,
    on,
    subscribed,
)
from battlesim.engines.sbg.core.status import Lasting, Status
from battlesim.engines.sbg.core.table import TerrainPiece
from battlesim.engines.sbg.core.units import SIEGE_TOWER, STRUCTURES, ModelId, ModelSpec, Profile
from battlesim.engines.sbg.rules import fortifications, siege_ladders, terror
from battlesim.engines.sbg.rules.muster import model_state
from battlesim.engines.sbg.rules.reinforcements import spot_free
from battlesim.engines.sbg.rules.siege_ladders import is_fortified_wall, nearest_on

TOWER_MOVE = 6.0  # SIEGE-TOWER-02 (002:L3345): « se déplaceront alors de 6" »
PUSHERS = 6  # SIEGE-TOWER-02: six Infantry, plus one per model aboard
MONSTER_PUSH = 6  # SIEGE-TOWER-02: « Les Monstres comptent pour 6 figurines »
TOWER_DEFENCE, TOWER_WOUNDS = 10, 3  # SIEGE-TOWER-04 (002:L3349)
RAMP_WIDTH = 4.0  # SIEGE-TOWER-01 (002:L3343): at most 4" wide at its ramp
FRONT_ARC = math.radians(45)  # reading: the front is the quarter of its edge facing its way
STEP = 0.1  # inches: the push is walked in steps, stopped by a wall, terrain or a model
CONTACT = CONTACT_TOLERANCE  # inches: a base touching a piece (core.geometry)

REGISTRY.register(SIEGE_TOWER, kind=Kind.RULE, source="SIEGE-TOWER-01 (002:L3343)")


@dataclass(slots=True)
class Tower:
    """One tower's state: which way it faces, who is aboard, where its ramp is down."""

    facing: Point  # a unit vector: the way it is pushed (toward the wall it was set against)
    aboard: list[ModelId] = field(default_factory=list)
    ramp: str | None = None  # the wall its lowered ramp rests on


@dataclass(slots=True)
class Towers:
    towers: dict[ModelId, Tower] = field(default_factory=dict)


TOWERS: Status[Towers] = Status("siege towers", Towers, Lasting.BATTLE)


def tower_profile() -> Profile:
    """SIEGE-TOWER-01/04: Defence 10, 3 Wounds, a base as wide as its ramp."""
    return Profile(
        name=SIEGE_TOWER,
        move=0.0,
        fight=0,
        shoot=6,
        strength=0,
        defence=TOWER_DEFENCE,
        attacks=0,
        wounds=TOWER_WOUNDS,
        courage=0,
        keywords=frozenset({SIEGE_TOWER}),
        base_mm=RAMP_WIDTH * MM_PER_INCH,
    )


def towers(state: BattleState) -> dict[ModelId, Tower]:
    found = TOWERS.peek(state)
    return found.towers if found is not None else {}


def is_tower(model: ModelState) -> bool:
    return SIEGE_TOWER in model.triggers


def _facing(state: BattleState, point: Point) -> Point:
    """Toward the nearest fortified wall (straight ahead if the table has none)."""
    walls = [p for p in state.table.pieces if is_fortified_wall(p)] if state.table else []
    if not walls:
        return (0.0, 1.0)
    wall = min(walls, key=lambda w: math.dist(nearest_on(w, point), point))
    target = nearest_on(wall, point)
    d = math.dist(target, point) or 1.0
    return ((target[0] - point[0]) / d, (target[1] - point[1]) / d)


def place_towers(
    state: BattleState, specs: Sequence[TowerSpec], players: Sequence[Player] | None = None
) -> None:
    """Set the scenario's towers (after deployment) and board each (SIEGE-TOWER-01)."""
    for k, spec in enumerate(specs, start=1):
        uid = f"T{k}"
        tower = model_state(ModelSpec(uid, tower_profile()), spec.owner, spec.point)
        state.spawn(tower)
        TOWERS.of(state).towers[uid] = Tower(_facing(state, spec.point))
        state.log.emit("siege_tower", model=uid, owner=spec.owner)
        if players is not None and spec.aboard:
            chosen = players[spec.owner].decide(state, BoardTower(tower, spec.aboard))
            board(state, tower, chosen)


def may_board(model: ModelState) -> bool:
    """SIEGE-TOWER-01: « Les figurines d'Infanterie alliées ..., à l'exception des Monstres »."""
    return on_foot(model) and "monster" not in model.profile.keywords


def on_foot(model: ModelState) -> bool:
    """On foot: no mount, no Cavalry keyword, no piece of the table."""
    words = {word.lower() for word in model.profile.keywords}
    cavalry = model.mount is not None or "cavalry" in words
    return not cavalry and not (model.triggers & STRUCTURES)


def board(state: BattleState, tower: ModelState, uids: Sequence[ModelId]) -> None:
    """Take the chosen Infantry off the table into the tower (at deployment)."""
    found = towers(state)[tower.uid]
    for uid in uids:
        model = state.models.get(uid)
        if model is None or not model.alive or model.player != tower.player:
            continue
        if not may_board(model) or uid in found.aboard:
            continue
        state.take_off(model)
        found.aboard.append(uid)
        state.aboard[model.player] += 1
        state.log.emit("tower_boarded", model=uid, tower=tower.uid)


# --- SIEGE-TOWER-02/03: pushing ----------------------------------------------------------


def _may_push(state: BattleState, model: ModelState) -> bool:
    return on_foot(model) and not model.moved and not model.prone and not state.engaged(model)


def angle_off(found: Tower, tower: ModelState, model: ModelState) -> float:
    dx, dy = model.x - tower.x, model.y - tower.y
    d = math.hypot(dx, dy) or 1.0
    cos = (dx * found.facing[0] + dy * found.facing[1]) / d
    return math.acos(max(-1.0, min(1.0, cos)))


def pushers(state: BattleState, tower: ModelState) -> list[ModelState]:
    """SIEGE-TOWER-02 (002:L3345): friends in base contact with its back or a flank, and
    friends in base contact with one pushing from its back (reading: the front is the
    quarter of its edge facing its way; the back the opposite quarter)."""
    found = towers(state)[tower.uid]
    near = state.near(tower.x, tower.y, tower.radius + 3.0, tower.player)
    able = [m for m in near if m is not tower and _may_push(state, m)]
    touching = [m for m in able if state.in_contact(m, tower)]
    direct = [m for m in touching if angle_off(found, tower, m) > FRONT_ARC]
    back = [m for m in direct if angle_off(found, tower, m) >= math.pi - FRONT_ARC]
    chained = [
        m
        for m in able
        if m not in direct and any(state.in_contact(m, b) for b in back) and m not in touching
    ]
    return sorted(direct + chained, key=lambda m: m.uid)


def push_weight(models: Sequence[ModelState]) -> int:
    """SIEGE-TOWER-02: an Infantry model counts 1, a Monster 6."""
    return sum(MONSTER_PUSH if "monster" in m.profile.keywords else 1 for m in models)


def needed(state: BattleState, tower: ModelState) -> int:
    """SIEGE-TOWER-02: six, plus one per model aboard."""
    return PUSHERS + len(towers(state)[tower.uid].aboard)


def _blocked(state: BattleState, model: ModelState, point: Point, movers: set[str]) -> bool:
    if not terrain_fits(state.table, point, model.radius, state.width, state.depth):
        return True
    near = state.near(point[0], point[1], model.radius + state.largest_radius + 0.1)
    return any(
        o.uid not in movers and math.dist(o.position, point) < model.radius + o.radius - 1e-6
        for o in near
    )


def _touches_wall(state: BattleState, tower: ModelState, point: Point) -> str | None:
    if state.table is None:
        return None
    for piece in state.table.touching(point, circle_base(tower.radius), CONTACT):
        if is_fortified_wall(piece):
            return str(piece.name)
    return None


def push(state: BattleState, tower: ModelState, crew: Sequence[ModelState]) -> float:
    """SIEGE-TOWER-02/03: the tower and its pushers go up to 6" straight on, stopped by a
    wall it touches (the ramp is lowered: SIEGE-TOWER-03), terrain or a model in the way.
    The pushers have moved; those aboard have not. Returns the distance gone."""
    found = towers(state)[tower.uid]
    movers = {tower.uid, *(m.uid for m in crew)}
    fx, fy = found.facing
    gone, wall = 0.0, _touches_wall(state, tower, tower.position)
    while wall is None and gone + STEP <= TOWER_MOVE + 1e-9:
        step = gone + STEP
        spots = {m.uid: (m.x + fx * STEP, m.y + fy * STEP) for m in (tower, *crew)}
        if any(_blocked(state, m, spots[m.uid], movers) for m in (tower, *crew)):
            break
        for m in (tower, *crew):
            state.set_position(m, spots[m.uid])
        gone = step
        wall = _touches_wall(state, tower, tower.position)
    for model in crew:
        model.moved = model.done_moving = True
        model.spent = max(model.spent, model.profile.move)
    state.log.emit("tower_pushed", tower=tower.uid, pushers=[m.uid for m in crew], inches=gone)
    if wall is not None and found.ramp is None:
        found.ramp = wall
        state.log.emit("tower_ramp", tower=tower.uid, wall=wall)  # SIEGE-TOWER-03
    return gone


# --- SIEGE-TOWER-03: leaving by the lowered ramp -------------------------------------------


def rampart_spots(state: BattleState, tower: ModelState, model: ModelState) -> list[Point]:
    """Free spots on the rampart behind the ramp's wall, within the ramp's width, nearest
    the tower first (no base there, no enemy control zone: reinforcements.spot_free)."""
    wall = _ramp_wall(state, tower)
    if wall is None:
        return []
    found = towers(state)[tower.uid]
    centre = nearest_on(wall, tower.position)
    fx, fy = found.facing
    depth = wall.thickness / 2 + model.radius + 0.05
    spots = []
    for k in range(9):
        lateral = (k - 4) / 4 * (RAMP_WIDTH / 2 - model.radius)
        spots.append((centre[0] + fx * depth - fy * lateral, centre[1] + fy * depth + fx * lateral))
    spots.sort(key=lambda p: (math.dist(p, tower.position), p))
    return [p for p in spots if spot_free(state, model, p)]


def disembark(state: BattleState, tower: ModelState, model: ModelState, spot: Point) -> None:
    """Onto the rampart: the way from the tower's edge is taken from its Move (it has not
    moved yet, SIEGE-TOWER-03); it then moves on as usual in its side's turn."""
    found = towers(state)[tower.uid]
    found.aboard.remove(model.uid)
    state.aboard[model.player] -= 1
    state.bring_on(model, spot)
    model.spent = max(0.0, math.dist(tower.position, spot) - tower.radius)
    state.log.emit("tower_left", model=model.uid, tower=tower.uid, at=[*spot])


def _ramp_wall(state: BattleState, tower: ModelState) -> TerrainPiece | None:
    found = towers(state)[tower.uid]
    if found.ramp is None or state.table is None:
        return None
    return next(p for p in state.table.pieces if p.name == found.ramp)


def _on_rampart(
    found: Tower, wall: TerrainPiece, centre: Point, point: Point, radius: float
) -> bool:
    """Whether a base at ``point`` stands wholly beyond the ramp's wall (on its rampart)."""
    ahead = (point[0] - centre[0]) * found.facing[0] + (point[1] - centre[1]) * found.facing[1]
    return ahead >= wall.thickness / 2 + radius - 1e-6


def ramp_charges(
    state: BattleState, tower: ModelState, model: ModelState
) -> list[tuple[ModelId, Point]]:
    """SIEGE-TOWER-03 with the normal charge rules (READINGS): enemies on the rampart a
    passenger reaches from the lowered ramp, each with the free contact spot on the rampart
    nearest the tower; the way from the tower's edge is paid from its Move."""
    wall = _ramp_wall(state, tower)
    if wall is None:
        return []
    found = towers(state)[tower.uid]
    centre = nearest_on(wall, tower.position)
    reach = model.profile.move + tower.radius
    options = []
    for enemy in state.near(centre[0], centre[1], reach + model.radius * 2, 1 - model.player):
        if enemy.uid in state.structures or not enemy.alive:
            continue
        if not _on_rampart(found, wall, centre, enemy.position, enemy.radius):
            continue
        spot = _contact_spot(state, found, wall, centre, tower, model, enemy)
        if spot is not None:
            options.append((enemy.uid, spot))
    options.sort(key=lambda o: (math.dist(o[1], tower.position), o[0]))
    return options


def _contact_spot(
    state: BattleState,
    found: Tower,
    wall: TerrainPiece,
    centre: Point,
    tower: ModelState,
    model: ModelState,
    enemy: ModelState,
) -> Point | None:
    gap = enemy.radius + model.radius + 0.01
    spots = []
    for k in range(24):
        angle = k * math.pi / 12
        spot = (enemy.x + gap * math.cos(angle), enemy.y + gap * math.sin(angle))
        way = math.dist(tower.position, spot) - tower.radius
        if way > model.profile.move or not _on_rampart(found, wall, centre, spot, model.radius):
            continue
        if _room(state, model, spot):
            spots.append((way, spot))
    return min(spots)[1] if spots else None


def _room(state: BattleState, model: ModelState, spot: Point) -> bool:
    """Terrain that fits the base and no other base there (a charger may enter zones)."""
    if not terrain_fits(state.table, spot, model.radius, state.width, state.depth):
        return False
    near = state.near(spot[0], spot[1], model.radius + state.largest_radius + 0.1)
    return all(math.dist(o.position, spot) >= model.radius + o.radius - 1e-6 for o in near)


def charge_from_ramp(
    state: BattleState, tower: ModelState, model: ModelState, target: ModelId, spot: Point
) -> None:
    """The passenger charges off the ramp into base contact: it has moved, and charged."""
    state.log.emit("tower_charge", model=model.uid, tower=tower.uid, target=target)
    if subscribed(On.CHARGE_DECLARED):  # rules hear of a charge before it is carried out
        notify(state, On.CHARGE_DECLARED, Happening(model, other=state.models[target]))
    disembark(state, tower, model, spot)
    model.moved = model.done_moving = model.charged = True


@every(Tick.PHASE_START, "siege towers pushed", 30)
def _move_towers(state: BattleState) -> None:
    """At the Move phase's start (reading: before any model moves, so its pushers have not
    moved), each tower's side may push it; then those aboard a lowered tower may leave."""
    if state.phase is not Phase.MOVE or state.players is None or not towers(state):
        return
    for uid in sorted(towers(state)):
        tower = state.models[uid]
        if not tower.alive:
            continue
        player = state.players[tower.player]
        crew = pushers(state, tower)
        found = towers(state)[uid]
        enough = found.ramp is None and push_weight(crew) >= needed(state, tower)
        if enough and player.decide(state, PushTower(tower, tuple(crew))):
            push(state, tower, crew)
        for model_uid in list(found.aboard):
            _off_the_ramp(state, player, tower, state.models[model_uid])


def _off_the_ramp(state: BattleState, player: Player, tower: ModelState, model: ModelState) -> None:
    """A passenger charges a defender it reaches on the rampart, else steps onto a free spot."""
    spots = rampart_spots(state, tower, model)
    options = ramp_charges(state, tower, model)
    if options:
        chosen = player.decide(state, ChargeFromRamp(model, tower, tuple(options), tuple(spots)))
        if chosen is not None and chosen in options:
            if terror.passes(state, model, state.models[chosen[0]]):
                charge_from_ramp(state, tower, model, *chosen)
            else:
                model.done_moving = True  # MOVE-CHG-14: no charge and no move this turn
            return
    if not spots:
        return
    if player.decide(state, LeaveTower(model, tower, spots[0])):
        disembark(state, tower, model, spots[0])


# --- SIEGE-TOWER-04: attacked and wrecked ---------------------------------------------------


@grant(May.BE_CHARGED, SIEGE_TOWER, source="SIEGE-TOWER-04 (002:L3349)")
def _tower_not_charged(_context: object) -> bool:
    """Attacked where it stands, as a gate (reading), never charged into a fight."""
    return False


@on(On.KNOCKED_DOWN, "siege tower stands", order=0, trigger=SIEGE_TOWER)
def _tower_stands(_state: BattleState, _happening: Happening) -> bool:
    return True


@every(Tick.PHASE_END, "siege towers attacked", 42)
def _attack_towers(state: BattleState) -> None:
    """At the Fight phase's end, enemies touching a tower that fought no one may attack it
    as a gate (reading: SIEGE-GATEATK-01's automatic win, To Wound against Defence 10)."""
    if state.phase is not Phase.FIGHT or state.players is None or not towers(state):
        return
    pieces = [state.models[uid] for uid in sorted(towers(state))]
    fortifications.pieces_attacked(state, pieces, AttackTower)


@on(On.REMOVED, "siege tower wrecked", order=50, trigger=SIEGE_TOWER)
def _wrecked(state: BattleState, happening: Happening) -> None:
    """Reading: those aboard a wrecked tower are set down unharmed where it stood, nearest
    its centre first (the text says nothing of them); any with no room are lost."""
    tower = happening.model
    found = towers(state).get(tower.uid)
    state.log.emit("tower_wrecked", tower=tower.uid, source=happening.source)
    if found is None:
        return
    for uid in list(found.aboard):
        model = state.models[uid]
        found.aboard.remove(uid)
        state.aboard[model.player] -= 1
        spot = room_near(state, model, tower.position, tower.radius)
        if spot is None:
            state.bring_on(model, tower.position)
            state.remove(model, Removal.SLAIN, "wrecked siege tower")
            continue
        state.bring_on(model, spot)
        state.log.emit("tower_left", model=uid, tower=tower.uid, at=[*spot])


def room_near(state: BattleState, model: ModelState, centre: Point, reach: float) -> Point | None:
    """The first free spot for the model's base (reinforcements.spot_free) on rings round
    ``centre``, out to ``reach`` plus an inch."""
    for ring in (0.0, 0.5, 1.0, 1.5, 2.0, 2.5, 3.0):
        for k in range(12):
            angle = k * math.pi / 6
            spot = (centre[0] + ring * math.cos(angle), centre[1] + ring * math.sin(angle))
            if spot_free(state, model, spot):
                return spot
        if ring > reach + 1.0:
            break
    return None


# Decisions this module asks a player (core/decisions.py).


@dataclass(frozen=True, slots=True)
class BoardTower(Decision[tuple[ModelId, ...]]):
    """SIEGE-TOWER-01: which friendly Infantry start inside the tower. ``offered``: the
    scenario's count. Default: the side's Infantry nearest it, no more than a third of those
    beyond the six pushers (SIEGE-TOWER-02) and a carrier for each siege ladder lying ready:
    each one aboard needs one more pusher, and spare pushers stand in for the fallen."""

    tower: ModelState
    offered: int

    def default(self, state: BattleState) -> tuple[ModelId, ...]:
        side = [m for m in state.living(self.tower.player) if may_board(m)]
        side.sort(key=lambda m: (state.distance(m, self.tower), m.uid))
        foot = sum(1 for m in state.living(self.tower.player) if on_foot(m))
        spare = foot - PUSHERS - len(siege_ladders.ladders_on_ground(state))
        room = max(0, spare // 3)
        return tuple(m.uid for m in side[: min(self.offered, room)])


@dataclass(frozen=True, slots=True)
class PushTower(Decision[bool]):
    """SIEGE-TOWER-02: do these pushers spend their move pushing the tower? Default: yes."""

    tower: ModelState
    pushers: tuple[ModelState, ...]

    def default(self, state: BattleState) -> bool:
        return True


@dataclass(frozen=True, slots=True)
class LeaveTower(Decision[bool]):
    """SIEGE-TOWER-03: does the model leave the lowered tower for the rampart? Default: yes."""

    model: ModelState
    tower: ModelState
    spot: Point

    def default(self, state: BattleState) -> bool:
        return True


@dataclass(frozen=True, slots=True)
class ChargeFromRamp(Decision[tuple[ModelId, Point] | None]):
    """SIEGE-TOWER-03: does the passenger charge one of these defenders on the rampart off
    the lowered ramp (target, contact spot), or not? Default: the nearest when no rampart spot
    is free, else none (stepped off, it may still charge in its side's move)."""

    model: ModelState
    tower: ModelState
    options: tuple[tuple[ModelId, Point], ...]
    spots: tuple[Point, ...]  # the free rampart spots it may step onto instead

    def default(self, state: BattleState) -> tuple[ModelId, Point] | None:
        return None if self.spots else self.options[0]


@dataclass(frozen=True, slots=True)
class AttackTower(Decision[bool]):
    """SIEGE-TOWER-04: does the model attack the enemy tower it touches? Default: yes."""

    model: ModelState
    tower: ModelState

    def default(self, state: BattleState) -> bool:
        return True

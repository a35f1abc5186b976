"""Siege ladders (checklist part 2 §12.4, SIEGE-LADDER-01..04, 002:L3351-3375, readings 37).

A siege ladder is a Heavy object (ADV-HEAVY) named "siege ladder 1", "siege ladder 2"...
Carried into contact with a fortification's wall (one without holds, SIEGE-WALL-01) it is
raised there at once: it then stands against that wall with its foot on the carriers' side
and its top on the rampart behind. The table's curtain walls are thin, so the rampart is the
ground just behind the wall (data.ASSUMPTIONS "siege-ladder"): a move over the wall passing
the ladder's foot climbs it with no test, paying the wall's height in Move (MOVE-CLIMB-08,
002:L615; ``crossing.py``). An attacker at the foot, touching the wall, is *on the ladder*:
it fights a defender behind the wall across it as a barrier (the engine's barrier fights,
SIEGE-LADDER-02); if it loses it may fall (SIEGE-LADDER-03). Defenders at its top with no
attacker there may push it down in the Move phase (SIEGE-LADDER-04).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from battlesim.engines.sbg.core.decisions import Decision
from battlesim.engines.sbg.core.objectives import Point
from battlesim.engines.sbg.core.paths import circle_base, segment_point_distance
from battlesim.engines.sbg.core.registry import REGISTRY, Kind
from battlesim.engines.sbg.core.state import (
    BattleState,
    Happening,
    ModelState,
    On,
    Phase,
    Tick,
    every,
    on,
)
from battlesim.engines.sbg.core.status import Lasting, Status
from battlesim.engines.sbg.core.table import TerrainKind
from battlesim.engines.sbg.rules import characteristics, objects
from battlesim.engines.sbg.rules.combat import roll_to_wound
from battlesim.engines.sbg.rules.falling import fall

LADDER = "siege ladder"
REACH = 0.5  # inches: a model this close to a ladder's foot or top is at it (crossing.LADDER_REACH)
PUSH_TARGET = 4  # SIEGE-LADDER-04 (002:L3375): 4+ the ladder falls
MONSTER_WEIGHT = 3  # SIEGE-LADDER-04: a Monster counts +3 or -3
TOP_REACH = 1.0  # inches: « se poste au niveau d'une échelle »: this near its top (reading)
FALL_ON = 3  # SIEGE-LADDER-03 (002:L3361): 1-3 the model falls
LADDER_DEFENCE, LADDER_WOUNDS = 8, 2  # SIEGE-LADDER-01 (002:L3353)

REGISTRY.register(LADDER, kind=Kind.RULE, source="SIEGE-LADDER-01 (002:L3353)")


@dataclass(frozen=True, slots=True)
class Raised:
    """A ladder standing against ``wall``: its foot (attackers' side) and top (rampart)."""

    wall: str
    foot: Point
    top: Point
    height: float
    side: int  # the side that raised it


@dataclass(slots=True)
class Ladders:
    raised: dict[str, Raised] = field(default_factory=dict)
    damage: dict[str, int] = field(default_factory=dict)  # Wounds lost (SIEGE-LADDER-01)


LADDERS: Status[Ladders] = Status("siege ladders", Ladders, Lasting.BATTLE)


def place_ladders(state: BattleState, points: tuple[Point, ...] | list[Point]) -> None:
    """SIEGE-LADDER-01: each ladder lies where the scenario puts it, a Heavy object."""
    for k, point in enumerate(points, start=1):
        objects.place_object(state, f"{LADDER} {k}", point, heavy=True)


def raised_ladders(state: BattleState) -> dict[str, Raised]:
    found = LADDERS.peek(state)
    return found.raised if found is not None else {}


def is_fortified_wall(piece: Any) -> bool:
    """SIEGE-WALL-01: a wall without holds (a fortification's), which only a ladder scales."""
    return piece.kind is TerrainKind.OBSTACLE and not piece.climbable


def nearest_on(piece: Any, point: Point) -> Point:
    """The nearest point of the wall's centre line to ``point``."""
    best, best_d = piece.points[0], math.inf
    for a, b in zip(piece.points, piece.points[1:], strict=False):
        dx, dy = b[0] - a[0], b[1] - a[1]
        length2 = dx * dx + dy * dy or 1e-12
        t = max(0.0, min(1.0, ((point[0] - a[0]) * dx + (point[1] - a[1]) * dy) / length2))
        p = (a[0] + t * dx, a[1] + t * dy)
        d = math.dist(p, point)
        if d < best_d:
            best, best_d = p, d
    return best


def _raise(state: BattleState, name: str, model: ModelState, wall: Any) -> None:
    """SIEGE-LADDER-01 (002:L3353): « l'échelle est automatiquement dressée »."""
    raise_ladder(state, name, wall, model.position, model.player, model.uid)


def raise_ladder(
    state: BattleState, name: str, wall: Any, toward: Point, side: int, by: str
) -> Raised:
    """The ladder stands against ``wall`` where it is nearest ``toward``, its foot on that
    side, raised by ``side`` (``by`` names who raised it, for the log)."""
    centre = nearest_on(wall, toward)
    d = math.dist(centre, toward) or 1.0
    ux, uy = (toward[0] - centre[0]) / d, (toward[1] - centre[1]) / d
    half = wall.thickness / 2
    foot = (centre[0] + ux * half, centre[1] + uy * half)
    top = (centre[0] - ux * half, centre[1] - uy * half)
    del objects.OBJECTS.of(state).placed[name]  # it stands against the wall: not picked up
    found = LADDERS.of(state).raised[name] = Raised(wall.name, foot, top, wall.height, side)
    state.log.emit("ladder_raised", name=name, wall=wall.name, model=by)
    return found


@on(On.MOVE_ENDED, "siege ladder raised", 95)
def _raise_on_contact(state: BattleState, happening: Happening) -> None:
    model = happening.model
    if objects.OBJECTS.peek(state) is None or state.table is None or not model.alive:
        return
    for name in objects.carried_by(state, model):
        if not name.startswith(LADDER):
            continue
        for wall in state.table.touching(model.position, circle_base(model.radius)):
            if is_fortified_wall(wall):
                _raise(state, name, model, wall)
                return


def ladders_on_ground(state: BattleState) -> list[tuple[str, Point]]:
    """The siege ladders lying on the ground (carried by no one, not raised)."""
    placed = objects.OBJECTS.peek(state)
    if placed is None:
        return []
    raised = raised_ladders(state)
    return [
        (name, found.point)
        for name, found in sorted(placed.placed.items())
        if name.startswith(LADDER) and found.carrier is None and name not in raised
    ]


def wall_spot(state: BattleState, model: ModelState) -> Point | None:
    """Where a ladder's carrier touches the nearest wall without holds, on its side."""
    if state.table is None:
        return None
    walls = [p for p in state.table.pieces if is_fortified_wall(p)]
    if not walls:
        return None
    wall = min(walls, key=lambda w: math.dist(nearest_on(w, model.position), model.position))
    centre = nearest_on(wall, model.position)
    d = math.dist(centre, model.position) or 1.0
    gap = wall.thickness / 2 + model.radius + 0.01
    return (
        centre[0] + (model.x - centre[0]) / d * gap,
        centre[1] + (model.y - centre[1]) / d * gap,
    )


def over_the_top(found: Raised, model: ModelState) -> Point:
    """The spot just behind the wall at the ladder's top (the rampart)."""
    dx, dy = found.top[0] - found.foot[0], found.top[1] - found.foot[1]
    d = math.hypot(dx, dy) or 1.0
    reach = model.radius + 0.05
    return (found.top[0] + dx / d * reach, found.top[1] + dy / d * reach)


def ladder_at(state: BattleState, piece: Any, start: Point, end: Point) -> bool:
    """Whether a move from ``start`` to ``end`` over ``piece`` passes a raised ladder's foot
    (crossing.py turns that climb into a ladder climb, MOVE-CLIMB-08)."""
    return any(
        found.wall == piece.name and segment_point_distance(start, end, found.foot) <= REACH
        for found in raised_ladders(state).values()
    )


def _at(model: ModelState, point: Point) -> bool:
    return math.dist(model.position, point) - model.radius <= REACH


def on_ladder(state: BattleState, name: str) -> list[ModelState]:
    """The raisers' living models at the ladder's foot (reading: on its rungs), nearest the
    top first (data.ASSUMPTIONS "siege-ladder")."""
    found = raised_ladders(state)[name]
    climbers = [m for m in state.living(found.side) if _at(m, found.foot) and m.mount is None]
    return sorted(climbers, key=lambda m: (math.dist(m.position, found.foot), m.uid))


def at_top(state: BattleState, name: str, side: int) -> list[ModelState]:
    found = raised_ladders(state)[name]
    return [
        m
        for m in state.living(side)
        if math.dist(m.position, found.top) - m.radius <= TOP_REACH
        and _behind(found, m.position)
        and m.uid not in state.structures
    ]


def _behind(found: Raised, point: Point) -> bool:
    """Whether ``point`` lies on the rampart side of the wall (beyond the ladder's top)."""
    dx, dy = found.top[0] - found.foot[0], found.top[1] - found.foot[1]
    return (point[0] - found.top[0]) * dx + (point[1] - found.top[1]) * dy > 0


def charges_from_ladder(
    state: BattleState, model: ModelState, target: ModelState, spot: Point
) -> bool:
    """SIEGE-LADDER-02 (002:L3359): « charger du haut d'une échelle contre un défenseur
    posté sur les murs »: from a raised ladder of its side, staying on it, a model sees and
    charges an enemy at the ladder's top (the wall no longer hides it; the fight is then
    across the wall as a barrier)."""
    for name, found in raised_ladders(state).items():
        if found.side != model.player or target.player == model.player:
            continue
        on_it = model in on_ladder(state, name)
        stays = math.dist(spot, found.foot) - model.radius <= REACH
        if on_it and stays and target in at_top(state, name, target.player):
            return True
    return False


def held_wall(state: BattleState, defender: ModelState, attacker: ModelState) -> Any | None:
    """SIEGE-LADDER-02 (002:L3359): « le combat se résout de la même manière qu'un combat à
    travers une barrière »: the wall a defender at a raised ladder's top holds against an
    attacker on that ladder (too high for a barrier by part 1's measure, it is one here)."""
    raised = raised_ladders(state)
    if state.table is None or not raised:
        return None
    for name, found in sorted(raised.items()):
        if found.side != attacker.player or attacker not in on_ladder(state, name):
            continue
        if defender in at_top(state, name, defender.player):
            return next(p for p in state.table.pieces if p.name == found.wall)
    return None


def _weight(model: ModelState) -> int:
    return MONSTER_WEIGHT if "monster" in model.profile.keywords else 1


def push_modifier(pushers: list[ModelState], climbers: list[ModelState]) -> int:
    """SIEGE-LADDER-04 (002:L3375): +1 per extra defender, -1 per attacker on the ladder;
    a Monster counts 3 (the first pusher's own weight counts only if a Monster)."""
    helpers = sum(_weight(m) for m in pushers[1:])
    first = MONSTER_WEIGHT - 1 if pushers and _weight(pushers[0]) > 1 else 0
    return first + helpers - sum(_weight(m) for m in climbers)


def push_ladder(state: BattleState, name: str, pushers: list[ModelState]) -> bool:
    """SIEGE-LADDER-04: one D6 with the modifiers; 4+ the ladder falls with its climbers
    (reading 37). The pushers spend all their remaining Move."""
    found = raised_ladders(state)[name]
    climbers = on_ladder(state, name)
    modifier = push_modifier(pushers, climbers)
    (die,) = state.roll(1, f"push {name} ({modifier:+d})")
    for model in pushers:
        model.moved = model.done_moving = True
        model.spent = max(model.spent, model.profile.move)
    pushed = die + modifier >= PUSH_TARGET
    state.log.emit("ladder_push", name=name, roll=die, modifier=modifier, pushed=pushed)
    if pushed:
        del LADDERS.of(state).raised[name]
        objects.place_object(state, name, found.foot, heavy=True)  # on the ground again
        for model in climbers:
            fall(state, model, found.height, f"{name} pushed down")
    return pushed


def pushers_at(state: BattleState, name: str) -> list[ModelState]:
    """Defenders at the ladder's top that may push: standing, unengaged, not yet moved this
    turn (they spend all their Move), when no attacker stands at the top."""
    found = raised_ladders(state)[name]
    if at_top(state, name, found.side):
        return []  # « sinon elle devra d'abord l'attaquer »
    return [
        m
        for m in at_top(state, name, 1 - found.side)
        if not m.prone and not m.moved and not state.engaged(m)
    ]


@every(Tick.PHASE_END, "siege ladders pushed", 45)
def _push_ladders(state: BattleState) -> None:
    """At the Move phase's end the defenders still unmoved at a ladder's top may push it."""
    if state.phase is not Phase.MOVE or state.players is None:
        return
    for name in sorted(raised_ladders(state)):
        pushers = pushers_at(state, name)
        if not pushers:
            continue
        modifier = push_modifier(pushers, on_ladder(state, name))
        choice = PushLadder(pushers[0], name, modifier)
        if state.players[pushers[0].player].decide(state, choice):
            push_ladder(state, name, pushers)


@on(On.DUEL_ROLLED, "siege ladder fall", 60)
def _lost_on_ladder(state: BattleState, happening: Happening) -> None:
    """SIEGE-LADDER-03 (002:L3361): a loser on a ladder falls on 1-3, and then each model
    below it on the ladder falls on 1-3 too (before the winners strike: reading 37)."""
    if happening.winner is None or not raised_ladders(state):
        return
    for name in sorted(raised_ladders(state)):
        climbers = on_ladder(state, name)
        losers = [m for m in climbers if m in happening.models and m.player != happening.winner]
        for loser in losers:
            if not loser.alive or loser.prone:
                continue
            (die,) = state.roll(1, f"{loser.uid} loses on {name}")
            if die > FALL_ON:
                continue
            height = raised_ladders(state)[name].height
            fall(state, loser, height, f"lost a fight on {name}")
            below = climbers[climbers.index(loser) + 1 :]
            for model in below:
                if model.alive and not model.prone:
                    (die,) = state.roll(1, f"{model.uid} below on {name}")
                    if die <= FALL_ON:
                        fall(state, model, height, f"knocked off {name}")


def unguarded(state: BattleState, name: str) -> bool:
    """« si personne ne les protège »: no model of the raisers' side on it or at its top."""
    found = raised_ladders(state)[name]
    return not on_ladder(state, name) and not at_top(state, name, found.side)


def ladder_attackers(state: BattleState, name: str) -> list[ModelState]:
    """Enemies at the top of an unguarded raised ladder, standing, unengaged, that fought
    no one (reading: attacked at the Fight phase's end, as a gate is)."""
    found = raised_ladders(state)[name]
    if not unguarded(state, name):
        return []
    return [
        m
        for m in at_top(state, name, 1 - found.side)
        if not m.prone and not m.fought and not state.engaged(m) and m.profile.attacks > 0
    ]


def attack_ladder(state: BattleState, model: ModelState, name: str) -> None:
    """SIEGE-LADDER-01 (002:L3353): the ladder loses the Duel automatically: one To Wound
    roll per Attack against Defence 8; at 2 Wounds lost it is broken and gone."""
    model.fought = True
    strength = characteristics.strength_value(state, model)
    ladders = LADDERS.of(state)
    state.log.emit("ladder_attacked", model=model.uid, name=name)
    for _ in range(characteristics.attacks(state, model)):
        purpose = f"to wound {name} {model.uid} (S{strength} D{LADDER_DEFENCE})"
        if roll_to_wound(state, strength, LADDER_DEFENCE, 0, purpose, roller=model):
            ladders.damage[name] = ladders.damage.get(name, 0) + 1
        if ladders.damage.get(name, 0) >= LADDER_WOUNDS:
            del ladders.raised[name]
            state.log.emit("ladder_broken", name=name, model=model.uid)
            return


@every(Tick.PHASE_END, "siege ladders attacked", 41)
def _attack_ladders(state: BattleState) -> None:
    if state.phase is not Phase.FIGHT or state.players is None:
        return
    for name in sorted(raised_ladders(state)):
        for model in ladder_attackers(state, name):
            if name not in raised_ladders(state):
                break
            if state.players[model.player].decide(state, AttackLadder(model, name)):
                attack_ladder(state, model, name)


# Decisions this module asks a player (core/decisions.py).


@dataclass(frozen=True, slots=True)
class PushLadder(Decision[bool]):
    """SIEGE-LADDER-04: do the defenders at the ladder's top spend their Move pushing it?
    Default: yes when the die needs no more than a 5 (4+ less the modifier)."""

    model: ModelState
    ladder: str
    modifier: int

    def default(self, state: BattleState) -> bool:
        return PUSH_TARGET - self.modifier <= 5


@dataclass(frozen=True, slots=True)
class AttackLadder(Decision[bool]):
    """SIEGE-LADDER-01: does the model attack the unguarded ladder at its feet? Default: yes."""

    model: ModelState
    ladder: str

    def default(self, state: BattleState) -> bool:
        return True

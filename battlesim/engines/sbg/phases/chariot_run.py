"""A chariot's move (rules/chariots.py): "Chariot Charge" of each chariot's BattleScribe text
(Khandish 5f8c-40ec-984d-614e, Iron Hills 8340-4dcc-3a79-17d6).

"At the start of its Move phase, the controlling player may pivot the Chariot up to 45º ...
The Chariot may then move up to 10" in a straight line. After each full 3" the Chariot has
moved, it may pivot a further 45º (Iron Hills: up to 4", a further 45º after a full 4", up to
4" more) ... ignoring enemy models' Control Zones. Any models the Chariot comes into contact
with whilst moving (not pivoting) will suffer two Strength 4 hits (Iron Hills: three Strength
6 hits). If the model is slain, the Chariot may continue with its movement ... Might may not
be used ... If the model the Chariot charged survives, the Chariot will still gain the
benefits of its Monstrous Charge ... The Chariot may instead choose to forgo its movement to
face any direction."

The player names a ``ChariotPlan``: straight legs, each after a pivot, or a new facing. The
engine checks it (``check_plan``) and runs it leg by leg, meeting the models on the way in
order (as a War Beast's trample, ``phases/trample.py``): a survivor stops the chariot in base
contact, and an enemy so met has been charged. READINGS: "Chariots".
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING

from battlesim.engines.sbg.core.actions import IllegalActionError
from battlesim.engines.sbg.core.decisions import Decision
from battlesim.engines.sbg.core.geometry import segment_point_distance
from battlesim.engines.sbg.core.paths import Point, point_distance, terrain_cost, terrain_fits
from battlesim.engines.sbg.core.state import BattleState, ModelState
from battlesim.engines.sbg.phases.trample import contact_point, contacts
from battlesim.engines.sbg.rules import cavalry
from battlesim.engines.sbg.rules.allowance import allowance
from battlesim.engines.sbg.rules.chariots import (
    CHARIOTS,
    PIVOT,
    ChariotSpec,
    chariot_of,
    face,
    heading,
    pivot_allowed,
)
from battlesim.engines.sbg.rules.crossing import crossings
from battlesim.engines.sbg.rules.heroic_actions import BARRED_ACTIONS, HEROIC_COMBAT
from battlesim.engines.sbg.rules.monsters.core import hits
from battlesim.engines.sbg.rules.siege_crew import is_structure
from battlesim.engines.sbg.rules.water import in_deep_water

if TYPE_CHECKING:
    from battlesim.engines.sbg.core.decisions import Player

_SLACK = 1e-3
# The Chariot in Combat (a68c-6cf6-cbc4-de16): no Heroic Combat from an Iron Hills Chariot
BARRED_ACTIONS.setdefault(HEROIC_COMBAT, set()).update(
    name for name, spec in CHARIOTS.items() if not spec.heroic_combat
)


@dataclass(frozen=True, slots=True)
class Leg:
    """A pivot of ``turn`` degrees (counter-clockwise), then ``length`` inches straight on."""

    turn: float
    length: float


@dataclass(frozen=True, slots=True)
class ChariotPlan:
    """The chariot's move: its legs, or (``face`` in radians) no move, a new facing."""

    legs: tuple[Leg, ...] = ()
    face: float | None = None


# --- checks ---------------------------------------------------------------------------------


def _ahead(point: Point, angle: float, length: float) -> Point:
    return (point[0] + math.cos(angle) * length, point[1] + math.sin(angle) * length)


def check_plan(state: BattleState, chariot: ModelState, plan: ChariotPlan) -> None:
    """Refuse an illegal plan (``IllegalActionError``): the pivots' limits, the Move, the
    table's edge and terrain it may not stand on, no Jump, Leap, Climb or Swim test, and
    (Iron Hills) no difficult terrain. The models met are not known yet: the path is
    checked as if the chariot ran it all."""
    spec = chariot_of(chariot)
    if spec is None:
        raise IllegalActionError(f"{chariot.uid} rides no chariot")
    if plan.face is not None:
        return
    moved, cost, angle, point = 0.0, 0.0, heading(state, chariot), chariot.position
    for count, leg in enumerate(plan.legs):
        if leg.length < 0 or not pivot_allowed(spec, leg.turn, moved, count):
            raise IllegalActionError(f'{chariot.uid}: pivot {leg.turn} after {moved:.1f}"')
        angle += math.radians(leg.turn)
        end = _ahead(point, angle, leg.length)
        cost += _check_leg(state, chariot, spec, point, end)
        moved, point = moved + leg.length, end
    if cost > allowance(state, chariot) + _SLACK:
        raise IllegalActionError(f'{chariot.uid} runs {cost:.2f}" of Move, beyond its Move')


def _check_leg(
    state: BattleState, chariot: ModelState, spec: ChariotSpec, start: Point, end: Point
) -> float:
    """Refuse an illegal leg; return the Move it costs (a Cavalry model's, CAV-MOVE-03:
    shallow water is open ground to it, ADV-WATER-02)."""
    if not terrain_fits(state.table, end, chariot.radius, state.width, state.depth):
        raise IllegalActionError(f"{chariot.uid} cannot stand at {end}")
    if _deep_water_at(state, chariot, end):
        raise IllegalActionError(f"{chariot.uid} takes no Swim test (deep water)")
    saved = chariot.x, chariot.y
    chariot.x, chariot.y = start  # crossings() reads the model's position
    try:
        tests = crossings(state, chariot, end)
    finally:
        chariot.x, chariot.y = saved
    if tests:
        raise IllegalActionError(f"{chariot.uid} cannot jump, leap, climb or swim")
    cost = terrain_cost(state.table, start, end, chariot.radius, cavalry=True)
    if not spec.difficult and cost > point_distance(start, end) + _SLACK:
        raise IllegalActionError(f"{chariot.uid} may not enter difficult terrain")
    return cost


def _deep_water_at(state: BattleState, chariot: ModelState, point: Point) -> bool:
    saved = chariot.x, chariot.y
    chariot.x, chariot.y = point  # water.in_deep_water reads the model's position
    try:
        return in_deep_water(state, chariot)
    finally:
        chariot.x, chariot.y = saved


# --- the run --------------------------------------------------------------------------------


def run(state: BattleState, chariot: ModelState, plan: ChariotPlan) -> None:
    """Carry out a checked plan: each leg until a model met survives."""
    check_plan(state, chariot, plan)
    spec = chariot_of(chariot)
    assert spec is not None
    chariot.done_moving = True
    if plan.face is not None:
        face(chariot, plan.face)
        state.log.emit("chariot_faces", model=chariot.uid, angle=round(plan.face, 4))
        return
    start, angle = chariot.position, heading(state, chariot)
    state.log.emit("chariot_run", model=chariot.uid, legs=[[g.turn, g.length] for g in plan.legs])
    chariot.moved = bool(plan.legs)
    stopper = None
    for leg in plan.legs:
        angle += math.radians(leg.turn)
        face(chariot, angle)
        end = _ahead(chariot.position, angle, leg.length)
        stopper = _drive(state, chariot, spec, end)
        if stopper is not None or not chariot.alive:
            break
    chariot.spent += terrain_cost(state.table, start, chariot.position, chariot.radius, True)
    if stopper is not None and stopper.alive and stopper.player != chariot.player:
        chariot.charged = True  # "the model the Chariot charged": Monstrous Charge
        cavalry.note_charge(state, chariot, start, chariot.position)
        state.log.emit("chariot_charge", model=chariot.uid, target=stopper.uid)


def _drive(
    state: BattleState, chariot: ModelState, spec: ChariotSpec, end: Point
) -> ModelState | None:
    """One straight leg; the model that stopped it (None: it reached ``end``)."""
    while chariot.alive:
        met = [c for c in contacts(state, chariot, end) if c.model.alive]
        if not met:
            _advance(state, chariot, end)
            return None
        other = met[0].model
        _advance(state, chariot, contact_point(state, chariot, end, other))
        if is_structure(other):
            return other  # an engine or a gate: it stops before it, no hits
        _impact(state, chariot, spec, other)
        if other.alive:
            return other
    return None


def _advance(state: BattleState, chariot: ModelState, point: Point) -> None:
    if point_distance(point, chariot.position) > 1e-9:
        state.move_to(chariot, point, "chariot charge")


def _impact(state: BattleState, chariot: ModelState, spec: ChariotSpec, victim: ModelState) -> None:
    """The text's hits on a model met (Cavalry: on the rider and on the mount), no Might."""
    cause = f"run down by the chariot {chariot.uid}"
    state.log.emit(
        "chariot_hits", model=victim.uid, hits=spec.hits, strength=spec.strength, cause=cause
    )
    for _ in range(spec.hits):
        hits(state, victim, spec.strength, cause)


def move_chariot(state: BattleState, players: tuple[Player, Player], chariot: ModelState) -> None:
    """The chariot's move in its Move phase (or a Heroic Move or March): its player's plan."""
    plan = players[chariot.player].decide(state, ChooseChariotRun(chariot))
    try:
        run(state, chariot, plan)
    except IllegalActionError as error:
        state.log.emit("refused", model=chariot.uid, reason=str(error))
        chariot.done_moving = True


# Decisions this module asks a player (core/decisions.py).


def _turn_toward(current: float, want: float) -> float:
    """Degrees to pivot from ``current`` toward ``want``, at most 45 either way."""
    gap = math.degrees((want - current + math.pi) % (2 * math.pi) - math.pi)
    return max(-PIVOT, min(PIVOT, gap))


@dataclass(frozen=True, slots=True)
class ChooseChariotRun(Decision[ChariotPlan]):
    """Chariot Charge: the chariot's legs, or a new facing. Default: at the nearest enemy,
    pivoting toward it whenever allowed, stopping short of friends and of where it may not
    go; facing it instead when it stands behind."""

    chariot: ModelState

    def default(self, state: BattleState) -> ChariotPlan:
        chariot = self.chariot
        spec = chariot_of(chariot)
        enemies = [e for e in state.enemies(chariot) if not is_structure(e)]
        if spec is None or not enemies:
            return ChariotPlan()
        target = min(enemies, key=lambda e: (state.distance(chariot, e), e.uid))
        if state.distance(chariot, target) <= 0.05:
            return ChariotPlan()
        angle = heading(state, chariot)
        want = math.atan2(target.y - chariot.y, target.x - chariot.x)
        if (
            abs(_turn_toward(angle, want)) >= PIVOT
            and abs(math.degrees((want - angle + math.pi) % (2 * math.pi) - math.pi)) > 2 * PIVOT
        ):
            return ChariotPlan(face=want)
        return ChariotPlan(_legs(state, chariot, spec, target))


def _legs(
    state: BattleState, chariot: ModelState, spec: ChariotSpec, target: ModelState
) -> tuple[Leg, ...]:
    legs: list[Leg] = []
    budget = allowance(state, chariot)
    point, angle, moved, spent = chariot.position, heading(state, chariot), 0.0, 0.0
    while budget - spent > 0.05:
        want = math.atan2(target.y - point[1], target.x - point[0])
        turn = _turn_toward(angle, want)
        if not pivot_allowed(spec, turn, moved, len(legs)):
            break
        length = min(spec.leg, budget - spent)
        if spec.pivots is not None and len(legs) >= spec.pivots:
            length = budget - spent  # no pivot left: run the rest straight on
        heading_ = angle + math.radians(turn)
        leg, cost = _safe(state, chariot, spec, point, heading_, length, budget - spent)
        if leg <= 0.05:
            break
        legs.append(Leg(turn, leg))
        angle = heading_
        point, moved, spent = _ahead(point, angle, leg), moved + leg, spent + cost
        if leg < length - 1e-6 or _reached(state, chariot, target, point):
            break
    return tuple(legs)


def _reached(state: BattleState, chariot: ModelState, target: ModelState, point: Point) -> bool:
    gap = point_distance(point, target.position) - chariot.radius - target.radius
    return gap <= 0.05


def _safe(
    state: BattleState,
    chariot: ModelState,
    spec: ChariotSpec,
    start: Point,
    angle: float,
    length: float,
    room: float,
) -> tuple[float, float]:
    """The longest part of the leg that neither meets a friend, nor ends where it may not,
    nor costs more than ``room`` of its Move; with its cost."""
    for share in (1.0, 0.75, 0.5, 0.25):
        end = _ahead(start, angle, length * share)
        if _friend_in_way(state, chariot, start, end):
            continue
        try:
            cost = _check_leg(state, chariot, spec, start, end)
        except IllegalActionError:
            continue
        if cost <= room + _SLACK:
            return length * share, cost
    return 0.0, 0.0


def _friend_in_way(state: BattleState, chariot: ModelState, start: Point, end: Point) -> bool:
    for other in state.living(chariot.player):
        if other is chariot or is_structure(other):
            continue
        reach = chariot.radius + other.radius + 0.05
        if segment_point_distance(start, end, other.position) <= reach:
            return True
    return False

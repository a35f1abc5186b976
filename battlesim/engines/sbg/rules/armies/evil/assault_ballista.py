"""The Isengard Assault Ballista's Raise the Ladder (BSData 7a0c-7450-7a42-be18), from the
BattleScribe rule text: in the Shoot phase, instead of firing, the engine shoots a grapple at
a point on the enemy battlements; a hit raises a siege ladder lying or carried within 6" of
the wall's base below that point against the wall, and one of its carriers may ride it up.

Readings (READINGS.md): "the battlements" are a fortified wall's top (a wall without holds,
siege_ladders.is_fortified_wall); the point nominated is the wall's centre line nearest the
ladder, seen by a crewman and the machine when an inch above the wall's top is in sight;
"its carriers" are the ladder's carrier and unengaged friends touching it (ADV-HEAVY-01's
second carriers) or, for a ladder on the ground, friends touching it. The rider stands on
the rampart behind the top if no defender is there, else on the ladder, linked to the
nearest defender at its top as a charger over the wall; that turn the raisers on that
ladder strike the defenders with no in-the-way roll for the wall (May.STRIKE_PAST_BARRIERS).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from battlesim.engines.sbg.core import geometry
from battlesim.engines.sbg.core.decisions import Decision
from battlesim.engines.sbg.core.hooks import HookContext
from battlesim.engines.sbg.core.objectives import Point
from battlesim.engines.sbg.core.paths import circle_base, terrain_fits
from battlesim.engines.sbg.core.permissions import May, grant_by_effect
from battlesim.engines.sbg.core.registry import REGISTRY, Kind
from battlesim.engines.sbg.core.state import BattleState, ModelState
from battlesim.engines.sbg.core.status import Lasting, Status
from battlesim.engines.sbg.core.units import ModelId
from battlesim.engines.sbg.rules import objects, siege_ladders
from battlesim.engines.sbg.rules.siege_engines import (
    INSTEAD_OF_FIRING,
    Crewing,
    engine_hits,
    reach,
    spend_shot,
)
from battlesim.engines.sbg.rules.sight import terrain_lets_see

RAISE_THE_LADDER = "raise the ladder"
LADDER_REACH = 6.0  # "within 6" of the wall base below the target point"
SIGHT_ABOVE_WALL = 1.0  # inches above the wall's top that a viewer must see (reading)
_CONTACT = objects.CONTACT


@dataclass(frozen=True, slots=True)
class Grapple:
    """A ladder the grapple could raise: its name, the wall and the point aimed at."""

    ladder: str
    wall: Any
    point: Point


def _carriers(state: BattleState, name: str, side: int) -> list[ModelState]:
    """The ladder's carriers: its carrier and the unengaged friends touching it; on the
    ground, the friends touching it."""
    holder = objects.carrier(state, name)
    spot = objects.where(state, name)
    if spot is None:
        return []
    if holder is not None:
        touching = [holder]
        touching += [
            m
            for m in state.living(side)
            if m is not holder and not state.engaged(m) and state.distance(m, holder) <= _CONTACT
        ]
        return touching
    return [
        m
        for m in state.living(side)
        if m.uid not in state.structures
        and math.dist(m.position, spot) - m.radius - objects.OBJECT_RADIUS <= _CONTACT
    ]


def _ladders(state: BattleState, side: int) -> list[tuple[str, Point]]:
    """The siege ladders lying on the ground or carried by a model of ``side``."""
    placed = objects.OBJECTS.peek(state)
    if placed is None:
        return []
    found = []
    raised = siege_ladders.raised_ladders(state)
    for name in sorted(placed.placed):
        if not name.startswith(siege_ladders.LADDER) or name in raised:
            continue
        holder = objects.carrier(state, name)
        if holder is None or holder.player == side:
            spot = objects.where(state, name)
            if spot is not None:
                found.append((name, spot))
    return found


def _sees_point(state: BattleState, viewer: ModelState, wall: Any, point: Point) -> bool:
    body = geometry.Body("battlements", point, circle_base(0.1), wall.height + SIGHT_ABOVE_WALL)
    return terrain_lets_see(state, viewer, body)


def grapples(state: BattleState, engine: ModelState, crew: Crewing) -> list[Grapple]:
    """Each ladder of the engine's side within 6" of a fortified wall's base, with the point
    of the wall above it, in the engine's range and seen by a crewman and the machine."""
    if state.table is None:
        return []
    walls = [p for p in state.table.pieces if siege_ladders.is_fortified_wall(p)]
    low, high = reach(engine)
    found = []
    for name, spot in _ladders(state, engine.player):
        for wall in walls:
            point = siege_ladders.nearest_on(wall, spot)
            if math.dist(point, spot) - wall.thickness / 2 > LADDER_REACH + 1e-9:
                continue
            distance = math.dist(engine.position, point) - engine.radius
            if not low <= distance <= high:
                continue
            seen = _sees_point(state, engine, wall, point)
            if seen and any(_sees_point(state, m, wall, point) for m in crew.operators):
                found.append(Grapple(name, wall, point))
                break
    return found


@dataclass(frozen=True, slots=True)
class RaiseTheLadder(Decision[int | None]):
    """Raise the Ladder: which grapple the Assault Ballista shoots instead of firing (an
    index in ``grapples``; None: it fires as usual). Heuristic: the first ladder a friend
    carries or touches, the one nearest its wall first."""

    engine: ModelState
    grapples: tuple[Grapple, ...]

    def default(self, state: BattleState) -> int | None:
        manned = [
            (math.dist(objects.where(state, g.ladder) or g.point, g.point), k)
            for k, g in enumerate(self.grapples)
            if _carriers(state, g.ladder, self.engine.player)
        ]
        return min(manned)[1] if manned else None


@dataclass(frozen=True, slots=True)
class ChooseLadderRider(Decision[ModelId | None]):
    """Raise the Ladder: the carrier who rides the raised ladder to its top (None: nobody).
    Heuristic: the carrier with the best Fight value, then the most Wounds."""

    carriers: tuple[ModelState, ...]

    def default(self, state: BattleState) -> ModelId | None:
        if not self.carriers:
            return None
        best = max(self.carriers, key=lambda m: (m.profile.fight, m.wounds, m.uid))
        return best.uid


_RAISED_BY_GRAPPLE: Status[dict[str, int]] = Status(
    "ladders raised by grapple", dict, Lasting.BATTLE
)


def _ask(state: BattleState, side: int, decision: Any) -> Any:
    players = state.players
    return decision.default(state) if players is None else players[side].decide(state, decision)


def raise_the_ladder(state: BattleState, engine: ModelState, crew: Crewing) -> bool:
    """The Shoot phase step: offered to an engine with the rule before it fires."""
    if RAISE_THE_LADDER not in engine.triggers:
        return False
    options = tuple(grapples(state, engine, crew))
    if not options:
        return False
    choice = _ask(state, engine.player, RaiseTheLadder(engine, options))
    if not isinstance(choice, int) or not 0 <= choice < len(options):
        return False
    grapple = options[choice]
    spend_shot(engine, crew)
    state.log.emit("army_rule", model=engine.uid, rule=RAISE_THE_LADDER, ladder=grapple.ladder)
    aim = f"battlements ({grapple.point[0]:.2f}, {grapple.point[1]:.2f})"
    if engine_hits(state, engine, crew, aim):
        _raise(state, engine, grapple)
    return True


def _raise(state: BattleState, engine: ModelState, grapple: Grapple) -> None:
    carriers = _carriers(state, grapple.ladder, engine.player)
    toward = objects.where(state, grapple.ladder) or grapple.point
    found = siege_ladders.raise_ladder(
        state, grapple.ladder, grapple.wall, toward, engine.player, engine.uid
    )
    _RAISED_BY_GRAPPLE.of(state)[grapple.ladder] = state.turn
    rider_id = _ask(state, engine.player, ChooseLadderRider(tuple(carriers)))
    rider = next((m for m in carriers if m.uid == rider_id), None)
    if rider is not None:
        _ride(state, grapple.ladder, found, rider)


def _ride(state: BattleState, name: str, found: siege_ladders.Raised, rider: ModelState) -> None:
    """The rider is placed as if it had climbed to the top this turn."""
    defenders = siege_ladders.at_top(state, name, 1 - rider.player)
    if not defenders:
        spot = siege_ladders.over_the_top(found, rider)
        if _free(state, rider, spot):
            state.set_position(rider, spot)
            state.log.emit("ladder_ridden", model=rider.uid, ladder=name, spot="top")
            return
    spot = _on_ladder(found, rider)
    if not _free(state, rider, spot):
        return
    state.set_position(rider, spot)
    state.log.emit("ladder_ridden", model=rider.uid, ladder=name, spot="ladder")
    if defenders:
        defender = min(defenders, key=lambda m: (state.distance(m, rider), m.uid))
        rider.charged = True
        state.link_across(rider, defender)


def _on_ladder(found: siege_ladders.Raised, model: ModelState) -> Point:
    dx, dy = found.foot[0] - found.top[0], found.foot[1] - found.top[1]
    d = math.hypot(dx, dy) or 1.0
    gap = model.radius + 0.05
    return (found.foot[0] + dx / d * gap, found.foot[1] + dy / d * gap)


def _free(state: BattleState, model: ModelState, spot: Point) -> bool:
    if not terrain_fits(state.table, spot, model.radius, state.width, state.depth):
        return False
    return all(
        math.dist(spot, other.position) >= other.radius + model.radius - 1e-6
        for other in state.living()
        if other is not model
    )


@grant_by_effect(May.STRIKE_PAST_BARRIERS)
def _no_obstacle_defence(context: HookContext) -> bool | None:
    """That turn, the defender gains nothing from the wall against the raisers on it."""
    state, striker = context.state, context.model
    raised = _RAISED_BY_GRAPPLE.peek(state)
    if not raised:
        return None
    for name, turn in raised.items():
        found = siege_ladders.raised_ladders(state).get(name)
        if turn != state.turn or found is None or found.side != striker.player:
            continue
        if striker in siege_ladders.on_ladder(state, name):
            return True
    return None


INSTEAD_OF_FIRING.append(raise_the_ladder)
REGISTRY.register(RAISE_THE_LADDER, kind=Kind.RULE, source="BSData 7a0c-7450-7a42-be18")

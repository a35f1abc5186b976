"""Elevated positions (part 1 §6.10, 002:L1170-1192): a model on a sheer platform, rampart or
clifftop more than half its enemy's height above it is fought like a barrier defender.

The charger is placed at the foot of the sheer side, within 1" of the defender, engaged
without base contact (FIGHT-ELEV-02), like a charge across a barrier; its Move must cover the
path and the climb, counted as difficult terrain (data.ASSUMPTIONS "elevated-fights"). The
fight then follows the barrier steps (phases/barrier_fight.py, FIGHT-ELEV-03).
"""

from __future__ import annotations

import math
from typing import Any

from battlesim.engines.sbg.core.data import CLIMB_COST, CONTROL_ZONE
from battlesim.engines.sbg.core.paths import Point, circle_base, point_distance, rotated
from battlesim.engines.sbg.core.state import BattleState, ModelState
from battlesim.engines.sbg.rules.falling import terrain_height

_SPOT_RINGS = (0.0, 0.2, 0.4, 0.6, 0.8)  # inches beyond contact tried for a foot spot
_SPOT_ANGLES = 24
_TOUCH = 0.05  # inches: a base this close to the sheer side stands at its foot


def sheer_under(state: BattleState, point: Point) -> Any | None:
    """The sheer-sided elevated piece (or rampart top, data.ASSUMPTIONS rampart-top) under
    ``point``, if any (hills are walked up freely)."""
    table = state.table
    if table is None or not table.index.elevated:
        return None
    return next((p for p in table.terrain_at(point) if p.is_sheer or p.is_rampart), None)


def foot_of(state: BattleState, charger: ModelState, spot: Point, target: ModelState) -> Any:
    """FIGHT-ELEV-01/02 (002:L1172-1176): the piece ``target`` stands on, if a charger at
    ``spot`` stands at its foot, touching its side within 1" of the target, and the target
    is higher than half the charger's height; None otherwise (same level: ELEV-04)."""
    piece = sheer_under(state, target.position)
    if piece is None or piece is sheer_under(state, spot):
        return None
    gap = point_distance(spot, target.position) - charger.radius - target.radius
    if gap >= CONTROL_ZONE:
        return None
    table = state.table
    if not table.elevated_over(target.position, spot, terrain_height(charger)):
        return None
    side = point_distance(spot, table.index.nearest_on(table.pieces.index(piece), spot))
    return piece if charger.radius - _TOUCH <= side <= charger.radius + _TOUCH else None


def climb_cost(state: BattleState, charger: ModelState, spot: Point, target: ModelState) -> float:
    """FIGHT-ELEV-02: the Move a charge to the foot of ``target``'s position must also have:
    the climb (twice its height, MOVE-CLIMB-02) when the side is too high to leap."""
    if foot_of(state, charger, spot, target) is None:
        return 0.0
    rise = state.table.ground_level(target.position) - state.table.ground_level(spot)
    return CLIMB_COST * rise if rise > terrain_height(charger) else 0.0


def needs_climb(state: BattleState, attacker: ModelState, piece: Any) -> bool:
    """FIGHT-ELEV-03: a position high enough to need a Climb test (above the model)."""
    rise = piece.height - state.table.ground_level(attacker.position)
    return rise > terrain_height(attacker)


def foot_spots(state: BattleState, charger: ModelState, target: ModelState) -> list[Point]:
    """Candidate spots at the foot of ``target``'s position, nearest the charger first (for
    players and ``charge_spot``; the engine checks the charge)."""
    if sheer_under(state, target.position) is None:
        return []
    table, base = state.table, circle_base(charger.radius)
    found = []
    for ring in _SPOT_RINGS:
        reach = target.radius + charger.radius + ring
        for k in range(_SPOT_ANGLES):
            spot = rotated(target.position, 2 * math.pi * k / _SPOT_ANGLES, reach)
            if table.fits(spot, base) and foot_of(state, charger, spot, target) is not None:
                found.append(spot)
    return sorted(found, key=lambda s: (point_distance(s, charger.position), s))


def door_under(state: BattleState, point: Point) -> Any | None:
    """FIGHT-DOOR-01 (002:L1166): the doorway threshold under ``point``, if any."""
    table = state.table
    if table is None or not table.pieces:
        return None
    return next((p for p in table.terrain_at(point) if p.door), None)

"""Defensive positions behind barriers (part 1 §6.9, 002:L1092-1160): which obstacle a
charger fights across, and whether it protects the defender. Geometry comes from the table
(``Table.barrier_for``, ``Table.touching``); this module only asks it about models."""

from __future__ import annotations

from typing import Any

from battlesim.engines.sbg.core.bases import height_for
from battlesim.engines.sbg.core.data import CONTROL_ZONE
from battlesim.engines.sbg.core.paths import Point, circle_base, point_distance
from battlesim.engines.sbg.core.state import BattleState, ModelState
from battlesim.engines.sbg.core.table import TerrainKind
from battlesim.engines.sbg.rules import siege_ladders
from battlesim.engines.sbg.rules.elevation import door_under, foot_of, sheer_under
from battlesim.engines.sbg.rules.falling import terrain_height


def barrier_across(
    state: BattleState, charger: ModelState, spot: Point, target: ModelState
) -> Any | None:
    """FIGHT-BAR-02/05 (002:L1096, L1108): the obstacle ``target`` touches, lying between it
    and ``spot``, that a charger at ``spot`` touches on the other side within 1" of the
    target; None if there is none (then a charge must reach base contact)."""
    table = state.table
    gap = point_distance(spot, target.position) - charger.radius - target.radius
    if table is None or gap >= CONTROL_ZONE:
        return None
    crossed = table.crosses_obstacle(target.position, spot)
    near_charger = table.touching(spot, circle_base(charger.radius))
    for piece in table.touching(target.position, circle_base(target.radius)):
        if piece.kind is TerrainKind.OBSTACLE and piece in crossed and piece in near_charger:
            return piece
    return foot_of(state, charger, spot, target)  # FIGHT-ELEV-02: at the foot of its position


def protecting_barrier(
    state: BattleState, defender: ModelState, attacker: ModelState
) -> Any | None:
    """FIGHT-BAR-01/04 (002:L1094, L1102): the barrier protects only if at least half the
    attacker's height, low enough to see over, and the attacker is under twice its height."""
    if state.table is None or "war beast" in defender.profile.keywords:
        return None  # WB-MOV-01 (002:L1878): a War Beast cannot defend a barrier
    barrier = state.table.barrier_for(
        defender.position,
        circle_base(defender.radius),
        height_for(defender.profile.keywords),
        attacker.position,
        height_for(attacker.profile.keywords),
    )
    if barrier is not None:
        return barrier
    wall = siege_ladders.held_wall(state, defender, attacker)
    if wall is not None:
        return wall  # SIEGE-LADDER-02: fought from a siege ladder, across the wall
    return elevated_position(state, defender, attacker) or doorway(state, defender, attacker)


def doorway(state: BattleState, defender: ModelState, attacker: ModelState) -> Any:
    """FIGHT-DOOR-01 (002:L1166): a model on a doorway's threshold defends it like a barrier
    against an enemy outside the doorway (data.ASSUMPTIONS "doors")."""
    door = door_under(state, defender.position)
    if door is None or door is door_under(state, attacker.position):
        return None
    return door


def elevated_position(state: BattleState, defender: ModelState, attacker: ModelState) -> Any:
    """FIGHT-ELEV-01/04 (002:L1172-1180): the sheer piece the defender holds, if it stands
    higher than half the attacker's height; same level: None (a normal fight)."""
    piece = sheer_under(state, defender.position)
    if piece is None or piece is sheer_under(state, attacker.position):
        return None
    above = state.table.elevated_over(
        defender.position, attacker.position, terrain_height(attacker)
    )
    return piece if above else None

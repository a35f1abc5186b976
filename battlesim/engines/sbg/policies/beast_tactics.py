"""How players steer a War Beast's trample (WB-MOV-07..09): candidate paths and their worth.

The heuristic drives the beast through crowds of enemies it is likely to kill (each hit is
Strength 9), ends against a survivor when that enemy is not held by a spear wall (Irresistible
Force, WB-CC-02), never tramples its own side, and, when the opponent steers a panicking
beast (WB-DMG-03), aims it at its owner's models or off the table.
"""

from __future__ import annotations

import math

from battlesim.engines.sbg.core.actions import IllegalActionError
from battlesim.engines.sbg.core.arms import can_support
from battlesim.engines.sbg.core.paths import Point, angle_to, point_distance, rotated
from battlesim.engines.sbg.core.state import BattleState, ModelState
from battlesim.engines.sbg.core.units import PlayerId
from battlesim.engines.sbg.phases.trample import (
    beast_allowance,
    check_trample,
    contact_point,
    contacts,
)
from battlesim.engines.sbg.rules.combat import wound_need
from battlesim.engines.sbg.rules.howdah import riding
from battlesim.engines.sbg.rules.war_beasts import is_war_beast

HEADINGS = 16  # directions tried round the beast
AIMED = 6  # nearest targets aimed at directly
SPEAR_WALL_RANGE = 2.5  # inches round the end spot where enemy spears make a wall
OFF_TABLE_WORTH = 4.0  # a panicking enemy beast leaving the table with its crew


def kill_chance(beast: ModelState, victim: ModelState) -> float:
    """Rough chance that the trample hits slay ``victim`` (for choosing, not resolving)."""
    need = wound_need(beast.profile.trample_strength, victim.defence)
    if need is None:
        return 0.0
    p = (7 - need.first) / 6 * ((7 - need.second) / 6 if need.second else 1.0)
    hits = beast.profile.trample_hits
    if victim.wounds <= 1:
        return 1 - (1 - p) ** hits
    return min(1.0, hits * p / victim.wounds) / 2


def candidate_ends(state: BattleState, beast: ModelState, controller: PlayerId) -> list[Point]:
    """Full-length paths in every direction, straight at the nearest targets, half paths."""
    budget = beast_allowance(state, beast)
    if budget <= 0.0:
        return []
    ends = [rotated(beast.position, 2 * math.pi * k / HEADINGS, budget) for k in range(HEADINGS)]
    targets = sorted(
        (state.distance(beast, m), m.uid, m)
        for m in state.living()
        if m.player != controller and riding(m) is None and m is not beast
    )
    for _, _, target in targets[:AIMED]:
        angle = angle_to(beast.position, target.position)
        ends += [rotated(beast.position, angle, budget), rotated(beast.position, angle, budget / 2)]
    return ends


def legal_ends(state: BattleState, beast: ModelState, controller: PlayerId) -> list[Point]:
    """The candidate paths the engine would accept (for the random player)."""
    panic = controller != beast.player
    return [e for e in candidate_ends(state, beast, controller) if _legal(state, beast, e, panic)]


def _legal(state: BattleState, beast: ModelState, end: Point, panic: bool) -> bool:
    try:
        check_trample(state, beast, end, panic)
    except IllegalActionError:
        return False
    return True


def path_worth(
    state: BattleState, beast: ModelState, end: Point, controller: PlayerId, panic: bool
) -> float | None:
    """The worth of a trample to ``end`` for ``controller``; None if it is illegal."""
    try:
        check_trample(state, beast, end, panic)
    except IllegalActionError:
        return None
    worth = 0.0
    stop = end
    doomed: set[str] = set()
    for contact in contacts(state, beast, end):
        other = contact.model
        if other.player == controller or is_war_beast(other):
            stop = contact_point(state, beast, end, other)
            break
        chance = kill_chance(beast, other)
        worth += chance
        doomed.add(other.uid)
        if chance < 0.5:
            stop = contact_point(state, beast, end, other)
            worth -= _spear_wall(state, beast, stop) if not panic else 0.0
            break
    off_table = not (0.0 <= end[0] <= state.width and 0.0 <= end[1] <= state.depth)
    if panic and off_table:
        worth += OFF_TABLE_WORTH
    return worth + _closing(state, beast, stop, controller, doomed)


def _spear_wall(state: BattleState, beast: ModelState, spot: Point) -> float:
    """Enemy spears near the end spot: each supports a fight the beast would then be in."""
    spears = sum(
        1
        for m in state.enemies(beast)
        if can_support(m.profile)
        and point_distance(spot, m.position) - m.radius - beast.radius <= SPEAR_WALL_RANGE
    )
    return 0.25 * spears


def _closing(
    state: BattleState, beast: ModelState, spot: Point, controller: PlayerId, doomed: set[str]
) -> float:
    """A small pull towards the nearest enemy that the trample leaves standing."""
    foes = [
        m
        for m in state.living()
        if m.player != beast.player and riding(m) is None and m.uid not in doomed
    ]
    if not foes or controller != beast.player:
        return 0.0
    before = min(point_distance(beast.position, m.position) for m in foes)
    after = min(point_distance(spot, m.position) for m in foes)
    return 0.02 * (before - after)


def heuristic_trample(state: BattleState, beast: ModelState, controller: PlayerId) -> Point | None:
    """The best candidate path, or None (stay) when no path is worth anything."""
    panic = controller != beast.player
    best: tuple[float, int, Point] | None = None
    for index, end in enumerate(candidate_ends(state, beast, controller)):
        worth = path_worth(state, beast, end, controller, panic)
        if worth is not None and (best is None or (worth, -index) > best[:2]):
            best = (worth, -index, end)
    if best is None or best[0] <= 0.0:
        return None
    return best[2]

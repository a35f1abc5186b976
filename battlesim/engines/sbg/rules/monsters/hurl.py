"""Hurl (MON-BPA-HURL-01..09, 002:L1818-1848, example L1834-1838).

Geometry (data.ASSUMPTIONS 'hurl-path'): the hurled base slides along the line from the
Monster's centre through its own; every base it overlaps on the way is passed through; it
stops at the first table edge or blocking terrain piece (wall, tree, rock: pieces a base
cannot stand on) or at the first model of Strength 6 or more, touching it.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from battlesim.engines.sbg.core.data import CONTACT_TOLERANCE
from battlesim.engines.sbg.core.paths import (
    Point,
    angle_to,
    approaches,
    entry_fraction,
    fan,
    point_distance,
    rotated,
    segment_point_distance,
    terrain_fits,
)
from battlesim.engines.sbg.core.state import BattleState, ModelState
from battlesim.engines.sbg.rules.characteristics import strength_base
from battlesim.engines.sbg.rules.combat import d3
from battlesim.engines.sbg.rules.kinds import braced, immovable, unshifted
from battlesim.engines.sbg.rules.monsters.core import (
    BpaFight,
    BrutalPowerAttack,
    hit,
    hits,
    knock_prone,
    register_bpa,
)

STOPPING_STRENGTH = 6  # HURL-04: a model of Strength 6+ stops the hurled model
PASS_STRENGTH = 3  # HURL-05/06: each model passed through, and the hurled model per model
IMPACT_STRENGTH = 6  # HURL-06/07: the landing or the collision
PRONE_MAX_STRENGTH = 5  # HURL-05: fighters of a passed model's fight with S 5 or less
_STEP = 0.1  # inches: the flight is followed in steps this long against terrain
_NUDGE_STEP = 0.05  # inches: models under the landing spot are nudged this much at a time
_NUDGE_MAX = 3.0


@dataclass(frozen=True, slots=True)
class HurlPath:
    end: Point
    passed: tuple[ModelState, ...]  # in the order the hurled model meets them
    stopper: ModelState | None  # HURL-07: the Strength 6+ model hit
    wall: bool  # HURL-07: stopped by blocking terrain (not the table edge)


def hurl_targets(fight: BpaFight) -> list[ModelState | None]:
    """HURL-01/09: an enemy engaged in the fight, in base contact with the Monster, with a
    lower Strength, and not a War Beast (Immovable Object)."""
    state, monster = fight.state, fight.monster
    return [
        m
        for m in fight.living_losers()
        if state.in_contact(monster, m)
        and strength_base(state, m) < strength_base(state, monster)
        and not immovable(m)
        and not braced(m)  # army rules: the Iron Shield
        and not unshifted(m)  # army rules: the Royal Palanquin
    ]


# Army rules setting the Monster's Strength for the Hurl distance only (Metal Gauntlets: 10)
HURL_STRENGTH: dict[str, int] = {}


def hurl_distance(state: BattleState, die: int, monster: ModelState, target: ModelState) -> int:
    """HURL-02: D3 plus the difference of Strength (Beorn S8, Orc S4, D6 3: 2 + 4 = 6")."""
    strength = strength_base(state, monster)
    for rule, value in HURL_STRENGTH.items():
        if rule in monster.triggers:
            strength = max(strength, value)
    return d3(die) + strength - strength_base(state, target)


def hurl_path(
    state: BattleState, monster: ModelState, victim: ModelState, distance: float
) -> HurlPath:
    """HURL-03/04: the straight flight directly away from the Monster, and what stops it."""
    start = victim.position
    angle = angle_to(monster.position, start)
    reach, wall = _terrain_reach(state, victim, angle, distance)
    stopper, stop = _first_strong(state, monster, victim, rotated(start, angle, reach), reach)
    end = rotated(start, angle, stop)
    passed = [
        m
        for m in state.living()
        if m is not victim
        and m is not monster
        and m is not stopper
        and _swept(start, end, victim, m)
    ]
    passed.sort(key=lambda m: (point_distance(start, m.position), m.uid))
    return HurlPath(end, tuple(passed), stopper, wall and stopper is None)


def _swept(start: Point, end: Point, victim: ModelState, other: ModelState) -> bool:
    reach = victim.radius + other.radius - CONTACT_TOLERANCE
    return segment_point_distance(start, end, other.position) < reach


def _terrain_reach(
    state: BattleState, victim: ModelState, angle: float, distance: float
) -> tuple[float, bool]:
    """How far the base flies before the table edge or blocking terrain; True if terrain."""
    steps = max(1, math.ceil(distance / _STEP))
    reached = 0.0
    for k in range(1, steps + 1):
        travelled = min(distance, k * _STEP)
        spot = rotated(victim.position, angle, travelled)
        if not terrain_fits(state.table, spot, victim.radius, state.width, state.depth):
            on_table = terrain_fits(None, spot, victim.radius, state.width, state.depth)
            return reached, on_table
        reached = travelled
    return reached, False


def _first_strong(
    state: BattleState, monster: ModelState, victim: ModelState, far: Point, reach: float
) -> tuple[ModelState | None, float]:
    """HURL-04/07: the first Strength 6+ model in the way, and where the flight touches it."""
    start = victim.position
    best: tuple[float, str, ModelState] | None = None
    for other in state.living():
        weak = strength_base(state, other) < STOPPING_STRENGTH
        if other is victim or other is monster or weak:
            continue
        radius = victim.radius + other.radius - CONTACT_TOLERANCE
        t = entry_fraction(start, far, other.position, radius)
        if t is None or (t == 0.0 and not approaches(start, far, other.position)):
            continue
        if best is None or (t, other.uid) < best[:2]:
            best = (t, other.uid, other)
    if best is None:
        return None, reach
    stop = max(0.0, best[0] * reach - 2 * CONTACT_TOLERANCE)  # touching, not overlapping
    return best[2], stop


def fights_of(
    state: BattleState, passed: tuple[ModelState, ...], exclude: set[str]
) -> list[ModelState]:
    """HURL-05: every model engaged in a fight with a passed-through model (the models linked
    to it by base contact), other than the passed models and ``exclude`` (the Monster and its
    victim, whose fight the Hurl ends)."""
    found: dict[str, ModelState] = {}
    seen = set(exclude) | {m.uid for m in passed}
    frontier = [m for m in passed if state.engaged(m)]
    while frontier:
        model = frontier.pop()
        for other in state.contacts(model):
            if other.uid not in seen:
                seen.add(other.uid)
                found[other.uid] = other
                frontier.append(other)
    return [found[uid] for uid in sorted(found)]


def resolve_hurl(fight: BpaFight, victim: ModelState | None) -> None:
    """HURL-02..08: roll the distance, fly, land prone, then deal the hits."""
    assert victim is not None
    state, monster = fight.state, fight.monster
    (die,) = state.roll(1, f"hurl D3 {monster.uid}->{victim.uid}")
    distance = hurl_distance(state, die, monster, victim)
    path = hurl_path(state, monster, victim, distance)
    fighters = fights_of(state, path.passed, {monster.uid, victim.uid})
    state.move_to(victim, _landing(state, victim, path.end), "hurled")
    state.log.emit(
        "hurl",
        model=monster.uid,
        victim=victim.uid,
        distance=distance,
        passed=[m.uid for m in path.passed],
        stopper=path.stopper.uid if path.stopper else None,
        wall=path.wall,
    )
    _hits(state, victim, path, fighters)


def _hits(
    state: BattleState, victim: ModelState, path: HurlPath, fighters: list[ModelState]
) -> None:
    """HURL-05/06/07; at most one S3 hit per model (part 2 §2.4 AMBIGUOUS); the hurled model
    suffers one S6 hit in all, the landing or the collision (same register)."""
    for model in path.passed:
        hits(state, model, PASS_STRENGTH, "hurled through")
        knock_prone(state, model, "hurled through")
    for model in fighters:
        hit(state, model, PASS_STRENGTH, "hurled into the fight")
        if strength_base(state, model) <= PRONE_MAX_STRENGTH:
            knock_prone(state, model, "hurled into the fight")
    if path.stopper is not None:
        hit(state, path.stopper, IMPACT_STRENGTH, "hit by a hurled model")
    for _ in path.passed:
        hit(state, victim, PASS_STRENGTH, "hurled")
    hit(state, victim, IMPACT_STRENGTH, "hurled")
    knock_prone(state, victim, "hurled")


def landing(state: BattleState, victim: ModelState, end: Point) -> Point:
    """Where a flung model lands at ``end`` (others nudged aside): for other rules that fling
    a model (a siege engine's Piercing Shot)."""
    return _landing(state, victim, end)


def _landing(state: BattleState, victim: ModelState, end: Point) -> Point:
    """HURL-07 (002:L1846): models under the landing spot are nudged aside to place the
    hurled model; each goes to the nearest spot (0.05" steps) where its base overlaps no
    other base, the landing spot included, and fits the table (data.ASSUMPTIONS
    'hurl-nudge'). One that cannot move makes the hurled model land short of it instead."""
    for other in list(state.living()):
        if other is victim or not _overlap(end, victim.radius, other):
            continue
        spot = _nearest_free(state, other, end, victim.radius)
        if spot is None:
            return _short_of(state, victim, end)
        state.move_to(other, spot, "nudged")
    return end


def _overlap(point: Point, radius: float, other: ModelState) -> bool:
    return point_distance(point, other.position) < radius + other.radius - CONTACT_TOLERANCE


def _free(state: BattleState, model: ModelState, spot: Point) -> bool:
    if not terrain_fits(state.table, spot, model.radius, state.width, state.depth):
        return False
    return not any(_overlap(spot, model.radius, m) for m in state.living() if m is not model)


def _nearest_free(state: BattleState, model: ModelState, end: Point, radius: float) -> Point | None:
    away = angle_to(end, model.position)
    for k in range(1, round(_NUDGE_MAX / _NUDGE_STEP) + 1):
        for angle in fan(away, 12, math.radians(15)):
            spot = rotated(model.position, angle, k * _NUDGE_STEP)
            clear_of_landing = point_distance(spot, end) >= model.radius + radius
            if clear_of_landing and _free(state, model, spot):
                return spot
    return None


def _short_of(state: BattleState, victim: ModelState, end: Point) -> Point:
    """Back along the flight from ``end`` to the first spot free for the hurled model."""
    back = angle_to(end, victim.position)
    for k in range(1, round(point_distance(end, victim.position) / _NUDGE_STEP) + 1):
        spot = rotated(end, back, k * _NUDGE_STEP)
        if _free(state, victim, spot):
            return spot
    return victim.position


HURL = register_bpa(BrutalPowerAttack("hurl", hurl_targets, resolve_hurl, ends_fight=True))

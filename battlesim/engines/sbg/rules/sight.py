"""Line of sight and in-the-way queries for the rules, through the geometry module.

Adapter over ``geometry.line_of_sight`` and ``geometry.in_the_way``: builds their ``Body``
values from the battle state, passing only models near the line of sight (speed: a far model
cannot hide anything).
"""

from __future__ import annotations

import math

from battlesim.engines.sbg.core import geometry, marks
from battlesim.engines.sbg.core.bases import height_for
from battlesim.engines.sbg.core.paths import (
    circle_base,
    sight_may_be_blocked,
    table_key,
)
from battlesim.engines.sbg.core.state import BattleState, ModelState
from battlesim.engines.sbg.core.status import Lasting, Status
from battlesim.engines.sbg.rules import one_ring
from battlesim.engines.sbg.rules.howdah import perch, riding
from battlesim.engines.sbg.rules.one_ring import wears_ring


def body(model: ModelState, prone: bool | None = None) -> geometry.Body:
    """The model as line of sight sees it (LOS-04: half height when prone); ``prone`` asks
    about the model as if it stood or lay (a player weighing whether to lie down)."""
    lying = model.prone if prone is None else prone
    height = height_for(model.profile.keywords, prone=lying) + perch(model)
    return geometry.Body(model.uid, model.position, circle_base(model.radius), height)


def blockers(state: BattleState, a: ModelState, b: ModelState) -> list[geometry.Body]:
    """Living models (other than ``a`` and ``b``) whose base touches the line a-b."""
    ax, ay, bx, by = a.x, a.y, b.x, b.y
    x0, x1 = min(ax, bx) - 1.0, max(ax, bx) + 1.0
    y0, y1 = min(ay, by) - 1.0, max(ay, by) + 1.0
    # segment_point_distance inlined, the same operations (speed: this runs for every model
    # near every sight line)
    dx, dy = bx - ax, by - ay
    length2 = dx * dx + dy * dy
    found = []
    # the grid's cells near the line (no scan of every model, nor of the line's whole box):
    # a base touching the line has its centre within the largest radius of it
    near = state.along((ax, ay), (bx, by), 1.0, state.largest_radius + 1e-6)
    for other in near:
        ox, oy = other.x, other.y
        if not (x0 <= ox <= x1 and y0 <= oy <= y1):
            continue
        t = 0.0 if length2 == 0 else ((ox - ax) * dx + (oy - ay) * dy) / length2
        t = min(1.0, max(0.0, t))
        gap = math.hypot(ax + t * dx - ox, ay + t * dy - oy)
        if gap < other.radius and _may_hide(other, a, b) and not _shrouded(state, other, a):
            found.append(body(other))
    return found


def _may_hide(other: ModelState, a: ModelState, b: ModelState) -> bool:
    if other is a or other is b:
        return False
    if riding(other) is not None or other.uid in (riding(a), riding(b)):
        return False  # WB-SHT-01/02: riders sit on their beast; the howdah is tested apart
    return not (wears_ring(other) and one_ring.invisible_to(other, a))  # RING-INV-01 (002:L2206)


def _shrouded(state: BattleState, other: ModelState, viewer: ModelState) -> bool:
    """MAGIC-P-SHROUD (002:L2659): an Invisible model never counts as In The Way (nor hides
    what is behind it), but to Sauron and the Nazgûl."""
    return marks.shrouded(state, other) and not one_ring.sees_invisible(viewer)


# Sight between two spots with the same bodies in between never changes (terrain is fixed),
# and the rules ask it again for every charge spot and every shot considered: remember it,
# per battle (a worker's memory stays flat: the answers go with the battle's state).
_SIGHT_CACHE: Status[dict[tuple[object, ...], bool]] = Status("sight lines", dict, Lasting.BATTLE)
_SIGHT_CACHE_LIMIT = 50_000


def _cached_sight(
    state: BattleState, viewer: ModelState, target: geometry.Body, between: list[geometry.Body]
) -> bool:
    height = height_for(viewer.profile.keywords, prone=viewer.prone) + perch(viewer)
    key = (
        table_key(state.table),
        viewer.position,
        height,
        target.pos,
        target.height,
        target.base.width,
        tuple((b.pos, b.height, b.base.width) for b in between),
    )
    cache = _SIGHT_CACHE.of(state)
    seen = cache.get(key)
    if seen is None:
        if len(cache) > _SIGHT_CACHE_LIMIT:
            cache.clear()
        seen = cache[key] = geometry.sees(
            viewer.position, height, target.pos, target.base, target.height, state.table, between
        )
    return seen


# Terrain alone, for two spots and heights, never changes: remembered apart from the models in
# between, so that a line the terrain blocks is answered without looking for them (speed: in
# a village most lines a player weighs are blocked by a building).
_TERRAIN_CACHE: Status[dict[tuple[object, ...], bool]] = Status(
    "terrain sight lines", dict, Lasting.BATTLE
)


def _terrain_sight(state: BattleState, viewer: ModelState, target: geometry.Body) -> bool:
    """``geometry.sees`` with no model in between: what the terrain alone lets through."""
    height = height_for(viewer.profile.keywords, prone=viewer.prone) + perch(viewer)
    key = (
        table_key(state.table),
        viewer.position,
        height,
        target.pos,
        target.height,
        target.base.width,
    )
    cache = _TERRAIN_CACHE.of(state)
    seen = cache.get(key)
    if seen is None:
        if len(cache) > _SIGHT_CACHE_LIMIT:
            cache.clear()
        seen = cache[key] = geometry.sees(
            viewer.position, height, target.pos, target.base, target.height, state.table
        )
    return seen


def terrain_lets_see(state: BattleState, viewer: ModelState, target: geometry.Body) -> bool:
    """Whether the terrain alone lets ``viewer`` see part of ``target`` (a point or shape an
    army rule nominates rather than a model: the Assault Ballista's battlements)."""
    return _terrain_sight(state, viewer, target)


# Rules whose carrier sees every point of the battlefield (army rules add theirs)
ALL_SEEING: set[str] = set()


def terrain_may_show(
    state: BattleState, viewer: ModelState, target: ModelState, target_prone: bool | None = None
) -> bool:
    """False only when ``can_see`` answers False on the terrain alone, its first test (the
    same cached answer): models in between are not looked at."""
    if viewer.triggers & ALL_SEEING:
        return True
    return _terrain_shows(state, viewer, target, body(target, target_prone))


def _terrain_shows(
    state: BattleState, viewer: ModelState, target: ModelState, seen: geometry.Body
) -> bool:
    """The terrain alone lets the viewer see ``seen``, the target's body (LOS's first test)."""
    if not sight_may_be_blocked(state.table, viewer.position, target.position):
        return True
    return _terrain_sight(state, viewer, seen)


def can_see(
    state: BattleState,
    viewer: ModelState,
    target: ModelState,
    ignore: frozenset[str] = frozenset(),
    target_prone: bool | None = None,
) -> bool:
    """LOS-01..06: the viewer sees part of the target's body (2.5D prism model, A10).

    Models named in ``ignore`` do not block (a friend ducking, SHOOT-FRIEND-01).
    """
    if viewer.triggers & ALL_SEEING:
        return True  # army rules: "always assumed to have Line of Sight" (Master of Birds)
    seen = body(target, target_prone)
    # Models in between only ever hide more (more screens on the same sample lines): where
    # the terrain alone hides the target, nothing else need be looked at (speed).
    if not _terrain_shows(state, viewer, target, seen):
        return False
    between = [b for b in blockers(state, viewer, target) if b.key not in ignore]
    if not between:
        return True  # nothing near the line, or the terrain alone lets it through
    return _cached_sight(state, viewer, seen, between)


def obstructions(
    state: BattleState, shooter: ModelState, target: ModelState, ignore: frozenset[str]
) -> list[geometry.InTheWay]:
    """SHOOT-ITW-01/03: what partly hides the target, nearest the shooter first.

    ``ignore`` names models that are never in the way (the target's combat, SHOOT-CMB-02).
    Friends not engaged may duck (SHOOT-FRIEND-01).
    """
    ignore = ignore | small_fry(state, target)  # SHOOT-ITW-06
    between = [b for b in blockers(state, shooter, target) if b.key not in ignore]
    if not between and not sight_may_be_blocked(state.table, shooter.position, target.position):
        return []
    ducking = frozenset(
        b.key
        for b in between
        if state.models[b.key].player == shooter.player and not state.engaged(state.models[b.key])
    )
    target_body, shooter_body = body(target), body(shooter)
    return geometry.in_the_way(
        shooter.position,
        target.position,
        state.table,
        between,
        shooter_base=shooter_body.base,
        shooter_height=shooter_body.height,
        target_base=target_body.base,
        target_height=target_body.height,
        ducking=ducking,
    )


_BIG_KEYWORDS = frozenset({"monster", "siege engine", "war beast"})


def small_fry(state: BattleState, target: ModelState) -> frozenset[str]:
    """SHOOT-ITW-06 (002:L823): a shot at a War Beast, or at a Monster with Fly, ignores
    every model (friend or foe) that is neither a Monster, a Siege Engine nor a War Beast."""
    keywords = target.profile.keywords
    big = "war beast" in keywords or ("monster" in keywords and "fly" in target.triggers)
    if not big:
        return frozenset()
    return frozenset(m.uid for m in state.living() if not m.profile.keywords & _BIG_KEYWORDS)


def ducking_friends(state: BattleState, shooter: ModelState) -> frozenset[str]:
    """SHOOT-FRIEND-01 (A17): friends touching the shooter, not engaged, base no bigger."""
    # the grid's models round the shooter, not a scan of its army (speed: asked for every
    # shot weighed): a friend touching it has its centre within both radii and 0.01"
    x, y = shooter.x, shooter.y
    half = 2 * shooter.radius + 0.02
    return frozenset(
        f.uid
        for f in state.in_box(x - half, y - half, x + half, y + half)
        if f.player == shooter.player
        and f is not shooter
        and f.radius <= shooter.radius + 1e-9
        and not state.engaged(f)
        and state.distance(f, shooter) <= 0.01
    )

"""Stealth and the Elven cloak (SR-STEALTH 002:L2763-2765, EQP-CLOAK-01 002:L2184).

A Stealth model partially concealed by terrain is not visible at all to enemies more than
6" away: they cannot charge or shoot it (data.ASSUMPTIONS "stealth"). Cavalry never benefit.
"""

from __future__ import annotations

from collections.abc import Callable

from battlesim.engines.sbg.core import geometry
from battlesim.engines.sbg.core.bases import height_for
from battlesim.engines.sbg.core.data import STEALTH_RANGE
from battlesim.engines.sbg.core.hooks import HookContext
from battlesim.engines.sbg.core.paths import circle_base, sight_may_be_blocked, table_key
from battlesim.engines.sbg.core.permissions import May, permitted
from battlesim.engines.sbg.core.state import BattleState, ModelState
from battlesim.engines.sbg.core.status import Lasting, Status
from battlesim.engines.sbg.rules.equipment import stealthy

# Tests by which a model gains no benefit from Stealth now (the Crebain's Keen Sight)
NO_STEALTH: list[Callable[[BattleState, ModelState], bool]] = []


def hidden_by_stealth(state: BattleState, viewer: ModelState, target: ModelState) -> bool:
    """True if ``target`` cannot be seen by ``viewer`` because of Stealth."""
    if "cavalry" in target.triggers:
        return False
    if not stealthy(target) and not permitted(May.BE_STEALTHY, HookContext(state, target)):
        return False
    if permitted(May.SEE_STEALTHY, HookContext(state, viewer, target)):
        return False  # SR-SEEUNSEEN (002:L2887)
    if state.distance(viewer, target) <= STEALTH_RANGE:
        return False  # "unless the enemy is within 6"" (002:L2763)
    if any(test(state, target) for test in NO_STEALTH):
        return False
    if not sight_may_be_blocked(state.table, viewer.position, target.position):
        return False  # no terrain near the line: sight completely clear (cheap test first)
    return partly_behind_terrain(state, viewer, target)


# Terrain never moves: the answer for two spots and heights is remembered (charges ask it for
# every contact spot they try), per battle (it goes with the battle's state).
_CACHE: Status[dict[tuple[object, ...], bool]] = Status("stealth sight", dict, Lasting.BATTLE)
_CACHE_LIMIT = 20_000


def partly_behind_terrain(state: BattleState, viewer: ModelState, target: ModelState) -> bool:
    """Terrain (models ignored) hides some of the target's body from the viewer."""
    eye = height_for(viewer.profile.keywords, prone=viewer.prone)
    top = height_for(target.profile.keywords, prone=target.prone)
    key = (table_key(state.table), viewer.position, eye, target.position, top, target.radius)
    cache = _CACHE.of(state)
    hidden = cache.get(key)
    if hidden is None:
        if len(cache) > _CACHE_LIMIT:
            cache.clear()
        sight = geometry.line_of_sight(
            viewer.position, eye, target.position, circle_base(target.radius), top, state.table
        )
        hidden = cache[key] = sight.seen < sight.samples
    return hidden

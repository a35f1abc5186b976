"""Wrapping the flanks: a side with the numbers sends its spare fighters round the ends of
the enemy's line instead of queuing behind its own front rank.

Two lines of equal width meet one-on-one; the models of a larger army that stand behind
their own front rank never reach a fight until a gap opens (the logs of issue 29: the full
force had no more fights it outnumbered than the force cut by 1/6). Each turn, while the
side has more models than the enemy, as many of its screened fighters as it has spare
models (the outermost first) get a post just beyond the nearer end of the enemy's line;
it walks there at 45 degrees (out of its friends' lane at once), and from there the
enemy's end models are charged from the side.
"""

from __future__ import annotations

import math

from battlesim.engines.sbg.core.paths import Point
from battlesim.engines.sbg.core.state import BattleState, ModelState
from battlesim.engines.sbg.core.units import ModelId, PlayerId
from battlesim.engines.sbg.policies.plan.roles import Role

FLANKERS = frozenset({Role.LINE, Role.CAVALRY})  # who wraps (spears support, bows shoot)
BEYOND = 2.0  # inches past the end of the enemy's line a flanker aims for
AHEAD = 4.0  # inches: a friend this far ahead, in the model's lane, screens it
EDGE = 1.0  # inches kept from the table's edge
ARRIVED = 1.0  # inches: a model this near its post's lateral line wraps on its own


def flank_posts(
    state: BattleState, side: PlayerId, roles: dict[ModelId, Role]
) -> dict[ModelId, Point]:
    """The posts of this turn's flankers (none when the side lacks the numbers)."""
    ours, theirs = state.living(side), state.living(1 - side)
    spare = len(ours) - len(theirs)
    if spare <= 0 or not theirs:
        return {}
    ux, uy = _axis(ours, theirs)
    vx, vy = -uy, ux  # across the table, from the side's point of view
    cx, cy = _centre(theirs)
    lateral = [(e.x - cx) * vx + (e.y - cy) * vy for e in theirs]
    front = min((e.x - cx) * ux + (e.y - cy) * uy for e in theirs)
    ox, oy = _centre(ours)
    free = [m for m in ours if roles.get(m.uid) in FLANKERS and not state.engaged(m)]
    screened = [m for m in free if _screened(m, ours, (ux, uy))]
    screened.sort(key=lambda m: (-abs((m.x - ox) * vx + (m.y - oy) * vy), m.uid))
    posts: dict[ModelId, Point] = {}
    for model in screened[:spare]:
        offset = (model.x - ox) * vx + (model.y - oy) * vy
        end = max(lateral) + BEYOND if offset >= 0 else min(lateral) - BEYOND
        here = (model.x - cx) * vx + (model.y - cy) * vy
        if (offset >= 0 and here >= end - ARRIVED) or (offset < 0 and here <= end + ARRIVED):
            continue  # already round the end: it closes in on its own
        # at 45 degrees: out of its friends' lane at once, forward as much as sideways
        along = min(front, (model.x - cx) * ux + (model.y - cy) * uy + abs(end - here))
        x = cx + ux * along + vx * end
        y = cy + uy * along + vy * end
        posts[model.uid] = (_clamp(x, state.width), _clamp(y, state.depth))
    return posts


def _axis(ours: list[ModelState], theirs: list[ModelState]) -> tuple[float, float]:
    """The unit vector from our centre to the enemy's (straight up the table if equal)."""
    (ax, ay), (bx, by) = _centre(ours), _centre(theirs)
    length = math.hypot(bx - ax, by - ay)
    return ((bx - ax) / length, (by - ay) / length) if length > 1e-6 else (0.0, 1.0)


def _centre(models: list[ModelState]) -> Point:
    return (sum(m.x for m in models) / len(models), sum(m.y for m in models) / len(models))


def _screened(model: ModelState, ours: list[ModelState], axis: tuple[float, float]) -> bool:
    """A friend stands ahead of the model, towards the enemy, in its lane."""
    ux, uy = axis
    for friend in ours:
        if friend is model:
            continue
        dx, dy = friend.x - model.x, friend.y - model.y
        ahead = dx * ux + dy * uy
        if 0.3 < ahead <= AHEAD and abs(-dx * uy + dy * ux) < model.radius + friend.radius:
            return True
    return False


def _clamp(value: float, size: float) -> float:
    return min(size - EDGE, max(EDGE, value))

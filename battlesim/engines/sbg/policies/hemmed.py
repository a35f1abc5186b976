"""Hemmed in: whether the straight moves a player tries from a model towards a goal (ahead and
at a few angles off it) are each blocked by a base within a few tenths of an inch (a model
behind its friends' rank). Then none of them can gain ground, and players skip trying
them (speed, issue 21: in a crowd a blocked model tried a dozen moves that all failed).

Circle arithmetic on the bases round the model: each base blocks the headings at which the
straight segment of ``STEP`` inches comes nearer its centre than ``_passed_through``'s
clearance (both radii less the contact tolerance), so a move that long or longer in such
a heading passes through it (MOVE-GEN-07) and ``check_action`` refuses it. Sure answers
only: edges, terrain and zones are not counted (they only block more); prone models (they
may be leapt over), Ring-bearers, fliers, perches and gates leave the answer to the full
search.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

from battlesim.engines.sbg.core.data import CONTACT_TOLERANCE
from battlesim.engines.sbg.core.paths import Point, near_terrain, segment_box
from battlesim.engines.sbg.core.state import BattleState, ModelState
from battlesim.engines.sbg.rules.allowance import allowance
from battlesim.engines.sbg.rules.elevation import sheer_under
from battlesim.engines.sbg.rules.movement import CHARGE_THROUGH
from battlesim.engines.sbg.rules.one_ring import wears_ring
from battlesim.engines.sbg.rules.terrain_rules import flies

STEP = 0.45  # inches: players count a move shorter than 0.5" as no gain (STUCK)
HAIR = 1e-6  # radians each blocked arc is narrowed by: sure answers only
Arc = tuple[float, float]  # (start, end) radians, 0 < end - start < 2 pi
_WALLS = frozenset({"obstacle"})


def hemmed_in(state: BattleState, model: ModelState, goal: Point, turns: Sequence[float]) -> bool:
    """Every heading ``turns`` radians off the one towards ``goal`` is blocked within
    ``STEP`` inches by a base."""
    if model.x == goal[0] and model.y == goal[1]:
        return False
    arcs = blocked_arcs(state, model)
    if not arcs:
        return False
    heading = math.atan2(goal[1] - model.y, goal[0] - model.x)
    return all(blocked(arcs, heading + turn) for turn in turns)


def blocked(arcs: list[Arc], heading: float) -> bool:
    """``heading`` lies in one of the ``blocked_arcs``: a straight move of ``STEP`` inches or
    more that way passes through a base."""
    return any((heading - start) % math.tau < end - start for start, end in arcs)


def on_table(state: BattleState, model: ModelState, aim: Point) -> bool:
    """``furthest_toward`` keeps ``aim`` as it is (no clamp to the table, which would turn
    the move's heading)."""
    r = model.radius + 1e-6
    return r <= aim[0] <= state.width - r and r <= aim[1] <= state.depth - r


def blocked_arcs(
    state: BattleState,
    model: ModelState,
    passable: Callable[[ModelState], bool] | None = None,
    step: float = STEP,
) -> list[Arc]:
    """The headings blocked within ``step`` inches by each base near the model, as arcs
    (none: no sure answer); ``passable``: bases the move may pass through (left out)."""
    if flies(state, model) or wears_ring(model) or state.perchers or state.structures:
        return []
    bases = _bases_near(state, model, step + model.radius + state.largest_radius + 0.01, passable)
    if bases is None:
        return []  # overlapping already: left to the full search
    arcs: list[Arc] = []
    for _, dx, dy, d, c in bases:
        _add_arc(arcs, dx, dy, d, c, step)
    return arcs


def _add_arc(arcs: list[Arc], dx: float, dy: float, d: float, c: float, step: float) -> None:
    """The headings in which a straight move of ``step`` inches from the model comes within
    ``c`` of a base's centre at (dx, dy) off it, ``d`` away (``d`` > ``c``), if any."""
    if d * d - c * c <= step * step:  # the tangent from the centre is within the step
        half = math.asin(c / d)
    else:  # only the step's end can come that near
        cos = (d * d + step * step - c * c) / (2 * d * step)
        if cos >= 1.0:
            return
        half = math.acos(cos)
    half -= HAIR
    if half > 0:
        centre = math.atan2(dy, dx)
        arcs.append((centre - half, centre + half))


def covered(arcs: list[Arc], low: float, high: float) -> bool:
    """The arcs cover every heading from ``low`` to ``high`` (``high - low`` < 2 pi)."""
    spans = []
    for start, end in arcs:
        shift = math.floor((low - start) / math.tau) * math.tau  # start moved to <= low
        spans += [(start + shift, end + shift), (start + shift + math.tau, end + shift + math.tau)]
    spans.sort()
    reached = low
    for start, end in spans:
        if start > reached:
            return False
        reached = max(reached, end)
        if reached >= high:
            return True
    return False


def charges_blocked(state: BattleState, model: ModelState) -> bool:
    """``charge_options`` would find no charge, as the geometry shows without searching
    spots (speed: in a crowd most models in reach of an enemy stand behind friends): no
    enemy within the model's Move, or every one at least ``STEP`` away with each heading to
    a spot touching it blocked by a base, neither behind an obstacle (FIGHT-BAR-05) nor on
    a sheer platform (FIGHT-ELEV-02: other spots)."""
    budget = allowance(state, model)
    x, y, r = model.x, model.y, model.radius
    reach = budget + r + state.largest_radius + 0.01
    side = 1 - model.player
    enemies = [
        e
        for e in state.in_box(x - reach, y - reach, x + reach, y + reach)
        # charge_options' own test of reach, the same floats
        if e.player == side and math.hypot(x - e.x, y - e.y) - r - e.radius <= budget
    ]
    if not enemies:
        return True
    arcs = blocked_arcs(state, model, lambda other: charged_through(state, model, other))
    if not arcs:
        return False
    for enemy in enemies:
        if math.hypot(enemy.x - x, enemy.y - y) - (r + enemy.radius) < STEP:
            return False
        if other_spots(state, enemy) or not _spots_covered(arcs, x, y, r, enemy):
            return False
    return True


def _spots_covered(arcs: list[Arc], x: float, y: float, r: float, enemy: ModelState) -> bool:
    """The arcs cover every heading from (x, y) to a spot touching ``enemy`` (the spots lie
    ``r`` + the enemy's radius from its centre)."""
    centres = math.hypot(enemy.x - x, enemy.y - y)
    heading = math.atan2(enemy.y - y, enemy.x - x)
    spread = math.asin((r + enemy.radius) / centres)
    return covered(arcs, heading - spread, heading + spread)


def charged_through(state: BattleState, model: ModelState, other: ModelState) -> bool:
    """An army rule lets the charger pass through ``other`` (movement's ``CHARGE_THROUGH``)."""
    return any(rule(state, model, other) for rule in CHARGE_THROUGH)


def other_spots(state: BattleState, enemy: ModelState) -> bool:
    """``charge_spot`` may look beyond the spots touching ``enemy``: across an obstacle
    (FIGHT-BAR-05) or at the foot of a sheer platform (FIGHT-ELEV-02)."""
    table = state.table
    if table is None or not table.pieces:
        return False
    box = segment_box(enemy.position, enemy.position, enemy.radius + 0.1)
    return near_terrain(table, box, _WALLS) or sheer_under(state, enemy.position) is not None


def reachable(state: BattleState, model: ModelState, enemies: list[ModelState]) -> list[ModelState]:
    """``enemies`` less those the model surely cannot charge: a path to a spot touching an
    enemy is at least the gap to it long, so where bases block every heading to those spots
    within the gap (``blocked_arcs``' arithmetic with the gap for ``STEP``; the enemy's own
    base not counted) ``charge_spot`` finds none (speed: no spot searched for them). Sure
    answers only, as ``charges_blocked``: an enemy nearer than ``STEP``, one with other
    spots, or a base already overlapping the model keeps them."""
    if not enemies or flies(state, model) or wears_ring(model):
        return enemies
    if state.perchers or state.structures:
        return enemies
    x, y, r = model.x, model.y, model.radius
    gaps = [math.hypot(e.x - x, e.y - y) - r - e.radius for e in enemies]
    longest = max(gaps)
    if longest < STEP:
        return enemies
    bases = _bases_near(
        state,
        model,
        longest + r + state.largest_radius + 0.01,
        lambda other: charged_through(state, model, other),
    )
    if bases is None:
        return enemies
    kept = []
    for enemy, gap in zip(enemies, gaps, strict=True):
        if gap < STEP or not _cut_off(x, y, r, enemy, gap, bases) or other_spots(state, enemy):
            kept.append(enemy)
    return kept


Near = tuple[ModelState, float, float, float, float]  # base, dx, dy, distance, clearance


def _bases_near(
    state: BattleState,
    model: ModelState,
    reach: float,
    passable: Callable[[ModelState], bool] | None = None,
) -> list[Near] | None:
    """The standing bases within ``reach`` of the model but those ``passable`` (the move may
    pass through them), with their offsets, distances and clearances (None: one overlaps
    it already, no sure answer)."""
    x, y, r = model.x, model.y, model.radius
    bases: list[Near] = []
    for other in state.in_box(x - reach, y - reach, x + reach, y + reach):
        if other is model or other.prone or wears_ring(other):
            continue
        if passable is not None and passable(other):
            continue
        dx, dy = other.x - x, other.y - y
        d = math.hypot(dx, dy)
        c = r + other.radius - CONTACT_TOLERANCE  # _passed_through's clearance
        if d <= c:
            return None
        bases.append((other, dx, dy, d, c))
    return bases


def _cut_off(
    x: float, y: float, r: float, enemy: ModelState, gap: float, bases: list[Near]
) -> bool:
    """Every heading from (x, y) to a spot touching ``enemy`` is blocked within ``gap``."""
    arcs: list[Arc] = []
    for other, dx, dy, d, c in bases:
        if other is not enemy and d - c <= gap:  # farther: no heading comes that near
            _add_arc(arcs, dx, dy, d, c, gap)
    return bool(arcs) and _spots_covered(arcs, x, y, r, enemy)

"""A flow field per side: rear ranks walk round crowds to fights they can join (issue 29).

A move is one straight line, and friends and fights stand round the enemy a rear model would
reach: in the terrain tables' grinds nine in ten models near an enemy that did not charge had
no legal charge at all. The field gives, on a grid of ``CELL`` inches, the walking distance
(round impassable and sheer terrain, obstacles, fights, enemies and the friends that have
moved; difficult ground counted twice) from each cell to the nearest cell where a base would
touch an enemy with room beside it. A model with no charge and a friend ahead in its lane
(``screened``: the rear ranks) tries a few straight moves and takes the one that ends lowest
on the field: it flows round the crowd to the flanks and to
the free sides of the enemy, where the straight walk at its nearest enemy stops behind a friend.

One field serves a side's every model of the phase (issue 21: no route per model); it is made
again once ``STALE`` more friends have moved (they are obstacles once they stand).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
import shapely

from battlesim.engines.sbg.core.paths import Point, point_distance, rotated
from battlesim.engines.sbg.core.state import BattleState, ModelState
from battlesim.engines.sbg.core.table import Table, TerrainKind
from battlesim.engines.sbg.core.units import PlayerId
from battlesim.engines.sbg.policies.hemmed import blocked, blocked_arcs, on_table
from battlesim.engines.sbg.rules.movement import Surroundings, furthest_toward, surroundings
from battlesim.engines.sbg.rules.siege_crew import is_structure

CELL = 0.5  # inches a side of a cell
HORIZON = 12.0  # inches of walk the field measures (beyond: inf, the plain walk decides)
STALE = 10  # friends that moved since the field was made: made again
DIRECTIONS = 12  # straight moves tried, evenly round
SHARES = (1.0, 0.7, 0.4)  # shares of each legal straight move whose end is weighed
SHORT = 0.3  # inches: a straight move shorter than this is not weighed
TOLERANCE = 0.05  # inches: a base this much inside another's edge still counts as clear
AHEAD = 4.0  # inches: a friend this far ahead in the lane screens a model
DIFFICULT = 2.0  # MOVE-TER-02: difficult ground counts double
_REACH = int(HORIZON / CELL) + 2  # cells: beyond, more than HORIZON from any goal cell
_BLOCKING = frozenset({TerrainKind.IMPASSABLE, TerrainKind.OBSTACLE, TerrainKind.GAP})


Stamp = tuple[str, float, float, float, bool]  # a fixed base: uid, x, y, radius, enemy


@dataclass(frozen=True, slots=True)
class Field:
    """Walking distances (inches) from each cell to a free contact cell (inf: out of reach)."""

    distance: np.ndarray  # (rows: y, columns: x)
    moved: int  # friends that had moved when it was made
    # what it was made from, so that the next field of the phase only adds the bases fixed
    # since (speed, issue 21): the table, the fixed bases, blocked cells and enemy rings
    table: Table | None = None
    stamps: frozenset[Stamp] = frozenset()
    blocked: np.ndarray | None = None
    ring: np.ndarray | None = None  # contact cells round enemies, before blocked ones go

    def at(self, point: Point) -> float:
        """The field at ``point``: its cell's value, or the best neighbour's plus the step
        (a model's own cell may read as blocked by the rounding of a neighbour's base)."""
        rows, cols = self.distance.shape
        col, row = int(point[0] / CELL), int(point[1] / CELL)
        best = math.inf
        for dr in (-1, 0, 1):
            for dc in (-1, 0, 1):
                r, c = row + dr, col + dc
                if 0 <= r < rows and 0 <= c < cols:
                    cx, cy = (c + 0.5) * CELL, (r + 0.5) * CELL
                    value = float(self.distance[r, c]) + math.hypot(point[0] - cx, point[1] - cy)
                    best = min(best, value)
        return best


def moved_friends(state: BattleState, side: PlayerId) -> int:
    return sum(1 for m in state.living(side) if m.done_moving)


def make_field(
    state: BattleState, side: PlayerId, radius: float, before: Field | None = None
) -> Field:
    """The side's field for a base of ``radius``, from where every model stands now.

    ``before``: an earlier field of the phase; when every base it was made from stands where
    it stood, only the bases fixed since are stamped (the grids are unions: the same cells
    in any order; speed)."""
    cols, rows = int(math.ceil(state.width / CELL)), int(math.ceil(state.depth / CELL))
    xs = (np.arange(cols) + 0.5) * CELL
    ys = (np.arange(rows) + 0.5) * CELL
    stamps = frozenset(_stamps(state, side))
    if before is not None and not _grows(before, state.table, (rows, cols), stamps):
        before = None
    if before is None:
        blocked, cost = _terrain(state.table, xs, ys, radius)
        blocked, ring, new = blocked.copy(), np.zeros_like(blocked), stamps
    else:
        assert before.blocked is not None and before.ring is not None
        cost = _terrain(state.table, xs, ys, radius)[1]
        blocked, ring, new = before.blocked.copy(), before.ring.copy(), stamps - before.stamps
    for _uid, x, y, other_radius, enemy in new:  # unions: any order
        clear = radius + other_radius - TOLERANCE
        _disc(blocked, xs, ys, (x, y), clear, 0.0)
        if enemy:
            _disc(ring, xs, ys, (x, y), clear + CELL, clear)
    distance = _spread(ring & ~blocked, blocked, cost)
    moved = moved_friends(state, side)
    return Field(distance, moved, state.table, stamps, blocked, ring)


def _stamps(state: BattleState, side: PlayerId) -> list[Stamp]:
    """The bases fixed for the side's field: enemies, and friends that moved or fight (a
    friend still to move may yet step aside)."""
    found = []
    for other in state.living():
        if other.player != side or other.done_moving or state.engaged(other):
            enemy = other.player != side and not is_structure(other)
            found.append((other.uid, other.x, other.y, other.radius, enemy))
    return found


def _grows(
    before: Field, table: Table | None, shape: tuple[int, int], stamps: frozenset[Stamp]
) -> bool:
    """The new field only adds bases to ``before``'s (the same table and grid)."""
    if before.table is not table or before.blocked is None or before.blocked.shape != shape:
        return False
    return before.stamps <= stamps


def _disc(
    grid: np.ndarray, xs: np.ndarray, ys: np.ndarray, centre: Point, outer: float, inner: float
) -> None:
    """Set the cells whose centre lies within ``outer`` of ``centre`` (and not within
    ``inner``, when positive)."""
    x, y = centre
    c0, c1 = max(0, int((x - outer) / CELL)), min(len(xs), int((x + outer) / CELL) + 2)
    r0, r1 = max(0, int((y - outer) / CELL)), min(len(ys), int((y + outer) / CELL) + 2)
    if c0 >= c1 or r0 >= r1:
        return
    dx = xs[c0:c1] - x
    dy = ys[r0:r1, None] - y
    d2 = dx * dx + dy * dy
    hit = d2 <= outer * outer
    if inner > 0.0:
        hit &= d2 > inner * inner
    grid[r0:r1, c0:c1] |= hit


def _spread(goal: np.ndarray, blocked: np.ndarray, cost: np.ndarray) -> np.ndarray:
    """Chamfer distances out of ``goal`` through unblocked cells, up to ``HORIZON``, worked
    out in the box of cells within ``_REACH`` of a goal cell only (speed: a step costs at
    least ``CELL``, so every cell beyond reads inf at every round, in the box or not)."""
    distance = np.full(goal.shape, np.inf)
    rows, cols = np.nonzero(np.any(goal, axis=1))[0], np.nonzero(np.any(goal, axis=0))[0]
    if not len(rows):
        return distance
    box = (
        slice(max(0, int(rows[0]) - _REACH), int(rows[-1]) + _REACH + 1),
        slice(max(0, int(cols[0]) - _REACH), int(cols[-1]) + _REACH + 1),
    )
    distance[box] = _spread_all(goal[box], blocked[box], cost[box])
    return distance


def _spread_all(goal: np.ndarray, blocked: np.ndarray, cost: np.ndarray) -> np.ndarray:
    """Chamfer distances out of ``goal`` through unblocked cells, up to ``HORIZON``: each
    round relaxes every cell from its 8 neighbours at once (numpy), until nothing changes.

    A step's price is that of the cell it enters, so a cell's best straight step comes from
    its least straight neighbour and likewise its best diagonal one (rounding is monotonic:
    ``min(a, b) + p`` is ``min(a + p, b + p)`` to the last bit); the grid sits in a border
    of inf cells, the neighbours off the table (speed: 12 array operations a round, not 20,
    into arrays made once)."""
    rows, cols = goal.shape
    # no step enters a blocked cell (an inf price): it stays inf, as it starts
    straight = np.where(blocked, np.inf, CELL * cost)
    diagonal = np.where(blocked, np.inf, math.sqrt(2) * CELL * cost)
    padded = np.full((rows + 2, cols + 2), np.inf)
    distance = padded[1:-1, 1:-1]
    distance[goal] = 0.0
    up, down, left, right = padded[:-2, 1:-1], padded[2:, 1:-1], padded[1:-1, :-2], padded[1:-1, 2:]
    corners = padded[:-2, :-2], padded[:-2, 2:], padded[2:, :-2], padded[2:, 2:]
    best, across = np.empty((rows, cols)), np.empty((rows, cols))
    far = np.empty((rows, cols), dtype=bool)
    for _ in range(int(2 * HORIZON / CELL)):
        np.minimum(np.minimum(up, down, out=best), np.minimum(left, right, out=across), out=best)
        best += straight
        np.minimum(corners[0], corners[1], out=across)
        np.minimum(across, corners[2], out=across)
        np.minimum(across, corners[3], out=across)
        across += diagonal
        np.minimum(best, across, out=best)
        np.minimum(best, distance, out=best)
        np.copyto(best, np.inf, where=np.greater(best, HORIZON, out=far))
        if np.array_equal(best, distance):
            break
        distance[...] = best
    return distance.copy()


def _terrain(
    table: Table | None, xs: np.ndarray, ys: np.ndarray, radius: float
) -> tuple[np.ndarray, np.ndarray]:
    """Cells a base of ``radius`` cannot stand on, and each cell's cost per inch; kept in
    the table's own index (terrain never moves)."""
    shape = (len(ys), len(xs))
    if table is None or not table.pieces:
        return np.zeros(shape, dtype=bool), np.ones(shape)
    key = f"flow terrain {radius:.3f} {CELL}"
    found = table.index.memo.get(key)
    if found is None:
        found = table.index.memo[key] = _read_terrain(table, xs, ys, radius)
    return found


def _read_terrain(
    table: Table, xs: np.ndarray, ys: np.ndarray, radius: float
) -> tuple[np.ndarray, np.ndarray]:
    gx, gy = np.meshgrid(xs, ys)
    blocked = (gx < radius) | (gx > table.width - radius)
    blocked |= (gy < radius) | (gy > table.depth - radius)
    cost = np.ones(gx.shape)
    for i, piece in enumerate(table.pieces):
        grown = table.index.grown(i, radius)
        if piece.kind in _BLOCKING or piece.is_sheer:
            blocked |= shapely.contains_xy(grown, gx, gy)
        elif piece.kind is TerrainKind.DIFFICULT:
            cost[shapely.contains_xy(grown, gx, gy)] = DIFFICULT
    return blocked, cost


def downhill(
    state: BattleState, model: ModelState, field: Field, around: Surroundings
) -> tuple[float, Point | None]:
    """The legal end of a straight move lowest on the field, with its value (None: none
    found below where the model stands)."""
    start = model.position
    best, spot = field.at(start), None
    if math.isinf(best):
        return best, None
    arcs = blocked_arcs(state, model, step=SHORT)
    for k in range(DIRECTIONS):
        angle = 2 * math.pi * k / DIRECTIONS
        aim = rotated(start, angle, around.budget)
        if arcs and on_table(state, model, aim) and blocked(arcs, angle):
            continue  # a base stops it within SHORT: not weighed (speed, the same answer)
        end = furthest_toward(state, model, aim, around)
        length = point_distance(start, end)
        if length < SHORT:
            continue
        for share in SHARES:
            here = (start[0] + (end[0] - start[0]) * share, start[1] + (end[1] - start[1]) * share)
            value = field.at(here)
            if value < best - 1e-9:
                best, spot = value, here
    return best, spot


class FlowFields:
    """A player's fields, one per side and base size, made again when stale."""

    def __init__(self) -> None:
        self._kept: dict[tuple[PlayerId, float], tuple[int, int, Field]] = {}

    def field(self, state: BattleState, model: ModelState) -> Field:
        side, radius = model.player, round(model.radius, 1)
        key = (side, radius)
        kept = self._kept.get(key)
        moved = moved_friends(state, side)
        if (
            kept is None
            or kept[0] != id(state)
            or kept[1] != state.turn
            or moved - kept[2].moved >= STALE
        ):
            before = kept[2] if kept is not None and kept[:2] == (id(state), state.turn) else None
            made = make_field(state, side, radius, before)
            kept = self._kept[key] = (id(state), state.turn, made)
        return kept[2]

    def downhill(self, state: BattleState, model: ModelState) -> Point | None:
        """Where the model's straight move ends lowest on its side's field (None: nowhere
        lower than where it stands, or the field does not reach it)."""
        gap = state.nearest_enemy(model)[0]
        if gap > HORIZON:
            return None  # far from any fight: the plain walk (speed)
        around = surroundings(state, model)
        return downhill(state, model, self.field(state, model), around)[1]


def screened(state: BattleState, model: ModelState, target: ModelState) -> bool:
    """A friend (or a fight) stands in the model's lane within ``AHEAD`` inches towards
    ``target``: the straight walk stops behind it (the rear ranks the field is for)."""
    gap = point_distance(model.position, target.position)
    if gap < 1e-6:
        return False
    ux, uy = (target.x - model.x) / gap, (target.y - model.y) / gap
    reach = AHEAD + state.largest_radius + 0.01
    for other in state.in_box(model.x - reach, model.y - reach, model.x + reach, model.y + reach):
        if other is model or other.player != model.player:
            continue
        dx, dy = other.x - model.x, other.y - model.y
        ahead = dx * ux + dy * uy
        if 0.3 < ahead <= min(AHEAD, gap) and abs(dy * ux - dx * uy) < model.radius + other.radius:
            return True
    return False

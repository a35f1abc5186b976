"""A uniform grid of the models' centres: "who stands near here?" without a scan over every
model (speed: the rules and players ask it for every candidate move, charge spot and sight
line, so a scan made a battle's cost grow with the square of the army size).

The grid only narrows the search: a query returns every model whose centre lies in the cells
a box meets (a superset of those in the box), and the caller keeps its own exact test, so the
answers are those of the full scan. ``BattleState`` keeps the grid up to date on every
placement, move and removal, and sorts what a query finds back into living order.
"""

from __future__ import annotations

import math
from typing import Generic, Protocol, TypeVar

from battlesim.engines.sbg.core.bases import Inches

CELL: Inches = 4.0  # a few bases wide: a box of a Move or a sight line meets few cells


class Spot(Protocol):
    """What the grid reads of a model: its centre."""

    @property
    def x(self) -> float: ...
    @property
    def y(self) -> float: ...


S = TypeVar("S", bound=Spot)


class Grid(Generic[S]):
    """Items (models) by the cell of their centre, under a key (the model's id)."""

    def __init__(self, cell: Inches = CELL) -> None:
        self.cell = cell
        self.cells: dict[tuple[int, int], dict[str, S]] = {}
        # the same cells by column then row (the same member dicts): a query walks a column
        # without making a tuple key per cell (speed)
        self.columns: dict[int, dict[int, dict[str, S]]] = {}
        self.where: dict[str, tuple[int, int]] = {}

    def _cell_of(self, x: float, y: float) -> tuple[int, int]:
        return (math.floor(x / self.cell), math.floor(y / self.cell))

    def put(self, key: str, item: S) -> None:
        """Add the item, or move it to the cell of where it stands now."""
        cell = self._cell_of(item.x, item.y)
        old = self.where.get(key)
        if old == cell:
            return
        if old is not None:
            self._leave(key, old)
        self.where[key] = cell
        members = self.cells.get(cell)
        if members is None:
            members = self.cells[cell] = {}
            self.columns.setdefault(cell[0], {})[cell[1]] = members
        members[key] = item

    def drop(self, key: str) -> None:
        old = self.where.pop(key, None)
        if old is not None:
            self._leave(key, old)

    def _leave(self, key: str, cell: tuple[int, int]) -> None:
        members = self.cells[cell]
        del members[key]
        if not members:
            del self.cells[cell]
            column = self.columns[cell[0]]
            del column[cell[1]]
            if not column:
                del self.columns[cell[0]]

    def __contains__(self, key: str) -> bool:
        return key in self.where

    def in_box(self, x0: float, y0: float, x1: float, y1: float) -> list[S]:
        """Every item whose cell meets the box (a superset of the centres inside it), in no
        particular order."""
        i0, j0 = self._cell_of(x0, y0)
        i1, j1 = self._cell_of(x1, y1)
        if (i1 - i0 + 1) * (j1 - j0 + 1) > len(self.cells):
            # a box wider than the occupied cells: walk those instead (same items)
            return [
                item
                for (i, j), members in self.cells.items()
                if i0 <= i <= i1 and j0 <= j <= j1
                for item in members.values()
            ]
        found: list[S] = []
        columns = self.columns
        rows = range(j0, j1 + 1)
        for i in range(i0, i1 + 1):
            column = columns.get(i)
            if column:
                for j in rows:
                    members = column.get(j)
                    if members:
                        found.extend(members.values())
        return found

    def along(
        self, a: tuple[float, float], b: tuple[float, float], margin: float, reach: float
    ) -> list[S]:
        """``in_box`` of the segment a-b's box grown by ``margin``, keeping only the cells
        that may hold a centre within ``reach`` of the segment (the same items in the same
        order, fewer of them: a long sight line's box holds many cells far from the line)."""
        (ax, ay), (bx, by) = a, b
        i0, j0 = self._cell_of(min(ax, bx) - margin, min(ay, by) - margin)
        i1, j1 = self._cell_of(max(ax, bx) + margin, max(ay, by) + margin)
        spans = self._spans(a, b, reach, (i0, j0, i1, j1))
        found: list[S] = []
        if (i1 - i0 + 1) * (j1 - j0 + 1) > len(self.cells):  # as in_box: the same order
            for (i, j), members in self.cells.items():
                span = spans.get(i)
                if span is not None and span[0] <= j <= span[1]:
                    found.extend(members.values())
            return found
        columns = self.columns
        for i, (low, high) in spans.items():
            column = columns.get(i)
            if column:
                for j in range(low, high + 1):
                    near = column.get(j)
                    if near:
                        found.extend(near.values())
        return found

    def _spans(
        self,
        a: tuple[float, float],
        b: tuple[float, float],
        reach: float,
        box: tuple[int, int, int, int],
    ) -> dict[int, tuple[int, int]]:
        """For each column of cells in ``box``, the rows that may hold a point within
        ``reach`` of the segment a-b: such a point lies within ``reach`` of a point of the
        segment whose x is within ``reach`` of the column (columns in increasing order)."""
        (ax, ay), (bx, by) = a, b
        i0, j0, i1, j1 = box
        size, dx, dy = self.cell, bx - ax, by - ay
        reach += 1e-9  # float noise in the clipping below: keep a hair more
        spans: dict[int, tuple[int, int]] = {}
        for i in range(i0, i1 + 1):
            x0, x1 = i * size - reach, (i + 1) * size + reach
            if dx == 0.0:
                if not x0 <= ax <= x1:
                    continue
                low, high = min(ay, by), max(ay, by)
            else:
                t0, t1 = (x0 - ax) / dx, (x1 - ax) / dx
                t0, t1 = max(min(t0, t1), 0.0), min(max(t0, t1), 1.0)
                if t0 > t1:
                    continue
                low, high = sorted((ay + t0 * dy, ay + t1 * dy))
            first = max(j0, math.floor((low - reach) / size))
            last = min(j1, math.floor((high + reach) / size))
            if first <= last:
                spans[i] = (first, last)
        return spans

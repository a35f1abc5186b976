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
        self.cells.setdefault(cell, {})[key] = item

    def drop(self, key: str) -> None:
        old = self.where.pop(key, None)
        if old is not None:
            self._leave(key, old)

    def _leave(self, key: str, cell: tuple[int, int]) -> None:
        members = self.cells[cell]
        del members[key]
        if not members:
            del self.cells[cell]

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
        cells = self.cells
        for i in range(i0, i1 + 1):
            for j in range(j0, j1 + 1):
                members = cells.get((i, j))
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
        x0, x1 = min(ax, bx) - margin, max(ax, bx) + margin
        y0, y1 = min(ay, by) - margin, max(ay, by) + margin
        i0, j0 = self._cell_of(x0, y0)
        i1, j1 = self._cell_of(x1, y1)
        size = self.cell
        # a cell may hold such a centre only if its own centre lies within half its diagonal
        # more (the distance to a segment changes no faster than the point moves)
        near = reach + size * 0.7072
        dx, dy = bx - ax, by - ay
        length2 = dx * dx + dy * dy

        def close(i: int, j: int) -> bool:
            cx, cy = (i + 0.5) * size, (j + 0.5) * size
            t = 0.0 if length2 == 0 else ((cx - ax) * dx + (cy - ay) * dy) / length2
            t = min(1.0, max(0.0, t))
            return math.hypot(ax + t * dx - cx, ay + t * dy - cy) <= near

        if (i1 - i0 + 1) * (j1 - j0 + 1) > len(self.cells):
            return [
                item
                for (i, j), members in self.cells.items()
                if i0 <= i <= i1 and j0 <= j <= j1 and close(i, j)
                for item in members.values()
            ]
        found: list[S] = []
        cells = self.cells
        for i in range(i0, i1 + 1):
            for j in range(j0, j1 + 1):
                members = cells.get((i, j))
                if members and close(i, j):
                    found.extend(members.values())
        return found

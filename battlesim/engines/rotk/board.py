"""Hex geometry of the board: neighbours on the offset grid and walks through free hexes."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable

from battlesim.engines.rotk.data import Hex

Adjacency = dict[Hex, tuple[Hex, ...]]

# Odd rows are shifted half a hex to the right ("odd-r"), so the diagonal neighbours of a
# hex depend on the parity of its row.
_EVEN_ROW_STEPS = ((0, -1), (0, 1), (-1, -1), (-1, 0), (1, -1), (1, 0))
_ODD_ROW_STEPS = ((0, -1), (0, 1), (-1, 0), (-1, 1), (1, 0), (1, 1))


def adjacent(a: Hex, b: Hex) -> bool:
    row, col = a
    steps = _ODD_ROW_STEPS if row % 2 else _EVEN_ROW_STEPS
    return (b[0] - row, b[1] - col) in steps


def adjacency(board: Iterable[Hex]) -> Adjacency:
    """Map every hex of ``board`` to its neighbours on the board, sorted."""
    hexes = set(board)
    return {h: tuple(sorted(n for n in _around(h) if n in hexes)) for h in sorted(hexes)}


def _around(hex_: Hex) -> list[Hex]:
    row, col = hex_
    steps = _ODD_ROW_STEPS if row % 2 else _EVEN_ROW_STEPS
    return [(row + dr, col + dc) for dr, dc in steps]


def distances(
    start: Hex, passable: Callable[[Hex], bool], board: Adjacency, limit: int = 99
) -> dict[Hex, int]:
    """Return the steps from ``start`` to every hex reachable through passable hexes."""
    found = {start: 0}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        if found[here] >= limit:
            continue
        for step in board[here]:
            if step not in found and passable(step):
                found[step] = found[here] + 1
                queue.append(step)
    return found

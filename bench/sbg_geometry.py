"""Print the cost of the SBG geometry questions on a preset table with 60 models.

Run: ``.venv/bin/python bench/sbg_geometry.py [--n 2000] [--table village]``
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from battlesim.engines.dice import Dice  # noqa: E402
from battlesim.engines.sbg.core import geometry  # noqa: E402
from battlesim.engines.sbg.core.bases import CAVALRY_BASE, INFANTRY_BASE, Base, Point  # noqa: E402
from battlesim.engines.sbg.core.table import Table  # noqa: E402
from battlesim.engines.sbg.core.table_generator import generate_table  # noqa: E402
from battlesim.engines.sbg.core.tables_preset import PRESETS, preset  # noqa: E402

MODELS = 60


def _army(table: Table, dice: Dice) -> list[tuple[Point, Base]]:
    """Scatter 60 infantry models over the free parts of the table, half a side each."""
    placed: list[tuple[Point, Base]] = []
    while len(placed) < MODELS:
        spot = (dice.roll(440, "x") / 10 + 2, dice.roll(440, "y") / 10 + 2)
        clear = all(not geometry.overlaps(spot, INFANTRY_BASE, p, b) for p, b in placed)
        if clear and table.fits(spot, INFANTRY_BASE):
            placed.append((spot, INFANTRY_BASE))
    return placed


def _time(label: str, n: int, call: Callable[[int], object]) -> None:
    """Print wall and CPU time per call (CPU is steadier on a shared machine)."""
    wall, cpu = time.perf_counter(), time.process_time()
    for i in range(n):
        call(i)
    wall, cpu = (time.perf_counter() - wall) / n, (time.process_time() - cpu) / n
    print(f"{label:<46} {wall * 1e6:10.1f} us wall {cpu * 1e6:10.1f} us cpu ({1 / cpu:,.0f}/s)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=2000, help="calls per measure")
    parser.add_argument("--table", default="village", choices=sorted(PRESETS))
    args = parser.parse_args()
    table, dice = preset(args.table), Dice(1)
    army = _army(table, dice)
    bodies = [geometry.Body(f"m{i}", p, b, 1.2) for i, (p, b) in enumerate(army)]
    enemies = army[30:]
    pairs = [(army[i % MODELS], army[(i * 7 + 3) % MODELS]) for i in range(args.n)]
    horse = CAVALRY_BASE.facing_to(30)
    print(f"table {table.name!r}: {len(table.pieces)} pieces, {MODELS} models, n={args.n}")
    _time(
        "distance, circle-circle",
        args.n,
        lambda i: geometry.distance(pairs[i][0][0], INFANTRY_BASE, pairs[i][1][0], INFANTRY_BASE),
    )
    _time(
        "distance, oval cavalry-circle",
        args.n // 4,
        lambda i: geometry.distance(pairs[i][0][0], horse, pairs[i][1][0], INFANTRY_BASE),
    )
    _time(
        "in_control_zone, circle-circle",
        args.n,
        lambda i: geometry.in_control_zone(
            pairs[i][0][0], INFANTRY_BASE, pairs[i][1][0], INFANTRY_BASE
        ),
    )
    _time(
        "one model vs every enemy zone (30)",
        args.n // 10,
        lambda i: any(
            geometry.in_control_zone(pairs[i][0][0], INFANTRY_BASE, p, b) for p, b in enemies
        ),
    )
    _time(
        "line_of_sight, 60 blockers + terrain",
        args.n // 10,
        lambda i: geometry.line_of_sight(
            pairs[i][0][0], 1.2, pairs[i][1][0], INFANTRY_BASE, 1.2, table, bodies
        ),
    )
    _time(
        "in_the_way, 60 models + terrain",
        args.n // 10,
        lambda i: geometry.in_the_way(pairs[i][0][0], pairs[i][1][0], table, bodies),
    )
    _time(
        "furthest_legal_point, 59 others, 30 zones",
        args.n // 10,
        lambda i: geometry.furthest_legal_point(
            army[i % 30][0],
            pairs[i][1][0],
            6.0,
            INFANTRY_BASE,
            [o for o in army if o is not army[i % 30]],
            enemies,
            table,
        ),
    )
    _time(
        "contact_point, 59 others",
        args.n // 10,
        lambda i: geometry.contact_point(
            army[i % 30][0],
            INFANTRY_BASE,
            *enemies[i % 30],
            [o for o in army if o is not army[i % 30]],
            table,
        ),
    )
    goals = [(24.0, 40.0), (10.0, 8.0), (40.0, 30.0), (5.0, 30.0)]
    _time(
        "table.route, first call (builds the graph)",
        1,
        lambda i: table.route(army[0][0], goals[0], INFANTRY_BASE),
    )
    _time(
        "table.route, graph cached",
        args.n // 10,
        lambda i: table.route(army[i % MODELS][0], goals[i % 4], INFANTRY_BASE),
    )
    _time(
        "path_toward, 59 others, 30 zones",
        args.n // 10,
        lambda i: geometry.path_toward(
            army[i % 30][0],
            goals[i % 4],
            6.0,
            INFANTRY_BASE,
            [o for o in army if o is not army[i % 30]],
            enemies,
            table,
        ),
    )
    _time(
        "table.movement_cost",
        args.n // 4,
        lambda i: table.movement_cost(pairs[i][0][0], pairs[i][1][0], INFANTRY_BASE),
    )
    _time("generate_table", max(1, args.n // 100), lambda i: generate_table(Dice(i)))


if __name__ == "__main__":
    main()

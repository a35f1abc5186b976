"""SBG engine figures: battles per second for the 600 v 600 sample battle on each preset
table, median CPU time per battle (the target: under 1 s on every table) ending in a one-line
table of medians, a cProfile top-15, win rates (mirror match, heuristic v random) and a
random-legal fuzz run (exceptions counted).

    .venv/bin/python bench/sbg_speed.py [--battles 20] [--mirror 100] [--versus 50] [--fuzz 500]
    .venv/bin/python bench/sbg_speed.py --battles 5 --mirror 0 --versus 0 --no-profile

On a shared machine, prefer a few battles per table and read the CPU medians.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from battlesim.engines.sbg.game import play_game  # noqa: E402

STANDARD = {"forces": ["minas_tirith", "mordor"], "table": "open field"}
TABLES = ("open field", "village", "forest and ruins")


def speed(battles: int, table: str) -> float:
    """Wall and CPU time per battle (CPU time is what matters on a shared machine); returns
    the median CPU time."""
    walls, cpus = [], []
    for seed in range(battles):
        wall, cpu = time.perf_counter(), time.process_time()
        play_game(seed=seed, options={**STANDARD, "table": table})
        walls.append(time.perf_counter() - wall)
        cpus.append(time.process_time() - cpu)
    print(f"600 v 600 on {table!r}: {battles} battles")
    print(
        f"  battles per second {battles / sum(walls):.2f} (wall), {battles / sum(cpus):.2f} (CPU);"
        f" median {statistics.median(walls):.3f} s wall, {statistics.median(cpus):.3f} s CPU"
    )
    return statistics.median(cpus)


def medians_table(medians: dict[str, float]) -> None:
    """One line per table: the figure the speed target is about."""
    print("median CPU seconds per 600 v 600 battle:")
    for table, median in medians.items():
        verdict = "ok" if median < 1.0 else "over the 1 s target"
        print(f"  {table:<18} {median:.3f} s  {verdict}")


def profile() -> None:
    profiler = cProfile.Profile()
    profiler.enable()
    play_game(seed=1, options=STANDARD)
    profiler.disable()
    pstats.Stats(profiler).sort_stats("tottime").print_stats(15)


def win_rates(label: str, battles: int, options: dict[str, object]) -> None:
    results: Counter[str] = Counter()
    for seed in range(battles):
        results[play_game(seed=seed, options=options).winner or "draw"] += 1
    shares = {k: f"{100 * v / battles:.1f}%" for k, v in sorted(results.items())}
    print(f"{label}: {battles} battles: {shares}")


def fuzz(battles: int) -> None:
    """Random-legal players on every kind of table; any exception is a failure."""
    tables = [None, "village", "forest and ruins", "generated"]
    failures = []
    for seed in range(battles):
        options = {
            "forces": ["minas_tirith_skirmish", "mordor_skirmish"],
            "players": ["random", "random"],
            "table": tables[seed % 4],
            "table_seed": seed,
        }
        try:
            play_game(seed=seed, options=options)
        except Exception as error:  # noqa: BLE001  (a fuzz run reports every failure)
            failures.append((seed, repr(error)))
    print(f"random-legal fuzz: {battles} battles, {len(failures)} failures {failures[:5]}")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--battles", type=int, default=20)
    parser.add_argument("--mirror", type=int, default=100)
    parser.add_argument("--versus", type=int, default=50)
    parser.add_argument("--fuzz", type=int, default=0)
    parser.add_argument("--no-profile", action="store_true")
    args = parser.parse_args()
    medians = {table: speed(args.battles, table) for table in (TABLES if args.battles else ())}
    if medians:
        medians_table(medians)
    if not args.no_profile:
        profile()
    mirror = {"forces": ["minas_tirith", "minas_tirith"]}
    if args.mirror:
        win_rates("mirror Minas Tirith v Minas Tirith (heuristic both)", args.mirror, mirror)
    if args.versus:
        versus = {"players": ["heuristic", "random"]}
        win_rates("heuristic (side 0) v random (side 1)", args.versus, versus)
        versus = {"players": ["random", "heuristic"]}
        win_rates("random (side 0) v heuristic (side 1)", args.versus, versus)
    if args.fuzz:
        fuzz(args.fuzz)


if __name__ == "__main__":
    main()

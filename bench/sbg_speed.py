"""SBG engine figures (issue 21): for every preset table, the median CPU seconds of a 600 v 600
battle and the size-scaling table (50, 100, 200, 400, 600 points: the same two sample forces
cut to size, the same seeds) with the fitted exponent of cost against army size; the load
average; a worker's memory (RSS) over many battles; a cProfile top-15; win rates (mirror
match, heuristic v random) and a random-legal fuzz run (exceptions counted).

    .venv/bin/python bench/sbg_speed.py [--battles 5] [--rss 1000] [--mirror 100] [--versus 50]
    .venv/bin/python bench/sbg_speed.py --battles 5 --rss 0 --mirror 0 --versus 0 --no-profile

CPU time (not wall time) is what counts on a shared machine; the load average is printed
beside the figures. Targets: 600 v 600 median at most 0.25 s on every table, exponent at most
1.2 (200-600 points), RSS growth under 5 MiB over 1,000 battles.
"""

from __future__ import annotations

import argparse
import cProfile
import math
import os
import pstats
import statistics
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from battlesim.engines import compiled  # noqa: E402
from battlesim.engines.sbg.core.tables_preset import PRESETS  # noqa: E402
from battlesim.engines.sbg.game import play_game  # noqa: E402
from battlesim.engines.sbg.samples import SAMPLE_FORCES  # noqa: E402

STANDARD = {"forces": ["minas_tirith", "mordor"], "table": "open field"}
TABLES = tuple(PRESETS)
SIZES = (50, 100, 200, 400, 600)  # points per side
FIT_FROM = 200  # the exponent is fitted over 200-600 points
TARGET_CPU = 0.25  # seconds per 600 v 600 battle
TARGET_EXPONENT = 1.2
RSS_MARKS = (200, 500, 1000)  # the memory check: RSS after 1,000 battles, on the way


def load() -> str:
    return ", ".join(f"{value:.2f}" for value in os.getloadavg())


def cut(name: str, points: int) -> dict[str, Any]:
    """The sample force ``name`` cut to about ``points``: its leader kept, every other unit's
    count scaled alike (the same profiles, so only the army size changes)."""
    force = SAMPLE_FORCES[name]
    units = force["units"]
    total = sum(u["count"] * u["profile"]["points"] for u in units)
    lead = sum(u["count"] * u["profile"]["points"] for u in units if u.get("leader"))
    share = max(0.0, (points - lead) / (total - lead))
    cut_units = [u if u.get("leader") else {**u, "count": round(u["count"] * share)} for u in units]
    return {**force, "units": [u for u in cut_units if u["count"] > 0]}


def cpu_of(options: dict[str, Any], seed: int) -> float:
    start = time.process_time()
    play_game(seed=seed, options=options)
    return time.process_time() - start


def exponent(medians: dict[int, float], low: int) -> float:
    """Least-squares slope of log(cost) against log(points), sizes from ``low`` up."""
    pairs = [(math.log(n), math.log(t)) for n, t in medians.items() if n >= low and t > 0]
    mx = statistics.fmean(x for x, _ in pairs)
    my = statistics.fmean(y for _, y in pairs)
    num = sum((x - mx) * (y - my) for x, y in pairs)
    return num / sum((x - mx) ** 2 for x, _ in pairs)


def scaling(battles: int, table: str) -> float:
    """Median CPU seconds per battle at every size on ``table`` (the same seeds at every
    size); prints the table and the fitted exponent; returns the 600 v 600 median."""
    medians: dict[int, float] = {}
    for points in SIZES:
        forces = [cut("minas_tirith", points), cut("mordor", points)]
        if points == 600:
            forces = list(STANDARD["forces"])  # the sample forces themselves
        options = {"forces": forces, "table": table}
        medians[points] = statistics.median(cpu_of(options, seed) for seed in range(battles))
    print(f"{table!r}: median CPU s per battle by points a side ({battles} seeds, load {load()})")
    print("  " + "  ".join(f"{n:>4} pts {medians[n]:.3f}" for n in SIZES))
    print(
        f"  exponent {exponent(medians, FIT_FROM):.2f} ({FIT_FROM}-600 pts),"
        f" {exponent(medians, SIZES[0]):.2f} ({SIZES[0]}-600 pts)"
    )
    return medians[600]


def medians_table(medians: dict[str, float]) -> None:
    """One line per table: the figure the speed target is about."""
    print(f"median CPU seconds per 600 v 600 battle (load {load()}):")
    for table, median in medians.items():
        verdict = "ok" if median <= TARGET_CPU else f"over the {TARGET_CPU} s target"
        print(f"  {table:<18} {median:.3f} s  {verdict}")


def rss_mib() -> float:
    """This process's resident memory now (Linux /proc), in MiB."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return math.nan


def memory(battles: int) -> None:
    """A worker's RSS over ``battles`` small battles on every preset table and generated
    tables, all in this one process (what grows per battle shows without the cost of big
    ones); marked at every fifth of the run and after 200, 500 and 1,000 battles
    (``--rss 1000`` is the issue's check)."""
    tables: list[str | None] = [*TABLES, "generated"]
    options = {"forces": ["minas_tirith_skirmish", "mordor_skirmish"]}
    start = time.process_time()
    play_game(seed=0, options={**options, "table": tables[0]})
    after_one = rss_mib()  # the first battle: imports, the first table built
    for seed in range(1, 20):  # warm-up: every kind of table once, first caches
        play_game(seed=seed, options={**options, "table": tables[seed % len(tables)]})
    first = rss_mib()
    print(f"worker RSS after the 20-battle warm-up: {first:.1f} MiB (load {load()})", flush=True)
    fifth = max(1, battles // 5)
    marks = []
    for n in range(1, battles + 1):
        table = tables[n % len(tables)]
        play_game(seed=n, options={**options, "table": table, "table_seed": n})
        if n % fifth == 0 or n in RSS_MARKS:
            marks.append(f"{n}: {rss_mib():.1f}")
            print(f"  after {n} battles: {rss_mib():.1f} MiB (load {load()})", flush=True)
    growth = rss_mib() - first
    print(f"worker RSS over {battles} battles (MiB, after a 20-battle warm-up at {first:.1f}):")
    print(f"  {'; '.join(marks)}; growth {growth:+.1f} MiB ({100 * growth / battles:+.2f} per 100)")
    print(
        f"  RSS after the first battle {after_one:.1f}, after {battles + 20} battles"
        f" {rss_mib():.1f} MiB ({rss_mib() - after_one:+.1f});"
        f" {time.process_time() - start:.0f} CPU s, load {load()}"
    )


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
    parser.add_argument("--battles", type=int, default=5, help="seeds per table and size")
    parser.add_argument("--rss", type=int, default=0, help="battles of the memory run")
    parser.add_argument("--mirror", type=int, default=100)
    parser.add_argument("--versus", type=int, default=50)
    parser.add_argument("--fuzz", type=int, default=0)
    parser.add_argument("--no-profile", action="store_true")
    args = parser.parse_args()
    print(f"load average at the start: {load()}")
    print(f"engines: {compiled.STATUS}")
    medians = {table: scaling(args.battles, table) for table in (TABLES if args.battles else ())}
    if medians:
        medians_table(medians)
    if args.rss:
        memory(args.rss)
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
    print(f"load average at the end: {load()}")


if __name__ == "__main__":
    main()

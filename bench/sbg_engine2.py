"""SBG engine II figures: heroes, cavalry, monsters and war beasts.

Prints, for the issue's checks:
- time per battle with heroes, cavalry, a monster (and a war beast) against the infantry
  sample battle on the same table (target: within 1.5 times);
- mirror matches of lists with cavalry and monsters, both sides heuristic (target: the two
  sides' win rates within 5 percentage points; draws reported);
- a random-legal fuzz run over every pairing of those lists: exceptions and broken
  invariants (Might, Will, Fate below zero; wounds and casualties that do not add up).

    .venv/bin/python bench/sbg_engine2.py [--speed 10] [--mirror 1000] [--fuzz 500]
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from battlesim.engines.sbg.game import play_game  # noqa: E402
from battlesim.engines.sbg.samples import SAMPLE_FORCES  # noqa: E402

BASELINE = ("minas_tirith", "mordor")
# Lists with heroes, cavalry, monsters and war beasts, where the samples have them.
WITH_EVERYTHING = [
    ("rohan", "warg_riders"),
    ("minas_tirith_ent", "mordor_troll"),
    ("fellowship", "mordor_troll"),
    ("rohan", "harad_mumak"),
]
MIRRORS = ["rohan", "warg_riders", "mordor_troll", "minas_tirith_ent", "harad_mumak"]


def _available(pairs: list[tuple[str, str]]) -> list[tuple[str, str]]:
    return [pair for pair in pairs if all(name in SAMPLE_FORCES for name in pair)]


def _median_time(forces: tuple[str, str], battles: int, table: str) -> float:
    times = []
    for seed in range(battles):
        start = time.process_time()
        play_game(seed=seed, options={"forces": list(forces), "table": table})
        times.append(time.process_time() - start)
    return statistics.median(times)


def speed(battles: int, table: str) -> None:
    """CPU time per battle (what matters on a shared machine), median over seeds."""
    base = _median_time(BASELINE, battles, table)
    print(f"time per battle on {table!r}, {battles} battles each (median CPU seconds)")
    print(f"  {' v '.join(BASELINE):40s} {base:.3f} s  (baseline)")
    for pair in _available(WITH_EVERYTHING):
        median = _median_time(pair, battles, table)
        print(f"  {' v '.join(pair):40s} {median:.3f} s  ({median / base:.2f} x baseline)")


def wilson(wins: int, n: int) -> tuple[float, float]:
    """The Wilson 95% interval of a proportion."""
    if n == 0:
        return (0.0, 1.0)
    z, p = 1.96, wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (centre - half, centre + half)


def mirror(name: str, battles: int) -> None:
    results: Counter[str] = Counter()
    for seed in range(battles):
        results[play_game(seed=seed, options={"forces": [name, name]}).winner or "draw"] += 1
    a, b = results["0"], results["1"]
    gap = 100 * abs(a - b) / battles
    low, high = wilson(a, battles)
    print(
        f"mirror {name} v {name}: {battles} battles: side 0 {100 * a / battles:.1f}% "
        f"(95% {100 * low:.1f}-{100 * high:.1f}), side 1 {100 * b / battles:.1f}%, "
        f"draws {100 * results['draw'] / battles:.1f}%; gap {gap:.1f} pp"
    )


def _invariant_breaks(result: object) -> list[str]:
    """Pools never below zero; removals match the casualties by profile; the break-point
    count (a rider and a mount make one casualty, CAV-BRK-01) never exceeds the models."""
    log = result.log  # type: ignore[attr-defined]
    summary = result.summary  # type: ignore[attr-defined]
    problems = []
    for event in log.events:
        for pool in ("might_left", "will_left", "fate_left"):
            if event.data.get(pool, 0) < 0:
                problems.append(f"{pool} below zero: {event.data}")
    removed = Counter(event.data["player"] for event in log.of_kind("casualty"))
    for side in (0, 1):
        if sum(summary["casualties_by_profile"][side].values()) != removed[side]:
            problems.append(f"side {side}: casualties by profile do not match the removals")
        if summary["casualties"][side] > removed[side] + summary["start_models"][side]:
            problems.append(f"side {side}: more casualties than models")
    return problems


def fuzz(battles: int) -> None:
    """Random-legal players over every pairing, on open, walled and generated tables."""
    pairs = _available(WITH_EVERYTHING)
    tables = [None, "village", "generated"]
    failures: list[tuple[int, str]] = []
    for seed in range(battles):
        options = {
            "forces": list(pairs[seed % len(pairs)]),
            "players": ["random", "random"],
            "table": tables[seed % len(tables)],
            "table_seed": seed,
        }
        try:
            result = play_game(seed=seed, options=options)
            failures += [(seed, problem) for problem in _invariant_breaks(result)]
        except Exception as error:  # noqa: BLE001  (a fuzz run reports every failure)
            failures.append((seed, repr(error)))
        if (seed + 1) % 50 == 0:
            print(f"  fuzz {seed + 1}/{battles}: {len(failures)} failures", flush=True)
    print(f"random-legal fuzz over {pairs}: {battles} battles, {len(failures)} failures")
    for seed, problem in failures[:10]:
        print(f"  seed {seed}: {problem}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--speed", type=int, default=10, help="battles per list for timing")
    parser.add_argument("--table", default="open field")
    parser.add_argument("--mirror", type=int, default=200, help="battles per mirror match")
    parser.add_argument("--fuzz", type=int, default=100, help="random-legal battles")
    parser.add_argument("--lists", nargs="*", default=MIRRORS, help="lists for the mirrors")
    args = parser.parse_args()
    if args.speed:
        speed(args.speed, args.table)
    for name in args.lists if args.mirror else ():
        if name in SAMPLE_FORCES:
            mirror(name, args.mirror)
    if args.fuzz:
        fuzz(args.fuzz)


if __name__ == "__main__":
    main()

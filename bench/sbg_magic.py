"""Does magic matter? A caster-led sample force against the same force forbidden to cast
(its profiles without their Magical Powers), both sides heuristic; the sides swap halfway.
Prints the casting side's wins, draws and losses, its win rate over the decisive battles
with a Wilson 95% interval (issue 16's target: at least 60%), the spells cast, resisted and
taking effect by power, and the CPU time with the load average.

    .venv/bin/python bench/sbg_magic.py [--battles 1000] [--force nazgul_mordor]
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from battlesim.engines.sbg.game import play_game  # noqa: E402
from battlesim.engines.sbg.samples import SAMPLE_FORCES  # noqa: E402
from bench.sbg_might import wilson  # noqa: E402

TARGET = 0.60


def forbidden(force: dict[str, Any]) -> dict[str, Any]:
    """The same list, its casters' powers taken away (Will kept: they still resist)."""
    units = [
        {**unit, "profile": {k: v for k, v in unit["profile"].items() if k != "powers"}}
        for unit in force["units"]
    ]
    return {**force, "name": f"{force['name']} (no magic)", "units": units}


def play(battles: int, name: str) -> tuple[Counter[str], Counter[str]]:
    """Battle i: the casting side is side 0 in the first half, side 1 in the second."""
    force = SAMPLE_FORCES[name]
    results: Counter[str] = Counter()
    spells: Counter[str] = Counter()
    for seed in range(battles):
        magic_side = 0 if seed < battles // 2 else 1
        forces = [force, forbidden(force)]
        if magic_side == 1:
            forces.reverse()
        result = play_game(seed=seed, options={"forces": forces})
        if result.winner is None:
            results["draw"] += 1
        else:
            results["magic" if int(result.winner) == magic_side else "no magic"] += 1
        for event in result.log.events:
            if event.kind in ("cast", "resist", "spell"):
                power = event.data.get("power", "?")
                spells[f"{event.kind} {power}"] += int(event.data.get("cast", True))
    return results, spells


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--battles", type=int, default=1000)
    parser.add_argument("--force", default="nazgul_mordor", choices=sorted(SAMPLE_FORCES))
    args = parser.parse_args()
    if args.battles < 2:
        parser.error("--battles must be at least 2 (the sides swap halfway)")
    start = time.process_time()
    results, spells = play(args.battles, args.force)
    cpu = time.process_time() - start
    load = ", ".join(f"{value:.2f}" for value in os.getloadavg())
    n, decisive = args.battles, results["magic"] + results["no magic"]
    print(f"{args.force}: casting v forbidden to cast, {n} battles, sides swapped halfway")
    print(f"  {cpu:.0f} CPU s ({cpu / n:.2f} s each), load {load}")
    for key in ("magic", "draw", "no magic"):
        print(f"  {key:9s} {results[key]:5d}  {100 * results[key] / n:5.1f}%")
    low, high = wilson(results["magic"], decisive)
    rate = results["magic"] / max(1, decisive)
    print(
        f"  casting side wins {100 * rate:.1f}% of {decisive} decisive battles, Wilson 95% "
        f"[{100 * low:.1f}%, {100 * high:.1f}%]; target >= {100 * TARGET:.0f}%"
    )
    print("  by power (successful casts, resist rolls, spells taking effect):")
    for key, count in sorted(spells.items()):
        print(f"    {count:6d}  {key}")


if __name__ == "__main__":
    main()

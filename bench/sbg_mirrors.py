"""Mirror matches per sample force (issues 16 and 17): each force against itself, the same
player on both sides, on the default table and scenario. Equal forces: side 0's share of
the decisive battles should be within 5 points of 50%. Prints, per force, side 0's wins,
the draws, side 1's wins and side 0's share of decisive battles with its Wilson 95%
interval, then CPU time and load average.

    .venv/bin/python bench/sbg_mirrors.py [--seeds 40] [--force NAME ...] [--player heuristic]
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from battlesim.engines.sbg.game import play_game  # noqa: E402
from battlesim.engines.sbg.samples import SAMPLE_FORCES  # noqa: E402
from bench.sbg_might import wilson  # noqa: E402

BALANCE = 0.05  # issue 16/17: within 5 points of an even split


def mirror(force: str, seeds: int, player: str) -> tuple[int, int, int]:
    """(side 0 wins, draws, side 1 wins) over ``seeds`` battles of ``force`` v itself."""
    first = draws = second = 0
    for seed in range(seeds):
        options = {"forces": [force, force], "players": [player, player]}
        winner = play_game(seed=seed, options=options).winner
        if winner is None:
            draws += 1
        elif int(winner) == 0:
            first += 1
        else:
            second += 1
    return first, draws, second


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seeds", type=int, default=40)
    parser.add_argument("--force", nargs="+", choices=sorted(SAMPLE_FORCES))
    parser.add_argument("--player", default="heuristic")
    args = parser.parse_args()
    start = time.process_time()
    for force in args.force or sorted(SAMPLE_FORCES):
        first, draws, second = mirror(force, args.seeds, args.player)
        decisive = first + second
        share = first / max(1, decisive)
        low, high = wilson(first, decisive)
        verdict = "within 5 points" if abs(share - 0.5) <= BALANCE else "off by more than 5"
        print(
            f"{force:28s} side 0 {first:3d}  draws {draws:3d}  side 1 {second:3d}  "
            f"side 0 share {100 * share:5.1f}% [{100 * low:.1f}, {100 * high:.1f}] {verdict}"
        )
    cpu = time.process_time() - start
    load = ", ".join(f"{value:.2f}" for value in os.getloadavg())
    print(f"{cpu:.0f} CPU s, load {load}")


if __name__ == "__main__":
    main()

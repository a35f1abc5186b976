"""Does Might matter? The hero-rich ``gondor_captains`` force against itself, both sides
heuristic, one side's Heroes spending Might and the other's never (``heuristic_no_might``);
the sides swap halfway. Prints the Might side's wins, draws and losses with a Wilson 95%
interval on its win rate (the issue's target: at least 65% of 1000 battles won).

    .venv/bin/python bench/sbg_might.py [--battles 1000] [--force gondor_captains]
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from battlesim.engines.sbg.game import play_game  # noqa: E402

Z95 = 1.959964


def wilson(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval for a binomial proportion."""
    if trials == 0:
        return (0.0, 1.0)
    p = successes / trials
    centre = (p + z * z / (2 * trials)) / (1 + z * z / trials)
    half = (
        z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / (1 + z * z / trials)
    )
    return (centre - half, centre + half)


def play(battles: int, force: str) -> Counter[str]:
    """Battle i: the Might side is side 0 in the first half, side 1 in the second."""
    results: Counter[str] = Counter()
    for seed in range(battles):
        might_side = 0 if seed < battles // 2 else 1
        players = ["heuristic_v1", "heuristic_no_might"]  # the same player, Might or not
        if might_side == 1:
            players.reverse()
        options = {"forces": [force, force], "players": players}
        winner = play_game(seed=seed, options=options).winner
        if winner is None:
            results["draw"] += 1
        else:
            results["might" if int(winner) == might_side else "no might"] += 1
    return results


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--battles", type=int, default=1000)
    parser.add_argument("--force", default="gondor_captains")
    args = parser.parse_args()
    start = time.perf_counter()
    results = play(args.battles, args.force)
    n = args.battles
    low, high = wilson(results["might"], n)
    print(
        f"{args.force} mirror, Might v no Might, {n} battles ({time.perf_counter() - start:.0f} s)"
    )
    for key in ("might", "draw", "no might"):
        print(f"  {key:9s} {results[key]:5d}  {100 * results[key] / max(1, n):5.1f}%")
    print(
        f"  Might side win rate {100 * results['might'] / max(1, n):.1f}%, Wilson 95% "
        f"[{100 * low:.1f}%, {100 * high:.1f}%]; target >= 65%"
    )


if __name__ == "__main__":
    main()

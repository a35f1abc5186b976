"""Landing frequencies: exact movement chain, a long movement-only walk, and full games.

python bench/monopoly_markov.py --turns 2000000 --games 300
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from battlesim.engines.monopoly.data import SQUARES  # noqa: E402
from battlesim.engines.monopoly.game import play_game  # noqa: E402
from tests.engines.monopoly.markov import landing_frequencies  # noqa: E402
from tests.engines.monopoly.test_markov import walk  # noqa: E402


def full_games(games: int, options: dict[str, object]) -> np.ndarray:
    counts = np.zeros(len(SQUARES))
    for seed in range(games):
        counts += play_game(seed=seed, options=options).summary["landings"]
    return counts / counts.sum()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--turns", type=int, default=2_000_000)
    parser.add_argument("--games", type=int, default=300)
    args = parser.parse_args()
    exact = landing_frequencies()
    start = time.perf_counter()
    walked = walk(seed=1, turns=args.turns)
    walk_time = time.perf_counter() - start
    classic = full_games(args.games, {})
    ring = full_games(args.games, {"one_ring": True})
    print(f"{'#':>2} {'square':22s} {'chain %':>8} {'walk %':>8} {'classic %':>9} {'ring %':>8}")
    for i, square in enumerate(SQUARES):
        row = [exact[i], walked[i], classic[i], ring[i]]
        print(f"{i:2d} {square.name:22s} " + " ".join(f"{100 * v:8.3f}" for v in row))
    gap = np.abs(walked - exact).max() * 100
    print(f"walk of {args.turns} turns in {walk_time:.1f} s: max gap to the chain {gap:.4f} pp")


if __name__ == "__main__":
    main()

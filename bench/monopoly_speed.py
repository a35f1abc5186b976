"""Games per second of the Monopoly LOTR engine, classic and One Ring, four players.

python bench/monopoly_speed.py --games 200
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from battlesim.engines.monopoly.game import play_game  # noqa: E402
from tests.engines.monopoly.test_invariants import TableChecker  # noqa: E402

CONFIGS = {
    "classic": {},
    "one_ring": {"one_ring": True},
    "quick": {"variant": "quick"},
}


def measure(name: str, options: dict[str, object], games: int, check: bool) -> None:
    wins: Counter[str] = Counter()
    ends: Counter[str] = Counter()
    rounds = 0
    start = time.perf_counter()
    for seed in range(games):
        checker = TableChecker() if check else None
        result = play_game(seed=seed, options=options, listener=checker)
        if checker is not None:  # every turn was checked; the landings tally too
            assert sum(result.summary["landings"]) == checker.placements
        wins[str(result.summary["winner_strategy"])] += 1
        ends[result.termination] += 1
        rounds += result.summary["rounds"]
    elapsed = time.perf_counter() - start
    print(f"{name:9s} {games / elapsed:7.1f} games/s  mean rounds {rounds / games:6.1f}")
    print(f"          wins {dict(wins.most_common())}  endings {dict(ends)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--check", action="store_true", help="check the invariants each turn")
    args = parser.parse_args()
    for name, options in CONFIGS.items():
        measure(name, options, args.games, args.check)
    if args.check:
        print(f"invariants held in all {len(CONFIGS) * args.games} games")


if __name__ == "__main__":
    main()

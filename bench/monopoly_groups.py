"""Which groups win, and how often the between-turns and debt-in-deeds rules come into play.

python bench/monopoly_groups.py --games 200
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from battlesim.engines.log import Event  # noqa: E402
from battlesim.engines.monopoly.game import play_game  # noqa: E402
from battlesim.game_statistics import monopoly_tables  # noqa: E402
from battlesim.statistics import ResultRow  # noqa: E402


class RuleCounter:
    """Counts builds made outside one's own turn and debts paid partly in deeds."""

    def __init__(self) -> None:
        self.current: int | None = None
        self.counts: Counter[str] = Counter()

    def __call__(self, event: Event) -> None:
        if event.kind == "turn":
            self.current = event.data["seat"]
        elif event.kind == "manage" and event.data.get("action") == "Build":
            own = event.data["seat"] == self.current
            self.counts["builds in own turn" if own else "builds between turns"] += 1
        elif event.kind in ("deed_offer", "deeds_paid", "bankrupt"):
            self.counts[event.kind] += 1


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--max-rounds", type=int, default=200)
    args = parser.parse_args()
    counter, rows = RuleCounter(), []
    for seed in range(args.games):
        result = play_game(seed=seed, options={"max_rounds": args.max_rounds}, listener=counter)
        rows.append(ResultRow(result.winner or "", result.termination, result.summary))
    print(f"{args.games} classic games, four default strategies")
    for name, count in sorted(counter.counts.items()):
        print(f"  {name:22s} {count:6d}  ({count / args.games:.2f} per game)")
    print("Winner's complete groups (share of games):")
    for group, share in monopoly_tables(rows)["Winner's complete groups"].items():
        print(f"  {group:12s} {share:6.1%}")


if __name__ == "__main__":
    main()

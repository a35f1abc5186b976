"""Risk LOTR: how often the ``strategist`` side beats each other strategy, four players.

Each game seats the strategist on both seats of one side and the other strategy on the other
side (team scoring, 003:L134-144), the sides swapping from one seed to the next. Goal
(issue 28): the strategist's side wins at least 60% of the games against every strategy.

    .venv/bin/python bench/risk_strength.py --games 200 [--first-seed 400]

A second seed range (``--first-seed``) checks that a figure is not the luck of one range.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from figures import cpu_seconds, load_average, rate  # noqa: E402

from battlesim.engines.risk.game import play_game  # noqa: E402
from battlesim.engines.risk.players import STRATEGIES  # noqa: E402

HERO = "strategist"
GOAL = 0.60


def lineup(seed: int, other: str) -> list[str]:
    """Seats Yellow, Red, Green, Black: good, evil, good, evil; the hero swaps sides."""
    return [HERO, other] * 2 if seed % 2 == 0 else [other, HERO] * 2


def against(other: str, games: int, first: int = 0) -> tuple[int, int]:
    """Return (hero side wins, turns played) over ``games`` games from seed ``first``."""
    wins, turns = 0, 0
    ends: Counter[str] = Counter()
    for seed in range(first, first + games):
        summary = play_game(seed=seed, options={"players": lineup(seed, other)}).summary
        hero_side = "good" if seed % 2 == 0 else "evil"
        wins += summary["winning_side"] == hero_side
        turns += summary["turns"]
        ends[summary["termination"]] += 1
    print(f"  {HERO} vs {other:<10} wins {rate(wins, games)}  endings {dict(ends)}")
    return wins, turns


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--first-seed", type=int, default=0)
    args = parser.parse_args()
    print(load_average())
    started, turns, verdicts = cpu_seconds(), 0, []
    for other in sorted(set(STRATEGIES) - {HERO}):
        wins, played = against(other, args.games, args.first_seed)
        turns += played
        verdicts.append(f"{other}: {wins / args.games:.3f} >= {GOAL}: {wins / args.games >= GOAL}")
    cpu = cpu_seconds() - started
    print("\n".join(verdicts))
    print(f"{turns / cpu:,.0f} turns per CPU second; {load_average()}")


if __name__ == "__main__":
    main()

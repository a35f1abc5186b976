"""Monopoly LOTR: each strategy against a field of the others, games at the round cap, the
early stop of public simulators, and speed (turns per CPU second).

Goals (issue 28): no strategy wins more than 60% against the others; under 5% of games reach
the 500-round cap; turns/s at least 6x the 11,700 turns/s measured before the change.

    .venv/bin/python bench/monopoly_field.py --games 400 [--all-rich-cash 5000]
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from itertools import permutations
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from figures import cpu_seconds, load_average, rate  # noqa: E402

from battlesim.engines.monopoly.game import play_game  # noqa: E402

FIELD = ("acquisitive", "builder", "cautious", "hunter")
BEFORE_TURNS_PER_S = 11_700  # default four-player table, this machine, before issue 28
SEATINGS = sorted(permutations(FIELD))


def table(name: str, lineup_of: list[tuple[str, ...]], args: argparse.Namespace) -> None:
    """Play ``args.games`` games over the given seatings and print the figures."""
    wins: Counter[str] = Counter()
    ends: Counter[str] = Counter()
    turns, started = 0, cpu_seconds()
    for seed in range(args.games):
        options: dict[str, object] = {"players": list(lineup_of[seed % len(lineup_of)])}
        if args.all_rich_cash:
            options["all_rich_cash"] = args.all_rich_cash
        summary = play_game(seed=seed, options=options).summary
        wins[str(summary["winner_strategy"])] += 1
        ends[summary["termination"]] += 1
        turns += summary["turns"]
    cpu = cpu_seconds() - started
    print(
        f"{name}: {args.games / cpu:.1f} games/s, {turns / cpu:,.0f} turns/s "
        f"({turns / cpu / BEFORE_TURNS_PER_S:.1f}x before), {turns / args.games:.0f} turns/game"
    )
    print(f"  at the round cap {rate(ends['round_limit'], args.games)}; endings {dict(ends)}")
    if args.all_rich_cash:
        print(f"  stopped early (all rich) {rate(ends['all_rich'], args.games)}")
    for strategy in sorted(set(s for lineup in lineup_of for s in lineup)):
        print(f"  {strategy:<12} wins {rate(wins[strategy], args.games)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--all-rich-cash", type=int, default=None)
    parser.add_argument("--uniform", action="store_true", help="also four of a kind")
    args = parser.parse_args()
    print(load_average())
    table("field of four, seats rotated", SEATINGS, args)
    if args.uniform:
        for name in FIELD:
            table(f"four {name}", [(name,) * 4], args)
    print(load_average())


if __name__ == "__main__":
    main()

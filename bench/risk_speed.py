"""Risk LOTR: games per second (four players) and invariants over many seeded games.

Pass 1 times ``play_game`` on four-player games (strategies rotated over the seats) and
prints games per second with win rates by strategy, seat and side, game length, the turn the
Ring is destroyed and the regions held at the end. Pass 2 replays seeded games of 2, 3 and 4
players checking the invariants after every settled event (no empty territory, battalions add
up, leaders on their owner's land) and that every game ends.

    .venv/bin/python bench/risk_speed.py [--games 200] [--check-games 1000]
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from itertools import permutations
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from battlesim.engines.risk.game import play_game  # noqa: E402
from battlesim.engines.risk.invariants import watched_game  # noqa: E402
from battlesim.engines.risk.outcome import Termination  # noqa: E402
from battlesim.engines.risk.players import STRATEGIES  # noqa: E402
from battlesim.engines.risk.statistics import aggregate  # noqa: E402

NAMES = sorted(STRATEGIES)


ORDERS = sorted(permutations(NAMES))  # every strategy meets every other in every seat


def seats_for(seed: int, count: int) -> list[str]:
    return list(ORDERS[seed % len(ORDERS)][:count])


def speed(games: int) -> None:
    started = time.perf_counter()
    summaries = [
        play_game(seed=seed, options={"players": seats_for(seed, 4)}).summary
        for seed in range(games)
    ]
    elapsed = time.perf_counter() - started
    print(f"{games} four-player games in {elapsed:.1f} s: {games / elapsed:.1f} games/s")
    figures = aggregate(summaries)
    for kind, rates in figures["win_rate"].items():
        print(f"win rate by {kind}: {rates}")
    print(f"turns: {figures['turns']}")
    print(f"Ring destroyed at turn: {figures['ring_destroyed_turn']}")
    print(f"regions held at the end (seat-games): {figures['regions_held']}")


def check(games: int) -> None:
    started, events, ends = time.perf_counter(), 0, Counter()
    for seed in range(games):
        _, termination, checked = watched_game(seed, {"players": seats_for(seed, 2 + seed % 3)})
        ends[termination.value] += 1
        events += checked
    elapsed = time.perf_counter() - started
    ok = ends[Termination.RING_DESTROYED.value] == games
    print(
        f"invariants: {games} games (2-4 players), {events:,} checked states, endings "
        f"{dict(ends)}: {'PASS' if ok else 'FAIL'} in {elapsed:.1f} s"
    )


def main() -> int:
    cli = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawTextHelpFormatter
    )
    cli.add_argument("--games", type=int, default=200, help="timed four-player games")
    cli.add_argument("--check-games", type=int, default=1000, help="games checked for invariants")
    args = cli.parse_args()
    speed(args.games)
    check(args.check_games)
    return 0


if __name__ == "__main__":
    sys.exit(main())

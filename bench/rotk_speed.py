"""Print how many Return of the King games per second the engine plays (four players).

.venv/bin/python bench/rotk_speed.py --games 200 --strategy greedy
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from battlesim.engines.rotk.game import play_game  # noqa: E402
from battlesim.engines.rotk.players import Strategy  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--players", type=int, choices=(3, 4), default=4)
    parser.add_argument("--strategy", choices=[s.value for s in Strategy], default="greedy")
    args = parser.parse_args()
    options = {"players": args.players, "strategies": [args.strategy]}
    started = time.perf_counter()
    events = sum(len(play_game(seed=seed, options=options).log) for seed in range(args.games))
    elapsed = time.perf_counter() - started
    print(
        f"{args.games} games, {args.players} players, {args.strategy}: {elapsed:.1f} s, "
        f"{args.games / elapsed:.1f} games/s, {events / args.games:.0f} events/game"
    )


if __name__ == "__main__":
    main()

"""Print P(players win) and P(Gollum wins) by player count and strategy, with the material
of material.yaml (reconstructed numbers), and the games per second.

    .venv/bin/python bench/rotk_outcomes.py --games 500
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from battlesim.engines.rotk.game import play_game  # noqa: E402

LINEUPS = {
    "greedy": ["greedy"],
    "gate": ["gate"],
    "racer": ["racer"],
    "mixed": ["greedy", "gate", "racer", "greedy"],
    "random": ["random"],
}


def run(
    players: int, names: list[str], games: int, variant: bool, entry: str = "once"
) -> tuple[Counter[str], float]:
    strategies = names if len(names) == 1 else names[:players]
    options = {"players": players, "strategies": strategies, "variant": variant, "entry": entry}
    ends: Counter[str] = Counter()
    rounds = 0
    for seed in range(games):
        summary = play_game(seed=seed, options=options).summary
        ends[summary["termination"]] += 1
        rounds += summary["rounds"]
    return ends, rounds / games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=500, help="games per cell")
    parser.add_argument("--variant", action="store_true")
    parser.add_argument("--entry", choices=["once", "each_turn"], default="once")
    parser.add_argument("--lineups", nargs="*", default=["greedy", "gate", "racer", "mixed"])
    args = parser.parse_args()
    print("players lineup   P(win) ring   gate   P(gollum) limit  rounds  games/s")
    total, started = 0, time.perf_counter()
    for players in (3, 4):
        for name in args.lineups:
            cell = time.perf_counter()
            ends, rounds = run(players, LINEUPS[name], args.games, args.variant, args.entry)
            rate = args.games / (time.perf_counter() - cell)
            share = {
                key: ends[key] / args.games
                for key in ("ring", "black_gate", "gollum", "round_limit")
            }
            print(
                f"{players:>7} {name:<8} {share['ring'] + share['black_gate']:6.3f} "
                f"{share['ring']:6.3f} {share['black_gate']:6.3f} {share['gollum']:9.3f} "
                f"{share['round_limit']:6.3f} {rounds:7.1f} {rate:8.1f}"
            )
            total += args.games
    elapsed = time.perf_counter() - started
    print(f"{total} games in {elapsed:.0f} s: {total / elapsed:.1f} games/s overall")


if __name__ == "__main__":
    main()

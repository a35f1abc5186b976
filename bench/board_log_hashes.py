"""Hash the event logs of seeded board games (Monopoly, Risk, Return of the King).

What "behaviour unchanged" means for the three board engines: a fixed set of seeded games
(every strategy in every game, several player counts and variants) is played and each game's
log is hashed. Save the hashes before a change that must not alter play (a speed-up, a
restructuring) and check them after; a game whose log differs is listed with its set-up.

    .venv/bin/python bench/board_log_hashes.py --save bench/board_log_hashes.json
    .venv/bin/python bench/board_log_hashes.py --check bench/board_log_hashes.json

It prints the CPU seconds per game and the load average too.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from saved_hashes import save_or_check  # noqa: E402  (bench/saved_hashes.py)

from battlesim.engines import compiled  # noqa: E402
from battlesim.engines.registry import play_function  # noqa: E402

GAMES = 12  # seeds per set-up
# Set-ups fixed here (not read from the engines' strategy tables, which may grow).
SETUPS: dict[str, list[dict[str, Any]]] = {
    "monopoly": [
        {},
        {"one_ring": True},
        {"variant": "quick"},
        {"players": ["hunter", "random", "builder"]},
        {"players": ["cautious", "acquisitive"], "all_rich_cash": 3000},
    ],
    "risk": [
        {"players": ["aggressive", "defensive", "region", "random"]},
        {"players": ["strategist", "aggressive", "region"]},
        {"players": ["random", "strategist"]},
    ],
    "rotk": [
        {"players": 3, "strategies": ["greedy", "gate", "racer"]},
        {"players": 4, "strategies": ["random", "greedy", "racer", "gate"]},
        {"players": 4, "strategies": "greedy", "entry": "each_turn", "variant": True},
    ],
}


def plan() -> list[dict[str, Any]]:
    return [
        {"game": game, "seed": seed, "options": options}
        for game, setups in SETUPS.items()
        for options in setups
        for seed in range(GAMES)
    ]


def run(games: list[dict[str, Any]]) -> tuple[list[str], dict[str, float]]:
    hashes, cpu = [], dict.fromkeys(SETUPS, 0.0)
    for game in games:
        start = time.process_time()
        result = play_function(game["game"])(seed=game["seed"], options=game["options"])
        cpu[game["game"]] += time.process_time() - start
        hashes.append(hashlib.sha256(result.log.dumps().encode()).hexdigest())
    return hashes, cpu


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    action = parser.add_mutually_exclusive_group()
    action.add_argument("--save", type=Path, help="write the hashes to this JSON file")
    action.add_argument("--check", type=Path, help="compare with hashes saved earlier")
    args = parser.parse_args()

    games = plan()
    hashes, cpu = run(games)
    load = ", ".join(f"{value:.2f}" for value in os.getloadavg())
    for game, seconds in cpu.items():
        count = sum(1 for g in games if g["game"] == game)
        print(f"{game:9s} {count} games, {seconds:.2f} CPU s ({seconds / count:.3f} s each)")
    print(f"load average {load}; engines {compiled.STATUS}")
    return save_or_check(
        "games",
        games,
        hashes,
        args.save,
        args.check,
        lambda g: f"{g['game']} seed {g['seed']} {g['options']}",
    )


if __name__ == "__main__":
    sys.exit(main())

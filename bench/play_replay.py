"""Print what a person's action costs at a table: the replay from the seed it takes.

Every action replays the game so far (``battlesim.play.runner.advance``), so its cost grows
with the game. This plays whole games of one person against AI seats, answering with the
tests' plain choices, and prints the CPU time of the replays at the start, the middle and
the end of each game, and the load average.

.venv/bin/python bench/play_replay.py --games 3
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from battlesim.play.runner import advance  # noqa: E402
from tests.play.helpers import plain_choice  # noqa: E402

TABLES: dict[str, tuple[dict[str, Any], list[str | None]]] = {
    "monopoly quick + Ring": (
        {"variant": "quick", "one_ring": True},
        [None, "acquisitive", "builder"],
    ),
    "monopoly classic": ({"variant": "classic", "one_ring": False}, [None, "hunter", "cautious"]),
    "risk 12 turns": ({"turn_limit": 12}, [None, "aggressive", "region", "defensive"]),
    "rotk 4 players": ({"variant": False}, [None, "greedy", "racer", "gate"]),
}


def one_game(
    game: str, settings: dict[str, Any], seats: list[str | None], seed: int
) -> list[float]:
    """CPU seconds of each replay (one per decision) in one whole game."""
    decisions: list[dict[str, Any]] = []
    costs = []
    while True:
        started = time.process_time()
        outcome = advance(game, seed, settings, seats, decisions, stop_at_ai=False)
        costs.append(time.process_time() - started)
        if outcome.finished or len(decisions) > 3000:
            return costs
        prompt = outcome.prompt.to_json()
        decisions.append(
            {"seat": prompt["seat"], "kind": prompt["kind"], "choice": plain_choice(prompt)}
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=3)
    args = parser.parse_args()
    for label, (settings, seats) in TABLES.items():
        game = label.split()[0]
        runs = [one_game(game, settings, seats, seed) for seed in range(args.games)]
        ms = lambda values: f"{1000 * statistics.median(values):.0f} ms"  # noqa: E731
        first = [r[0] for r in runs]
        middle = [r[len(r) // 2] for r in runs]
        last = [r[-1] for r in runs]
        decisions = statistics.median(len(r) for r in runs)
        print(
            f"{label:24} decisions per game {decisions:5.0f}; replay CPU median: first "
            f"{ms(first)}, middle {ms(middle)}, last {ms(last)}"
        )
    print(f"load average: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()

"""Play quality per scenario (issue 20 checks): the heuristic against the random player, and
heuristic mirror matches, on every scenario of the library.

For each scenario: BATTLES battles of heuristic v random (sides alternate) and BATTLES mirror
battles (heuristic v heuristic, same sample force on both sides). It prints the heuristic's
win rate against the random player (the issue asks >= 95%); of the mirrors, side 0's share
of the decisive battles (a siege's attacker is side 0; "mirror matches within 5 points" read
as win-rate points, as issues 16 and 29 measure mirrors: 45-55%), the mean absolute
victory-point difference and its mean signed (side 0's points less side 1's: how far the
scenario leans to one side); then CPU time and load average.

    .venv/bin/python bench/sbg_scenario_quality.py [BATTLES] [NAME ...]

BATTLES is 10 by default; NAMEs limit it to those scenarios (every one by default). Seeds:
7000 + n against the random player (the heuristic side 0 when n is even), 8000 + n mirrors.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from battlesim.engines.sbg.game import play_game  # noqa: E402
from battlesim.engines.sbg.rules.scenario_library import LIBRARY  # noqa: E402

FORCES = ("minas_tirith_skirmish", "mordor_skirmish")


def against_random(name: str, battles: int) -> float:
    wins = 0
    for n in range(battles):
        side = n % 2  # the heuristic's side
        players = ["heuristic", "random"] if side == 0 else ["random", "heuristic"]
        options = {"forces": list(FORCES), "scenario": name, "players": players}
        result = play_game(seed=7000 + n, options=options)
        wins += result.winner == str(side)
    return wins / max(1, battles)


def mirror(name: str, battles: int) -> tuple[list[int], float, float]:
    """Battles won by side 0 and by side 1, the mean absolute victory-point gap, and the
    mean of side 0's points less side 1's (a siege's attacker is side 0)."""
    gap = lean = 0
    won = [0, 0]
    for n in range(battles):
        force = FORCES[n % 2]
        options = {"forces": [force, force], "scenario": name}
        result = play_game(seed=8000 + n, options=options)
        points = result.summary["victory_points"]
        gap += abs(points[0] - points[1])
        lean += points[0] - points[1]
        if result.winner in ("0", "1"):
            won[int(result.winner)] += 1
    return won, gap / max(1, battles), lean / max(1, battles)


def _arguments() -> argparse.Namespace:
    cli = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    cli.add_argument("battles", nargs="?", type=int, default=10, help="battles of each kind")
    cli.add_argument("names", nargs="*", metavar="NAME", help="scenarios (all by default)")
    args = cli.parse_args()
    if args.battles < 1:
        cli.error("BATTLES must be at least 1")
    unknown = [name for name in args.names if name not in LIBRARY]
    if unknown:
        cli.error(f"unknown scenario {', '.join(unknown)}; known: {', '.join(LIBRARY)}")
    return args


def main() -> int:
    args = _arguments()
    battles, names = args.battles, args.names or list(LIBRARY)
    start = time.process_time()
    print(f"{'scenario':24} v random   mirror: side 0 of decisive  mean |VP diff|  side 0 - side 1")
    for name in names:
        rate, (won, gap, lean) = against_random(name, battles), mirror(name, battles)
        share = f"{won[0] / sum(won):.0%} ({won[0]}-{won[1]})" if sum(won) else "no decisive"
        print(f"{name:24} {rate:6.0%}   {share:>24}  {gap:13.1f}  {lean:+15.1f}")
    print(f"{2 * battles * len(names)} battles, {time.process_time() - start:.1f} CPU s")
    print("load average", ", ".join(f"{x:.2f}" for x in os.getloadavg()))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""Play quality per scenario (issue 20 checks): the heuristic against the random player, and
heuristic mirror matches, on every scenario of the library.

For each scenario: BATTLES battles of heuristic v random (sides alternate) and BATTLES mirror
battles (heuristic v heuristic, same sample force on both sides). It prints the heuristic's
win rate against the random player (the issue asks >= 95%); of the mirrors, side 0's share
of the decisive battles (a siege's attacker is side 0; "mirror matches within 5 points" read
as win-rate points, as issues 16 and 29 measure mirrors: 45-55%), the mean absolute
victory-point difference and its mean signed (side 0's points less side 1's: how far the
scenario leans to one side); then CPU time and load average.

    .venv/bin/python bench/sbg_scenario_quality.py [BATTLES] [NAME ...] [--offset K]
        [--mirrors-only] [--record FILE]
    .venv/bin/python bench/sbg_scenario_quality.py --pool FILE [FILE ...]

BATTLES is 10 by default; NAMEs limit it to those scenarios (every one by default). Seeds:
7000 + K + n against the random player (the heuristic side 0 when n is even), 8000 + K + n
mirrors (K = 0 by default: a fresh range with --offset). The side-0 share of the decisive
mirrors comes with its Wilson 95% interval.

--record FILE appends one JSON line per mirror battle (scenario, seed, force, winner, victory
points), so a large run can be split with --offset into parts run apart; --pool reads such
files (duplicate seeds counted once) and prints, per scenario and per force of the mirror,
side 0's wins-draws-losses, its share of the decisive battles (Wilson 95%), side 0's win rate
less side 1's in points (normal 95% interval) and the victory-point lean.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from battlesim.engines.sbg.game import play_game  # noqa: E402
from battlesim.engines.sbg.rules.scenario_library import LIBRARY  # noqa: E402

FORCES = ("minas_tirith_skirmish", "mordor_skirmish")


def against_random(name: str, battles: int, offset: int = 0) -> float:
    wins = 0
    for n in range(offset, offset + battles):
        side = n % 2  # the heuristic's side
        players = ["heuristic", "random"] if side == 0 else ["random", "heuristic"]
        options = {"forces": list(FORCES), "scenario": name, "players": players}
        result = play_game(seed=7000 + n, options=options)
        wins += result.winner == str(side)
    return wins / max(1, battles)


def mirror(
    name: str, battles: int, offset: int = 0, record: str | None = None
) -> tuple[list[int], float, float]:
    """Battles won by side 0 and by side 1, the mean absolute victory-point gap, and the
    mean of side 0's points less side 1's (a siege's attacker is side 0). Each battle is
    appended to the file `record` as it ends (a run cut short keeps what it played)."""
    gap = lean = 0
    won = [0, 0]
    for n in range(offset, offset + battles):
        force = FORCES[n % 2]
        options = {"forces": [force, force], "scenario": name}
        result = play_game(seed=8000 + n, options=options)
        points = result.summary["victory_points"]
        if record is not None:
            with open(record, "a") as out:
                out.write(json.dumps(_row(name, 8000 + n, force, result.winner, points)) + "\n")
        gap += abs(points[0] - points[1])
        lean += points[0] - points[1]
        if result.winner in ("0", "1"):
            won[int(result.winner)] += 1
    return won, gap / max(1, battles), lean / max(1, battles)


def _share(won: list[int]) -> str:
    """Side 0's share of the decisive battles, with its Wilson 95% interval."""
    n = sum(won)
    if not n:
        return "no decisive"
    p, z = won[0] / n, 1.96
    centre, half = p + z * z / (2 * n), z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    low, high = (centre - half) / (1 + z * z / n), (centre + half) / (1 + z * z / n)
    return f"{p:.0%} ({won[0]}-{won[1]}) [{low:.0%}-{high:.0%}]"


def _row(name: str, seed: int, force: str, winner: str | None, points: list[int]) -> dict:
    return {
        "scenario": name,
        "seed": seed,
        "force": force,
        "winner": winner,
        "vp": [int(points[0]), int(points[1])],
    }


def tally(rows: list[dict]) -> dict[str, float]:
    """Side 0's wins, draws and losses over mirror rows, the win-rate difference in points
    with its normal 95% half-width, and the mean victory-point lean."""
    n = len(rows)
    w = sum(row["winner"] == "0" for row in rows)
    lost = sum(row["winner"] == "1" for row in rows)
    pw, pl = w / max(1, n), lost / max(1, n)
    half = 1.96 * math.sqrt(max(0.0, pw + pl - (pw - pl) ** 2) / max(1, n))
    lean = sum(row["vp"][0] - row["vp"][1] for row in rows) / max(1, n)
    return {
        "n": n,
        "won": w,
        "drawn": n - w - lost,
        "lost": lost,
        "diff": 100 * (pw - pl),
        "half": 100 * half,
        "lean": lean,
    }


def _pooled_line(label: str, rows: list[dict]) -> str:
    t = tally(rows)
    wdl = f"{t['won']}-{t['drawn']}-{t['lost']}"
    share = _share([int(t["won"]), int(t["lost"])])
    return (
        f"{label:32} {t['n']:5} {wdl:>13}  {share:>27}  "
        f"{t['diff']:+6.1f} ±{t['half']:4.1f}  {t['lean']:+6.2f}"
    )


def load(paths: list[str]) -> dict[str, list[dict]]:
    """Mirror rows by scenario from --record files, a seed counted once per scenario."""
    rows: dict[tuple[str, int], dict] = {}
    for path in paths:
        for line in Path(path).read_text().splitlines():
            if line.strip():
                row = json.loads(line)
                rows[(row["scenario"], row["seed"])] = row
    out: dict[str, list[dict]] = {}
    for (name, _), row in sorted(rows.items()):
        out.setdefault(name, []).append(row)
    return out


def pool(paths: list[str]) -> int:
    print(
        f"{'scenario / force of the mirror':32} {'n':>5} {'side 0 W-D-L':>13}  "
        f"{'side 0 of decisive [Wilson]':>27}  {'W-L pts ±95%':>13}  {'VP lean':>6}"
    )
    for name, rows in load(paths).items():
        print(_pooled_line(name, rows))
        for force in FORCES:
            mine = [row for row in rows if row["force"] == force]
            if mine:
                print(_pooled_line(f"  {force}", mine))
    return 0


def _arguments() -> argparse.Namespace:
    cli = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    cli.add_argument("battles", nargs="?", type=int, default=10, help="battles of each kind")
    cli.add_argument("names", nargs="*", metavar="NAME", help="scenarios (all by default)")
    cli.add_argument("--offset", type=int, default=0, help="added to every seed")
    cli.add_argument("--mirrors-only", action="store_true", help="skip the random player")
    cli.add_argument("--record", metavar="FILE", help="append each mirror battle as JSON")
    cli.add_argument("--pool", nargs="+", metavar="FILE", help="summarise --record files")
    args = cli.parse_args()
    if args.pool:
        return args
    if args.battles < 1:
        cli.error("BATTLES must be at least 1")
    unknown = [name for name in args.names if name not in LIBRARY]
    if unknown:
        cli.error(f"unknown scenario {', '.join(unknown)}; known: {', '.join(LIBRARY)}")
    return args


def main() -> int:
    args = _arguments()
    if args.pool:
        return pool(args.pool)
    battles, names = args.battles, args.names or list(LIBRARY)
    start = time.process_time()
    print(f"{'scenario':24} v random   mirror: side 0 of decisive  mean |VP diff|  side 0 - side 1")
    for name in names:
        rate = "-" if args.mirrors_only else f"{against_random(name, battles, args.offset):.0%}"
        won, gap, lean = mirror(name, battles, args.offset, args.record)
        print(f"{name:24} {rate:>6}   {_share(won):>24}  {gap:13.1f}  {lean:+15.1f}")
    played = (1 if args.mirrors_only else 2) * battles * len(names)
    print(f"{played} battles, {time.process_time() - start:.1f} CPU s")
    print("load average", ", ".join(f"{x:.2f}" for x in os.getloadavg()))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

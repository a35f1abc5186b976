"""Does magic matter? A caster-led sample force against the same force forbidden to cast
(its profiles without their Magical Powers), both sides heuristic; the sides swap halfway.
Prints the casting side's wins, draws and losses, its win rate over the decisive battles
with a Wilson 95% interval (issue 16's target: at least 60%), the spells cast, resisted and
taking effect by power, and the CPU time with the load average.

    .venv/bin/python bench/sbg_magic.py [--battles 1000] [--force nazgul_mordor] [--workers 2]

With ``--workers`` the battles are shared among processes (each battle is played from its
own seed, so the figures are the same; the CPU time counts every worker). A/B on a sample:
``--first 100`` plays only the first 100 battles of the interleaved order (seeds 0-49 and
500-549 of 1,000), ``--skip 300`` starts after the first 300 of that order (screening away
from the seeds ``magic_policy.CASTS_A_TURN`` was chosen on), ``--outcomes FILE`` writes each
battle's seed and outcome as it ends (JSON lines), and ``--paired FILE`` (another run's
outcomes) counts the outcomes that changed each way. ``--resume`` keeps the ``--outcomes``
file of a stopped run and plays only the battles it lacks (without it the file is emptied
first); the tally counts both, the spells only the new ones.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from battlesim.engines.sbg.game import play_game  # noqa: E402
from battlesim.engines.sbg.samples import SAMPLE_FORCES  # noqa: E402
from bench.sbg_might import wilson  # noqa: E402

TARGET = 0.60


def forbidden(force: dict[str, Any]) -> dict[str, Any]:
    """The same list, its casters' powers taken away (Will kept: they still resist)."""
    units = [
        {**unit, "profile": {k: v for k, v in unit["profile"].items() if k != "powers"}}
        for unit in force["units"]
    ]
    return {**force, "name": f"{force['name']} (no magic)", "units": units}


def battle(name: str, seed: int, battles: int) -> tuple[str, Counter[str], float]:
    """Battle ``seed``: the casting side is side 0 in the first half, side 1 in the second.
    Returns its result, the spells counted by power and its CPU time."""
    start = time.process_time()
    force = SAMPLE_FORCES[name]
    magic_side = 0 if seed < battles // 2 else 1
    forces = [force, forbidden(force)]
    if magic_side == 1:
        forces.reverse()
    result = play_game(seed=seed, options={"forces": forces})
    if result.winner is None:
        outcome = "draw"
    else:
        outcome = "magic" if int(result.winner) == magic_side else "no magic"
    spells: Counter[str] = Counter()
    for event in result.log.events:
        if event.kind in ("cast", "resist", "spell"):
            power = event.data.get("power", "?")
            spells[f"{event.kind} {power}"] += int(event.data.get("cast", True))
    return outcome, spells, time.process_time() - start


def interleaved(battles: int) -> list[int]:
    """The seeds, first half and second half alternating (0, n/2, 1, n/2+1...): a partial
    tally has the casting side on each side equally often."""
    half = battles // 2
    order = [seed for pair in zip(range(half), range(half, 2 * half), strict=True) for seed in pair]
    return order + list(range(2 * half, battles))


def play(
    battles: int,
    name: str,
    workers: int = 1,
    every: int = 0,
    first: int = 0,
    outcomes: dict[int, str] | None = None,
    skip: int = 0,
    log: Path | None = None,
    played: frozenset[int] = frozenset(),
) -> tuple[Counter[str], Counter[str], float]:
    """Every battle's result and spells, and the CPU time they took; with ``every``, a
    running tally printed every that many battles; with ``skip``, the interleaved order
    less its first that many battles; with ``first``, only the first that many battles of
    what is left; ``outcomes`` receives each seed's outcome, also written to ``log`` as it
    comes (JSON lines: a stopped run keeps what it played); the seeds in ``played`` are
    left out (``--resume``)."""
    results: Counter[str] = Counter()
    spells: Counter[str] = Counter()
    cpu = 0.0
    seeds = interleaved(battles)[skip:]
    seeds = [seed for seed in seeds[: first or None] if seed not in played]
    with ProcessPoolExecutor(max(1, workers)) as pool:
        done = pool.map(battle, [name] * len(seeds), seeds, [battles] * len(seeds))
        for count, (seed, (outcome, counted, seconds)) in enumerate(
            zip(seeds, done, strict=True), 1
        ):
            results[outcome] += 1
            spells.update(counted)
            cpu += seconds
            if outcomes is not None:
                outcomes[seed] = outcome
            if log is not None:
                with log.open("a") as out:
                    out.write(json.dumps({"seed": seed, "outcome": outcome}) + "\n")
            if every and count % every == 0:
                print(f"  after {count}: {_share(results)}", flush=True)
    return results, spells, cpu


def paired(mine: dict[int, str], path: Path) -> str:
    """The battles both runs played: the casting side's wins in each, and the outcomes
    that changed each way (a sample's spread is mostly these)."""
    other = _read_outcomes(path)
    both = [seed for seed in mine if seed in other]
    won = sum(mine[s] == "magic" for s in both)
    was = sum(other[s] == "magic" for s in both)
    gained = sum(mine[s] == "magic" != other[s] for s in both)
    lost = sum(other[s] == "magic" != mine[s] for s in both)
    return (
        f"paired on {len(both)} battles: casting side won {won} here, {was} there "
        f"({gained} gained, {lost} lost)"
    )


def _read_outcomes(path: Path) -> dict[int, str]:
    """Seed -> outcome, from a run's ``--outcomes`` file (JSON lines)."""
    rows = (json.loads(line) for line in path.read_text().splitlines() if line.strip())
    return {int(row["seed"]): str(row["outcome"]) for row in rows}


def _share(results: Counter[str]) -> str:
    wins, decisive = results["magic"], results["magic"] + results["no magic"]
    low, high = wilson(wins, decisive)
    return (
        f"casting side wins {100 * wins / max(1, decisive):.1f}% of {decisive} decisive "
        f"battles, Wilson 95% [{100 * low:.1f}%, {100 * high:.1f}%]"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--battles", type=int, default=1000)
    parser.add_argument("--force", default="nazgul_mordor", choices=sorted(SAMPLE_FORCES))
    parser.add_argument("--workers", type=int, default=1, help="processes sharing the battles")
    parser.add_argument("--every", type=int, default=0, help="print a running tally this often")
    parser.add_argument("--first", type=int, default=0, help="only the first N battles")
    parser.add_argument("--skip", type=int, default=0, help="skip the first N battles")
    parser.add_argument("--outcomes", type=Path, help="write each battle's outcome here")
    parser.add_argument("--paired", type=Path, help="another run's outcomes to compare with")
    parser.add_argument(
        "--resume",
        action="store_true",
        help="keep --outcomes, play only its missing battles, count them all",
    )
    args = parser.parse_args()
    if args.battles < 2:
        parser.error("--battles must be at least 2 (the sides swap halfway)")
    if args.resume and args.outcomes is None:
        parser.error("--resume needs --outcomes (the file of the run to resume)")
    outcomes: dict[int, str] = {}
    if args.resume and args.outcomes is not None and args.outcomes.exists():
        outcomes = _read_outcomes(args.outcomes)
    elif args.outcomes is not None:
        args.outcomes.write_text("")
    before = dict(outcomes)
    results, spells, cpu = play(
        args.battles,
        args.force,
        args.workers,
        args.every,
        args.first,
        outcomes,
        args.skip,
        args.outcomes,
        frozenset(before),
    )
    results.update(before.values())  # a resumed run's earlier battles (no spells counted)
    load = ", ".join(f"{value:.2f}" for value in os.getloadavg())
    n = len(outcomes)
    print(f"{args.force}: casting v forbidden to cast, {n} battles, sides swapped halfway")
    print(f"  {cpu:.0f} CPU s ({cpu / max(1, n - len(before)):.2f} s each), load {load}")
    for key in ("magic", "draw", "no magic"):
        print(f"  {key:9s} {results[key]:5d}  {100 * results[key] / n:5.1f}%")
    print(f"  {_share(results)}; target >= {100 * TARGET:.0f}%")
    if args.paired is not None:
        print(f"  {paired(outcomes, args.paired)}")
    print("  by power (successful casts, resist rolls, spells taking effect):")
    for key, count in sorted(spells.items()):
        print(f"    {count:6d}  {key}")


if __name__ == "__main__":
    main()

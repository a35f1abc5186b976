"""Siege bench (issue 20): the siege scenarios and siege engines, measured.

1. The heuristic against the random player on each siege scenario, as attacker (side 0) and
   as defender (side 1): the heuristic's win rate.
2. Attacker/defender balance: heuristic mirror battles (the same force on both sides), the
   attacker's win rate and the mean victory points of each side.
3. Siege engine: a force with its Trebuchet (``minas_tirith_trebuchet_skirmish``) against the
   same force without it, on Storm the Gate, the engine's side attacking then defending: the
   engine side's win rate, mean victory points, engine shots and hits, and gates broken.
4. Fuzz: random players on both siege scenarios, forces with and without the engine: every
   battle must end without an exception.

    .venv/bin/python bench/sbg_siege.py [BATTLES]    # 10 per line by default

Prints CPU time and the load average at the end.
"""

from __future__ import annotations

import os
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from figures import count_argument  # noqa: E402

from battlesim.engines.sbg.game import play_game  # noqa: E402
from battlesim.engines.sbg.rules.scenario_library import SETS  # noqa: E402

FORCES = ("minas_tirith_skirmish", "mordor_skirmish")
WITH_ENGINE = "minas_tirith_trebuchet_skirmish"
WITHOUT_ENGINE = "minas_tirith_skirmish"
SIEGES = SETS["siege"]


def _play(seed: int, forces: list[str], scenario: str, players: list[str]) -> Any:
    options = {"forces": forces, "scenario": scenario, "players": players}
    return play_game(seed=seed, options=options)


def against_random(scenario: str, side: int, battles: int) -> float:
    wins = 0
    for n in range(battles):
        players = ["random", "random"]
        players[side] = "heuristic"
        forces = list(FORCES) if n % 2 == 0 else list(reversed(FORCES))
        wins += _play(9100 + n, forces, scenario, players).winner == str(side)
    return wins / max(1, battles)


def balance(scenario: str, battles: int) -> tuple[float, float, float]:
    wins, points = 0, [0, 0]
    for n in range(battles):
        force = FORCES[n % 2]
        result = _play(9200 + n, [force, force], scenario, ["heuristic", "heuristic"])
        wins += result.winner == "0"
        points = [p + v for p, v in zip(points, result.summary["victory_points"], strict=True)]
    return wins / max(1, battles), points[0] / max(1, battles), points[1] / max(1, battles)


def engine_duel(side: int, battles: int) -> dict[str, float]:
    """The engine's side is ``side``; the other side is the same force without it."""
    found: Counter[str] = Counter()
    for n in range(battles):
        forces = [WITHOUT_ENGINE, WITHOUT_ENGINE]
        forces[side] = WITH_ENGINE
        result = _play(9300 + n, forces, "storm_the_gate", ["heuristic", "heuristic"])
        found["wins"] += result.winner == str(side)
        found["points"] += result.summary["victory_points"][side]
        found["other points"] += result.summary["victory_points"][1 - side]
        for event in result.log.events:
            if event.kind == "engine_fires":
                found["shots"] += 1
            elif event.kind == "engine_shot" and event.data["hit"]:
                found["hits"] += 1
            elif event.kind == "gate_broken":
                found["gates broken"] += 1
    return {key: value / max(1, battles) for key, value in found.items()}


def fuzz(battles: int) -> tuple[int, int, int]:
    """Random players on every siege scenario, with and without the engine: (battles,
    exceptions, battles that did not end)."""
    played = errors = unended = 0
    pairs = [list(FORCES), [WITH_ENGINE, FORCES[1]], [FORCES[1], WITH_ENGINE]]
    for n in range(battles):
        for scenario in SIEGES:
            forces = pairs[n % len(pairs)]
            played += 1
            try:
                result = _play(9400 + n, forces, scenario, ["random", "random"])
            except Exception as error:  # noqa: BLE001 (a fuzz counts every failure)
                errors += 1
                print(f"  exception: {scenario} seed {9400 + n} {forces}: {error!r}")
                continue
            unended += not result.termination
    return played, errors, unended


def main() -> int:
    battles = count_argument(__doc__, 10)
    start = time.process_time()
    print("1. heuristic v random (win rate)")
    for scenario in SIEGES:
        attack, defend = against_random(scenario, 0, battles), against_random(scenario, 1, battles)
        print(f"   {scenario:16} as attacker {attack:4.0%}   as defender {defend:4.0%}")
    print("2. attacker/defender balance (heuristic mirror)")
    for scenario in SIEGES:
        rate, attacker, defender = balance(scenario, battles)
        print(
            f"   {scenario:16} attacker wins {rate:4.0%}   mean VP attacker {attacker:4.1f}"
            f" defender {defender:4.1f}"
        )
    print("3. a Trebuchet against the same force without it (Storm the Gate)")
    for side, role in ((0, "attacking"), (1, "defending")):
        found = Counter(engine_duel(side, battles))
        print(
            f"   engine side {role}: wins {found['wins']:4.0%}   VP {found['points']:4.1f}"
            f" v {found['other points']:4.1f}   shots/battle {found['shots']:4.1f}"
            f"   hits {found['hits']:4.1f}   gates broken {found['gates broken']:4.2f}"
        )
    played, errors, unended = fuzz(battles)
    print(f"4. fuzz: {played} battles, {errors} exceptions, {unended} not ended")
    print(f"CPU {time.process_time() - start:.1f} s")
    print("load average", ", ".join(f"{x:.2f}" for x in os.getloadavg()))
    return 0 if errors == 0 and unended == 0 else 1


if __name__ == "__main__":
    raise SystemExit(main())

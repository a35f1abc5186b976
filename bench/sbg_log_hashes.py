"""Hash the event logs of seeded SBG battles: what "behaviour unchanged" means.

Plays a fixed set of battles (every sample force at least three times, every preset table,
both scenarios, heuristic and random players) and hashes each battle's event log. Save the
hashes before a change that must not alter play (a restructuring, a speed-up) and check them
after; any battle whose log differs is listed with its set-up.

    .venv/bin/python bench/sbg_log_hashes.py --save bench/sbg_log_hashes.json
    .venv/bin/python bench/sbg_log_hashes.py --check bench/sbg_log_hashes.json

``--player heuristic_v2`` plays the same battle plan with the default player (the plan's
heuristic) instead of heuristic_v1, for speed-ups of the player itself; its hashes live in
bench/sbg_log_hashes_v2.json.

It also prints the CPU seconds the battles took and the load average, so the same run tells
whether the change cost speed.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from saved_hashes import save_or_check  # noqa: E402  (bench/saved_hashes.py)

from battlesim.engines.sbg.core.tables_preset import PRESETS  # noqa: E402
from battlesim.engines.sbg.game import play_game  # noqa: E402
from battlesim.engines.sbg.rules.scenarios import SCENARIOS  # noqa: E402
from battlesim.engines.sbg.samples import SAMPLE_FORCES  # noqa: E402

ROUNDS = 3  # each sample force plays side 0 this many times
# The samples of the baseline, fixed so that a new sample does not change the battle set
# (SAMPLE_FORCES grows: the casters of issue 16 are not in it).
FORCES = (
    *("minas_tirith", "mordor", "minas_tirith_skirmish", "mordor_skirmish"),
    *("gondor_captains", "gondor_captains_skirmish", "harad_mumak", "harad_mumak_skirmish"),
    *("rohan", "warg_riders", "rohan_skirmish", "warg_riders_skirmish"),
    *("fellowship", "fellowship_skirmish", "mordor_troll", "minas_tirith_ent"),
    *("mordor_troll_skirmish", "minas_tirith_ent_skirmish"),
)


# The tables and scenarios of the baseline, fixed likewise (the library of issue 20 adds
# scenarios and preset tables that bench/sbg_scenario_fuzz.py plays).
TABLES = ("open field", "village", "forest and ruins")
SCENARIO_NAMES = ("domination", "to_the_death")


def battles(player: str = "heuristic_v1") -> list[dict[str, Any]]:
    """The fixed battle set: options and seed of each, in a stable order (``player`` in
    place of heuristic_v1)."""
    forces, tables, scenarios = list(FORCES), list(TABLES), list(SCENARIO_NAMES)
    assert all(force in SAMPLE_FORCES for force in forces), "a baseline sample was removed"
    assert all(t in PRESETS for t in tables) and all(s in SCENARIOS for s in scenarios)
    plan = []
    for round_ in range(ROUNDS):
        for i, force in enumerate(forces):
            n = round_ * len(forces) + i
            opponent = forces[(i * 5 + 3 + round_ * 7) % len(forces)]
            # heuristic_v1, pinned: its decisions never change, so a differing log means the
            # rules or the engine changed, not the default player (issue 29)
            v1 = player
            players = ["random", v1] if n % 4 == 3 else [v1, v1]
            options = {
                "forces": [force, opponent],
                "table": tables[n % len(tables)],
                "scenario": scenarios[(n // len(tables)) % len(scenarios)],
                "players": players,
            }
            plan.append({"seed": 1000 + n, "options": options})
    return plan


def play(plan: list[dict[str, Any]]) -> tuple[list[str], float]:
    hashes, start = [], time.process_time()
    for battle in plan:
        result = play_game(seed=battle["seed"], options=battle["options"])
        hashes.append(hashlib.sha256(result.log.dumps().encode()).hexdigest())
    return hashes, time.process_time() - start


def combined(hashes: list[str]) -> str:
    return hashlib.sha256("".join(hashes).encode()).hexdigest()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    action = parser.add_mutually_exclusive_group()
    action.add_argument("--save", type=Path, help="write the hashes to this JSON file")
    action.add_argument("--check", type=Path, help="compare with hashes saved earlier")
    parser.add_argument(
        "--player", default="heuristic_v1", help="the heuristic played (e.g. heuristic_v2)"
    )
    args = parser.parse_args()

    plan = battles(args.player)
    hashes, cpu = play(plan)
    load = ", ".join(f"{value:.2f}" for value in os.getloadavg())
    print(f"{len(plan)} battles, {cpu:.1f} CPU s ({cpu / len(plan):.3f} s each), load {load}")
    print(f"combined log hash: {combined(hashes)}")
    return save_or_check(
        "battles",
        plan,
        hashes,
        args.save,
        args.check,
        lambda b: f"seed {b['seed']} {json.dumps(b['options'])}",
    )


if __name__ == "__main__":
    sys.exit(main())

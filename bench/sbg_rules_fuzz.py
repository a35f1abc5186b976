"""Random-legal fuzz over forces that carry the special rules of part 2 §9 (issue 17).

Each sample skirmish force is given one rule on every unit and plays on every preset table,
a random player on one side and the heuristic on the other (in turn), so that fights happen
and every random legal choice is tried; the script prints how many battles raised an
exception (there should be none) and how many models fell, then CPU time and load average.

    .venv/bin/python bench/sbg_rules_fuzz.py [BATTLES]
"""

from __future__ import annotations

import copy
import os
import sys
import time
import traceback
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from figures import count_argument  # noqa: E402

from battlesim.engines.sbg.core.tables_preset import PRESETS  # noqa: E402
from battlesim.engines.sbg.game import play_game  # noqa: E402
from battlesim.engines.sbg.samples import SAMPLE_FORCES  # noqa: E402

RULES = (
    "Woodland Creature (Active)",
    "Throw Stones (Active)",
    "Burly",
    "Will of Evil",
    "Sworn Protector (Active)",
    "Expert Rider (Active)",
    "Cave Dweller",
    "Hatred (Man) (Active)",
    "Ancient Enemies (Orc) (Active)",
    "Bodyguard (Active)",
    "Fly (Active)",
    "Poisoned Weapon",
    "Mighty Blow",
    "Bane Weapons (Orc)",
    "Monstrous Charge",
    "Backstabbers",
    "Blades of the Dead",
    "Mountain Dweller",
    "Expert Shot",
    "Horse Lord",
    "See the Unseen",
    "Light-footed",
)
FORCES = ("minas_tirith_skirmish", "mordor_skirmish", "rohan_skirmish", "warg_riders_skirmish")


def force_with(rule: str, base: str) -> dict[str, Any]:
    force = copy.deepcopy(dict(SAMPLE_FORCES[base]))
    for unit in force["units"]:
        unit["profile"]["rules"] = [*unit["profile"].get("rules", ()), rule]
    force["name"] = f"{force['name']} with {rule}"
    return force


def main() -> int:
    battles = count_argument(__doc__, 300)
    tables, failures, fallen, start = list(PRESETS), 0, 0, time.process_time()
    for n in range(battles):
        rule = RULES[n % len(RULES)]
        ours = force_with(rule, FORCES[n % len(FORCES)])
        theirs = FORCES[(n // len(RULES) + 1) % len(FORCES)]
        options = {
            "forces": [ours, theirs],
            "table": tables[n % len(tables)],
            "players": ["random", "heuristic"] if n % 2 else ["heuristic", "random"],
        }
        try:
            result = play_game(seed=7000 + n, options=options)
            fallen += sum(1 for event in result.log.events if event.kind == "casualty")
        except Exception:  # noqa: BLE001  (the fuzz reports every failure)
            failures += 1
            print(f"seed {7000 + n}, {rule}, table {options['table']}:", file=sys.stderr)
            traceback.print_exc(limit=4)
    cpu = time.process_time() - start
    load = ", ".join(f"{value:.2f}" for value in os.getloadavg())
    print(f"{battles} battles, {failures} with an exception, {fallen} casualties")
    print(f"{cpu:.1f} CPU s, load {load}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())

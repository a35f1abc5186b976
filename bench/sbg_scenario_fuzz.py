"""Random-legal fuzz over every scenario of the library and every preset table (issue 20).

Battle n plays scenario n mod the library's size (the siege scenarios on their own table, the
others on the preset tables and a generated one with the scenario's features, in turn),
sample forces in turn, random players on both sides for every third battle and a random
player against the heuristic otherwise, every fifth battle in narrative mode. It prints, per
scenario, the battles, how they ended and the mean turns, then how many raised an exception
(there should be none) and how many did not end (none: the turn limit).

    .venv/bin/python bench/sbg_scenario_fuzz.py [BATTLES]    # 300 by default
"""

from __future__ import annotations

import os
import sys
import time
import traceback
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from figures import count_argument  # noqa: E402

from battlesim.engines.sbg.core.tables_more import ALL_PRESETS  # noqa: E402
from battlesim.engines.sbg.game import play_game  # noqa: E402
from battlesim.engines.sbg.rules.scenario_library import LIBRARY  # noqa: E402

FORCES = (
    ("minas_tirith_skirmish", "mordor_skirmish"),
    ("rohan_skirmish", "warg_riders_skirmish"),
    ("gondor_captains_skirmish", "mordor_troll_skirmish"),
    ("fellowship_skirmish", "harad_mumak_skirmish"),
    ("minas_tirith", "mordor"),
    ("minas_tirith_trebuchet_skirmish", "mordor_skirmish"),  # a siege engine (SE-*)
)


def plan(count: int) -> list[dict[str, Any]]:
    names, tables = list(LIBRARY), [*ALL_PRESETS, "generated"]
    battles = []
    for n in range(count):
        players = (
            ["random", "random"] if n % 3 == 0 else ["random", "heuristic"][:: 1 - 2 * (n % 2)]
        )
        options: dict[str, Any] = {
            "forces": list(FORCES[(n // len(names)) % len(FORCES)]),
            "scenario": names[n % len(names)],
            "table": tables[(n // len(names)) % len(tables)],
            "players": players,
        }
        if n % 5 == 4:
            options["mode"] = "narrative"
        battles.append({"seed": 5000 + n, "options": options})
    return battles


def main() -> int:
    count = count_argument(__doc__, 300)
    ends: dict[str, Counter[str]] = defaultdict(Counter)
    turns: dict[str, list[int]] = defaultdict(list)
    failures, unended, start = 0, 0, time.process_time()
    for battle in plan(count):
        name = battle["options"]["scenario"]
        try:
            result = play_game(seed=battle["seed"], options=battle["options"])
        except Exception:  # noqa: BLE001  (the fuzz reports every failure)
            failures += 1
            print(f"FAILED seed {battle['seed']} {battle['options']}")
            traceback.print_exc()
            continue
        if not result.termination:
            unended += 1
        ends[name][result.termination] += 1
        turns[name].append(int(result.summary["turns"]))
    for name in LIBRARY:
        mean = sum(turns[name]) / max(1, len(turns[name]))
        print(f"{name:24} {len(turns[name]):4} battles, {mean:4.1f} turns, {dict(ends[name])}")
    cpu = time.process_time() - start
    print(f"{count} battles, {failures} exceptions, {unended} not ended, {cpu:.1f} CPU s")
    print("load average", ", ".join(f"{x:.2f}" for x in os.getloadavg()))
    return 1 if failures or unended else 0


if __name__ == "__main__":
    raise SystemExit(main())

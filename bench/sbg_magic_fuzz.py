"""Random-legal fuzz with casters (issue 16): the caster samples against each other and
against themselves, random and heuristic players in turn, each battle watched by the magic
invariants of tests/engines/sbg/test_magic.py (no Will below zero, no effect outliving its
duration or its caster). Prints the battles that raised an exception or broke an invariant
(there should be none), the spells that took effect by power, CPU time and load average.
``--cavalry``: the casters against the mounted lists instead (Riders of Rohan, the Warg
pack), sides swapped in turn: MAGIC-TGT-03's rider-or-mount choice; it also counts the
parts chosen (``power_part``).

    .venv/bin/python bench/sbg_magic_fuzz.py [BATTLES] [--cavalry]
"""

from __future__ import annotations

import os
import sys
import time
import traceback
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from figures import count_argument  # noqa: E402

from battlesim.engines.sbg.policies.players import RandomPlayer  # noqa: E402
from battlesim.engines.sbg.policies.roster import PLAYERS  # noqa: E402
from tests.engines.sbg.test_battles import run_watched  # noqa: E402
from tests.engines.sbg.test_magic import _MagicWatcher  # noqa: E402

CASTERS = ("gandalf_minas_tirith", "nazgul_mordor")
MOUNTED = ("rohan", "warg_riders")
CAVALRY_FLAG = "--cavalry"


def _forces(seed: int, cavalry: bool) -> list[str]:
    if not cavalry:
        return [CASTERS[seed % 2], CASTERS[(seed // 2) % 2]]
    pair = [CASTERS[seed % 2], MOUNTED[(seed // 2) % 2]]
    return pair if (seed // 4) % 2 == 0 else pair[::-1]


def main() -> int:
    cavalry = CAVALRY_FLAG in sys.argv
    if cavalry:
        sys.argv.remove(CAVALRY_FLAG)
    battles = count_argument(__doc__, 300)
    start = time.process_time()
    failures: list[str] = []
    spells: Counter[str] = Counter()
    for seed in range(battles):
        forces = _forces(seed, cavalry)
        heuristic = PLAYERS["heuristic"](None)
        players = (RandomPlayer(), heuristic) if seed % 3 else (heuristic, RandomPlayer())
        if seed % 5 == 0:
            players = (RandomPlayer(), RandomPlayer())
        try:
            state, watcher = run_watched(seed, players, {"forces": forces}, _MagicWatcher())
        except Exception:  # noqa: BLE001 - the fuzz reports every failure and goes on
            failures.append(f"seed {seed}: {traceback.format_exc(limit=3)}")
            continue
        failures += [f"seed {seed}: {problem}" for problem in watcher.problems]
        spells.update(str(e.data["power"]) for e in state.log.of_kind("spell"))
        spells.update(f"part {e.data['part']}" for e in state.log.of_kind("power_part"))
    cpu = time.process_time() - start
    load = ", ".join(f"{value:.2f}" for value in os.getloadavg())
    against = "against cavalry" if cavalry else "with casters"
    print(f"{battles} battles {against}, random and heuristic players")
    print(f"  {cpu:.0f} CPU s ({cpu / max(1, battles):.2f} s each), load {load}")
    print(f"  exceptions or broken invariants: {len(failures)}")
    for failure in failures[:10]:
        print(f"    {failure}")
    print("  spells taking effect by power:")
    for power, count in sorted(spells.items()):
        print(f"    {count:6d}  {power}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())

"""Where does a player win or lose against another? Reads the stronger check's battles
(``bench/sbg_players.py --check stronger --outcomes FILE``, one run a file) and prints, per
cell (the forces, scenario, side the studied player took), the decisive battles it won
in each file (the check writes its sample pairings and same-force battles alike: "all"
counts both); with two files, the results the second turned each way on the same battles.

    .venv/bin/python bench/sbg_player_cells.py main.jsonl branch.jsonl

A run with ``--player heuristic_v1`` gives v1 against itself: the share each cell's list
and side win whoever plays, the baseline a cell's figure is read against.
"""

from __future__ import annotations

import json
import sys
from collections import defaultdict
from typing import Any

Key = tuple[int, str, str, str, str, int]  # seed, forces, table, scenario, side


def load(path: str) -> dict[Key, str]:
    """Each battle's result for the studied side: W(on), L(ost) or D(raw)."""
    results = {}
    with open(path, encoding="utf-8") as rows:
        for line in rows:
            row: dict[str, Any] = json.loads(line)
            forces = row["forces"]
            key = (row["seed"], forces[0], forces[1], row["table"], row["scenario"], row["side"])
            winner = row["winner"]
            results[key] = "D" if winner is None else "WL"[int(winner) != row["side"]]
    return results


def cells(results: dict[Key, str], keys: list[Key]) -> dict[tuple[str, str, int], list[int]]:
    """(forces, scenario, side) -> [won, decisive]."""
    counts: dict[tuple[str, str, int], list[int]] = defaultdict(lambda: [0, 0])
    for key in keys:
        result = results[key]
        if result != "D":
            cell = counts[(f"{key[1]} v {key[2]}", key[4], key[5])]
            cell[0] += result == "W"
            cell[1] += 1
    return counts


def main() -> None:
    runs = [load(path) for path in sys.argv[1:]]
    keys = sorted(set.intersection(*(set(run) for run in runs)))
    counted = [cells(run, keys) for run in runs]
    for cell in sorted(counted[0]):
        figures = "  ".join(f"{c[cell][0]:3d}/{c[cell][1]:<3d}" for c in counted)
        print(f"{cell[0]:34s} {cell[1]:13s} side {cell[2]}  {figures}")
    totals = [[sum(c[i] for c in run.values()) for i in (0, 1)] for run in counted]
    print("all", len(keys), "battles  " + "  ".join(f"{w}/{n} = {w / n:.3f}" for w, n in totals))
    if len(runs) == 2:
        before, after = runs
        turned = sum(before[k] != "W" and after[k] == "W" for k in keys)
        lost = sum(before[k] == "W" and after[k] != "W" for k in keys)
        print(f"the second run won {turned} battles the first did not, and lost {lost} it won")


if __name__ == "__main__":
    main()

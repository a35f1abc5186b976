"""bench/sbg_scenario_quality.py pools mirror parts recorded apart (issue 20: the mirrors'
5-point check needs thousands of battles, run in parts with --offset)."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from types import ModuleType

BENCH = Path(__file__).resolve().parents[3] / "bench" / "sbg_scenario_quality.py"


def _bench() -> ModuleType:
    spec = importlib.util.spec_from_file_location("sbg_scenario_quality", BENCH)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _row(seed: int, winner: str | None, vp: list[int]) -> str:
    force = "minas_tirith_skirmish" if seed % 2 == 0 else "mordor_skirmish"
    row = {"scenario": "to_the_death", "seed": seed, "force": force, "winner": winner, "vp": vp}
    return json.dumps(row) + "\n"


def test_pool_counts_a_seed_once_and_tallies_side_0(tmp_path: Path) -> None:
    bench = _bench()
    first, second = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    first.write_text(_row(8000, "0", [6, 1]) + _row(8001, "1", [0, 4]))
    # 8001 again (an overlapping part), then a draw
    second.write_text(_row(8001, "1", [0, 4]) + _row(8002, None, [3, 3]))
    rows = bench.load([str(first), str(second)])
    assert [row["seed"] for row in rows["to_the_death"]] == [8000, 8001, 8002]
    tally = bench.tally(rows["to_the_death"])
    assert (tally["won"], tally["drawn"], tally["lost"]) == (1, 1, 1)
    assert tally["diff"] == 0.0 and tally["half"] > 0
    assert abs(tally["lean"] - 1 / 3) < 1e-9  # (5 - 4 + 0) / 3


def test_record_appends_each_mirror_battle(tmp_path: Path) -> None:
    bench = _bench()
    out = tmp_path / "mirrors.jsonl"
    won, _, lean = bench.mirror("to_the_death", 2, offset=0, record=str(out))
    rows = bench.load([str(out)])["to_the_death"]
    assert [row["seed"] for row in rows] == [8000, 8001]
    tally = bench.tally(rows)
    assert (tally["won"], tally["lost"]) == tuple(won)
    assert tally["lean"] == lean

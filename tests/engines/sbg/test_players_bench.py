"""bench/sbg_players.py's seeds: ``--offset`` plays new seeds for a check paired with main."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

BENCH = Path(__file__).resolve().parents[3] / "bench"


@pytest.fixture
def bench(monkeypatch: pytest.MonkeyPatch) -> ModuleType:
    monkeypatch.syspath_prepend(str(BENCH))
    spec = importlib.util.spec_from_file_location("sbg_players_bench", BENCH / "sbg_players.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_offset_moves_every_check_to_new_seeds(
    bench: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    played: list[list[int]] = []

    def check(seeds: int, _player: str) -> None:
        played.append(list(bench.seed_range(seeds)))

    assert list(bench.seed_range(2)) == [0, 1]
    monkeypatch.setattr(bench, "CHECKS", {"stronger": check})
    monkeypatch.setattr(bench, "OFFSET", [0])
    monkeypatch.setattr(sys, "argv", ["sbg_players.py", "--seeds", "4", "--offset", "8"])
    bench.main()
    assert played == [[8, 9, 10, 11]]
    swapped = bench.swapped(2, ("to_the_death",), (("rohan", "rohan"),))
    assert {seed for seed, *_ in swapped} == {8, 9}

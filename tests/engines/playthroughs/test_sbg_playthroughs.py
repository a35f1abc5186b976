"""Golden SBG playthroughs: (set-up options, seed) -> the expected event log, replayed.

Regenerate after an intended rules change with
``python -m tests.engines.playthroughs.test_sbg_playthroughs`` and review the diff.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from battlesim.engines.sbg.game import play_game

HERE = Path(__file__).parent
# heuristic_v1, pinned: its decisions never change, so the goldens follow the rules only
V1 = ["heuristic_v1", "heuristic_v1"]
GOLDEN = {
    "sbg_skirmish_heuristic_seed7.json": {
        "seed": 7,
        "options": {
            "forces": ["minas_tirith_skirmish", "mordor_skirmish"],
            "players": V1,
            "turn_limit": 6,
        },
    },
    "sbg_skirmish_random_village_seed3.json": {
        "seed": 3,
        "options": {
            "forces": ["minas_tirith_skirmish", "mordor_skirmish"],
            "players": ["heuristic_v1", "random"],
            "table": "village",
            "scenario": "domination",
            "turn_limit": 4,
        },
    },
    # WB-*: a War Mumak tramples, its crew shoot (the commander calls "Fire!"), Irresistible Force
    "sbg_mumak_heuristic_seed20.json": {
        "seed": 20,
        "options": {
            "forces": ["minas_tirith_skirmish", "harad_mumak_skirmish"],
            "players": V1,
            "turn_limit": 5,
        },
    },
    # RING-*: the One Ring put on and off, the Will of Sauron, an enemy spotting the bearer
    "sbg_fellowship_ring_random_seed9.json": {
        "seed": 9,
        "options": {
            "forces": ["fellowship_skirmish", "mordor_skirmish"],
            "players": ["random", "heuristic_v1"],
            "turn_limit": 5,
        },
    },
}


def _play(case: dict[str, Any]) -> list[dict[str, Any]]:
    log = play_game(seed=case["seed"], options=case["options"]).log.to_json()
    return json.loads(json.dumps(log))  # the stored form: tuples become lists


@pytest.mark.parametrize("name", sorted(GOLDEN))
def test_golden_playthrough_replays_identically(name: str) -> None:
    """Issue 4 item 6: a stored (set-up, seed) replays to the stored log, event by event."""
    stored = json.loads((HERE / name).read_text())
    assert stored["seed"] == GOLDEN[name]["seed"] and stored["options"] == GOLDEN[name]["options"]
    replayed = _play(stored)
    for index, (expected, actual) in enumerate(zip(stored["log"], replayed, strict=False)):
        assert actual == expected, f"first difference at event {index}"
    assert len(replayed) == len(stored["log"])


def regenerate() -> None:
    for name, case in GOLDEN.items():
        payload = {**case, "log": _play(case)}
        (HERE / name).write_text(json.dumps(payload, separators=(",", ":"), sort_keys=True))


if __name__ == "__main__":
    regenerate()

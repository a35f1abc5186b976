"""Golden playthrough: (options, seed) -> the stored event log, replayed event by event.

Regenerate after an intended rules change with
``python -m tests.engines.monopoly.test_playthrough`` and review the diff.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from battlesim.engines.monopoly.game import play_game

GOLDEN = Path(__file__).parent / "golden_one_ring_seed5.json"
CASE: dict[str, Any] = {"seed": 5, "options": {"one_ring": True, "variant": "quick"}}


def _play() -> list[dict[str, Any]]:
    log = play_game(seed=CASE["seed"], options=CASE["options"]).log.to_json()
    return json.loads(json.dumps(log))  # the stored form: tuples become lists, keys strings


def test_the_golden_game_replays_identically() -> None:
    """Same seed, same game, even across runs and machines (STYLE example 6)."""
    stored = json.loads(GOLDEN.read_text(encoding="utf-8"))
    assert stored["seed"] == CASE["seed"] and stored["options"] == CASE["options"]
    replayed = _play()
    for index, (expected, actual) in enumerate(zip(stored["log"], replayed, strict=False)):
        assert actual == expected, f"first difference at event {index}"
    assert len(replayed) == len(stored["log"])


if __name__ == "__main__":
    GOLDEN.write_text(json.dumps({**CASE, "log": _play()}, ensure_ascii=False, indent=0) + "\n")

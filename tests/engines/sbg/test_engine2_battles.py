"""Issue 5 property checks: random-legal players over seeded battles with Heroes, cavalry,
Monsters, a War Beast and the One Ring (the full 500-battle run: bench/sbg_engine2.py)."""

from __future__ import annotations

import math
from typing import Any

import pytest

from battlesim.engines.log import Event
from battlesim.engines.sbg.core.state import BattleState
from battlesim.engines.sbg.game import (
    play_game,
)
from battlesim.engines.sbg.policies.players import RandomPlayer
from battlesim.engines.sbg.rules.howdah import riding
from tests.engines.sbg.test_battles import run_watched

PAIRS = [
    ("rohan_skirmish", "mordor_troll_skirmish"),
    ("minas_tirith_ent_skirmish", "warg_riders_skirmish"),
    ("fellowship_skirmish", "harad_mumak_skirmish"),
    ("rohan_skirmish", "harad_mumak_skirmish"),
]
TABLES = [None, "village", "generated"]


class Watcher:
    """After every event: no two bases on the ground overlap (War Beast riders stand in the
    howdah), and no Hero's Might, Will or Fate is below zero (HERO-MIGHT-01)."""

    def __init__(self) -> None:
        self.state: BattleState | None = None
        self.problems: list[str] = []

    def __call__(self, event: Event) -> None:
        if self.state is None:
            return
        living = [m for m in self.state.living() if riding(m) is None]
        for model in living:
            if min(model.might, model.will, model.fate) < 0:
                self.problems.append(f"{model.uid} pools below zero at {event.kind}")
        if event.kind in {"move", "casualty", "riderless_mount"}:
            self._no_overlap(living)

    def _no_overlap(self, living: list[Any]) -> None:
        for i, a in enumerate(living):
            for b in living[i + 1 :]:
                if math.hypot(a.x - b.x, a.y - b.y) < a.radius + b.radius - 0.02:
                    self.problems.append(f"overlap {a.uid} {b.uid} turn {self.state.turn}")


def _options(seed: int) -> dict[str, Any]:
    return {
        "forces": list(PAIRS[seed % len(PAIRS)]),
        "players": ["random", "random"],
        "table": TABLES[seed % len(TABLES)],
        "table_seed": seed,
        "turn_limit": 10,
    }


@pytest.mark.parametrize("seed", range(12))
def test_random_legal_battles_with_everything_keep_the_invariants(seed: int) -> None:
    players = (RandomPlayer(), RandomPlayer())
    state, watcher = run_watched(seed, players, _options(seed), Watcher())
    assert watcher.problems == []
    removed = [m for m in state.models.values() if not m.alive]
    assert len(removed) == len(state.log.of_kind("casualty"))
    assert state.log.of_kind("outcome")


def test_same_seed_same_battle_with_everything() -> None:
    """Issue 5: the same seed gives the same log, Heroes, cavalry and beasts included."""
    options = {**_options(2), "players": ["heuristic", "random"]}
    assert play_game(seed=2, options=options).log.dumps() == (
        play_game(seed=2, options=options).log.dumps()
    )

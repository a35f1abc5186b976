"""Whole battles: invariants over seeded random-legal battles, same seed same log, options."""

from __future__ import annotations

import math
import subprocess
import sys
from pathlib import Path
from typing import Any, TypeVar

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from battlesim.engines.dice import Dice
from battlesim.engines.log import Event, EventLog
from battlesim.engines.registry import play_function
from battlesim.engines.sbg.core.data import CONTROL_ZONE
from battlesim.engines.sbg.core.state import BattleState
from battlesim.engines.sbg.game import (
    BattleOptionError,
    deploy,
    new_battle,
    play_battle,
    play_game,
    setup_from_options,
)
from battlesim.engines.sbg.policies.players import HeuristicPlayer, RandomPlayer
from battlesim.engines.sbg.rules.scenarios import UnknownScenarioError

SKIRMISH = {"forces": ["minas_tirith_skirmish", "mordor_skirmish"], "turn_limit": 8}


W = TypeVar("W")


class InvariantWatcher:
    """Checks the state after every event (issue 4 property tests)."""

    def __init__(self) -> None:
        self.state: BattleState | None = None
        self.problems: list[str] = []

    def __call__(self, event: Event) -> None:
        if self.state is None or event.kind not in {"move", "casualty", "end_of_turn"}:
            return
        self._no_overlap()
        self.problems += self.state.stale_answers()  # speed memos match a fresh look
        if event.kind == "move" and event.data["reason"] in {"move", "charge"}:
            self._outside_zones(self.state.models[event.data["model"]])

    def _no_overlap(self) -> None:
        state = self.state
        assert state is not None
        living = list(state.living())
        for i, a in enumerate(living):
            for b in living[i + 1 :]:
                if math.hypot(a.x - b.x, a.y - b.y) < a.radius + b.radius - 0.02:
                    self.problems.append(f"overlap {a.uid} {b.uid} turn {state.turn}")

    def _outside_zones(self, model: Any) -> None:
        state = self.state
        assert state is not None
        if state.engaged(model):
            return
        for enemy in state.enemies(model):
            if enemy.prone or state.engaged(enemy):
                continue
            if state.distance(model, enemy) < CONTROL_ZONE - 0.01:
                self.problems.append(f"{model.uid} ends in {enemy.uid}'s zone")


def run_watched(
    seed: int, players: tuple[Any, Any], options: dict[str, Any], watcher: W | None = None
) -> tuple[BattleState, W]:
    """Play one battle with ``watcher`` (by default the issue 4 invariants) listening."""
    watcher = watcher if watcher is not None else InvariantWatcher()  # type: ignore[assignment]
    dice = Dice(seed)
    setup = setup_from_options(options, dice)
    state = new_battle(setup, dice, EventLog(listeners=[watcher]))
    deploy(state, setup.scenario, players)
    watcher.state = state
    play_battle(state, setup.scenario, players)
    return state, watcher


def _wounds_add_up(state: BattleState) -> None:
    removed = [m for m in state.models.values() if not m.alive]
    assert sum(state.casualties) == len(removed) == len(state.log.of_kind("casualty"))
    for player in (0, 1):
        assert state.start_counts[player] - state.casualties[player] == state.alive_count(player)
    for model in state.models.values():
        wounds = sum(1 for e in state.log.of_kind("wound") if e.data["model"] == model.uid)
        assert model.wounds == model.profile.wounds - wounds
        assert model.alive == (model.wounds > 0) or not model.alive


@pytest.mark.parametrize("seed", range(30))
def test_random_legal_battles_keep_the_invariants(seed: int) -> None:
    """Issue 4: no exception, no base overlap, no model ends a move in an enemy control zone
    unless engaged (MOVE-ZOC-01), wounds and casualties add up."""
    players = (RandomPlayer(), RandomPlayer()) if seed % 2 else (RandomPlayer(), HeuristicPlayer())
    state, watcher = run_watched(seed, players, SKIRMISH)
    assert watcher.problems == []
    _wounds_add_up(state)
    assert state.log.of_kind("outcome")


def test_same_seed_gives_the_identical_log() -> None:
    """Issue 4 item 5: the same seed and inputs replay the same battle exactly."""
    first = play_game(seed=11, options=SKIRMISH)
    second = play_game(seed=11, options=SKIRMISH)
    assert first.log.dumps() == second.log.dumps()
    assert play_game(seed=12, options=SKIRMISH).log.dumps() != first.log.dumps()


def test_every_roll_is_logged_with_its_purpose() -> None:
    """Issue 4 item 5: the log holds every die the Dice produced, in order."""
    dice_log: list[int] = []
    result = play_game(seed=5, options=SKIRMISH)
    for event in result.log.of_kind("roll"):
        assert event.data["purpose"]
        dice_log += event.data["dice"]
    assert len(dice_log) > 50


def test_registry_finds_the_engine() -> None:
    """Engine contract: play_game through the registry (battlesim/engines/registry.py)."""
    result = play_function("sbg")(seed=2, options={**SKIRMISH, "turn_limit": 2})
    assert result.termination in {"turn_limit", "reduced_to_quarter", "wiped_out"}
    assert result.summary["turns"] <= 2


def test_the_engine_imports_no_django() -> None:
    """Engine contract: a fresh interpreter imports the engine without Django or Celery."""
    code = (
        "import sys, battlesim.engines.sbg.game, battlesim.engines.sbg.__main__; "
        "assert not {'django', 'celery'} & set(sys.modules)"
    )
    root = Path(__file__).resolve().parents[3]
    subprocess.run([sys.executable, "-c", code], check=True, cwd=root)


@pytest.mark.parametrize(
    ("options", "error"),
    [
        ({"forces": ["nope", "mordor"]}, BattleOptionError),
        ({"forces": ["mordor"]}, BattleOptionError),
        ({"players": ["heuristic", "clever"]}, BattleOptionError),
        ({"scenario": "capture"}, UnknownScenarioError),
        ({"turn_limit": 0}, UnknownScenarioError),
    ],
)
def test_bad_options_are_refused(options: dict[str, Any], error: type[ValueError]) -> None:
    with pytest.raises(error):
        play_game(seed=1, options=options)


def test_domination_on_a_preset_table() -> None:
    """Scenario 'domination' on the 'village' preset: the battle completes and scores."""
    result = play_game(
        seed=4, options={**SKIRMISH, "scenario": "domination", "table": "village", "turn_limit": 4}
    )
    assert result.summary["scenario"] == "domination"
    assert len(result.summary["victory_points"]) == 2


@settings(max_examples=8, deadline=None, database=None)
@given(seed=st.integers(min_value=0, max_value=2**31 - 1), heuristic=st.booleans())
def test_property_invariants_hold_for_any_seed(seed: int, heuristic: bool) -> None:
    """Issue 4 property test (hypothesis): for any seed, no overlap, no model left in an enemy
    zone after a move unless engaged, wounds and casualties add up."""
    second = HeuristicPlayer() if heuristic else RandomPlayer()
    state, watcher = run_watched(seed, (RandomPlayer(), second), {**SKIRMISH, "turn_limit": 5})
    assert watcher.problems == []
    _wounds_add_up(state)


def test_setup_event_holds_everything_needed_to_rebuild_the_battle() -> None:
    """Issue 4 item 6: the set-up event carries the profiles, positions, table and seed;
    the profiles round-trip to the same engine values."""
    from battlesim.engines.sbg.core.units import profile_from_data

    result = play_game(seed=9, options={**SKIRMISH, "turn_limit": 1})
    setup = result.log.of_kind("setup")[0].data
    assert setup["seed"] == 9 and setup["table"] is None
    force = setup["forces"][1]
    captain = profile_from_data(force["profiles"]["Orc Captain"])
    assert (captain.fight, captain.defence, captain.options) == (4, 5, ("shield",))
    assert set(setup["positions"]) == set(setup["forces"][0]["models"]) | set(force["models"])

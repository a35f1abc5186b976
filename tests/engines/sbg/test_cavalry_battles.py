"""Seeded battles with cavalry on both sides (Rohan against a Warg pack): no exception, no
base overlap, no move ending in an enemy zone, and wounds and casualties add up with
riders, mounts and riderless mounts counted as the rules count them (CAV-BRK-01)."""

from __future__ import annotations

import pytest

from battlesim.engines.sbg.core.state import BattleState
from battlesim.engines.sbg.core.units import Profile
from battlesim.engines.sbg.game import play_game
from battlesim.engines.sbg.policies.players import HeuristicPlayer, RandomPlayer
from tests.engines.sbg.test_battles import run_watched

CAVALRY = {"forces": ["rohan_skirmish", "warg_riders_skirmish"], "turn_limit": 8}


def _count(state: BattleState, kind: str, uid: str) -> int:
    return sum(1 for e in state.log.of_kind(kind) if e.data["model"] == uid)


def _on_foot(profile: Profile | None) -> bool:
    return profile is not None and profile.mount is None


def _cavalry_adds_up(state: BattleState) -> None:
    original = {spec.uid: spec.profile for force in state.forces for spec in force.models}
    for player in (0, 1):
        removed = [e for e in state.log.of_kind("casualty") if e.data["player"] == player]
        born = [
            e for e in state.log.of_kind("riderless_mount") if e.data["model"][0] == "AB"[player]
        ]
        assert state.start_counts[player] + len(born) - len(removed) == state.alive_count(player)
        on_foot = sum(1 for e in removed if _on_foot(original.get(e.data["model"])))
        pairs = min(state.riders_lost[player], state.mounts_lost[player])
        assert state.casualties[player] == on_foot + pairs
    for uid, model in state.models.items():
        start = original.get(uid)
        if start is None or model.loose:
            continue  # a riderless mount: its wounds are the mount's
        assert model.wounds == start.wounds - _count(state, "wound", uid)
        if model.mount is not None:
            assert model.mount.wounds == start.mount.wounds - _count(state, "mount_wound", uid)


@pytest.mark.parametrize("seed", range(20))
def test_cavalry_battles_keep_the_invariants(seed: int) -> None:
    """Cavalry on both sides, heuristic and random players, open and generated tables."""
    kinds = [
        (HeuristicPlayer(), HeuristicPlayer()),
        (RandomPlayer(), HeuristicPlayer()),
        (HeuristicPlayer(), RandomPlayer()),
        (RandomPlayer(), RandomPlayer()),
    ]
    options = {**CAVALRY, **({"table": "generated"} if seed % 3 == 2 else {})}
    state, watcher = run_watched(seed, kinds[seed % 4], options)
    assert watcher.problems == []
    _cavalry_adds_up(state)
    assert state.log.of_kind("outcome")


def test_the_sample_cavalry_forces_fight_the_infantry_samples() -> None:
    """The brief's call: Rohan (cavalry) against the Mordor infantry sample plays through,
    and the Rohan riders use their charge bonus."""
    result = play_game(seed=1, options={"forces": ["rohan", "mordor"]})
    assert result.termination in {"reduced_to_quarter", "wiped_out", "turn_limit"}
    assert result.log.of_kind("cavalry_charge")

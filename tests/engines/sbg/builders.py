"""Small battle states for rule tests: models placed by hand, dice scripted."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from typing import Any

from battlesim.engines.dice import Dice, ScriptedDice
from battlesim.engines.log import EventLog
from battlesim.engines.sbg.core.state import BattleState, ModelState
from battlesim.engines.sbg.core.units import Alignment, Force, ModelSpec, Profile
from battlesim.engines.sbg.policies.players import HeuristicPlayer
from battlesim.engines.sbg.rules import muster

BASE_GAP = 25.0 / 25.4  # centre distance of two touching 25 mm bases, inches

WARRIOR = Profile(
    name="Test Warrior",
    move=6.0,
    fight=3,
    shoot=4,
    strength=3,
    defence=4,
    attacks=1,
    wounds=1,
    courage=3,
    keywords=frozenset({"man", "infantry", "warrior"}),
    wargear=("sword",),
)


def profile(**changes: Any) -> Profile:
    """The test warrior with some characteristics or wargear changed."""
    return replace(WARRIOR, **changes)


def battle(
    dice: Iterable[int] | Dice = (),
    *,
    alignments: tuple[Alignment, Alignment] = (Alignment.GOOD, Alignment.EVIL),
    table: Any = None,
    priority: int = 0,
) -> BattleState:
    """An empty 48" table with scripted dice; side 0 Good and side 1 Evil by default."""
    forces = (Force("A", alignments[0], ()), Force("B", alignments[1], ()))
    source = dice if isinstance(dice, Dice) else ScriptedDice(dice)
    state = BattleState(forces, source, EventLog(), table=table)
    state.priority = priority
    state.turn = 1
    return state


def add(
    state: BattleState, uid: str, player: int, x: float, y: float, prof: Profile = WARRIOR
) -> ModelState:
    return muster.place(state, ModelSpec(uid, prof), player, (x, y))


def players() -> tuple[HeuristicPlayer, HeuristicPlayer]:
    return (HeuristicPlayer(), HeuristicPlayer())


def rolls(state: BattleState) -> list[tuple[str, list[int]]]:
    return [(e.data["purpose"], e.data["dice"]) for e in state.log.of_kind("roll")]

"""Evil army rules XIV (issue 19): Mercenary Ambush (Goblin Mercenaries), from the
BattleScribe rule text; the test fails when the rule's unit is removed."""

from __future__ import annotations

from dataclasses import replace

from battlesim.engines.sbg.core.state import Phase, Tick, tick
from battlesim.engines.sbg.core.table import Table, TerrainKind, TerrainPiece
from battlesim.engines.sbg.core.tables_preset import rectangle
from battlesim.engines.sbg.rules.armies.evil.ambush import _WAITING
from tests.engines.sbg.builders import WARRIOR, add, battle

WOOD = Table("wood", (TerrainPiece("wood", TerrainKind.DIFFICULT, rectangle(24, 30, 8, 8)),))
MERC = replace(WARRIOR, name="Goblin Mercenary", keywords=frozenset({"goblin", "warrior"}))
CAPTAIN = replace(
    MERC,
    name="Goblin Mercenary Captain",
    might=1,
    will=1,
    fate=1,
    keywords=frozenset({"goblin", "hero"}),
    rules=("Mercenary Ambush",),
)


def _ambushers(dice: list[int]):  # type: ignore[no-untyped-def]
    state = battle(dice, table=WOOD)
    captain = add(state, "C", 1, 4, 44, CAPTAIN)
    mercs = [
        add(state, f"M{i}", 1, 6 + 2 * i, 44, replace(MERC, rules=("Mercenary Ambush",)))
        for i in range(2)
    ]
    add(state, "E", 0, 24, 10)
    evil = replace(state.forces[1], warbands=(("C", ("M0", "M1")),))
    state.forces = (state.forces[0], evil)
    return state, captain, mercs


def test_mercenaries_wait_then_arrive_inside_terrain_on_a_passed_test() -> None:
    """BSData Mercenary Ambush: kept off the table at the start; turn 2, the Captain passes
    his Courage test (5 + 5 + Courage 3 = 13): his player brings the warband on, every model
    fully inside the wood and counted as having moved."""
    state, captain, mercs = _ambushers([5, 5])
    tick(state, Tick.TURN_START)
    assert not state.living(1) and len(_WAITING.of(state)) == 1
    state.turn = 2
    state.phase = Phase.MOVE
    tick(state, Tick.PHASE_START)
    on_table = state.living(1)
    assert {m.uid for m in on_table} == {"C", "M0", "M1"}
    assert all(20 + m.radius <= m.x <= 28 - m.radius for m in on_table)
    assert all(26 + m.radius <= m.y <= 34 - m.radius for m in on_table)
    assert captain.done_moving and all(m.done_moving for m in mercs)


def test_a_failed_test_lets_the_opponent_keep_them_away() -> None:
    """BSData Mercenary Ambush: a failed test (1 + 1 + 3): the opponent chooses, and they do
    not arrive."""
    state, _captain, _mercs = _ambushers([1, 1])
    tick(state, Tick.TURN_START)
    state.turn = 2
    state.phase = Phase.MOVE
    tick(state, Tick.PHASE_START)
    assert not state.living(1) and len(_WAITING.of(state)) == 1

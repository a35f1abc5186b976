"""Stairs in a fortress (checklist part 2 §12.1: SIEGE-MOVE-01, SIEGE-MOVE-03, SIEGE-STAIRS-01,
SIEGE-STAIRS-02; 002:L3244-3268; reading 35), scripted dice.

The yard's flight of stairs runs from x = 10 (the ground) to x = 30 (4" up), 3" wide about
y = 24, and lands on the "upper floor", a sheer platform 4" high from x = 30 to 34.
"""

from __future__ import annotations

import pytest

from battlesim.engines.sbg.core.actions import IllegalActionError, Move
from battlesim.engines.sbg.core.paths import circle_base
from battlesim.engines.sbg.core.table import Table, TerrainKind, TerrainPiece
from battlesim.engines.sbg.core.tables_more import walled_keep
from battlesim.engines.sbg.rules.combats import Combat
from battlesim.engines.sbg.rules.fighting import resolve_combat
from battlesim.engines.sbg.rules.movement import apply_action, check_action
from tests.engines.sbg.builders import BASE_GAP, add, battle, players, rolls
from tests.engines.sbg.test_cavalry import mounted

FLOOR = TerrainPiece(
    "upper floor", TerrainKind.ELEVATED, ((30, 18), (34, 18), (34, 30), (30, 30)), 4.0, sloped=False
)
STAIRS = TerrainPiece(
    "stairs",
    TerrainKind.STAIRS,
    ((10, 22.5), (30, 22.5), (30, 25.5), (10, 25.5)),
    height=4.0,
    rise=(1.0, 0.0),
)


def _yard(stairs: bool = True) -> Table:
    return Table("yard", (FLOOR, STAIRS) if stairs else (FLOOR,))


def test_stairs_piece_levels_and_json():
    """The step under a point rises from the ground to the flight's height along ``rise``."""
    table = _yard()
    assert table.ground_level((10, 24)) == 0.0
    assert table.ground_level((20, 24)) == pytest.approx(2.0)
    assert table.ground_level((32, 24)) == 4.0
    assert Table.from_json(table.to_json()) == table


def test_siege_move_01_stairs_cost_infantry_no_more_than_open_ground():
    """SIEGE-MOVE-01 (002:L3244): « Les escaliers ... n'infligent pas de pénalité de
    Mouvement »: 6" up the stairs cost 6", the whole Move of a Man, as do 6" along the
    upper floor (a walkway); the table prices the stairs as open ground for Infantry."""
    state = battle(table=_yard())
    model = add(state, "A1", 0, 12.0, 24.0)
    assert check_action(state, model, Move("A1", (18.0, 24.0))) == pytest.approx(6.0)
    apply_action(state, model, Move("A1", (18.0, 24.0)))
    assert model.position == (18.0, 24.0) and rolls(state) == []
    base = circle_base(model.radius)
    assert state.table.movement_cost((12.0, 24.0), (18.0, 24.0), base) == pytest.approx(6.0)
    assert state.table.reach((12.0, 24.0), (18.0, 24.0), base, 6.0) == pytest.approx(6.0)
    walker = add(state, "A2", 0, 32.0, 19.0)
    assert check_action(state, walker, Move("A2", (32.0, 25.0))) == pytest.approx(6.0)


def test_siege_move_03_a_floor_reached_by_its_stairs_costs_the_walk_only():
    """SIEGE-MOVE-03 (002:L3252), data.ASSUMPTIONS "stairs": the upper floor is reached up
    its stairs for the Move walked (5"), with no Climb test, and left down them alike; beside
    the stairs the same floor is a 4" sheer side: a Climb test (6), and the Man stays at its
    foot, its Move spent on the climb (MOVE-CLIMB)."""
    state = battle([6], table=_yard())
    model = add(state, "A1", 0, 27.0, 24.0)
    assert check_action(state, model, Move("A1", (32.0, 24.0))) == pytest.approx(5.0)
    apply_action(state, model, Move("A1", (32.0, 24.0)))
    assert model.position == (32.0, 24.0) and rolls(state) == []
    assert state.table.ground_level(model.position) == 4.0
    beside = add(state, "A2", 0, 27.0, 20.0)
    apply_action(state, beside, Move("A2", (32.0, 20.0)))
    assert rolls(state) == [("climb A2 up upper floor", [6])]
    assert beside.position[0] < 30.0 and state.table.ground_level(beside.position) == 0.0
    down = battle(table=_yard())
    walker = add(down, "A1", 0, 32.0, 24.0)
    assert check_action(down, walker, Move("A1", (27.0, 24.0))) == pytest.approx(5.0)


def test_siege_stairs_01_cavalry_pays_twice_on_stairs_reading_35():
    """SIEGE-STAIRS-01 (002:L3256), CAV-MOVE-08 (L1310), reading 35: a horse (10") spends
    its whole Move on 5" of stairs; 0.1" more is refused; a Man pays 5" for the same walk."""
    state = battle(table=_yard())
    horse = add(state, "A1", 0, 13.0, 24.0, mounted())
    assert check_action(state, horse, Move("A1", (18.0, 24.0))) == pytest.approx(10.0)
    with pytest.raises(IllegalActionError):
        check_action(state, horse, Move("A1", (18.1, 24.0)))
    man = add(state, "A2", 0, 13.0, 27.5)
    assert check_action(state, man, Move("A2", (18.0, 27.5))) == pytest.approx(5.0)


def _stair_fight(dice: list[int]):
    """A1 (Good) two steps below B1 (Evil) on the stairs, touching."""
    state = battle(dice, table=_yard())
    low = add(state, "A1", 0, 20.0, 24.0)
    high = add(state, "B1", 1, 20.0 + BASE_GAP, 24.0)
    resolve_combat(state, Combat(low, [high]), players())
    return state, low, high


def test_siege_stairs_02_the_lower_loser_slips_on_1_to_3():
    """SIEGE-STAIRS-02 (002:L3268): A1 loses the Duel (1 v 6) and backs away down the
    stairs; before B1 strikes it rolls a D6: 3 slips, it is knocked Prone, so B1's Attack
    rolls two dice as against a Trapped model (FIGHT-PRONE, L1006)."""
    state, low, _ = _stair_fight([1, 6, 3, 1, 1])
    assert low.prone
    purposes = [p for p, _ in rolls(state)]
    assert purposes[2] == "A1 backs down the stairs: 1-3 slips"
    assert rolls(state)[3][1] == [1, 1]  # the doubled strike set


def test_siege_stairs_02_a_4_keeps_its_footing():
    state, low, _ = _stair_fight([1, 6, 4, 1])
    assert not low.prone
    assert rolls(state)[2] == ("A1 backs down the stairs: 1-3 slips", [4])
    assert rolls(state)[3][1] == [1]  # one die: not trapped


def test_siege_stairs_02_the_upper_loser_rolls_nothing():
    """Haldir's example (002:L3264): the model on the upper step loses (1 v 6) and rolls no
    slip die; A1's strike is a single die."""
    state, _, high = _stair_fight([6, 1, 1])
    assert not high.prone
    assert not any("stairs" in p for p, _ in rolls(state))
    assert rolls(state)[2][1] == [1]


def test_walled_keep_has_a_watchtower_floor_reached_by_stairs():
    """The stairs are in play: the walled keep's watchtower floor is walked up to."""
    table = walled_keep()
    state = battle(table=table)
    model = add(state, "B1", 1, 14.5, 44.0)
    apply_action(state, model, Move("B1", (9.5, 44.0)))
    assert table.ground_level(model.position) == 2.5 and rolls(state) == []

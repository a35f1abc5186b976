"""Jumping gaps, climbing, climbing down and falling (part 1 §4.7-4.9, 002:L563-641).

A Man is 1.2" tall (bases.HEIGHTS) on a 25 mm base (radius 0.492"), Move 6".
"""

from __future__ import annotations

import pytest

from battlesim.engines.sbg.core.actions import Charge, IllegalActionError, Move
from battlesim.engines.sbg.core.state import BattleState, ModelState
from battlesim.engines.sbg.core.table import Table, TerrainKind, TerrainPiece
from battlesim.engines.sbg.policies.players import HeuristicPlayer
from battlesim.engines.sbg.rules.combats import Combat
from battlesim.engines.sbg.rules.crossing import crossings
from battlesim.engines.sbg.rules.falling import falling_hits
from battlesim.engines.sbg.rules.fighting import resolve_combat
from battlesim.engines.sbg.rules.long_climb import climb_mark
from battlesim.engines.sbg.rules.movement import apply_action, check_action
from battlesim.engines.sbg.rules.shooting import can_shoot
from tests.engines.sbg.builders import add, battle, players, profile, rolls

R = 25.0 / 25.4 / 2  # radius of a 25 mm base, inches


def _gap(width: float, depth: float = 3.0) -> Table:
    """A chasm across the table from y=12 to y=12+width."""
    points = ((0, 12), (48, 12), (48, 12 + width), (0, 12 + width))
    return Table("t", (TerrainPiece("chasm", TerrainKind.GAP, points, depth=depth),))


def _rock(height: float, climbable: bool = True) -> Table:
    """A sheer-sided platform from y=12 to y=20."""
    points = ((0, 12), (48, 12), (48, 20), (0, 20))
    piece = TerrainPiece(
        "rock", TerrainKind.ELEVATED, points, height=height, sloped=False, climbable=climbable
    )
    return Table("t", (piece,))


# --- jumping -------------------------------------------------------------------------------


def test_move_jump_01_needs_the_move_to_reach_the_other_side() -> None:
    """MOVE-JUMP-01 (002:L570): a move over a 1.5" gap ending 6.5" away is refused; within
    the 6" Move it is allowed."""
    state = battle([], table=_gap(1.5))
    model = add(state, "A1", 0, 10, 10)
    with pytest.raises(IllegalActionError):
        check_action(state, model, Move("A1", (10, 16.5)))
    assert check_action(state, model, Move("A1", (10, 15.9))) == pytest.approx(5.9)


def test_move_jump_02_a_gap_wider_than_twice_the_height_cannot_be_jumped() -> None:
    """MOVE-JUMP-02 (002:L572): a Man (1.2") may jump 2.4" at most: 2.6" is refused."""
    state = battle([], table=_gap(2.6))
    model = add(state, "A1", 0, 10, 10)
    with pytest.raises(IllegalActionError, match="JUMP-02"):
        check_action(state, model, Move("A1", (10, 15.5)))
    narrower = battle([], table=_gap(2.3))
    assert check_action(narrower, add(narrower, "A1", 0, 10, 10), Move("A1", (10, 15.5)))


@pytest.mark.parametrize(("die", "expected_y"), [(4, 13.5 + R), (2, 13.5 + R), (6, 15.5)])
def test_move_jump_03_06_the_jump_table_places_the_model(die: int, expected_y: float) -> None:
    """MOVE-JUMP-03, MOVE-JUMP-06 (002:L565-568, L574, L580): move to the edge and roll; 2-5
    (Gimli's 4)
    lands touching the far edge and stops; 6 goes on with the Move left."""
    state = battle([die], table=_gap(1.5))
    model = add(state, "A1", 0, 10, 10)
    apply_action(state, model, Move("A1", (10, 15.5)))
    assert rolls(state) == [("jump A1 over chasm", [die])]
    assert model.y == pytest.approx(expected_y, abs=0.01)
    assert not model.prone and model.leapt


def test_move_jump_05_a_1_falls_into_the_gap() -> None:
    """MOVE-JUMP-05, MOVE-FALL-01/02 (002:L566 « tombe au fond du fossé », L637): a 1 falls
    to the floor of the gap, 3" down: more than 1.2", so 1 + 1 whole inch beyond = 2 S3 hits
    on D4 (5+); it lies prone on the floor, its base just past the near edge
    (data.ASSUMPTIONS gap-floor)."""
    state = battle([1, 5, 4], table=_gap(1.5, depth=3.0))
    model = add(state, "A1", 0, 10, 10, profile(wounds=3))
    apply_action(state, model, Move("A1", (10, 15.5)))
    assert [p for p, _ in rolls(state)][1:] == ["fall A1 hit 1 (S3 D4)", "fall A1 hit 2 (S3 D4)"]
    assert model.prone and model.wounds == 2
    assert model.y == pytest.approx(12 + R, abs=0.02)
    assert state.table.ground_level(model.position) == -3.0


def test_move_jump_05_a_gap_narrower_than_the_base_keeps_it_at_the_edge() -> None:
    """data.ASSUMPTIONS gap-floor: a 0.8" gap cannot hold a 25 mm base on its floor: the
    jumper who rolls a 1 lies prone touching the near edge, still taking the 3" fall."""
    state = battle([1, 5, 4], table=_gap(0.8, depth=3.0))
    model = add(state, "A1", 0, 10, 10, profile(wounds=3))
    apply_action(state, model, Move("A1", (10, 14.0)))
    assert model.prone and model.wounds == 2
    assert model.y == pytest.approx(12 - R, abs=0.02)


@pytest.mark.parametrize(("die", "expected_y", "level"), [(4, 12 - R, 0.0), (1, 12 + R, -2.0)])
def test_move_jump_05_climb_02_out_of_the_gap_is_a_climb(
    die: int, expected_y: float, level: float
) -> None:
    """MOVE-JUMP-05, MOVE-CLIMB-02/03 (002:L566, L590-593): from the floor of a 2" deep gap,
    its side (taller than a 1.2" Man) is a Climb test costing 4": a 4 climbs out and stops
    touching the edge; a 1 slips back, prone at the foot of the side, no damage (it started
    from the floor). Walking along the floor is refused: it must climb out."""
    state = battle([die], table=_gap(1.5, depth=2.0))
    model = add(state, "A1", 0, 10, 12 + R + 0.01)
    cost = check_action(state, model, Move("A1", (10, 11.4)))
    assert cost == pytest.approx(0.61 + R + 4, abs=0.01)
    with pytest.raises(IllegalActionError):
        check_action(state, model, Move("A1", (12, 12 + R + 0.01)))
    apply_action(state, model, Move("A1", (10, 11.4)))
    assert rolls(state) == [("climb A1 up chasm", [die])]
    assert model.y == pytest.approx(expected_y, abs=0.02)
    assert model.prone is (die == 1) and model.wounds == 1
    assert state.table.ground_level(model.position) == level


@pytest.mark.parametrize(("die", "engaged"), [(4, False), (6, True)])
def test_move_jump_04_landing_against_an_enemy_needs_a_6(die: int, engaged: bool) -> None:
    """MOVE-JUMP-04 (002:L576): a charge over the gap to an enemy standing at the far edge
    only lands in contact on a 6; on 2-5 it cannot land there and stays on its side."""
    state = battle([die], table=_gap(1.5))
    model = add(state, "A1", 0, 10, 10)
    add(state, "B1", 1, 10, 13.5 + 3 * R)
    apply_action(state, model, Charge("A1", "B1", (10, 13.5 + R)))
    assert state.engaged(model) is engaged
    assert model.y < 12 or engaged


def test_a_model_that_jumped_cannot_shoot() -> None:
    """SHOOT-ELIG-07 (002:L767): attempting a Jump forbids shooting, even after a 6."""
    state = battle([6], table=_gap(1.5))
    model = add(state, "A1", 0, 10, 10, profile(wargear=("bow",)))
    apply_action(state, model, Move("A1", (10, 14.5)))
    assert not can_shoot(state, model)


# --- climbing ------------------------------------------------------------------------------


def test_move_climb_02_climbing_costs_as_difficult_terrain() -> None:
    """MOVE-CLIMB-02 (002:L597): 2" to the top of a 2" rock and 2" climbed cost 2 + 2 x 2 =
    6". The climb itself fits the Move, so a spot 0.2" further is refused as too long, not
    turned into a climb left unfinished (issue 15 item 3); a walk 0.2" short of the foot is
    refused too."""
    state = battle([], table=_rock(2.0))
    model = add(state, "A1", 0, 10, 11)
    assert check_action(state, model, Move("A1", (10, 13))) == pytest.approx(6.0)
    with pytest.raises(IllegalActionError, match="MOVE-GEN-03"):
        check_action(state, model, Move("A1", (10, 13.2)))
    with pytest.raises(IllegalActionError):
        check_action(state, add(state, "A2", 0, 20, 4.8), Move("A2", (20, 11)))


def test_move_climb_01_there_is_no_height_limit() -> None:
    """MOVE-CLIMB-01 (002:L595): a 5" cliff may be climbed by a model with the Move for it."""
    state = battle([4], table=_rock(5.0))
    model = add(state, "A1", 0, 10, 11, profile(move=12.0))
    apply_action(state, model, Move("A1", (10, 13)))
    assert state.table.ground_level(model.position) == 5.0


@pytest.mark.parametrize(
    ("die", "expected_y", "prone"), [(4, 12 + R, False), (6, 13.0, False), (1, 12 - R, True)]
)
def test_move_climb_03_09_the_climb_table(die: int, expected_y: float, prone: bool) -> None:
    """MOVE-CLIMB-03, MOVE-CLIMB-09 (002:L590-593, L599, L619): at the foot, roll: Aragorn's 4
    reaches
    the top and stops; Legolas's 6 goes on; Gimli's 1 falls prone at the foot, no damage
    since the climb started at ground level (no wound roll)."""
    state = battle([die], table=_rock(2.0))
    model = add(state, "A1", 0, 10, 11)
    apply_action(state, model, Move("A1", (10, 13)))
    assert rolls(state) == [("climb A1 up rock", [die])]
    assert model.y == pytest.approx(expected_y, abs=0.02)
    assert model.prone is prone and model.wounds == 1 and model.leapt


def test_move_climb_04_cavalry_cannot_climb() -> None:
    """MOVE-CLIMB-04 (002:L601): a rider (mount shoulders 1.2") cannot climb a 2" rock."""
    state = battle([], table=_rock(2.0))
    rider = add(state, "A1", 0, 10, 10, profile(keywords=frozenset({"man", "cavalry"})))
    with pytest.raises(IllegalActionError, match="CLIMB-04"):
        check_action(state, rider, Move("A1", (10, 12.9)))


def test_move_climb_07_smooth_sides_and_wall_tops_cannot_be_climbed() -> None:
    """MOVE-CLIMB-07 (002:L611): no holds, or no stable top (a wall taller than the model)."""
    state = battle([], table=_rock(2.0, climbable=False))
    model = add(state, "A1", 0, 10, 11)
    with pytest.raises(IllegalActionError, match="CLIMB-07"):
        check_action(state, model, Move("A1", (10, 13)))
    wall = TerrainPiece("rampart", TerrainKind.OBSTACLE, ((0, 12), (48, 12)), 2.0, 0.3)
    walled = battle([], table=Table("t", (wall,)))
    with pytest.raises(IllegalActionError, match="CLIMB-07"):
        check_action(walled, add(walled, "A1", 0, 10, 11), Move("A1", (10, 13)))


@pytest.mark.parametrize(("die", "engaged"), [(4, False), (6, True)])
def test_move_climb_05_finishing_against_an_enemy_needs_a_6(die: int, engaged: bool) -> None:
    """MOVE-CLIMB-05 (002:L603): charging an enemy at the top of the rock: only a 6 ends
    in contact; on 2-5 the climber stays at the foot (the charger starts 3" away, so that it
    sees its target over the 1.5" edge)."""
    state = battle([die], table=_rock(1.5))
    model = add(state, "A1", 0, 10, 9, profile(move=12.0))
    add(state, "B1", 1, 10, 12 + 3 * R + 0.01)
    apply_action(state, model, Charge("A1", "B1", (10, 12 + R + 0.01)))
    assert state.engaged(model) is engaged
    assert engaged or model.y < 12


# --- climbing down and falling ---------------------------------------------------------------


def test_move_desc_02_a_drop_up_to_the_model_height_is_automatic() -> None:
    """MOVE-DESC-02 (002:L631): down 1" (less than 1.2"): no test, no cost for the drop."""
    state = battle([], table=_rock(1.0))
    model = add(state, "A1", 0, 10, 13)
    apply_action(state, model, Move("A1", (10, 9)))
    assert model.position == (10, 9) and not rolls(state) and not model.prone
    assert model.spent == pytest.approx(4.0)


@pytest.mark.parametrize(("die", "expected_y"), [(4, 12 - R), (6, 11.0)])
def test_move_desc_03_a_higher_drop_needs_a_climb_test(die: int, expected_y: float) -> None:
    """MOVE-DESC-03, MOVE-DESC-01 (002:L627, L631): down 2" (more than 1.2") is a controlled
    descent by a Climb test going down (the other way down is falling, below): 2-5
    reaches the foot and stops, 6 goes on; 2" down costs 4" (MOVE-CLIMB-02)."""
    state = battle([die], table=_rock(2.0))
    model = add(state, "A1", 0, 10, 13)
    apply_action(state, model, Move("A1", (10, 11)))
    assert rolls(state) == [("climb A1 down rock", [die])]
    assert model.y == pytest.approx(expected_y, abs=0.01) and not model.prone
    assert model.spent >= 4.0


def test_move_fall_01_02_a_failed_climb_down_falls_the_height() -> None:
    """MOVE-FALL-01/02 (002:L637) and the §4.9 reading: a 1 climbing down falls the rock's
    2" (0.8" beyond 1.2": one S3 hit, D4 needs 5) and lies prone at the foot (the prone flag
    is the token of MOVE-FALL-04)."""
    state = battle([1, 5], table=_rock(2.0))
    model = add(state, "A1", 0, 10, 13, profile(wounds=2))
    apply_action(state, model, Move("A1", (10, 11)))
    assert [p for p, _ in rolls(state)] == ["climb A1 down rock", "fall A1 hit 1 (S3 D4)"]
    assert model.prone and model.wounds == 1 and model.y == pytest.approx(12 - R, abs=0.01)


@pytest.mark.parametrize(
    ("drop", "hits"), [(1.2, 0), (1.0, 0), (2.0, 1), (2.2, 2), (3.5, 3), (5.0, 4)]
)
def test_move_fall_02_one_hit_plus_one_per_inch_beyond_the_height(drop: float, hits: int) -> None:
    """MOVE-FALL-02 (002:L637), §4.9 reading: 1 + whole inches beyond the 1.2" height."""
    assert falling_hits(drop, 1.2) == hits


def test_fight_back_04_move_fall_03_backing_over_an_edge_falls_after_the_strikes() -> None:
    """FIGHT-BACK-04, MOVE-FALL-03 (002:L988, L974): the loser stands at the edge of a 2"
    rock with the winner behind it: its only way is over the edge. The winner strikes first
    (a 1: no wound), then the fall (2" > 1.2": one S3 hit, a 5 wounds) and it lies prone."""
    state = battle([6, 1, 1, 5], table=_rock(2.0))
    add(state, "A1", 0, 10, 12.3 + 2 * R)
    loser = add(state, "B1", 1, 10, 12.3, profile(wounds=2))
    resolve_combat(state, Combat(state.models["A1"], [loser]), players())
    purposes = [p for p, _ in rolls(state)]
    assert purposes[2:] == ["strike A1->B1 (S3 D4)", "fall B1 hit 1 (S3 D4)"]
    assert loser.y < 12 and loser.prone and loser.wounds == 1


def test_fight_back_04_a_loser_with_room_on_the_rock_does_not_fall() -> None:
    """FIGHT-BACK-04 (002:L988): over the edge only with nowhere else to go: pushed along the
    rock (winner to the west), the loser backs away east and stays on top, standing."""
    state = battle([6, 1, 1], table=_rock(2.0))
    add(state, "A1", 0, 10 - 2 * R, 12.6)
    loser = add(state, "B1", 1, 10, 12.6)
    resolve_combat(state, Combat(state.models["A1"], [loser]), players())
    assert loser.x > 10.9 and state.table.ground_level(loser.position) == 2.0
    assert not loser.prone and not state.log.of_kind("fall")


def test_move_climb_a_climb_must_end_on_top() -> None:
    """One test per move (data.ASSUMPTIONS terrain-moves): climbing a 2" rock and walking
    off its far side in the same move would need a second test (MOVE-DESC-03)."""
    points = ((0, 12), (48, 12), (48, 13), (0, 13))
    ledge = TerrainPiece("ledge", TerrainKind.ELEVATED, points, height=2.0, sloped=False)
    state = battle([], table=Table("t", (ledge,)))
    model = add(state, "A1", 0, 10, 11.4, profile(move=12.0))
    with pytest.raises(IllegalActionError, match="drop off"):
        check_action(state, model, Move("A1", (10, 14)))


def test_move_leap_onto_a_low_sheer_platform_lands_on_top() -> None:
    """MOVE-OBS-03, MOVE-LEAP table (002:L532, L540-543): a 1" sheer side (over half of
    1.2") is leapt; a 3 puts the model on top, just past the edge, and it stops."""
    state = battle([3], table=_rock(1.0))
    model = add(state, "A1", 0, 10, 11)
    apply_action(state, model, Move("A1", (10, 15)))
    assert model.y == pytest.approx(12 + R, abs=0.02)


# --- ladders, ropes and steps -------------------------------------------------------------


def _laddered(height: float = 2.0) -> Table:
    points = ((0, 12), (48, 12), (48, 20), (0, 20))
    piece = TerrainPiece(
        "rampart", TerrainKind.ELEVATED, points, height=height, sloped=False, ladders=((10, 12),)
    )
    return Table("t", (piece,))


def test_move_climb_08_ter_05_a_ladder_needs_no_test_and_costs_its_height() -> None:
    """MOVE-CLIMB-08, MOVE-TER-05 (002:L615, L623): up the 2" ladder: no Climb test, not
    difficult terrain: 4" of ground + 2" of ladder = 6" (5" + 2" is refused); the climber
    took no test (SHOOT-ELIG-07 does not apply). Down it again: no test either."""
    state = battle([], table=_laddered())
    model = add(state, "A1", 0, 10, 9)
    with pytest.raises(IllegalActionError):
        check_action(state, model, Move("A1", (10, 14)))
    apply_action(state, model, Move("A1", (10, 13)))
    assert model.position == (10, 13) and model.spent == pytest.approx(6.0)
    assert not rolls(state) and not model.leapt
    model.reset_turn()
    apply_action(state, model, Move("A1", (10, 10)))
    assert model.position == (10, 10) and model.spent == pytest.approx(5.0) and not rolls(state)


def test_move_climb_08_away_from_the_ladder_it_is_a_climb_and_cavalry_cannot_use_it() -> None:
    """MOVE-CLIMB-08 (002:L615, L1276, L1310): 5" beside the ladder the wall is climbed (a
    test); cavalry may not use the ladder."""
    state = battle([4], table=_laddered())
    model = add(state, "A1", 0, 15, 11)
    apply_action(state, model, Move("A1", (15, 12.8)))
    assert rolls(state) == [("climb A1 up rampart", [4])]
    rider = add(state, "A2", 0, 10, 9, profile(keywords=frozenset({"man", "cavalry"})))
    with pytest.raises(IllegalActionError, match="ladder"):
        check_action(state, rider, Move("A2", (10, 13)))
    assert Table.from_json(_laddered().to_json()).pieces[0].ladders == ((10, 12),)


def _halfway(dice: list[int]) -> tuple[BattleState, ModelState]:
    """A Man (Move 6) at the foot of a 5" cliff climbs: 6" of Move climb 3" (x2), so it
    stays at the foot with 3" climbed (MOVE-CLIMB-06)."""
    state = battle(dice, table=_rock(5.0))
    model = add(state, "A1", 0, 10, 12 - R - 0.01)
    apply_action(state, model, Move("A1", (10, 12 + R)))
    return state, model


def test_move_climb_06_a_tall_climb_takes_several_turns() -> None:
    """MOVE-CLIMB-06 (002:L607), part 1 §13 A28: turn 1 the test (4) passes but 6" of Move
    climb only 3" of the 5" cliff: the model stays at the foot, 3" up, all its Move spent.
    Turn 2 a new test (3): the last 2" cost 4", it reaches the top and stops."""
    state, model = _halfway([4, 3])
    assert model.y == pytest.approx(12 - R - 0.01, abs=0.02)
    assert climb_mark(model).climb is not None and climb_mark(model).climb[2] == pytest.approx(
        3.0, abs=0.02
    )
    assert model.spent == pytest.approx(6.0) and state.table.ground_level(model.position) == 0
    model.reset_turn()
    assert check_action(state, model, Move("A1", (10, 12 + R))) == pytest.approx(
        4.0 + 2 * R + 0.01, abs=0.02
    )
    apply_action(state, model, Move("A1", (10, 12 + R)))
    assert [p for p, _ in rolls(state)] == ["climb A1 up rock"] * 2
    assert state.table.ground_level(model.position) == 5.0 and climb_mark(model).climb is None


def test_move_climb_06_a_one_falls_from_the_height_reached() -> None:
    """MOVE-CLIMB-06, part 1 §13 A28, MOVE-FALL-02: 3" up, the next test is a 1: the Man
    (1.2" tall) falls 3": 1 + 1 = 2 S3 hits (1 and 1 do not wound D4), prone at the foot."""
    state, model = _halfway([4, 1, 1, 1])
    model.reset_turn()
    apply_action(state, model, Move("A1", (10, 12 + R)))
    assert model.prone and climb_mark(model).climb is None and model.alive
    assert [p for p, _ in rolls(state)][2:] == [
        "fall A1 hit 1 (S3 D4)",
        "fall A1 hit 2 (S3 D4)",
    ]


def test_move_climb_06_no_charge_half_way_and_moving_off_loses_the_climb() -> None:
    """MOVE-CLIMB-06 (data.ASSUMPTIONS climb-turns): a charge cannot end half way up the
    cliff (the enemy on top taken as seen); a model that walks away from where it stopped
    loses the inches it had climbed."""
    from battlesim.engines.sbg.core.actions import Charge
    from battlesim.engines.sbg.rules import long_climb

    # Master of Birds: always sees (a rule, not a patched module global, which a mypyc
    # build of the movement rules would not read)
    low = battle([], table=_rock(1.5))  # a slow climber (Move 2) needs 3" for 1.5"
    climber = add(low, "A2", 0, 20, 12 - R - 0.01, profile(move=2.0, rules=("master of birds",)))
    check_action(low, climber, Move("A2", (20, 12 + R)))  # a plain move may climb on
    add(low, "B1", 1, 20, 12 + 3 * R)
    with pytest.raises(IllegalActionError, match="CLIMB-06"):
        check_action(low, climber, Charge("A2", "B1", (20, 12 + R)))
    state, model = _halfway([4])
    piece = state.table.pieces[0]
    assert long_climb.climbed(model, piece) == pytest.approx(3.0, abs=0.02)
    model.reset_turn()
    apply_action(state, model, Move("A1", (10, 10)))
    assert long_climb.climbed(model, piece) == 0.0


def test_move_climb_10_might_on_the_climb_test() -> None:
    """MOVE-CLIMB-10 (002:L1530-1532): a Hero rolls 1 climbing the 2" rock (it would fall);
    1 Might makes it 2: it reaches the top and stops (MOVE-CLIMB table)."""
    from battlesim.engines.sbg.policies.players import HeuristicPlayer

    class Mighty(HeuristicPlayer):
        def spend_might(self, state: object, model: object, ask: object) -> int:
            return ask.cost  # type: ignore[attr-defined]

    state = battle([1], table=_rock(2.0))
    state.players = (Mighty(), Mighty())
    hero = add(state, "A1", 0, 10, 11, profile(might=2, keywords=frozenset({"man", "hero"})))
    apply_action(state, hero, Move("A1", (10, 13)))
    assert rolls(state) == [("climb A1 up rock", [1])]
    assert hero.y == pytest.approx(12 + R, abs=0.02) and not hero.prone and hero.might == 1


@pytest.mark.parametrize(("die", "on_top_at"), [(4, 12 + R + 0.01), (6, 13.0)])
def test_move_climb_02_03_a_climb_the_move_can_finish_reaches_the_top(
    die: int, on_top_at: float
) -> None:
    """MOVE-CLIMB table (002:L592: « grimpe jusqu'à avoir parcouru sa distance de Mouvement
    maximum ou atteint le sommet »; L593: on a 6 « peut même poursuivre son déplacement »):
    a Man (Move 6) 0.5" from a 2" parapet, moving to a spot 1" beyond its edge: 0.5" to the
    foot, 4" of climb and 1.5" of ground make 6". On a 4 it stands on top at the edge and
    stops; on a 6 it goes on to its destination. It is never left at the foot with its Move
    spent."""
    state = battle([die], table=_rock(2.0))
    model = add(state, "A1", 0, 10, 12 - R - 0.5)
    apply_action(state, model, Move("A1", (10, 13.0)))
    assert state.table.ground_level(model.position) == 2.0
    assert model.y == pytest.approx(on_top_at, abs=0.02)
    assert climb_mark(model).climb is None
    assert model.spent <= 6.0 + 1e-6


# --- climbing a rampart (a thick obstacle taller than the model) ---------------------------


def _rampart(thickness: float, height: float = 2.0) -> Table:
    """A wall along y=12, ``height`` tall and ``thickness`` thick (from 12 - t/2 to 12 + t/2)."""
    wall = TerrainPiece("rampart", TerrainKind.OBSTACLE, ((0, 12), (48, 12)), height, thickness)
    return Table("t", (wall,))


@pytest.mark.parametrize(
    ("die", "expected_y", "prone"), [(4, 11.25 + R, False), (1, 11.25 - R, True)]
)
def test_move_climb_obstacle_a_thick_rampart_is_climbed_onto(
    die: int, expected_y: float, prone: bool
) -> None:
    """MOVE-OBS-03, MOVE-CLIMB-03 (002:L547, L590-593): a 2" rampart (taller than a 1.2" Man)
    1.5" thick (wider than the 25 mm base, data.ASSUMPTIONS rampart-top) needs a Climb test:
    a 4 climbs onto its top and stops there, its base just over the edge (the 2" cost 4",
    MOVE-CLIMB-02); a 1 falls prone
    at the foot, no damage from ground level (no wound roll)."""
    state = battle([die], table=_rampart(1.5))
    model = add(state, "A1", 0, 10, 10, profile(move=8.0))
    cost = check_action(state, model, Move("A1", (10, 12)))
    assert cost == pytest.approx(2.0 + 4.0)
    apply_action(state, model, Move("A1", (10, 12)))
    assert rolls(state) == [("climb A1 up rampart", [die])]
    assert model.y == pytest.approx(expected_y, abs=0.02)
    assert model.prone is prone and model.wounds == 1 and model.leapt
    level = state.table.ground_level(model.position)
    assert level == (2.0 if die == 4 else 0.0)


def test_move_desc_03_a_rampart_top_is_climbed_down_on_a_later_move() -> None:
    """MOVE-DESC-03 (002:L631): from the top of the 2" rampart, down the far side (2" more
    than the Man's 1.2") is a Climb-down test: a 3 reaches the foot touching the wall; the
    model may also walk along the top with no test."""
    walk = battle([], table=_rampart(1.5))
    apply_action(walk, add(walk, "A1", 0, 10, 12), Move("A1", (13, 12)))
    assert walk.models["A1"].position == (13, 12) and not rolls(walk)
    state = battle([3], table=_rampart(1.5))
    model = add(state, "A1", 0, 13, 12)
    apply_action(state, model, Move("A1", (13, 14.0)))
    assert rolls(state) == [("climb A1 down rampart", [3])]
    assert model.y == pytest.approx(12.75 + R, abs=0.02) and not model.prone
    assert state.table.ground_level(model.position) == 0.0


def test_move_climb_07_a_thin_wall_taller_than_the_model_is_refused() -> None:
    """MOVE-CLIMB-07 (002:L611): a 2" wall 0.5" thick has no top a 25 mm base can stand on:
    refused, citing L611, even with Move to spare."""
    state = battle([], table=_rampart(0.5))
    model = add(state, "A1", 0, 10, 11, profile(move=12.0))
    with pytest.raises(IllegalActionError, match="L611"):
        check_action(state, model, Move("A1", (10, 12)))


def test_move_jump_05_the_heuristic_climbs_out_of_a_gap() -> None:
    """MOVE-JUMP-05 (002:L566, data.ASSUMPTIONS gap-floor): a model on the floor of a 2"
    deep gap cannot walk along it; the heuristic player climbs the side towards the enemy
    (a move the engine accepts, which asks for a Climb test) instead of holding."""
    state = battle([], table=_gap(1.5, depth=2.0))
    model = add(state, "A1", 0, 10, 12 + R + 0.01)
    add(state, "B1", 1, 10, 2)
    action = HeuristicPlayer().choose_move(state, model)
    assert isinstance(action, Move) and action.to[1] < 12 - R
    check_action(state, model, action)
    assert [c.test.value for c in crossings(state, model, action.to)] == ["climb"]

"""Defensive siege equipment (checklist part 2 §12.3, SIEGE-ROCKS-01, SIEGE-BOIL-01;
002:L3325-3335), scripted dice. The walled keep's west curtain wall runs along y = 31
(0.6" thick, 2" high); the rampart is north of it."""

from __future__ import annotations

from battlesim.engines.sbg.core.actions import Move
from battlesim.engines.sbg.core.state import Phase, Tick, tick
from battlesim.engines.sbg.core.tables_more import walled_keep
from battlesim.engines.sbg.rules import objects
from battlesim.engines.sbg.rules import siege_defences as sd
from battlesim.engines.sbg.rules import siege_ladders as sl
from battlesim.engines.sbg.rules.movement import apply_action
from tests.engines.sbg.builders import add, battle, players, profile, rolls

FOOT_Y = 30.21  # a 25 mm base touching the wall's south face (30.7)
PILE = (12.0, 32.9)


def _on_ladder(state, prof):
    """A1 carries a ladder to the wall at x = 12, where it is raised: A1 is on it."""
    climber = add(state, "A1", 0, 12.0, 28.0, prof)
    sl.place_ladders(state, [(12.0, 27.0)])
    objects.give(state, "siege ladder 1", climber)
    apply_action(state, climber, Move("A1", (12.0, FOOT_Y)))
    climber.reset_turn()
    assert climber in sl.on_ladder(state, "siege ladder 1")
    return climber


def test_siege_rocks_01_targets_within_1_inch_of_the_walls_and_8_of_the_thrower():
    """SIEGE-ROCKS-01 (002:L3329): a defender touching the pile; only enemies within 1" of
    the walls (one at the foot: yes; one 10" out: no) and 8" of it."""
    state = battle(table=walled_keep())
    sd.place_defences(state, [PILE], [])
    thrower = add(state, "B1", 1, 12.0, 31.9)
    far_along = add(state, "B2", 1, 30.0, 40.0)
    foot = add(state, "A1", 0, 12.0, FOOT_Y)
    add(state, "A2", 0, 12.0, 20.0)
    out_of_range = add(state, "A3", 0, 21.5, FOOT_Y)
    assert sd.touching(state, "rocks 1") == [thrower]
    assert far_along not in sd.touching(state, "rocks 1")
    assert sd.targets(state, [thrower]) == [foot]
    assert state.distance(thrower, out_of_range) > 8.0


def test_siege_rocks_01_hits_on_4_plus_whatever_its_shoot_value_one_s6_hit():
    """4+ to hit though its Shoot value is 6+; S6 v D6 wounds on 4+ (rolled 4)."""
    state = battle([4, 4], table=walled_keep())
    sd.place_defences(state, [PILE], [])
    thrower = add(state, "B1", 1, 12.0, 31.9, profile(shoot=6))
    target = add(state, "A1", 0, 14.0, FOOT_Y, profile(defence=6, wounds=2))
    assert sd.throw_rock(state, thrower, target)
    assert target.wounds == 1 and thrower.shot
    assert [p for p, _ in rolls(state)][0] == "rock B1->A1 (4+)"


def test_siege_rocks_01_a_3_misses():
    state = battle([3], table=walled_keep())
    thrower = add(state, "B1", 1, 12.0, 31.9)
    target = add(state, "A1", 0, 14.0, FOOT_Y, profile(wounds=2))
    assert not sd.throw_rock(state, thrower, target)
    assert target.wounds == 2 and len(rolls(state)) == 1


def test_siege_rocks_01_a_climber_hit_falls_off_on_a_further_4_plus():
    """On the ladder: hit (4), wounded (6), falls on 4+ (4): prone, one S3 fall hit (1)."""
    state = battle([4, 6, 4, 1], table=walled_keep())
    climber = _on_ladder(state, profile(defence=6, wounds=3))
    thrower = add(state, "B1", 1, 12.0, 31.9)
    assert sd.throw_rock(state, thrower, climber)
    assert climber.prone and climber.wounds == 2
    assert [p for p, _ in rolls(state)][2] == "A1 off the ladder (4+)"


def test_siege_rocks_01_a_climber_holds_on_a_3():
    state = battle([4, 1, 3], table=walled_keep())
    climber = _on_ladder(state, profile(wounds=3))
    thrower = add(state, "B1", 1, 12.0, 31.9)
    sd.throw_rock(state, thrower, climber)
    assert not climber.prone and climber.wounds == 3


def test_siege_rocks_01_thrown_at_the_shoot_phase_start_through_the_player():
    """ThrowRock's heuristic: the ladder climber first; the throw is the model's shot."""
    state = battle([5, 1, 1], table=walled_keep())
    state.players = players()
    sd.place_defences(state, [PILE], [])
    climber = _on_ladder(state, profile(wounds=3))
    add(state, "A2", 0, 13.2, FOOT_Y)
    thrower = add(state, "B1", 1, 12.0, 31.9)
    state.phase = Phase.SHOOT
    tick(state, Tick.PHASE_START)
    assert [p for p, _ in rolls(state)][0] == f"rock B1->{climber.uid} (4+)"
    assert thrower.shot


def _cauldron_scene(dice):
    state = battle(dice, table=walled_keep())
    sd.place_defences(state, [], [PILE])
    climber = _on_ladder(state, profile(defence=5, wounds=3))
    other = add(state, "A2", 0, 13.6, FOOT_Y, profile(defence=5, wounds=2))
    b1 = add(state, "B1", 1, 11.3, 31.9)
    b2 = add(state, "B2", 1, 12.7, 31.9)
    return state, climber, other, b1, b2


def test_siege_boil_01_two_pourers_s8_on_the_target_s4_within_2_inches_falls_on_3_plus():
    """SIEGE-BOIL-01 (002:L3335): two defenders touching the cauldron; hit on 4+ (4): S8 on
    the climber (6: a Wound), S4 on every model within 2" of it, the pourers too (A2: 6, a
    Wound; B1, B2: 1); the climber falls on 3+ (3; its S3 fall hit: 1); then a 1: spent."""
    state, climber, other, b1, b2 = _cauldron_scene([4, 6, 6, 1, 1, 3, 1, 1])
    assert sd.touching(state, "boiling water 1") == [b1, b2]
    assert sd.pour_water(state, "boiling water 1", [b1, b2], climber)
    assert climber.wounds == 2 and climber.prone
    assert other.wounds == 1 and b1.wounds == 1 and b2.wounds == 1
    splashed = [p for p, _ in rolls(state) if p.startswith("splash")]
    assert len(splashed) == 3
    assert sd.pieces(state)["boiling water 1"].empty and b1.shot and b2.shot


def test_siege_boil_01_a_miss_still_rolls_for_the_water_a_2_keeps_it():
    """« Après chaque utilisation »: a miss (3) is a use too; a 2 leaves water."""
    state, climber, _, b1, b2 = _cauldron_scene([3, 2])
    assert not sd.pour_water(state, "boiling water 1", [b1, b2], climber)
    assert not sd.pieces(state)["boiling water 1"].empty
    assert climber.wounds == 3 and [p for p, _ in rolls(state)][-1].endswith("(1: empty)")


def test_siege_boil_01_one_defender_alone_cannot_pour_a_spent_cauldron_is_not_offered():
    """« Si deux figurines ... sont en contact »; after a 1 no more water."""
    state, climber, other, b1, b2 = _cauldron_scene([])
    state.players = players()
    b2.shot = True  # it shot this phase: only B1 is left to pour
    state.phase = Phase.SHOOT
    tick(state, Tick.PHASE_START)
    assert not rolls(state)
    b2.shot = False
    sd.pieces(state)["boiling water 1"].empty = True
    tick(state, Tick.PHASE_START)
    assert not rolls(state)


def test_pour_water_default_weighs_enemies_against_friends_in_the_splash():
    """PourWater's heuristic: the climber (target 2 + A2 - B1 - B2 = 1 > 0) is chosen; A2,
    with four of the pourers' side within 2" once B3 and B4 come, is not worth it."""
    state, climber, other, b1, b2 = _cauldron_scene([])
    choice = sd.PourWater("boiling water 1", (b1, b2), (climber, other))
    assert choice.default(state) == climber.uid
    add(state, "B3", 1, 15.2, 31.9)
    add(state, "B4", 1, 14.2, 31.9)
    assert sd.splash_worth(state, other, 1) <= 0

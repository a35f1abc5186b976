"""The Move phase: allowance, bases, control zones, charges, terrain, war drums."""

from __future__ import annotations

import pytest

from battlesim.engines.sbg.core.actions import Charge, Hold, IllegalActionError, Move
from battlesim.engines.sbg.core.table import Table, TerrainKind, TerrainPiece
from battlesim.engines.sbg.phases.move import run_move_phase
from battlesim.engines.sbg.policies.answers import Answering
from battlesim.engines.sbg.rules.movement import (
    apply_action,
    charge_options,
    check_action,
    furthest_toward,
)
from tests.engines.sbg.builders import BASE_GAP, add, battle, players, profile


def test_a_model_moves_up_to_its_move() -> None:
    """MOVE-GEN-03, CHAR-M-01 (002:L369, L86): 6" allowed, 6.1" refused."""
    state = battle([])
    a = add(state, "A1", 0, 10, 10)
    assert check_action(state, a, Move("A1", (10, 16))) == pytest.approx(6.0)
    with pytest.raises(IllegalActionError, match="MOVE-GEN-03"):
        check_action(state, a, Move("A1", (10, 16.1)))


def test_bases_cannot_pass_through_models() -> None:
    """MOVE-GEN-07 (002:L392): no moving through a friend."""
    state = battle([])
    a = add(state, "A1", 0, 10, 10)
    add(state, "A2", 0, 10, 13)
    with pytest.raises(IllegalActionError, match="MOVE-GEN-07"):
        check_action(state, a, Move("A1", (10, 15)))


def test_no_entering_an_enemy_control_zone_without_charging() -> None:
    """MOVE-ZOC-01 (002:L410): passing within 1" of an enemy is refused."""
    state = battle([])
    a = add(state, "A1", 0, 10, 10)
    add(state, "B1", 1, 11.5, 13)
    with pytest.raises(IllegalActionError, match="MOVE-ZOC-01"):
        check_action(state, a, Move("A1", (10, 15)))


def test_zone_ends_strictly_below_one_inch() -> None:
    """Ambiguity A7 (MOVE-ZOC-06): exactly 1" away is outside the control zone."""
    state = battle([])
    a = add(state, "A1", 0, 10, 10)
    add(state, "B1", 1, 10, 15 + BASE_GAP + 1.0)
    assert check_action(state, a, Move("A1", (10, 15))) == pytest.approx(5.0)


def test_starting_in_a_zone_a_model_may_leave_but_not_close_in() -> None:
    """MOVE-ZOC-03 (002:L418-422)."""
    state = battle([])
    a = add(state, "A1", 0, 10, 10)
    add(state, "B1", 1, 10, 10 + BASE_GAP + 0.5)
    check_action(state, a, Move("A1", (10, 6)))
    with pytest.raises(IllegalActionError):
        check_action(state, a, Move("A1", (10.3, 10.2)))


def test_a_charge_must_end_in_base_contact() -> None:
    """MOVE-CHG-01/02 (002:L430-432)."""
    state = battle([])
    a = add(state, "A1", 0, 10, 10)
    add(state, "B1", 1, 10, 14)
    check_action(state, a, Charge("A1", "B1", (10, 14 - BASE_GAP)))
    with pytest.raises(IllegalActionError, match="MOVE-CHG-02"):
        check_action(state, a, Charge("A1", "B1", (10, 12)))


def test_engaged_models_cannot_move() -> None:
    """MOVE-CHG-03, MOVE-GEN-09 (002:L434, L404): once in base contact, neither model moves
    this turn (a model already charged is one that cannot move)."""
    state = battle([])
    a = add(state, "A1", 0, 10, 10)
    b = add(state, "B1", 1, 10, 14)
    apply_action(state, a, Charge("A1", "B1", (10, 14 - BASE_GAP)))
    assert state.engaged(b)
    with pytest.raises(IllegalActionError):
        check_action(state, b, Move("B1", (10, 18)))


def test_another_zone_crossed_before_the_targets_blocks_the_charge() -> None:
    """MOVE-CHG-08 (002:L448): other zones only stop the charger before it enters its
    target's zone; once inside, they are ignored (multiple charge allowed, MOVE-CHG-09)."""
    state = battle([])
    a = add(state, "A1", 0, 10, 10)
    add(state, "B1", 1, 10, 15)
    add(state, "B2", 1, 11.6, 12.5)  # its zone covers the path before B1's zone
    with pytest.raises(IllegalActionError, match="CHG-08"):
        check_action(state, a, Charge("A1", "B1", (10, 15 - BASE_GAP)))
    state2 = battle([])
    a2 = add(state2, "A1", 0, 10, 10)
    add(state2, "B1", 1, 10, 15)
    add(state2, "B2", 1, 11.6, 14.6)  # reached only after entering B1's zone
    check_action(state2, a2, Charge("A1", "B1", (10, 15 - BASE_GAP)))


def test_starting_in_two_zones_a_model_may_charge_either() -> None:
    """MOVE-CHG-08 with ambiguity A8 (002:L418-422, L444, L448): A1 starts inside the zones
    of B1 and B2; it has entered both, so it may charge either, even on a path that closes
    in on the other (before, the charge of B1 was refused as entering B2's zone first).
    Moving away, it may close in on neither (MOVE-ZOC-03). Scripted dice: none is rolled."""
    state = battle([])
    a = add(state, "A1", 0, 10, 10)
    b1 = add(state, "B1", 1, 10, 10 + BASE_GAP + 0.5)
    b2 = add(state, "B2", 1, 10 + BASE_GAP + 0.3, 10.6)
    to_b1 = (10, 10.5)  # straight at B1, which closes in on B2 too
    gap = ((BASE_GAP + 0.3) ** 2 + 0.6**2) ** 0.5
    k = (gap - BASE_GAP) / gap
    to_b2 = (10 + (BASE_GAP + 0.3) * k, 10 + 0.6 * k)  # straight at B2, closing in on B1
    check_action(state, a, Charge("A1", "B1", to_b1))
    check_action(state, a, Charge("A1", "B2", to_b2))
    with pytest.raises(IllegalActionError, match="MOVE-ZOC-03"):
        check_action(state, a, Move("A1", (12, 8)))  # away from B1, closer to B2
    check_action(state, a, Move("A1", (8, 8)))  # away from both
    apply_action(state, a, Charge("A1", "B2", to_b2))
    assert state.engaged(b2) and not state.engaged(b1)


def test_engaged_enemies_have_no_control_zone() -> None:
    """MOVE-ZOC-04, MOVE-CHG-07 (002:L446): engaged models' zones are cancelled."""
    state = battle([])
    a = add(state, "A1", 0, 10, 10)
    add(state, "B1", 1, 11.5, 13)
    add(state, "A9", 0, 11.5 + BASE_GAP, 13)  # B1 is engaged by A9
    check_action(state, a, Move("A1", (10, 15)))


def test_prone_enemies_have_no_control_zone() -> None:
    """MOVE-ZOC-05, MOVE-PRONE-02 (002:L649): a prone model has no control zone."""
    state = battle([])
    a = add(state, "A1", 0, 10, 10)
    add(state, "B1", 1, 11.5, 13).prone = True
    check_action(state, a, Move("A1", (10, 15)))


def test_difficult_terrain_costs_double() -> None:
    """MOVE-TER-02/03 (002:L518-522): 2" in the open, then 4" left buys 2" in difficult."""
    marsh = TerrainPiece("marsh", TerrainKind.DIFFICULT, ((0, 12.5), (48, 12.5), (48, 30), (0, 30)))
    state = battle([], table=Table("t", (marsh,)))
    a = add(state, "A1", 0, 10, 10)
    # the base touches the marsh after 2" (its edge is 0.49" ahead of its centre)
    cost = check_action(state, a, Move("A1", (10, 14)))
    assert cost > 4.0
    with pytest.raises(IllegalActionError):
        check_action(state, a, Move("A1", (10, 16)))


def test_war_drum_adds_three_inches_and_forbids_charges() -> None:
    """EQP-DRUM-01 (002:L2188): +3" for Infantry within 12"; affected models cannot charge."""
    state = battle([])
    add(state, "A9", 0, 5, 5, profile(wargear=("war drum",)))
    a = add(state, "A1", 0, 10, 10)
    add(state, "B1", 1, 10, 18)
    state.drum_sounded[0] = "A9"
    assert check_action(state, a, Move("A1", (18, 10))) == pytest.approx(8.0)
    with pytest.raises(IllegalActionError, match="DRUM"):
        check_action(state, a, Charge("A1", "B1", (10, 18 - BASE_GAP)))


def test_priority_side_moves_first_and_the_other_follows() -> None:
    """MOVE-GEN-01, TURN-03, TURN-07 (002:L329, L337, L363): the Priority side first."""
    state = battle([], priority=1)
    add(state, "A1", 0, 10, 4)
    add(state, "B1", 1, 10, 44)
    run_move_phase(state, players())
    moved = [e.data["model"] for e in state.log.of_kind("action")]
    assert moved == ["B1", "A1"]


def test_refused_actions_become_holds() -> None:
    """Players choose, the rules decide: an illegal action is refused and logged."""
    state = battle([])
    a = add(state, "A1", 0, 10, 10)

    class Cheat(Answering):
        def sound_drum(self, *_: object) -> None:
            return None

        def move_order(self, *_: object) -> list[str]:
            return ["A1"]

        def choose_move(self, *_: object) -> Move:
            return Move("A1", (10, 30))

    run_move_phase(state, (Cheat(), Cheat()))  # type: ignore[arg-type]
    assert state.log.of_kind("refused") and a.position == (10, 10)
    assert a.done_moving


def test_players_get_legal_moves_and_charges() -> None:
    """furthest_toward stops outside the enemy zone; charge_options reach base contact."""
    state = battle([])
    a = add(state, "A1", 0, 10, 10)
    b = add(state, "B1", 1, 10, 18)
    end = furthest_toward(state, a, b.position)
    check_action(state, a, Move("A1", end))
    options = charge_options(state, a)
    assert not options  # 8" away: out of reach
    state.set_position(b, (10, 15))
    (enemy, spot), *_ = charge_options(state, a)
    assert enemy is b
    apply_action(state, a, Charge("A1", "B1", spot))
    assert state.engaged(a) and a.charged
    with pytest.raises(IllegalActionError):
        check_action(state, b, Hold("B1"))  # MOVE-CHG-03: the charged model stays put


WALL = TerrainPiece("wall", TerrainKind.OBSTACLE, ((0, 12), (48, 12)), height=0.8, thickness=0.3)
FENCE = TerrainPiece("fence", TerrainKind.OBSTACLE, ((0, 12), (48, 12)), height=0.4, thickness=0.3)


@pytest.mark.parametrize(("die", "lands"), [(1, "before"), (3, "far side"), (6, "end")])
def test_leap_test_decides_where_the_model_stops(die: int, lands: str) -> None:
    """MOVE-OBS-03, MOVE-LEAP table, MOVE-LEAP-08 (002:L532, L540-543, L555-561): a wall of
    0.8" is more than half a Man's 1.2": Sam's 1 stops at the wall, Merry's 3 lands touching
    its far side and stops, Pippin's 6 goes on."""
    state = battle([die], table=Table("t", (WALL,)))
    model = add(state, "A1", 0, 10, 10)
    apply_action(state, model, Move("A1", (10, 14)))
    assert state.log.of_kind("leap")[0].data["roll"] == die
    expected = {"before": (11.35, 11.6), "far side": (12.6, 12.7), "end": (14.0, 14.0)}[lands]
    assert expected[0] - 0.05 <= model.y <= expected[1] + 0.05
    assert model.leapt


def test_low_obstacle_is_stepped_over() -> None:
    """MOVE-OBS-02 (002:L530): less than half the model's height: no test, no roll."""
    state = battle([], table=Table("t", (FENCE,)))
    model = add(state, "A1", 0, 10, 10)
    apply_action(state, model, Move("A1", (10, 14)))
    assert model.position == (10, 14) and not state.log.of_kind("leap")


def test_a_model_that_leapt_cannot_shoot() -> None:
    """SHOOT-ELIG-07, MOVE-LEAP-04 (002:L767): no shooting after a Leap test, even a 6."""
    from battlesim.engines.sbg.rules.shooting import can_shoot

    state = battle([6], table=Table("t", (WALL,)))
    model = add(state, "A1", 0, 10, 10, profile(wargear=("bow",)))
    apply_action(state, model, Move("A1", (10, 12.9)))
    assert not can_shoot(state, model)


@pytest.mark.parametrize(("die", "engaged"), [(6, True), (3, False), (1, False)])
def test_a_charge_across_an_obstacle_needs_a_six(die: int, engaged: bool) -> None:
    """MOVE-CHG-13, MOVE-LEAP-03 (002:L551): a model cannot end a Leap in base contact with an enemy
    unless the test was a 6; on 2-5 it stops on the far side, on 1 before the wall."""
    state = battle([die], table=Table("t", (WALL,)))
    model = add(state, "A1", 0, 10, 10)
    add(state, "B1", 1, 10, 14)
    apply_action(state, model, Charge("A1", "B1", (10, 14 - BASE_GAP)))
    assert state.engaged(model) is engaged and model.charged is engaged
    if die == 3:
        assert 12.6 <= model.y <= 12.7
    if die == 1:
        assert model.y < 11.9


def test_move_leap_02_the_leap_counts_against_the_move() -> None:
    """MOVE-LEAP-02 (002:L549): the ground covered while leaping (the wall's thickness) is
    part of the Move: on a 6, 4" from start to end cost 4"; a leap ending 6.1" away is
    refused before any roll."""
    state = battle([6], table=Table("t", (WALL,)))
    model = add(state, "A1", 0, 10, 10)
    with pytest.raises(IllegalActionError):
        check_action(state, model, Move("A1", (10, 16.1)))
    apply_action(state, model, Move("A1", (10, 14)))
    assert model.position == (10, 14) and model.spent == pytest.approx(4.0)


def test_a_charge_beyond_the_offered_targets_is_accepted() -> None:
    """MOVE-CHG-01 (002:L401-403): any enemy in reach may be charged. The engine offers the
    players only the nearest few (``CHARGE_TARGETS_CONSIDERED``, a speed cap), but a charge of
    a fifth enemy in reach is legal and carried out (issue 15, item 5)."""
    from battlesim.engines.sbg.core.actions import Charge
    from battlesim.engines.sbg.rules.movement import (
        CHARGE_TARGETS_CONSIDERED,
        apply_action,
        charge_options,
        charge_spot,
    )

    state = battle()
    model = add(state, "A1", 0, 20, 10)
    for k, x in enumerate((14.0, 18.0, 22.0, 26.0), start=1):
        add(state, f"B{k}", 1, x, 13.5)  # four enemies in a row, in reach
    add(state, "B5", 1, 20.0, 4.5)  # a fifth behind the charger, in reach
    offered = {enemy.uid for enemy, _ in charge_options(state, model)}
    left_out = [e for e in state.enemies(model) if e.uid not in offered]
    assert CHARGE_TARGETS_CONSIDERED < 5 and len(left_out) == 1
    far = left_out[0]
    assert state.distance(model, far) <= model.profile.move  # in reach all the same
    spot = charge_spot(state, model, far)
    assert spot is not None
    apply_action(state, model, Charge(model.uid, far.uid, spot))
    assert state.in_contact(model, far) and model.charged

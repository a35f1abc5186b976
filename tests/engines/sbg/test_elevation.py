"""Elevated positions (part 1 §6.10, 002:L1170-1192).

A sheer rock from y=12 to y=20; Men are 1.2" tall on 25 mm bases (radius R), Move 6". The
defender B1 stands on top 0.6" from the edge; its attacker charges to the foot of the side.
"""

from __future__ import annotations

import pytest

from battlesim.engines.sbg.core.actions import Charge, IllegalActionError
from battlesim.engines.sbg.core.state import BattleState
from battlesim.engines.sbg.core.table import Table, TerrainKind, TerrainPiece
from battlesim.engines.sbg.phases.fight import run_fight_phase
from battlesim.engines.sbg.rules.barriers import protecting_barrier
from battlesim.engines.sbg.rules.movement import apply_action, charge_options, check_action
from tests.engines.sbg.builders import add, battle, players, rolls

R = 25.0 / 25.4 / 2
TOP = (10, 12.6)
FOOT = (10, 12 - R - 0.01)


def _rock(height: float) -> Table:
    points = ((0, 12), (48, 12), (48, 20), (0, 20))
    piece = TerrainPiece("rock", TerrainKind.ELEVATED, points, height=height, sloped=False)
    return Table("t", (piece,))


def _charged(dice: list[int], height: float = 2.0) -> BattleState:
    """B1 on the rock, A1 charged it from 1.5" below the foot (path + climb within 6")."""
    state = battle(dice, table=_rock(height))
    add(state, "B1", 1, *TOP)
    attacker = add(state, "A1", 0, 10, 10)
    apply_action(state, attacker, Charge("A1", "B1", FOOT))
    return state


def test_fight_elev_02_the_charger_stops_at_the_foot_and_pays_the_climb() -> None:
    """FIGHT-ELEV-02 (002:L1176): the charge ends at the foot of the rock, engaged without
    base contact; its Move pays the path (1.5") and the 2" climb as difficult terrain (4"):
    from 6" away (5.5" + 4") it is refused, and players are offered the foot spot."""
    state = _charged([])
    attacker, defender = state.models["A1"], state.models["B1"]
    assert state.engaged(attacker) and state.across == {"A1": "B1"}
    assert attacker.spent == pytest.approx(FOOT[1] - 10 + 4.0, abs=0.01)
    far = battle([], table=_rock(2.0))
    add(far, "B1", 1, *TOP)
    runner = add(far, "A1", 0, 10, 6)
    with pytest.raises(IllegalActionError, match="ELEV-02"):
        check_action(far, runner, Charge("A1", "B1", FOOT))
    near = battle([], table=_rock(2.0))
    add(near, "B1", 1, *TOP)
    charger = add(near, "A1", 0, 10, 9)
    assert [enemy.uid for enemy, _ in charge_options(near, charger)] == ["B1"]
    assert protecting_barrier(state, defender, attacker) is not None


def test_fight_elev_01_03_05_a_slayer_takes_the_elevated_place() -> None:
    """FIGHT-ELEV-01, FIGHT-ELEV-03, FIGHT-ELEV-05 (002:L1172-1178, L1192): like Legolas atop
    a wall more than half his enemy's height, B1 gets the barrier steps: A1 wins (6 v 1), its
    strike must pass the in-the-way test (4 on 4+), wounds (5) and slays B1; A1 takes its
    place on the rock."""
    state = _charged([6, 1, 4, 5])
    run_fight_phase(state, players())
    assert [p for p, _ in rolls(state)][2] == "barrier rock in the way of A1"
    assert not state.models["B1"].alive
    assert state.models["A1"].position == TOP


def test_fight_elev_03_the_beaten_attacker_falls_from_a_climbing_height() -> None:
    """FIGHT-ELEV-03 (002:L1178) and the §6.10 reading: B1 wins (1 v 6), its strike fails
    (1); A1 backs away and, the rock needing a Climb test (2" > 1.2"), falls its 2": one S3
    hit (a 1: no wound) and lies prone. Defender never backs away (FIGHT-ELEV-01)."""
    state = _charged([1, 6, 1, 1])
    run_fight_phase(state, players())
    attacker = state.models["A1"]
    assert [p for p, _ in rolls(state)][2:] == ["strike B1->A1 (S3 D4)", "fall A1 hit 1 (S3 D4)"]
    assert attacker.prone and attacker.y < FOOT[1] - 0.99
    assert state.models["B1"].position == TOP


def test_fight_elev_03_an_attacker_that_won_but_did_not_slay_backs_away_without_falling() -> None:
    """FIGHT-ELEV-03 (002:L1178: « l'attaquant défait chute »), READINGS.md A21: A1 wins the
    Duel (6 v 1) but its strike is stopped by the rock (a 1 on the in-the-way test); B1
    lives, so A1 backs away; it was not beaten, so it does not fall."""
    state = _charged([6, 1, 1])
    run_fight_phase(state, players())
    attacker = state.models["A1"]
    assert state.models["B1"].alive and not state.log.of_kind("fall")
    assert not attacker.prone and attacker.y < FOOT[1] - 0.99


def test_fight_elev_03_no_fall_from_a_leaping_height() -> None:
    """FIGHT-ELEV-03: a 0.8" rock (more than half a Man, leapt not climbed): the beaten
    attacker backs away without falling; the charge cost no climb."""
    state = _charged([1, 6, 1], height=0.8)
    assert state.models["A1"].spent == pytest.approx(FOOT[1] - 10, abs=0.01)
    run_fight_phase(state, players())
    assert not state.models["A1"].prone and not state.log.of_kind("fall")


def test_fight_elev_04_same_level_is_a_normal_fight() -> None:
    """FIGHT-ELEV-04 (002:L1180): an attacker on the rock too fights normally: no barrier."""
    state = battle([], table=_rock(2.0))
    defender = add(state, "B1", 1, *TOP)
    attacker = add(state, "A1", 0, 12, 13.5)
    assert protecting_barrier(state, defender, attacker) is None
    low = battle([], table=_rock(0.5))  # not more than half a Man's height
    assert protecting_barrier(low, add(low, "B1", 1, *TOP), add(low, "A1", 0, *FOOT)) is None


def test_heuristic_holds_its_elevated_position() -> None:
    """A sensible player on the rock, an enemy below within 8", stays up there."""
    from battlesim.engines.sbg.core.actions import Hold

    state = battle([], table=_rock(2.0))
    defender = add(state, "B1", 1, *TOP)
    add(state, "A1", 0, 10, 7)
    assert isinstance(players()[1].choose_move(state, defender), Hold)


# --- doorways (FIGHT-DOOR-01) --------------------------------------------------------------

DOOR = TerrainPiece(
    "inn door", TerrainKind.OPEN, ((9.5, 11.5), (10.5, 11.5), (10.5, 12.5), (9.5, 12.5)), door=True
)


def _door_fight(dice: list[int], defender_charged: bool = False) -> BattleState:
    """B1 on the inn's threshold, A1 touching it from outside, as after A1's charge."""
    from tests.engines.sbg.builders import BASE_GAP

    state = battle(dice, table=Table("t", (DOOR,)))
    add(state, "B1", 1, 10, 12).charged = defender_charged
    add(state, "A1", 0, 10, 12 - BASE_GAP).charged = not defender_charged
    return state


def test_fight_door_01_gothmog_in_the_doorway_fights_as_behind_a_barrier() -> None:
    """FIGHT-DOOR-01 (002:L1166, L1188): Gothmog on a doorway is charged by Aragorn: a
    barrier fight. Aragorn wins (6 v 1) but his strike must pass 4+ in the way (3 fails);
    Gothmog stays on the threshold and Aragorn backs away."""
    state = _door_fight([6, 1, 3])
    run_fight_phase(state, players())
    assert [p for p, _ in rolls(state)][2:] == ["barrier inn door in the way of A1"]
    assert state.models["B1"].position == (10, 12)
    assert state.distance(state.models["A1"], state.models["B1"]) >= 0.99


def test_fight_door_01_the_slayer_takes_the_doorway() -> None:
    """FIGHT-DOOR-01: a strike past the door (4) wounds (5): Gothmog is slain and Aragorn
    takes his place on the threshold."""
    state = _door_fight([6, 1, 4, 5])
    run_fight_phase(state, players())
    assert not state.models["B1"].alive and state.models["A1"].position == (10, 12)


def test_fight_door_01_a_model_that_charged_out_of_the_door_fights_normally() -> None:
    """FIGHT-DOOR-01: the doorway counts only for a model charged there; one that charged
    from it fights normally (the loser backs away, no in-the-way test)."""
    state = _door_fight([1, 6, 1], defender_charged=True)
    run_fight_phase(state, players())
    assert not any("in the way" in p for p, _ in rolls(state))

"""Cavalry (checklist part 1 §8, 002:L1260-1475; part 2 WPN-LANCE-01, WPN-LANCE-02, SPS-CAV-01).

A rider is the test warrior (F3 S3 D4 A1 W1 C3, Move 6") with a mount from the rulebook's
table; a mounted base is a circle of radius ``RC`` (the area of the 25 x 50 mm oval).
"""

from __future__ import annotations

import math
from dataclasses import replace
from typing import Any

import pytest

from battlesim.engines.sbg import cavalry
from battlesim.engines.sbg.actions import Charge, IllegalActionError, Move
from battlesim.engines.sbg.bases import MOUNT_SHOULDERS, RIDER_SEATED, height_for
from battlesim.engines.sbg.courage import courage_value
from battlesim.engines.sbg.data import CAVALRY_CIRCLE_MM
from battlesim.engines.sbg.falling import terrain_height
from battlesim.engines.sbg.monsters.core import hits as monster_hits
from battlesim.engines.sbg.monsters.core import knock_prone
from battlesim.engines.sbg.phases.fight import Combat, resolve_combat, stab_backlashes
from battlesim.engines.sbg.phases.move import (
    _maybe_dismount,
    allowance,
    apply_action,
    can_move,
    check_action,
    run_move_phase,
)
from battlesim.engines.sbg.phases.shoot import can_shoot, shoot
from battlesim.engines.sbg.players import HeuristicPlayer, _cavalry_charge
from battlesim.engines.sbg.special_strikes import after_duel
from battlesim.engines.sbg.state import BattleState, ModelState, Phase
from battlesim.engines.sbg.table import Table, TerrainKind, TerrainPiece
from battlesim.engines.sbg.units import Profile, profile_from_data, profile_to_data
from battlesim.engines.sbg.weapons import SpecialStrike
from tests.engines.sbg.builders import WARRIOR, add, battle, players, profile, rolls

R = 25.0 / 25.4 / 2  # a 25 mm base
RC = CAVALRY_CIRCLE_MM / 25.4 / 2  # a mounted model's circle
X, Y = 24.0, 24.0


def mounted(mount: str = "horse", *extra: str, **changes: Any) -> Profile:
    """The test warrior with ``mount`` (and other options) bought, read as plain data."""
    data = {**profile_to_data(replace(WARRIOR, **changes)), "options": [mount, *extra]}
    data["name"] = f"Rider on {mount}"
    return profile_from_data(data)


def _engage(state: BattleState, uid: str, player: int, enemy: ModelState, prof: Profile) -> Any:
    """Place a model touching ``enemy`` on its right."""
    radius = RC if prof.mount is not None else R
    return add(state, uid, player, enemy.x + enemy.radius + radius, enemy.y, prof)


class PartPlayer(HeuristicPlayer):
    """Always strikes the given part of a cavalry target, and may dismount."""

    def __init__(self, part: str = cavalry.RIDER, dismount: bool = False) -> None:
        super().__init__()
        self.part, self.dismount = part, dismount

    def choose_strike_part(
        self, state: BattleState, striker: ModelState, target: ModelState
    ) -> str:
        return self.part

    def choose_dismount(self, state: BattleState, model: ModelState) -> bool:
        return self.dismount


# --- 8.1 definition, 8.9 profiles ----------------------------------------------------------


def test_cav_def_01_02_a_mount_in_the_options_makes_cavalry() -> None:
    """CAV-DEF-01, CAV-DEF-02 (002:L1264, L1268): a model with a mount in its options is
    Cavalry (not Infantry); without one it stays Infantry; its rider on foot is Infantry."""
    state = battle()
    rider = add(state, "A1", 0, X, Y, mounted())
    walker = add(state, "A2", 0, X, Y + 5)
    assert "cavalry" in rider.profile.keywords and "infantry" not in rider.profile.keywords
    assert walker.mount is None and "infantry" in walker.profile.keywords
    assert rider.mount is not None and "infantry" in rider.mount.foot.keywords
    assert rider.radius == pytest.approx(RC)


def test_cav_prof_01_mount_profiles_from_the_table_and_plain_data() -> None:
    """CAV-PROF-01 (002:L1443-1475): Horse M10 F3 S3 D4 A0 W1 C2, +1 D with barding; Warg
    S4 A1; an explicit mount survives profile_to_data/profile_from_data."""
    horse = mounted().mount
    assert horse is not None
    assert (horse.move, horse.fight, horse.strength, horse.defence, horse.attacks) == (
        10.0,
        3,
        3,
        4,
        0,
    )
    assert (horse.wounds, horse.courage) == (1, 2)
    assert mounted("horse", "barding").mount.defence == 5  # type: ignore[union-attr]
    assert mounted("armoured horse").mount.defence == 5  # type: ignore[union-attr]
    warg = mounted("warg").mount
    assert warg is not None and (warg.strength, warg.attacks, warg.courage) == (4, 1, 2)
    explicit = {
        **profile_to_data(WARRIOR),
        "mount": {
            "name": "Elk",
            "kind": "elk",
            "move": 9,
            "fight": 3,
            "shoot": 6,
            "strength": 4,
            "defence": 5,
            "attacks": 1,
            "wounds": 2,
            "courage": 3,
        },
    }
    elk = profile_from_data(explicit)
    assert elk.mount is not None and elk.mount.wounds == 2
    assert profile_from_data(profile_to_data(elk)) == elk


def test_cav_def_03_line_of_sight_from_the_rider() -> None:
    """CAV-DEF-03, LOS-05 (002:L1272): sight is the rider's: its head above the horse's
    shoulders, never blocked by its own mount."""
    state = battle()
    rider = add(state, "A1", 0, X, Y, mounted())
    assert height_for(rider.profile.keywords) == pytest.approx(
        MOUNT_SHOULDERS["horse"] + RIDER_SEATED
    )


# --- 8.2 movement ---------------------------------------------------------------------------


def test_cav_move_01_the_mount_move_is_used() -> None:
    """CAV-MOVE-01 (002:L1276, L1290): a Man (M6") on a horse moves 10"."""
    state = battle()
    rider = add(state, "A1", 0, X, 10)
    horse = add(state, "A2", 0, X + 5, 10, mounted())
    assert allowance(state, horse) == 10.0 and allowance(state, rider) == 6.0
    check_action(state, horse, Move("A2", (X + 5, 20)))
    with pytest.raises(IllegalActionError):
        check_action(state, horse, Move("A2", (X + 5, 20.5)))


def test_cav_move_01_cavalry_cannot_climb() -> None:
    """CAV-MOVE-01, MOVE-CLIMB-04 (002:L1276, L601): a mounted model takes no Climb test."""
    rock = TerrainPiece(
        "rock",
        TerrainKind.ELEVATED,
        ((0, 12), (48, 12), (48, 20), (0, 20)),
        height=2.0,
        sloped=False,
        climbable=True,
    )
    state = battle(table=Table("t", (rock,)))
    horse = add(state, "A1", 0, 10, 10, mounted())
    with pytest.raises(IllegalActionError, match="CLIMB-04"):
        check_action(state, horse, Move("A1", (10, 13.2)))


def test_cav_move_02_obstacles_compare_with_the_mount_shoulders() -> None:
    """CAV-MOVE-02, MOVE-OBS-05 (002:L1276): heights for obstacles and gaps are the mount's
    shoulders."""
    state = battle()
    horse = add(state, "A1", 0, X, Y, mounted())
    warg = add(state, "A2", 0, X, Y + 5, mounted("warg"))
    assert terrain_height(horse) == MOUNT_SHOULDERS["horse"]
    assert terrain_height(warg) == MOUNT_SHOULDERS["warg"]


def _marsh() -> Table:
    points = ((0, 12.5), (48, 12.5), (48, 30), (0, 30))
    return Table("t", (TerrainPiece("marsh", TerrainKind.DIFFICULT, points),))


def test_cav_move_03_11_difficult_terrain_costs_four_times() -> None:
    """CAV-MOVE-03, CAV-MOVE-11, MOVE-TER-04 (002:L1282, L1296): Éowyn's horse (10") spends 2" to
    reach rocky ground and then goes 2" into it (2 x 4 = 8"); 0.1" more is refused."""
    state = battle(table=_marsh())
    start = 12.5 - RC - 2.0
    horse = add(state, "A1", 0, 10, start, mounted())
    cost = check_action(state, horse, Move("A1", (10, start + 4.0)))
    assert cost == pytest.approx(10.0, abs=0.01)
    with pytest.raises(IllegalActionError):
        check_action(state, horse, Move("A1", (10, start + 4.1)))


def test_cav_move_04_cav_chg_04_no_charge_bonus_in_difficult_terrain() -> None:
    """CAV-MOVE-04, CAV-CHG-04 (002:L1282): a charger standing in difficult terrain gets no
    charge bonus and no lance bonus."""
    state = battle(table=_marsh())
    horse = add(state, "A1", 0, X, Y, mounted("horse", "lance"))
    foe = _engage(state, "B1", 1, horse, profile())
    horse.charged = True
    cavalry.start_fight(state, [horse, foe])
    assert not horse.charge_bonus and not horse.lance_bonus


WALL = TerrainPiece("wall", TerrainKind.OBSTACLE, ((0, 12), (48, 12)), height=0.8, thickness=0.3)


@pytest.mark.parametrize(("second", "thrown"), [(1, True), (2, False)])
def test_cav_move_05_a_failed_leap_may_throw_the_rider(second: int, thrown: bool) -> None:
    """CAV-MOVE-05, MOVE-LEAP-05 (002:L1286), ambiguity A29: a 1 to Leap, then a further D6: on a 1
    the rider is thrown as a 1 on the Thrown Rider table (prone, S3 hit: 4 fails on D4); the horse,
    riderless, flees (CAV-LOOSE-02)."""
    dice = [1, second] + ([4] if thrown else [])
    state = battle(dice, table=Table("t", (WALL,)))
    horse = add(state, "A1", 0, 10, 10, mounted())
    apply_action(state, horse, Move("A1", (10, 14)))
    assert [p for p, _ in rolls(state)][:2] == ["leap A1 over wall", "thrown by the leap A1"]
    assert (horse.mount is None) is thrown
    assert horse.prone is thrown and horse.alive
    assert state.mounts_lost == [1 if thrown else 0, 0]


def _drop(height: float) -> Table:
    rock = TerrainPiece(
        "rock",
        TerrainKind.ELEVATED,
        ((0, 12), (48, 12), (48, 20), (0, 20)),
        height=height,
        sloped=False,
        climbable=False,
    )
    return Table("t", (rock,))


def test_cav_move_06_a_drop_up_to_the_mount_height_is_free() -> None:
    """CAV-MOVE-06 (002:L1304): down 1" (the horse stands 1.2"): no hit, no test."""
    state = battle([], table=_drop(1.0))
    horse = add(state, "A1", 0, 10, 14, mounted())
    apply_action(state, horse, Move("A1", (10, 9)))
    assert horse.position == (10, 9) and not rolls(state) and horse.mount is not None


def test_cav_move_07_11_a_higher_drop_hits_the_mount() -> None:
    """CAV-MOVE-07, CAV-MOVE-11 (002:L1300, L1306): down 2.5" from a smooth rock (no Climb test):
    1 + 1 whole inch beyond 1.2" = 2 S3 hits on the horse (D4 needs 5): 4, 4 miss and the
    horse goes on to the end of its move."""
    state = battle([4, 4], table=_drop(2.5))
    horse = add(state, "A1", 0, 10, 14, mounted())
    apply_action(state, horse, Move("A1", (10, 9)))
    assert [p for p, _ in rolls(state)] == [
        "descent A1 mount hit 1 (S3 D4)",
        "descent A1 mount hit 2 (S3 D4)",
    ]
    assert horse.position == (10, 9) and horse.mount is not None and horse.mount.wounds == 1


def test_cav_move_07_a_mount_slain_descending_hurts_and_throws_the_rider() -> None:
    """CAV-MOVE-07 (002:L1306), ambiguity A31: the horse dies on the first hit (5); the rider
    then takes the same 2 S3 hits (2, 3 fail on D4) and the Thrown Rider test (6: on foot)."""
    state = battle([5, 2, 3, 6], table=_drop(2.5))
    horse = add(state, "A1", 0, 10, 14, mounted())
    apply_action(state, horse, Move("A1", (10, 9)))
    assert [p for p, _ in rolls(state)] == [
        "descent A1 mount hit 1 (S3 D4)",
        "descent A1 rider hit 1 (S3 D4)",
        "descent A1 rider hit 2 (S3 D4)",
        "thrown rider A1",
    ]
    assert horse.mount is None and horse.unhorsed and horse.alive and not horse.prone


# --- 8.3 courage and riderless mounts --------------------------------------------------------


def test_cav_cour_01_only_the_rider_tests_with_its_own_courage() -> None:
    """CAV-COUR-01, COUR-TEST-06 (002:L1322): a C1 rider on a War Goat (C3) tests with 1."""
    state = battle()
    goat = add(state, "A1", 0, X, Y, mounted("war goat", courage=1))
    assert courage_value(state, goat) == 1


@pytest.mark.parametrize(("dice", "stays"), [([4, 4], True), ([3, 4], False)])
def test_cav_loose_01_a_riderless_warg_tests_its_courage(dice: list[int], stays: bool) -> None:
    """CAV-LOOSE-01, CAV-STRIKE-03 (002:L1326-1328, L1417): the rider slain, the warg tests
    at once: 2D6 + C2 >= 10 stays as a riderless Infantry model, else it flees."""
    state = battle(dice)
    warg = add(state, "A1", 0, X, Y, mounted("warg"))
    state.wound(warg, "test")
    assert warg.alive is stays
    assert warg.loose and warg.mount is None
    if stays:
        assert "infantry" in warg.profile.keywords and warg.wounds == 1
        assert (warg.profile.strength, warg.profile.attacks) == (4, 1)
    assert state.riders_lost == [1, 0] and state.mounts_lost == [0 if stays else 1, 0]
    assert state.casualties == [0 if stays else 1, 0]


def test_cav_loose_02_a_riderless_horse_always_flees() -> None:
    """CAV-LOOSE-02 (002:L1330): a horse (Attacks 0) flees without a test: the whole cavalry
    model is one casualty."""
    state = battle([])
    horse = add(state, "A1", 0, X, Y, mounted())
    state.wound(horse, "test")
    assert not horse.alive and state.casualties == [1, 0]
    assert not rolls(state)


def test_cav_loose_03_06_knocked_down_warg_rider() -> None:
    """CAV-LOOSE-03 (002:L1332): knocked to the ground, the rider counts as a 1 on the
    Thrown Rider table (prone, S3 hit: 1 fails); the warg passes (5+5+2) and stands beside
    it as a riderless model that does not move this phase (CAV-LOOSE-06)."""
    state = battle([5, 5, 1])
    warg = add(state, "A1", 0, X, Y, mounted("warg"))
    cavalry.knocked_down(state, warg, "test")
    loose = state.models["A1m"]
    assert warg.prone and warg.mount is None and warg.radius == pytest.approx(R)
    assert loose.alive and loose.loose and loose.done_moving
    assert state.distance(warg, loose) == pytest.approx(0.0, abs=0.01)
    assert state.alive_count(0) == 2 and state.start_counts == [1, 0]


# --- 8.4 shooting -----------------------------------------------------------------------------


def test_cav_shoot_01_a_mounted_bow_shoots_after_half_the_mount_move() -> None:
    """CAV-SHOOT-01 (002:L1344): cavalry shoots like any model; after 5" (half the horse's
    10") a bow may still shoot."""
    state = battle()
    archer = add(state, "A1", 0, X, Y, mounted("horse", "bow"))
    archer.moved, archer.spent = True, 5.0
    assert can_shoot(state, archer)
    archer.spent = 5.5
    assert not can_shoot(state, archer)


def _shot(dice: list[int], target: Profile) -> tuple[BattleState, ModelState]:
    state = battle(dice)
    state.phase = Phase.SHOOT
    archer = add(state, "A1", 0, X, 10, profile(options=("bow",)))
    victim = add(state, "B1", 1, X, 20, target)
    shoot(state, archer, victim)
    return state, victim


def test_cav_shoot_02_04_a_1_to_3_hits_the_mount() -> None:
    """CAV-SHOOT-02, CAV-SHOOT-04 (002:L1348, L1354): hit (4), 1-3 (2) the mount: bow S2 on
    the horse's D4 needs 5 (5): the horse dies, the rider tests (6) and goes on foot where it
    stood."""
    state, victim = _shot([4, 2, 5, 6], mounted())
    assert [p for p, _ in rolls(state)] == [
        "to hit A1->B1",
        "rider or mount B1",
        "to wound A1->B1 (S2 D4)",
        "thrown rider B1",
    ]
    assert victim.alive and victim.mount is None and victim.position == (X, 20)
    assert "infantry" in victim.profile.keywords and victim.profile.move == 6.0


def test_cav_shoot_02_03_a_4_to_6_hits_the_rider() -> None:
    """CAV-SHOOT-02, CAV-SHOOT-03 (002:L1348, L1352): a 5 hits the rider (barded horse D5,
    rider D6): S2 on D6 needs 6; the rider dies and the horse flees: one casualty."""
    state, victim = _shot([4, 5, 6], mounted("horse", "barding", defence=6))
    assert rolls(state)[2][0] == "to wound A1->B1 (S2 D6)"
    assert not victim.alive and state.casualties == [0, 1]


def test_cav_shoot_04_an_unhorsed_rider_stays_in_its_fight() -> None:
    """CAV-SHOOT-04 (002:L1354): the smaller foot base no longer touches the enemy, but the
    rider stays in that combat with the same models."""
    state = battle([6])
    horse = add(state, "A1", 0, X, Y, mounted())
    foe = _engage(state, "B1", 1, horse, profile())
    state.wound(horse, "test", at_mount=True)
    assert horse.mount is None and state.distance(horse, foe) > 0.1
    assert state.engaged(horse) and state.contacts(foe) == [horse]


# --- 8.5 Thrown Rider table ---------------------------------------------------------------------


def test_cav_thrown_01_flying_leap() -> None:
    """CAV-THROWN-01 (002:L1357): 1: prone, one S3 hit (D4 needs 5: 5 wounds a W2 rider),
    and no move or shot for the rest of the turn."""
    state = battle([1, 5])
    horse = add(state, "A1", 0, X, Y, mounted("horse", "bow", wounds=2))
    state.wound(horse, "test", at_mount=True)
    assert horse.prone and horse.wounds == 1 and horse.mount is None
    assert not can_move(state, horse) and not can_shoot(state, horse)


def test_cav_thrown_02_narrow_escape_no_strikes() -> None:
    """CAV-THROWN-02 (002:L1358), ambiguity A33: 2-5: standing, no move, shot or strike this
    turn; it still rolls its Duel die: it wins 6 v 1 but strikes nothing."""
    state = battle([3, 6, 1])
    horse = add(state, "A1", 0, X, Y, mounted())
    foe = _engage(state, "B1", 1, horse, profile())
    state.wound(horse, "test", at_mount=True)
    assert not horse.prone and not can_move(state, horse)
    resolve_combat(state, Combat(horse, [foe]), players())
    assert state.log.of_kind("duel")[0].data["winner"] == 0
    assert foe.alive and len(rolls(state)) == 3


def test_cav_thrown_03_perfect_landing() -> None:
    """CAV-THROWN-03 (002:L1359): 6: the rider on foot, no penalty."""
    state = battle([6])
    horse = add(state, "A1", 0, X, Y, mounted("horse", "bow"))
    state.wound(horse, "test", at_mount=True)
    assert not horse.prone and can_move(state, horse) and can_shoot(state, horse)


def test_cav_thrown_04_the_thrown_rider_die_is_one_call_site(monkeypatch: Any) -> None:
    """CAV-THROWN-04 (002:L1532): the test's die comes from ``thrown_rider_die`` alone, where
    a Hero's Might will modify it (here replaced by a 6)."""
    state = battle([])
    horse = add(state, "A1", 0, X, Y, mounted())
    monkeypatch.setattr(cavalry, "thrown_rider_die", lambda state, rider: 6)
    state.wound(horse, "test", at_mount=True)
    assert horse.alive and not horse.prone and horse.thrown_turn == 0


# --- 8.6 dismounting --------------------------------------------------------------------------


def test_cav_dism_01_02_wpn_lance_02_dismounting() -> None:
    """CAV-DISM-01, CAV-DISM-02 (002:L1365-1367), WPN-LANCE-02 (002:L2024): automatic, no roll; the
    rider goes on with its own Move less what it spent (6 - 2); the lance stays behind and
    the horse flees (CAV-LOOSE-02)."""
    state = battle([])
    horse = add(state, "A1", 0, X, Y, mounted("horse", "lance"))
    horse.spent = 2.0
    _maybe_dismount(state, PartPlayer(dismount=True), horse)
    assert horse.mount is None and allowance(state, horse) == 4.0
    assert "lance" not in horse.triggers and not rolls(state)
    assert state.mounts_lost == [1, 0] and state.casualties == [0, 0]


def test_cav_dism_03_no_dismounting_out_of_a_fight() -> None:
    """CAV-DISM-03 (002:L1373): an engaged rider cannot dismount into (or out of) combat."""
    state = battle([])
    horse = add(state, "A1", 0, X, Y, mounted())
    _engage(state, "B1", 1, horse, profile())
    dismounting = PartPlayer(dismount=True)
    run_move_phase(state, (dismounting, dismounting))
    assert horse.mount is not None


def test_cav_loose_06_a_dismounted_warg_stays_but_does_not_move() -> None:
    """CAV-LOOSE-06 (002:L1373): the riderless warg passes its test (6+6+2) and stays beside
    its rider, unable to move in this Move phase."""
    state = battle([6, 6])
    warg = add(state, "A1", 0, X, Y, mounted("warg"))
    _maybe_dismount(state, PartPlayer(dismount=True), warg)
    loose = state.models["A1m"]
    assert loose.loose and not can_move(state, loose) and can_move(state, warg)


# --- 8.7 fights and strikes ----------------------------------------------------------------------


def test_cav_fight_01_the_better_of_rider_and_mount() -> None:
    """CAV-FIGHT-01 (002:L1379, L1292): an Orc (S3) on a Warg (S4) strikes with S4."""
    state = battle([6, 1, 6])
    warg = add(state, "A1", 0, X, Y, mounted("warg"))
    foe = _engage(state, "B1", 1, warg, profile())
    resolve_combat(state, Combat(warg, [foe]), players())
    assert rolls(state)[2][0] == "strike A1->B1 (S4 D4)"


def test_cav_strike_01_the_winner_may_strike_the_mount() -> None:
    """CAV-STRIKE-01 (002:L1415): the winner strikes the mount (barded horse D5, rider D4):
    S3 on D5 needs 5; the mount is hit, the rider untouched."""
    state = battle([6, 1, 5, 6])
    foe = add(state, "A1", 0, X, Y, profile())
    horse = _engage(state, "B1", 1, foe, mounted("horse", "barding"))
    resolve_combat(state, Combat(foe, [horse]), (PartPlayer(cavalry.MOUNT), PartPlayer()))
    assert rolls(state)[2][0] == "strike A1->B1 (S3 D5)"
    assert horse.alive and horse.mount is None and horse.wounds == 1


def test_cav_strike_02_the_thrown_rider_test_waits_for_all_strikes() -> None:
    """CAV-STRIKE-02 (002:L1415, L1419): A (2 Attacks) kills the horse with its first strike;
    its second hits the rider (fails); only then the Thrown Rider test."""
    state = battle([6, 6, 1, 5, 2, 6])
    state.phase = Phase.FIGHT

    class Alternate(PartPlayer):
        def choose_strike_part(self, state: BattleState, striker: Any, target: Any) -> str:
            return cavalry.MOUNT if target.mount is not None else cavalry.RIDER

    foe = add(state, "A1", 0, X, Y, profile(attacks=2))
    horse = _engage(state, "B1", 1, foe, mounted("horse", wounds=2))
    resolve_combat(state, Combat(foe, [horse]), (Alternate(), PartPlayer()))
    assert [p for p, _ in rolls(state)][3:] == ["strike A1->B1 (S3 D4)", "thrown rider B1"]
    assert horse.alive and horse.mount is None and horse.wounds == 2


def test_sps_cav_01_piercing_strike_and_stab_touch_the_rider_only() -> None:
    """SPS-CAV-01 (002:L2080-2086): a losing cavalry model's Piercing Strike lowers the
    rider's Defence only (the horse keeps D4); a Stab backlash hits the rider."""
    state = battle([2, 6])
    horse = add(state, "A1", 0, X, Y, mounted(wounds=2))
    horse.strike = SpecialStrike.PIERCE
    after_duel(state, horse, won=False)
    assert horse.defence_mod == -1 and cavalry.mount_defence(horse) == 4
    horse.strike = SpecialStrike.STAB
    stab_backlashes(state, [horse])
    assert rolls(state)[1][0] == "stab backlash A1 (S2 D3)"
    assert horse.wounds == 1 and horse.mount is not None and horse.mount.wounds == 1


# --- 8.8 the cavalry charge -------------------------------------------------------------------


def _charge_fight(dice: list[int], foes: int = 1, **rider: Any) -> tuple[BattleState, list[Any]]:
    state = battle(dice)
    horse = add(state, "A1", 0, X, Y, mounted(**rider))
    horse.charged = True
    found = [add(state, "B1", 1, X + RC + R, Y)]
    if foes == 2:
        found.append(add(state, "B2", 1, X - RC - R, Y))
    resolve_combat(state, Combat(horse, found), players())
    return state, [horse, *found]


def test_cav_chg_01_05_06_07_extra_attack_and_knock_to_the_ground() -> None:
    """CAV-CHG-01, CAV-CHG-05, CAV-CHG-06, CAV-CHG-07, FIGHT-TRAP-06 (002:L1383-1411): a
    charging rider (A1) rolls two Duel dice; it wins, the Infantry loser backs away and is
    knocked prone, so each of the two Attacks rolls two dice (S3 D4: 1, 1, 1, 5)."""
    state, (horse, foe) = _charge_fight([6, 2, 3, 1, 1, 1, 5])
    assert rolls(state)[0] == ("duel A1", [6, 2])
    assert state.log.of_kind("knocked_down")[0].data["model"] == "B1"
    assert len(rolls(state)) == 6 and not foe.alive


def test_cav_chg_09_theoden_charges_two_orcs() -> None:
    """CAV-CHG-02, CAV-CHG-09 (002:L1385, L1401-1409): Théoden (A2) charges two Orcs: three Duel
    dice; he wins, both are knocked down and his three Attacks are doubled."""
    dice = [6, 1, 1, 2, 3] + [1] * 6
    state, (theoden, *orcs) = _charge_fight(dice, foes=2, attacks=2)
    assert rolls(state)[0] == ("duel A1", [6, 1, 1])
    assert all(orc.prone for orc in orcs)
    assert sum(1 for p, _ in rolls(state) if p.startswith("strike")) == 6


def test_cav_chg_03_no_bonus_against_cavalry_but_the_lance_counts() -> None:
    """CAV-CHG-03 (002:L1387), WPN-LANCE-01 (002:L2022): touching enemy cavalry, the charger
    gets no Extra Attack nor knock-down, but its lance still gives +1 To Wound."""
    state = battle()
    horse = add(state, "A1", 0, X, Y, mounted("horse", "lance"))
    enemy = _engage(state, "B1", 1, horse, mounted())
    horse.charged = True
    cavalry.start_fight(state, [horse, enemy])
    assert not horse.charge_bonus and horse.lance_bonus


def test_cav_def_04_a_monster_with_a_rider_counts_as_cavalry() -> None:
    """CAV-DEF-04, CAV-CHG-03 (002:L1804, L1387): charging a Monster that carries the Cavalry
    keyword (a ridden Monster, no mount card) gives no charge bonus."""
    state = battle()
    horse = add(state, "A1", 0, X, Y, mounted())
    ridden = profile(keywords=frozenset({"monster", "cavalry"}), base_mm=50.0)
    beast = add(state, "B1", 1, X + RC + 50.0 / 25.4 / 2, Y, ridden)
    horse.charged = True
    cavalry.start_fight(state, [horse, beast])
    assert state.engaged(horse) and not horse.charge_bonus and horse.lance_bonus


def test_cav_chg_04_no_bonus_against_a_barrier_defender() -> None:
    """CAV-CHG-04, FIGHT-BAR-18 (002:L1425): charging a barrier defender gives no bonus."""
    state = battle()
    horse = add(state, "A1", 0, X, Y, mounted("horse", "lance"))
    foe = add(state, "B1", 1, X + 3, Y)
    state.link_across(horse, foe)
    horse.charged = True
    cavalry.start_fight(state, [horse, foe])
    assert not horse.charge_bonus and not horse.lance_bonus


@pytest.mark.parametrize(("charged", "unhorsed"), [(True, True), (False, False)])
def test_wpn_lance_01_plus_one_to_wound_on_the_charge(charged: bool, unhorsed: bool) -> None:
    """WPN-LANCE-01 (002:L2022): S3 on the enemy horse's D4 needs 5: after a charge the lance
    turns a 4 into a wound (even against cavalry); without a charge the 4 fails."""
    state = battle([6, 1, 4] + ([6] if unhorsed else []))
    state.phase = Phase.FIGHT
    horse = add(state, "A1", 0, X, Y, mounted("horse", "lance"))
    foe = _engage(state, "B1", 1, horse, mounted())
    horse.charged = charged
    resolve_combat(state, Combat(horse, [foe]), (PartPlayer(cavalry.MOUNT), PartPlayer()))
    assert rolls(state)[0] == ("duel A1", [6])  # cavalry touched: no Extra Attack
    assert (foe.mount is None) is unhorsed


def test_cav_chg_08_monsters_are_not_knocked_down() -> None:
    """CAV-CHG-06, CAV-CHG-08 (002:L1397, L1804): a Monster loser keeps its feet, though the charger
    keeps its Extra Attack (two Duel dice, two single strikes)."""
    state = battle([6, 2, 1, 1, 1])
    horse = add(state, "A1", 0, X, Y, mounted())
    troll = _engage(state, "B1", 1, horse, profile(keywords=frozenset({"monster", "infantry"})))
    horse.charged = True
    resolve_combat(state, Combat(horse, [troll]), players())
    assert rolls(state)[0] == ("duel A1", [6, 2]) and not troll.prone
    assert sum(1 for p, _ in rolls(state) if p.startswith("strike")) == 2


# --- 8.9 break point --------------------------------------------------------------------------


def test_cav_brk_01_a_rider_and_a_mount_from_different_models_make_one_casualty() -> None:
    """CAV-BRK-01, COUR-BRK-06 (002:L1433-1435): two Orc riders slain (their wargs stay, 6+6+2) and
    two wargs slain (their riders land on their feet, 6) from four models: two casualties."""
    state = battle([6, 6, 6, 6, 6, 6])
    wargs = [add(state, f"A{i}", 0, 6.0 * i, Y, mounted("warg")) for i in range(1, 5)]
    state.wound(wargs[0], "test")
    state.wound(wargs[1], "test")
    assert state.casualties == [0, 0]
    state.wound(wargs[2], "test", at_mount=True)
    assert state.casualties == [1, 0]
    state.wound(wargs[3], "test", at_mount=True)
    assert state.casualties == [2, 0] and state.alive_count(0) == 4


# --- players ----------------------------------------------------------------------------------


def test_heuristic_cavalry_likes_infantry_in_the_open() -> None:
    """CAV-CHG-01, CAV-CHG-04: the heuristic values a charge on open Infantry (bonuses),
    less one into a spear wall, none against cavalry, and shuns difficult ground."""
    marsh = TerrainPiece("marsh", TerrainKind.DIFFICULT, ((30, 0), (48, 0), (48, 48), (30, 48)))
    state = battle(table=Table("t", (marsh,)))
    horse = add(state, "A1", 0, 10, 10, mounted())
    lone = add(state, "B1", 1, 10, 20)
    walled = add(state, "B2", 1, 20, 20)
    add(state, "B3", 1, 20 + 2 * R, 20, profile(options=("spear",)))
    rider = add(state, "B4", 1, 10, 30, mounted())
    bogged = add(state, "B5", 1, 40, 20)
    value = {m.uid: _cavalry_charge(state, horse, m) for m in (lone, walled, rider, bogged)}
    assert value["B1"] > value["B2"] > value["B4"] == 0.0 > value["B5"]


def test_heuristic_dismounts_only_in_difficult_terrain() -> None:
    """CAV-DISM-01: the heuristic rarely dismounts: only a rider stuck in difficult ground."""
    state = battle(table=_marsh())
    stuck = add(state, "A1", 0, 10, 20, mounted())
    free = add(state, "A2", 0, 10, 5, mounted())
    player = HeuristicPlayer()
    assert player.choose_dismount(state, stuck) and not player.choose_dismount(state, free)


def test_heuristic_strikes_the_part_likelier_to_fall() -> None:
    """CAV-STRIKE-01: S3 against a D5 rider on a D4 horse: the rider (a lone horse flees);
    against a D6, 2-Wound hero on a horse: the horse (5+ beats 6+ twice)."""
    state = battle()
    striker = add(state, "A1", 0, 10, 10)
    rider = add(state, "B1", 1, 20, 10, mounted(defence=5))
    hero = add(state, "B2", 1, 30, 10, mounted(defence=6, wounds=2))
    player = HeuristicPlayer()
    assert player.choose_strike_part(state, striker, rider) == cavalry.RIDER
    assert player.choose_strike_part(state, striker, hero) == cavalry.MOUNT


def test_cav_shoot_04_a_charge_ends_touching_the_unhorsed_target() -> None:
    """CAV-SHOOT-04, MSL-THROW-03 (002:L1354, L2146): a spear thrown while charging (5 hits,
    1 the mount, 5 wounds D4) slays the horse; the rider lands (6) on a smaller base and the
    charge still ends in base contact with it."""
    state = battle([5, 1, 5, 6])
    thrower = add(state, "A1", 0, X, 10, profile(options=("throwing weapons",)))
    horse = add(state, "B1", 1, X, 14.5, mounted())
    apply_action(state, thrower, Charge("A1", "B1", (X, 14.5 - RC - R), throw=True))
    assert horse.mount is None and horse.alive
    assert state.in_contact(thrower, horse) and state.engaged(thrower)


def test_cav_loose_03_a_monster_knocking_a_rider_prone_throws_it() -> None:
    """CAV-LOOSE-03 (002:L1332): a mounted model knocked Prone (Barge, Bludgeon) throws its
    rider as a 1 on the Thrown Rider table (S3 hit: 1 fails); the horse flees."""
    state = battle([1])
    horse = add(state, "A1", 0, X, Y, mounted())
    knock_prone(state, horse, "barge")
    assert horse.prone and horse.mount is None and horse.alive
    assert state.mounts_lost == [1, 0]


def test_hurl_hits_the_mount_and_the_rider_apart() -> None:
    """HURL-05 with CAV-SHOOT-02 Defences: one S6 hit on the horse (D4, 3 slays it; the rider
    lands, 6) and one on the rider (D5 with its shield, 1 fails)."""
    state = battle([3, 6, 1])
    horse = add(state, "A1", 0, X, Y, mounted("horse", "shield"))
    monster_hits(state, horse, 6, "hurl")
    assert [p for p, _ in rolls(state)] == [
        "hurl hit on A1 (S6 D4)",
        "thrown rider A1",
        "hurl hit on A1 (S6 D5)",
    ]
    assert horse.alive and horse.mount is None and horse.wounds == 1


def test_cav_loose_04_a_surrounded_riderless_mount_stays_in_the_fight() -> None:
    """CAV-LOOSE-04 (002:L1336): a warg rider surrounded by six Orcs is knocked down; the warg
    passes (5+5+2) but has no room beside its rider: it stands as close as there is room
    and stays in the fight with the same enemies (the rider too, CAV-SHOOT-04)."""
    state = battle([5, 5, 1])
    warg = add(state, "A1", 0, X, Y, mounted("warg"))
    for k in range(6):
        angle = k * math.pi / 3
        reach = RC + R
        add(state, f"B{k}", 1, X + reach * math.cos(angle), Y + reach * math.sin(angle))
    enemies = {f"B{k}" for k in range(6)}
    cavalry.knocked_down(state, warg, "test")
    loose = state.models["A1m"]
    assert loose.alive and state.distance(loose, warg) > 0.1
    assert state.touching["A1m"] == enemies == state.touching["A1"]
    assert all(state.distance(loose, state.models[uid]) >= -0.01 for uid in enemies)

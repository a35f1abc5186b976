"""Cavalry (checklist part 1 §8, 002:L1260-1475; part 2 WPN-LANCE-01, WPN-LANCE-02, SPS-CAV-01).

A rider is the test warrior (F3 S3 D4 A1 W1 C3, Move 6") with a mount from the rulebook's
table; a mounted base is a circle of radius ``RC`` (the area of the 25 x 50 mm oval).
"""

from __future__ import annotations

import math
from dataclasses import replace
from typing import Any

import pytest

from battlesim.engines.sbg.core.actions import Charge, IllegalActionError, Move
from battlesim.engines.sbg.core.arms import SpecialStrike
from battlesim.engines.sbg.core.bases import MOUNT_SHOULDERS, RIDER_SEATED, height_for
from battlesim.engines.sbg.core.data import CAVALRY_CIRCLE_MM, CONTACT_TOLERANCE
from battlesim.engines.sbg.core.state import BattleState, ModelState, Phase
from battlesim.engines.sbg.core.table import Table, TerrainKind, TerrainPiece
from battlesim.engines.sbg.core.units import Profile, profile_from_data, profile_to_data
from battlesim.engines.sbg.phases.model_move import _maybe_dismount
from battlesim.engines.sbg.phases.move import run_move_phase
from battlesim.engines.sbg.policies.players import HeuristicPlayer, _cavalry_charge, _rough_charge
from battlesim.engines.sbg.rules import cavalry, special_strikes
from battlesim.engines.sbg.rules.allowance import allowance
from battlesim.engines.sbg.rules.combats import Combat
from battlesim.engines.sbg.rules.courage import courage_value
from battlesim.engines.sbg.rules.falling import terrain_height
from battlesim.engines.sbg.rules.fighting import resolve_combat, stab_backlashes
from battlesim.engines.sbg.rules.heroic_actions import heroic_turn
from battlesim.engines.sbg.rules.monsters.core import hits as monster_hits
from battlesim.engines.sbg.rules.monsters.core import knock_prone
from battlesim.engines.sbg.rules.movement import apply_action, can_move, check_action
from battlesim.engines.sbg.rules.rider_status import rider_turns
from battlesim.engines.sbg.rules.shooting import can_shoot, shoot
from battlesim.engines.sbg.rules.special_strikes import after_duel
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


# CAV-PROF-01 (002:L1443-1475) as printed: M, Fight, Shoot, S, D, A, W, C.
SEED_MOUNTS = {
    "horse": (10.0, 3, 6, 3, 4, 0, 1, 2),
    "war goat": (8.0, 2, 6, 4, 5, 0, 1, 3),
    "pony": (8.0, 2, 6, 2, 3, 0, 1, 2),
    "warg": (10.0, 3, 6, 4, 4, 1, 1, 2),
    "shadow warg": (10.0, 3, 6, 4, 4, 1, 1, 2),
    "fell beast": (3.0, 5, 5, 6, 6, 2, 3, 3),
    "war camel": (10.0, 0, 0, 4, 4, 0, 1, 2),
}


@pytest.mark.parametrize("name", sorted(SEED_MOUNTS))
def test_cav_prof_01_every_mount_card_as_printed(name: str) -> None:
    """CAV-PROF-01 (002:L1443-1475): each mount card, number by number (the War Camel prints
    a bare 0 for Fight, no Shoot); CAV-LOOSE-02 (002:L1330): Fight 0 or Attacks 0 flee
    alone, so only the warg and the fell beast test."""
    card = add(battle(), "A1", 0, X, Y, mounted(name)).mount
    assert card is not None
    got = card.profile
    stats = (got.move, got.fight, got.shoot, got.strength, got.defence, got.attacks)
    assert stats + (got.wounds, got.courage) == SEED_MOUNTS[name]
    assert card.flees_alone is (name not in ("warg", "shadow warg", "fell beast"))


@pytest.mark.parametrize(
    ("mount", "defence"),
    [("horse", 5), ("fell beast", 7), ("war goat", 5), ("warg", 4), ("armoured horse", 5)],
)
def test_cav_prof_01_barding_only_on_the_starred_cards(mount: str, defence: int) -> None:
    """CAV-PROF-01 (002:L1475): '*+1D avec un caparaçon' marks the Horse (D4*) and the Fell
    Beast (D6*) only; a War Goat or a Warg keeps its D; an armoured horse is already barded."""
    card = mounted(mount, "barding").mount
    assert card is not None and card.defence == defence


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


def _ditch() -> Table:
    points = ((0, 14.0), (48, 14.0), (48, 14.2), (0, 14.2))
    return Table("t", (TerrainPiece("ditch", TerrainKind.DIFFICULT, points),))


@pytest.mark.parametrize("rough", [True, False])
def test_wpn_lance_01_cav_move_04_no_bonus_after_charging_through_difficult_terrain(
    rough: bool,
) -> None:
    """WPN-LANCE-01 (002:L2022), CAV-MOVE-04 (002:L1282): a lancer charges across a strip of
    difficult ground (0.2" wide; the charge costs about 9" of the horse's 10") and ends on
    open ground: 'charged through difficult terrain', so no lance bonus and no Extra Attack;
    the same charge over open ground keeps both."""
    state = battle(table=_ditch() if rough else None)
    horse = add(state, "A1", 0, X, 12.0, mounted("horse", "lance"))
    foe = add(state, "B1", 1, X, 17.5)
    apply_action(state, horse, Charge("A1", "B1", (X, 17.5 - RC - R)))
    assert state.in_contact(horse, foe) and not cavalry.in_difficult_terrain(state, horse)
    cavalry.start_fight(state, [horse, foe])
    assert horse.lance_bonus is not rough and horse.charge_bonus is not rough


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


@pytest.mark.parametrize(
    ("die", "part"), [(3, "to wound A1->B1 (S2 D5)"), (4, "to wound A1->B1 (S2 D6)")]
)
def test_cav_shoot_02_the_3_4_boundary(die: int, part: str) -> None:
    """CAV-SHOOT-02 (002:L1348): 1-3 the mount (barded horse D5), 4-6 the rider (D6)."""
    state, _ = _shot([4, die, 1], mounted("horse", "barding", defence=6))
    assert rolls(state)[2][0] == part


def test_cav_shoot_05_heroic_accuracy_does_not_reroll_rider_or_mount() -> None:
    """CAV-SHOOT-05 (002:L1691): a shooter under Heroic Accuracy re-rolls in-the-way tests,
    never the 1-3/4-6 die: a 2 stands and the mount is hit (S2 on D4: 1 fails)."""
    state = battle([4, 2, 1])
    state.phase = Phase.SHOOT
    archer = add(state, "A1", 0, X, 10, profile(options=("bow",)))
    heroic_turn(archer).reroll_in_the_way = True
    victim = add(state, "B1", 1, X, 20, mounted())
    shoot(state, archer, victim)
    assert [p for p, _ in rolls(state)] == [
        "to hit A1->B1",
        "rider or mount B1",
        "to wound A1->B1 (S2 D4)",
    ]


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


def test_cav_thrown_01_a_flying_leap_in_a_fight() -> None:
    """CAV-THROWN-01 (002:L1357), ambiguity A33, FIGHT-TRAP-05: the horse slain while engaged,
    a 1 throws the rider (S3 hit: 1 fails); it stays in the fight, prone, and still rolls
    its Duel die (1 against 6); losing, it is trapped: the winner's Attack rolls two dice."""
    state = battle([1, 1, 1, 6, 1, 1])
    horse = add(state, "A1", 0, X, Y, mounted(wounds=2))
    foe = _engage(state, "B1", 1, horse, profile())
    state.wound(horse, "test", at_mount=True)
    assert horse.prone and state.engaged(horse)
    resolve_combat(state, Combat(foe, [horse]), players())
    assert rolls(state)[2:] == [
        ("duel A1", [1]),
        ("duel B1", [6]),
        ("strike B1->A1 (S3 D4)", [1, 1]),  # a set of two dice rolled together (L1042)
    ]


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
    assert horse.alive and not horse.prone and rider_turns(horse).thrown_turn == 0


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


def test_cav_dism_03_the_riderless_mount_is_not_left_in_combat() -> None:
    """CAV-DISM-03 (002:L1373): no model dismounts directly into combat: an enemy stands
    1.2" from the warg rider's base, right where the riderless warg (6+6+2, it stays) would
    first be placed touching its rider; it is placed elsewhere, not engaged."""
    state = battle([6, 6])
    warg = add(state, "A1", 0, X, Y, mounted("warg"))
    first_spot = X + R + RC + CONTACT_TOLERANCE / 2
    foe = add(state, "B1", 1, first_spot + RC + R, Y)
    assert not state.engaged(warg)
    _maybe_dismount(state, PartPlayer(dismount=True), warg)
    loose = state.models["A1m"]
    assert loose.alive and not state.engaged(loose) and not state.in_contact(loose, foe)
    assert state.in_contact(loose, warg)


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


@pytest.mark.parametrize(
    ("rider", "mount", "die", "fight"),
    [(5, "horse", 6, 3), (5, "horse", 1, 4), (4, "fell beast", 6, 5)],
)
def test_sps_cav_01_a_feint_lowers_the_rider_fight_only(
    rider: int, mount: str, die: int, fight: int
) -> None:
    """SPS-CAV-01 (002:L2080), SPS-FEINT-01, CAV-FIGHT-01 (002:L1379): a Feint lowers only the
    rider's Fight (by D3: 6 -> 3, 1 -> 1); the model still uses the higher of rider and mount:
    F5 on a horse (F3) feints to 3, not 2; with a 1 to 4; F4 on a Fell Beast (F5) keeps 5."""
    state = battle([die])
    model = add(state, "A1", 0, X, Y, mounted(mount, fight=rider))
    special_strikes.declare(state, model, SpecialStrike.FEINT, enemy_fight=3)
    assert model.profile.fight + model.fight_mod == fight


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
    knocked prone, so each of the two Attacks rolls two dice together (S3 D4: 1, 1, 1, 5)."""
    state, (horse, foe) = _charge_fight([6, 2, 3, 1, 1, 1, 5])
    assert rolls(state)[0] == ("duel A1", [6, 2])
    assert state.log.of_kind("knocked_down")[0].data["model"] == "B1"
    assert [d for p, d in rolls(state) if p.startswith("strike")] == [[1, 1], [1, 5]]
    assert not foe.alive


@pytest.mark.parametrize(("strength", "knocked"), [(5, True), (6, False)])
def test_cav_chg_06_strength_6_is_not_knocked_down(strength: int, knocked: bool) -> None:
    """CAV-CHG-06 (002:L1397): the charger wins (6, 2 against 1); an S5 loser is knocked to
    the ground (two dice per Attack, four in all), an S6 loser keeps its feet after backing
    away (one die per Attack, two in all)."""
    dice = [6, 2, 1, 1, 1, 1, 1]
    state, (_, foe) = _charge_fight(dice, foes=1) if strength == 5 else _s6_fight(dice)
    assert foe.prone is knocked
    assert sum(len(d) for p, d in rolls(state) if p.startswith("strike")) == (4 if knocked else 2)


def _s6_fight(dice: list[int]) -> tuple[BattleState, list[Any]]:
    state = battle(dice)
    horse = add(state, "A1", 0, X, Y, mounted())
    horse.charged = True
    foe = add(state, "B1", 1, X + RC + R, Y, profile(strength=6))
    resolve_combat(state, Combat(horse, [foe]), players())
    return state, [horse, foe]


def test_cav_chg_05_the_extra_attack_adds_to_the_mount_attacks() -> None:
    """CAV-CHG-05 (002:L1391-1393): a rider (A1) on a Fell Beast (A2) fights with the beast's
    two Attacks and still gains the Extra Attack on the charge: three Duel dice."""
    state = battle([6, 2, 2, 1] + [1] * 7)  # six strike dice (knocked down), a Stab backlash
    beast = add(state, "A1", 0, X, Y, mounted("fell beast"))
    beast.charged = True
    foe = _engage(state, "B1", 1, beast, profile())
    resolve_combat(state, Combat(beast, [foe]), players())
    assert rolls(state)[0] == ("duel A1", [6, 2, 2])


def test_cav_chg_09_theoden_charges_two_orcs() -> None:
    """CAV-CHG-02, CAV-CHG-09 (002:L1385, L1401-1409): Théoden (A2) charges two Orcs: three Duel
    dice; he wins, both are knocked down and his three Attacks are doubled."""
    dice = [6, 1, 1, 2, 3] + [1] * 6
    state, (theoden, *orcs) = _charge_fight(dice, foes=2, attacks=2)
    assert rolls(state)[0] == ("duel A1", [6, 1, 1])
    assert all(orc.prone for orc in orcs)
    assert sum(len(d) for p, d in rolls(state) if p.startswith("strike")) == 6


@pytest.mark.parametrize(("second", "duel_dice"), [("infantry", 4), ("warg rider", 3)])
def test_cav_chg_02_09_counter_charges(second: str, duel_dice: int) -> None:
    """CAV-CHG-02, CAV-CHG-03, CAV-CHG-09 (002:L1385-1387, L1405-1409): Éomer (A3) charges an
    Orc; counter-charged by another Orc he keeps his Extra Attack (four Duel dice), but
    counter-charged by a Warg Rider he has only his three base Attacks."""
    state = battle([6] * duel_dice + [1, 1] + [1] * 12)
    eomer = add(state, "A1", 0, X, Y, mounted(attacks=3))
    eomer.charged = True
    orc = add(state, "B1", 1, X + RC + R, Y)
    other = mounted("warg") if second == "warg rider" else profile()
    radius = RC if second == "warg rider" else R
    foe = add(state, "B2", 1, X - RC - radius, Y, other)
    resolve_combat(state, Combat(eomer, [orc, foe]), players())
    assert rolls(state)[0] == ("duel A1", [6] * duel_dice)


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


def test_heuristic_cavalry_prices_a_charge_through_difficult_ground() -> None:
    """WPN-LANCE-01, CAV-MOVE-04: across the ditch the charge loses the bonus the heuristic
    counted on (an Infantry target in the open); the open charge loses nothing."""
    state = battle(table=_ditch())
    horse = add(state, "A1", 0, X, 12.0, mounted())
    behind = add(state, "B1", 1, X, 17.5)
    beside = add(state, "B2", 1, X + 4.0, 12.0)
    bonus = _cavalry_charge(state, horse, behind)
    assert bonus > 0.0
    assert _rough_charge(state, horse, behind, (X, 17.5 - RC - R)) == -bonus
    assert _rough_charge(state, horse, beside, (X + 4.0 - RC - R, 12.0)) == 0.0


@pytest.mark.parametrize(("foe_y", "dismounts"), [(23.85, True), (23.5, False), (None, False)])
def test_heuristic_dismounts_like_aragorn(foe_y: float | None, dismounts: bool) -> None:
    """CAV-DISM-01/03 (002:L1365-1373, Aragorn's example L1371): in the marsh the horse pays
    x4 (at most 2.5") and the rider on foot x2 (3" with its 6"): the heuristic dismounts
    only to charge a foe 2.5-3" away on foot, not when the horse gets there (2.3") nor
    with no foe in reach; a rider on open ground never dismounts."""
    state = battle(table=_marsh())
    stuck = add(state, "A1", 0, 10, 20, mounted())
    free = add(state, "A2", 0, 30, 5, mounted())
    if foe_y is not None:
        add(state, "B1", 1, 10, foe_y)
    player = HeuristicPlayer()
    assert player.choose_dismount(state, stuck) is dismounts
    assert not player.choose_dismount(state, free)


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


def test_move_prone_11_leap_05_a_rider_failing_to_leap_a_prone_model_may_be_thrown() -> None:
    """MOVE-PRONE-11, MOVE-LEAP-05 (002:L677, L1286): leaping over a prone friend is a Leap
    test; a horseman that rolls 1 fails it, so it rolls a further D6: another 1 throws the
    rider (prone, S3 hit: a 4 fails on D4)."""
    state = battle([1, 1, 4])
    horse = add(state, "A1", 0, 10, 10, mounted())
    add(state, "A2", 0, 10, 13).prone = True
    apply_action(state, horse, Move("A1", (10, 17)))
    assert [p for p, _ in rolls(state)][:2] == ["leap A1 over prone A2", "thrown by the leap A1"]
    assert horse.mount is None and horse.prone

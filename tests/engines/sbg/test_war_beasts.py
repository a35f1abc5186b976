"""War Beasts (checklist part 2 §3, seed 002 L1860-1927), with scripted dice.

A 100 mm War Beast base has radius R = 1.9685"; a 25 mm base r = 0.4921"; they touch when
their centres are R + r = 2.4606" apart. Trample hits are Strength 9: 3+ against Defence 4
to 7, and a Strength 3 fall hit needs 5+ against Defence 4 (wound chart, 002:L880-892).
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass, field, replace
from typing import Any

import pytest

from battlesim.engines.dice import Dice
from battlesim.engines.log import EventLog
from battlesim.engines.sbg import game
from battlesim.engines.sbg.core.actions import Charge, IllegalActionError
from battlesim.engines.sbg.core.arms import fighting_weapon
from battlesim.engines.sbg.core.bases import WAR_BEAST_BASE, base_for
from battlesim.engines.sbg.core.paths import Point, point_distance
from battlesim.engines.sbg.core.state import BattleState, ModelState, Phase
from battlesim.engines.sbg.core.table import Table, TerrainKind, TerrainPiece
from battlesim.engines.sbg.core.units import (
    UnitDataError,
    force_from_data,
    profile_from_data,
    profile_to_data,
)
from battlesim.engines.sbg.phases import heroic, trample
from battlesim.engines.sbg.phases.heroic import run_heroic_moves
from battlesim.engines.sbg.policies.answers import Answering
from battlesim.engines.sbg.policies.players import HeuristicPlayer
from battlesim.engines.sbg.rules import beast_fight, war_beasts
from battlesim.engines.sbg.rules.barriers import protecting_barrier
from battlesim.engines.sbg.rules.combats import Combat, split_combats
from battlesim.engines.sbg.rules.courage import broken_test
from battlesim.engines.sbg.rules.fighting import assign_supporters, resolve_combat
from battlesim.engines.sbg.rules.heroic_actions import (
    DECLARATIONS,
    HEROIC_COMBAT,
    HEROIC_MARCH,
    HEROIC_MOVE,
    Declaration,
    refusal,
)
from battlesim.engines.sbg.rules.howdah import beast_turn, howdah, riding
from battlesim.engines.sbg.rules.movement import (
    _check_charge,
    apply_action,
    can_move,
    charge_options,
    check_action,
)
from battlesim.engines.sbg.rules.shooting import can_shoot, legal_targets, shoot, to_hit_need
from battlesim.engines.sbg.rules.special_strikes import bash, eligible
from battlesim.engines.sbg.samples import HARAD_MUMAK
from tests.engines.sbg.builders import add, battle, players, profile, rolls

MUMAK = profile(
    name="Test Mumak",
    move=8.0,
    fight=4,
    shoot=5,
    strength=9,
    defence=7,
    attacks=3,
    wounds=10,
    courage=2,
    keywords=frozenset({"mumak", "monster", "war beast"}),
    base_mm=100.0,
    trample_hits=3,
    trample_strength=9,
    howdah_defence=9,
    howdah_wounds=5,
    wargear=(),  # as the BattleScribe card: no weapon listed
)
COMMANDER = profile(
    name="Test Commander",
    courage=4,
    will=1,
    keywords=frozenset({"man", "infantry", "hero"}),
    wargear=("war spear",),
    options=("bow",),
)
ARCHER = profile(name="Test Crew Archer", options=("bow",))
R = 100 / 25.4 / 2
r = 25 / 25.4 / 2
TOUCH = R + r


@dataclass
class Steer(Answering):
    """A scripted controller: the trample end it names and its answer about friends."""

    end: Point | None = None
    friend: bool = False
    asked: list[int] = field(default_factory=list)

    def choose_trample(self, state: BattleState, beast: ModelState, controller: int) -> Point:
        self.asked.append(controller)
        return self.end

    def trample_friend(self, state: BattleState, beast: ModelState, friend: ModelState) -> bool:
        return self.friend

    def call_friends(self, state: BattleState, hero: ModelState, action: str) -> bool:
        return False


def mumak(
    state: BattleState,
    uid: str = "A01",
    player: int = 0,
    x: float = 24.0,
    y: float = 10.0,
    crew: int = 2,
) -> tuple[ModelState, list[ModelState]]:
    beast = add(state, uid, player, x, y, MUMAK)
    kinds = [COMMANDER, *[ARCHER] * max(0, crew - 1)][:crew]
    riders = [add(state, f"{uid}c{k}", player, x, y, p) for k, p in enumerate(kinds)]
    war_beasts.mount(state, beast, riders)
    return beast, riders


def purposes(state: BattleState) -> list[str]:
    return [p for p, _ in rolls(state)]


# --- WB-GEN: composition and army accounting ----------------------------------------------


def test_wb_gen_01_war_beast_keyword_big_base_and_trample_move() -> None:
    """WB-GEN-01 (002:L1862-1864): a War Beast is a Monster with its own movement: it stands
    on the big War Beast base and moves by trampling (not by a plain Move action)."""
    state = battle([])
    beast, _ = mumak(state)
    assert war_beasts.is_war_beast(beast) and "monster" in beast.triggers
    assert base_for(frozenset({"Mumak", "War Beast"})) == WAR_BEAST_BASE
    assert war_beasts.uses_war_beast_move(state, beast)
    assert beast.radius == pytest.approx(R)


def test_wb_gen_02_commander_is_the_hero_and_leads_the_beast() -> None:
    """WB-GEN-02 (002:L1866): the commander, not the beast, is the Hero and the captain."""
    force = force_from_data(HARAD_MUMAK, prefix="B")
    (beast_uid, riders), *_ = force.crews
    specs = {s.uid: s.profile for s in force.models}
    assert not specs[beast_uid].is_hero
    assert specs[riders[0]].name == "Haradrim Commander" and specs[riders[0]].is_hero
    assert force.leader == riders[0]
    assert len(riders) == 7


def test_wb_gen_02_profile_round_trip_keeps_trample() -> None:
    """WB-MOV-08 data: the trample hits survive profile_to_data / profile_from_data."""
    back = profile_from_data(profile_to_data(MUMAK))
    assert back == MUMAK and back.trample_hits == 3 and back.trample_strength == 9
    assert "trample_hits" not in profile_to_data(COMMANDER)


def test_wb_gen_03_beast_and_riders_pass_broken_tests() -> None:
    """WB-GEN-03 (002:L1868): no Courage test for the beast or its riders when Broken."""
    state = battle([])  # no dice: a roll would exhaust the script
    beast, riders = mumak(state)
    state.broken[0] = True
    assert broken_test(state, beast) and all(broken_test(state, m) for m in riders)
    assert rolls(state) == []


def test_wb_gen_04_each_death_is_one_casualty() -> None:
    """WB-GEN-04 (002:L1868, ambiguity 4): beast and commander count two models; each death
    (beast, commander, each rider) is one casualty."""
    state = battle([1, 1, 1, 1, 1, 1])  # both riders survive their 3 fall hits (need 5+)
    beast, riders = mumak(state)
    assert state.start_counts[0] == 3
    beast.wounds = 1
    state.wound(beast, "test")
    assert state.casualties[0] == 1
    state.wound(riders[1], "test")
    assert state.casualties[0] == 2


def test_wb_gen_05_enemies_never_enter_the_howdah() -> None:
    """WB-GEN-05 (002:L1870): riders stand inside the beast; no enemy can charge them and
    they touch no base (so no enemy is ever in contact with a rider)."""
    state = battle([])
    beast, riders = mumak(state)
    enemy = add(state, "B1", 1, 24.0, 16.0)
    with pytest.raises(IllegalActionError, match="howdah"):
        _check_charge(state, enemy, Charge("B1", riders[0].uid, (24.0, 10.0 + 2 * r)))
    with pytest.raises(IllegalActionError):
        check_action(state, enemy, Charge("B1", riders[0].uid, (24.0, 10.0 + 2 * r)))
    assert [e.uid for e, _ in charge_options(state, enemy)] == ["A01"]
    assert all(m.position == beast.position and not state.engaged(m) for m in riders)


def test_wb_gen_06_howdah_destroyed_riders_fall_prone_beside_the_beast() -> None:
    """WB-GEN-06 (002:L1870, L1925): all riders take falling damage (4" howdah floor, a Man
    1.2" tall: 1 + 2 = 3 S3 hits); survivors are prone on the ground touching the beast."""
    state = battle([1, 1, 1, 5])  # commander survives; the archer's first hit slays it
    beast, (commander, archer) = mumak(state)
    war_beasts.destroy_howdah(state, beast)
    assert commander.alive and commander.prone and riding(commander) is None
    assert point_distance(commander.position, beast.position) == pytest.approx(TOUCH, abs=0.01)
    assert not archer.alive
    assert [e.data["hits"] for e in state.log.of_kind("fall")] == [3, 3]


# --- WB-MOV: movement and trample -------------------------------------------------------


def test_wb_mov_01_no_obstacle_two_inches_high() -> None:
    """WB-MOV-01 (002:L1878): a War Beast cannot cross an obstacle 2" high or more; a lower
    one does not stop it (no Leap test: it never takes one)."""
    high = TerrainPiece("wall", TerrainKind.OBSTACLE, ((0, 14), (48, 14)), 2.0, 0.3)
    low = TerrainPiece("fence", TerrainKind.OBSTACLE, ((0, 14), (48, 14)), 1.0, 0.3)
    state = battle([], table=Table("t", (high,)))
    beast, _ = mumak(state)
    with pytest.raises(IllegalActionError, match="WB-MOV-01"):
        trample.check_trample(state, beast, (24.0, 18.0), panic=False)
    state = battle([], table=Table("t", (low,)))
    beast, _ = mumak(state)
    assert trample.check_trample(state, beast, (24.0, 18.0), panic=False) == pytest.approx(8.0)


def test_wb_mov_01_no_jump_test_over_a_gap() -> None:
    """WB-MOV-01 (002:L1878): a War Beast never takes a Jump test: a 1" chasm on its path
    that a model would jump is refused, a path short of it is not."""
    points = ((0, 14), (48, 14), (48, 15), (0, 15))
    chasm = TerrainPiece("chasm", TerrainKind.GAP, points, depth=3.0)
    state = battle([], table=Table("t", (chasm,)))
    beast, _ = mumak(state)
    with pytest.raises(IllegalActionError, match="WB-MOV-01"):
        trample.check_trample(state, beast, (24.0, 18.0), panic=False)
    assert trample.check_trample(state, beast, (24.0, 11.0), panic=False) == pytest.approx(1.0)


def test_wb_mov_02_difficult_terrain_halves_the_move() -> None:
    """WB-MOV-02 (002:L1878): in difficult terrain its movement is halved."""
    rough = TerrainPiece("rough", TerrainKind.DIFFICULT, ((0, 12), (48, 12), (48, 48), (0, 48)))
    state = battle([], table=Table("t", (rough,)))
    beast, _ = mumak(state)
    with pytest.raises(IllegalActionError, match="WB-MOV-02"):
        trample.check_trample(state, beast, (24.0, 18.0), panic=False)
    assert trample.check_trample(state, beast, (24.0, 13.9), panic=False) <= 8.0


def test_wb_mov_03_war_drum_adds_three_inches() -> None:
    """WB-MOV-03 (002:L1878): a War Drum adds 3" to the War Beast's Move."""
    state = battle([])
    beast, _ = mumak(state)
    add(state, "A2", 0, 24.0, 4.0, profile(wargear=("sword", "war drum")))
    assert trample.beast_allowance(state, beast) == 8.0
    state.drum_sounded[0] = "A2"
    assert trample.beast_allowance(state, beast) == 11.0


def test_wb_mov_04_crew_never_leave_and_count_as_stationary() -> None:
    """WB-MOV-04 (002:L1880): riders cannot leave the howdah; they move with the beast and,
    staying still, count as not having moved (no moving penalty to shoot, WB-SHT-02)."""
    state = battle([])
    beast, (_, archer) = mumak(state)
    trample.trample(state, Steer(), beast, (24.0, 18.0), panic=False)
    assert archer.position == beast.position == (24.0, 18.0)
    assert not archer.moved and can_shoot(state, archer)
    assert to_hit_need(state, archer) == archer.profile.shoot
    assert not can_move(state, archer)


def test_wb_mov_04_prone_crew_stand_up_at_once() -> None:
    """WB-MOV-04: a rider knocked prone stands up as soon as possible (its beast's move)."""
    state = battle([])
    beast, (commander, archer) = mumak(state)
    archer.prone = True
    trample.move_beast(state, (Steer(), Steer()), beast)
    assert not archer.prone


def test_wb_mov_05_leader_cannot_shoot_and_is_replaced() -> None:
    """WB-MOV-05 (002:L1882-1884): the model leading the beast cannot shoot; when the
    commander dies another howdah model leads at once (and in turn cannot shoot)."""
    state = battle([])
    beast, (commander, archer, second) = mumak(state, crew=3)
    assert war_beasts.leader(state, beast) is commander and not can_shoot(state, commander)
    assert can_shoot(state, archer)
    state.wound(commander, "test")
    assert war_beasts.leader(state, beast) is archer
    assert not can_shoot(state, archer) and can_shoot(state, second)


def test_wb_mov_07_pivot_touches_nothing_behind() -> None:
    """WB-MOV-07 (002:L1889): hits come from the move, not the pivot: a model touching the
    beast's back is not trampled when it moves away (round bases: the pivot moves nobody)."""
    state = battle([])
    beast, _ = mumak(state)
    friend = add(state, "A2", 0, 24.0, 10.0 - TOUCH - 0.001)
    trample.trample(state, Steer(), beast, (24.0, 18.0), panic=False)
    assert beast.position == (24.0, 18.0) and friend.alive and rolls(state) == []


def test_wb_mov_08_trample_kills_and_goes_on_ignoring_zones() -> None:
    """WB-MOV-08 (002:L1891): each model met takes the profile's hits (three S9); a slain
    model does not stop the beast; enemy control zones are ignored; it is not a charge."""
    state = battle([3])  # S9 vs D4: 3+ wounds the one-Wound warrior
    beast, _ = mumak(state)
    victim = add(state, "B1", 1, 24.0, 14.0)
    flanker = add(state, "B2", 1, 27.0, 14.0)  # 3" from the path: in the zone, not touched
    trample.trample(state, Steer(), beast, (24.0, 18.0), panic=False)
    assert not victim.alive and flanker.alive
    assert beast.position == (24.0, 18.0) and not beast.charged
    assert purposes(state) == ["trampled by A01 hit on B1 (S9 D4)"]


def test_wb_mov_08_a_survivor_stops_the_beast_in_contact() -> None:
    """WB-MOV-08: a model that survives stops the beast touching it; an enemy then fights it
    in the Fight phase (engaged), and the move was no charge."""
    state = battle([1, 1, 1])
    beast, _ = mumak(state)
    tough = add(state, "B1", 1, 24.0, 14.0, profile(wounds=3))
    trample.trample(state, Steer(), beast, (24.0, 18.0), panic=False)
    assert tough.alive and state.in_contact(beast, tough) and state.engaged(beast)
    assert beast.y == pytest.approx(14.0 - TOUCH, abs=0.01)
    assert beast_turn(beast).trampled_into and not beast.charged


def test_wb_mov_09_friend_in_the_way_stop_or_trample() -> None:
    """WB-MOV-09 (002:L1893): meeting a friend the controller stops (no hits) or tramples."""
    state = battle([])
    beast, _ = mumak(state)
    friend = add(state, "A2", 0, 24.0, 14.0)
    trample.trample(state, Steer(friend=False), beast, (24.0, 18.0), panic=False)
    assert friend.alive and rolls(state) == []
    assert beast.y == pytest.approx(14.0 - TOUCH, abs=0.01)
    state = battle([4])
    beast, _ = mumak(state)
    friend = add(state, "A2", 0, 24.0, 14.0)
    trample.trample(state, Steer(friend=True), beast, (24.0, 18.0), panic=False)
    assert not friend.alive and beast.position == (24.0, 18.0)


def test_wb_mov_10_two_war_beasts_collide() -> None:
    """WB-MOV-10 (002:L1893, ambiguity 8): meeting another War Beast, each suffers three S9
    hits (3+ against D7) and the mover stops. The struck beast tests for Panic on its first
    Wound (WB-DMG-02: 6+6+2 passes) and passes later tests that turn (ambiguity 10)."""
    state = battle([1, 1, 1, 3, 6, 6, 3, 1])
    beast, _ = mumak(state, crew=0)
    other, _ = mumak(state, uid="B01", player=1, y=16.0, crew=0)
    trample.trample(state, Steer(), beast, (24.0, 18.0), panic=False)
    assert beast.wounds == 10 and other.wounds == 8
    assert beast.y == pytest.approx(16.0 - 2 * R, abs=0.01)
    assert [e.data["passed"] for e in state.log.of_kind("panic")] == [True, True]


def test_wb_mov_11_charged_before_moving_cannot_move() -> None:
    """WB-MOV-11 (002:L1895), WB-MOV-07: an enemy charged it before it moved: no trample."""
    state = battle([])
    beast, _ = mumak(state)
    enemy = add(state, "B1", 1, 24.0, 15.0)
    apply_action(state, enemy, Charge("B1", "A01", (24.0, 10.0 + TOUCH)))
    assert beast_turn(beast).was_charged
    with pytest.raises(IllegalActionError):
        trample.check_trample(state, beast, (24.0, 2.0), panic=False)


# --- WB-MAG: hook points for the magic module (no powers are played yet) ------------------


def test_wb_mag_01_02_05_which_powers_reach_the_beast() -> None:
    """WB-MAG-01 (002:L1901): powers may target the beast or a rider; WB-MAG-02: the beast
    ignores Immobilise and Command/Compel; WB-MAG-05 (L2665): Shroud of Shadows too."""
    state = battle([])
    beast, (commander, _) = mumak(state)
    assert war_beasts.power_affects(commander, "Immobilise")
    assert war_beasts.power_affects(beast, "Sorcerous Blast")
    for power in ("Immobilise", "Compel", "Command", "Shroud of Shadows"):
        assert not war_beasts.power_affects(beast, power)


def test_wb_mag_03_blast_never_moves_the_beast() -> None:
    """WB-MAG-03 (002:L1901): Sorcerous Blast, Nature's Wrath, Call Winds move nobody on a
    War Beast (the damage alone applies)."""
    state = battle([])
    beast, (commander, _) = mumak(state)
    plain = add(state, "B1", 1, 10.0, 10.0)
    for power in ("Sorcerous Blast", "Nature's Wrath", "Call Winds"):
        assert not war_beasts.power_may_move(beast, power)
        assert war_beasts.power_may_move(plain, power)
    assert not war_beasts.power_may_move(commander, "Sorcerous Blast")


def test_wb_mag_04_blasted_rider_prone_or_thrown() -> None:
    """WB-MAG-04 (002:L1903): D6 1-3 knocked prone in place, 4-6 thrown off with a fall."""
    state = battle([3, 4, 1, 1, 1])
    beast, (commander, archer) = mumak(state)
    war_beasts.blasted_rider(state, commander)
    assert commander.prone and riding(commander) == beast.uid
    war_beasts.blasted_rider(state, archer)
    assert riding(archer) is None and archer.prone and archer.alive
    assert state.dice.remaining == 0


# --- WB-SHT: shooting ---------------------------------------------------------------------


def test_wb_sht_01_howdah_always_in_the_way_of_a_rider() -> None:
    """WB-SHT-01 (002:L1907, L784): a shot at a rider always passes the howdah (4+); a 3
    stops it in the howdah (S2 against the howdah's D9 needs 6/6: a 1 does nothing)."""
    state = battle([4, 3, 1])
    beast, (_, archer) = mumak(state)
    shooter = add(state, "B1", 1, 24.0, 30.0, profile(options=("bow",)))
    shoot(state, shooter, archer)
    assert archer.alive and howdah(beast).howdah_wounds == 5
    assert purposes(state)[1] == "in the way howdah of A01 (4+)"
    assert purposes(state)[2].startswith("to wound howdah of A01")


def test_wb_sht_01_howdah_not_in_the_way_of_the_beast() -> None:
    """WB-SHT-01: shooting at the beast, the howdah and its riders are not in the way: hit
    (4), S2 bow against D7 needs 6 then 4, then the Panic test (WB-DMG-02, 3+3+4 = 10)."""
    state = battle([4, 6, 4, 3, 3])
    beast, _ = mumak(state)
    shooter = add(state, "B1", 1, 24.0, 30.0, profile(options=("bow",)))
    shoot(state, shooter, beast)
    assert beast.wounds == 9
    assert not any("in the way" in p for p in purposes(state))


def test_wb_sht_02_riders_never_in_the_fight_and_see_from_the_howdah() -> None:
    """WB-SHT-02 (002:L1909): riders are never in a fight: they shoot while the beast is
    engaged; range and sight are measured from the rider (the beast hides nothing)."""
    state = battle([])
    beast, (_, archer) = mumak(state)
    add(state, "B1", 1, 24.0, 10.0 + TOUCH)
    far = add(state, "B2", 1, 24.0, 30.0)
    assert state.engaged(beast) and not state.engaged(archer)
    assert can_shoot(state, archer)
    assert far in legal_targets(state, archer)


# --- WB-CC: fighting ----------------------------------------------------------------------


def test_wb_cc_01_only_the_beast_is_engaged() -> None:
    """WB-CC-01 (002:L1913): only the beast fights; the commander (even with a spear) neither
    fights nor supports."""
    state = battle([])
    beast, (commander, _) = mumak(state)
    add(state, "B1", 1, 24.0, 10.0 + TOUCH)
    (combat,) = split_combats(state)
    assert combat.uids() == ["A01", "B1"] or combat.uids() == ["B1", "A01"]
    assign_supporters(state, combat)
    assert commander.uid not in combat.supporters


def test_wb_cc_02_irresistible_force_knocks_the_losers_prone() -> None:
    """WB-CC-02 (002:L1917): the beast ended its trample touching the enemy and wins (6):
    the enemy is knocked prone, so each Attack rolls two dice (FIGHT-TRAP-03): 6 ones."""
    state = battle([6, 1, 1, 1, *[1] * 6])
    beast, _ = mumak(state)
    enemy = add(state, "B1", 1, 24.0, 10.0 + TOUCH, profile(wounds=5))
    beast_turn(beast).trampled_into = True
    resolve_combat(state, Combat(beast, [enemy]), players())
    assert enemy.prone and state.dice.remaining == 0


def test_wb_cc_02_monsters_stronger_than_the_beast_stay_up() -> None:
    """WB-CC-02: Monsters are knocked prone only if their Strength is not higher."""
    state = battle([])
    beast, _ = mumak(state)
    beast_turn(beast).trampled_into = True
    equal = add(state, "B1", 1, 10.0, 10.0, profile(strength=9, keywords=frozenset({"monster"})))
    strong = add(state, "B2", 1, 5.0, 10.0, profile(strength=10, keywords=frozenset({"monster"})))
    beast_fight.irresistible_force(state, [beast], [equal, strong])
    assert equal.prone and not strong.prone


def test_wb_cc_02_irresistible_force_throws_a_cavalry_rider() -> None:
    """WB-CC-02 (002:L1917) with CAV-LOOSE-03 (L1332): a Cavalry model knocked prone for
    any reason throws its rider (Thrown Rider 1): the horse (Fight 0) flees untested, the
    rider lies prone on foot and takes one S3 hit (a 1 does nothing)."""
    state = battle([1])
    beast, _ = mumak(state)
    beast_turn(beast).trampled_into = True
    data = {**profile_to_data(profile(name="Rider")), "options": ["horse"]}
    rider = add(state, "B1", 1, 24.0, 14.5, profile_from_data(data))
    beast_fight.irresistible_force(state, [beast], [rider])
    assert rider.prone and rider.mount is None and state.dice.remaining == 0


def test_wb_cc_02_only_after_a_trample_into_the_enemy() -> None:
    """WB-CC-02: only a beast that "ends its trample" touching an enemy knocks it prone; a
    beast charged where it stood wins without it."""
    state = battle([])
    beast, _ = mumak(state)
    enemy = add(state, "B1", 1, 24.0, 10.0 + TOUCH)
    beast_fight.irresistible_force(state, [beast], [enemy])
    assert not enemy.prone


def test_wpn_ss_01_the_mumak_has_no_weapon_type_and_no_special_strike() -> None:
    """WPN-SS-01 (002:L1973): a model may use the special strike of the weapon type its
    profile lists; the War Mumak's lists none (BattleScribe: no wargear), so neither Feint
    (Fight 4 against 3) nor Stab (against 5); it is not unarmed either (WPN-UNARMED-01,
    L1977: only if the profile says so), so no -1."""
    state = battle([])
    beast, _ = mumak(state)
    assert eligible(beast, 3) == [] and eligible(beast, 5) == []
    assert beast.weapon is not None and "unarmed" not in beast.triggers
    sample = profile_from_data(HARAD_MUMAK["units"][0]["profile"])
    assert fighting_weapon(sample).strikes == ()


def test_wb_cc_03_winners_back_away_from_the_beast() -> None:
    """WB-CC-03 (002:L1919): the losing beast stays, is not trapped, and the winner backs
    away 1" instead; the winner then strikes once (S3 vs D7 needs 6: a 1 misses)."""
    state = battle([1, 1, 1, 6, 1])
    beast, _ = mumak(state)
    enemy = add(state, "B1", 1, 24.0, 10.0 + TOUCH)
    resolve_combat(state, Combat(beast, [enemy]), players())
    assert beast.position == (24.0, 10.0)
    assert state.distance(beast, enemy) >= 1.0 - 0.01
    assert not state.log.of_kind("trapped") and state.dice.remaining == 0


def test_wb_cc_03_never_prone_and_smaller_beast_backs_away() -> None:
    """WB-CC-03: never knocked prone (a Bash fails to); between War Beasts the smaller backs
    away, same size: D6 1-3 the Evil one, 4-6 the Good one."""
    state = battle([6, 1, 2, 5])
    beast, _ = mumak(state)
    basher = add(state, "B1", 1, 24.0, 10.0 + TOUCH, profile(strength=9, wargear=("mace",)))
    bash(state, basher, beast)
    assert not beast.prone
    small = add(state, "B2", 1, 40.0, 40.0, profile(keywords=MUMAK.keywords, base_mm=80.0))
    assert beast_fight.smaller(state, beast, small) is small
    twin, _ = mumak(state, uid="B3", player=1, x=40.0, y=20.0, crew=0)
    assert beast_fight.smaller(state, beast, twin) is twin  # 2: the Evil one
    assert beast_fight.smaller(state, beast, twin) is beast  # 5: the Good one


# --- WB-DMG: damage and Panic -------------------------------------------------------------


def test_wb_dmg_01_slain_beast_riders_fall() -> None:
    """WB-DMG-01 (002:L1923): every rider falls (3 S3 hits, 5+); survivors are prone."""
    state = battle([1, 1, 1, 5])
    beast, (commander, archer) = mumak(state)
    beast.wounds = 1
    state.wound(beast, "test")
    assert not beast.alive and commander.alive and commander.prone and not archer.alive
    assert riding(commander) is None and state.casualties[0] == 2


def test_wb_dmg_02_panic_uses_the_leaders_courage() -> None:
    """WB-DMG-02 (002:L1927): a Wound means a Courage test with the commander's Courage (4):
    1+1+4 = 6 fails even with his one Will point (no Might); the beast will panic."""
    state = battle([1, 1])
    beast, (commander, _) = mumak(state)
    state.wound(beast, "test")
    assert howdah(beast).panic_turn == state.turn + 1  # WB-DMG-03: its next Move phase
    assert purposes(state) == ["courage A01c0 (panic A01: wounded)"]


def test_wb_dmg_02_will_and_the_beasts_own_courage() -> None:
    """WB-DMG-02: the commander's Will turns 3+2+4 = 9 into a pass; with no crew the beast
    uses its own Courage 2 (4+4+2 = 10 passes)."""
    state = battle([3, 2])
    beast, (commander, _) = mumak(state)
    state.wound(beast, "test")
    assert not howdah(beast).panic_turn and commander.will == 0
    state = battle([4, 4])
    beast, _ = mumak(state, crew=0)
    state.wound(beast, "test")
    assert not howdah(beast).panic_turn
    assert purposes(state) == ["courage A01 (panic A01: wounded)"]


def test_wb_dmg_02_empty_howdah_tests_at_the_start_of_its_move() -> None:
    """WB-DMG-02/03 (002:L1927): no crew at the start of the beast's move: a test (2+3+2 = 7
    fails). A pass would let it "act normally" in this move, so the failure makes this move
    the panic move: the opponent steers it now, not its owner."""
    state = battle([2, 3])
    beast, _ = mumak(state, crew=0)
    owner, opponent = Steer(end=(24.0, 12.0)), Steer(end=(24.0, 16.0))
    trample.move_beast(state, (owner, opponent), beast)
    assert owner.asked == [] and opponent.asked == [1]
    assert beast.position == (24.0, 16.0) and not howdah(beast).panic_turn


def test_wb_dmg_02_empty_howdah_passes_and_acts_normally() -> None:
    """WB-DMG-02 (002:L1927): an empty howdah's test passed (4+4+2 = 10): its owner moves it."""
    state = battle([4, 4])
    beast, _ = mumak(state, crew=0)
    owner, opponent = Steer(end=(24.0, 12.0)), Steer(end=(24.0, 16.0))
    trample.move_beast(state, (owner, opponent), beast)
    assert owner.asked == [0] and opponent.asked == [] and beast.position == (24.0, 12.0)


def test_wb_dmg_03_a_later_failure_does_not_put_off_a_due_panic() -> None:
    """WB-DMG-03 (002:L1927): a beast that failed its Panic test last turn is moved by the
    opponent in this Move phase, even if it fails again (empty howdah, 1+1+2) before moving."""
    state = battle([1, 1])
    beast, _ = mumak(state, crew=0)
    state.turn, howdah(beast).panic_turn = 2, 2
    owner, opponent = Steer(end=(24.0, 12.0)), Steer(end=(24.0, 16.0))
    trample.move_beast(state, (owner, opponent), beast)
    assert owner.asked == [] and opponent.asked == [1]
    state = battle([1, 1])
    beast, _ = mumak(state)
    state.turn, howdah(beast).panic_turn = 2, 2
    state.wound(beast, "test")  # a new failure in the turn the panic move is due
    assert howdah(beast).panic_turn == 2


def test_wb_dmg_03_opponent_steers_it_off_the_table() -> None:
    """WB-DMG-03 (002:L1927): the opponent moves the panicking beast in its next Move phase;
    off the table, the beast and all its crew are casualties."""
    state = battle([])
    beast, riders = mumak(state, y=4.0)
    state.turn, howdah(beast).panic_turn = 2, 1
    owner, opponent = Steer(end=(24.0, 18.0)), Steer(end=(24.0, -3.0))
    trample.move_beast(state, (owner, opponent), beast)
    assert opponent.asked == [1] and owner.asked == []
    assert not beast.alive and not any(m.alive for m in riders)
    assert state.casualties[0] == 3


def test_wb_dmg_03_no_shooting_from_a_panicking_beast() -> None:
    """WB-DMG-03: in the turn it panics its riders cannot shoot; control returns after."""
    state = battle([])
    beast, (_, archer) = mumak(state)
    state.turn, howdah(beast).panic_turn = 2, 1
    trample.move_beast(state, (Steer(), Steer(end=(24.0, 16.0))), beast)
    assert beast.position == (24.0, 16.0) and not howdah(beast).panic_turn
    assert not can_shoot(state, archer)


def test_wb_dmg_04_charged_beast_makes_no_panic_move() -> None:
    """WB-DMG-04 (002:L1889): a War Beast already charged cannot make a panic move."""
    state = battle([])
    beast, _ = mumak(state)
    state.turn, howdah(beast).panic_turn = 2, 1
    beast_turn(beast).was_charged = True
    assert war_beasts.stampede_controller(state, beast) is None
    trample.lapse_panics(state)
    assert howdah(beast).panic_turn == 0  # control returns at the end of that Move phase
    beast_turn(beast).was_charged, howdah(beast).panic_turn = False, 1
    assert war_beasts.stampede_controller(state, beast) == 1


# --- battles ------------------------------------------------------------------------------


def _overlaps(state: BattleState) -> list[tuple[str, str]]:
    ground = [m for m in state.living() if riding(m) is None]
    return [
        (a.uid, b.uid)
        for i, a in enumerate(ground)
        for b in ground[i + 1 :]
        if math.hypot(a.x - b.x, a.y - b.y) < a.radius + b.radius - 0.02
    ]


def _battle(seed: int) -> tuple[BattleState, list[tuple[str, str]]]:
    kinds = ["heuristic", "random"]
    forces = ["minas_tirith", "harad_mumak"] if seed % 3 else ["harad_mumak", "mordor"]
    options = {
        "forces": forces,
        "players": [kinds[seed % 2], kinds[seed // 2 % 2]],
        **({"table": "generated"} if seed % 2 else {}),
    }
    dice, log = Dice(seed), EventLog()
    setup = game.setup_from_options(options, dice)
    sides = tuple(game._make_player(name, setup.scenario) for name in setup.players)
    state = game.new_battle(setup, dice, log)
    game.deploy(state, setup.scenario, sides)
    bad: list[tuple[str, str]] = _overlaps(state)

    def after_move(event: Any) -> None:
        moved = state.models[event.data["model"]] if event.kind == "move" else None
        if moved is None or not moved.alive or riding(moved) is not None:
            return
        for other in state.living():
            gap = math.hypot(other.x - moved.x, other.y - moved.y) - other.radius - moved.radius
            if other is not moved and riding(other) is None and gap < -0.02:
                bad.append((moved.uid, other.uid))

    log.listeners.append(after_move)
    game.play_battle(state, setup.scenario, sides)
    return state, bad


@pytest.mark.parametrize("seed", range(1, 21))
def test_battles_with_a_war_beast(seed: int) -> None:
    """Twenty seeded battles with a War Mumak: no exception, bases never overlap, every
    Wound logged adds up to the Wounds lost, every dead model is one casualty, and neither
    player ever proposes a trample the engine refuses."""
    state, bad = _battle(seed)
    assert bad == []
    lost = Counter(e.data["model"] for e in state.log.of_kind("wound"))
    for model in state.models.values():
        assert model.profile.wounds - model.wounds == lost[model.uid]
    dead = sum(1 for m in state.models.values() if not m.alive)
    assert dead == sum(state.casualties)
    assert state.log.of_kind("trample")
    assert not [e for e in state.log.of_kind("refused") if e.data["model"] in state.crews]


def test_harad_mumak_is_playable_by_name() -> None:
    """The sample force plays by name against Minas Tirith."""
    result = game.play_game(seed=1, options={"forces": ["minas_tirith", "harad_mumak"]})
    assert result.termination in {"turn_limit", "reduced_to_quarter"}
    assert 600 <= force_from_data(HARAD_MUMAK, prefix="B").points <= 800


def test_wb_mov_05_06_leaders_heroic_march_adds_three_inches() -> None:
    """WB-MOV-05, WB-MOV-06 (002:L1882-1886), WB-MOV-03: a Heroic March declared by the model
    leading the beast adds 3" to the beast's Move; another Hero's March does not."""
    state = battle([])
    beast, (commander, _) = mumak(state)
    other_hero = add(state, "A2", 0, 24.0, 4.0, COMMANDER)
    DECLARATIONS.put(state, [Declaration(other_hero.uid, HEROIC_MARCH, 0)])
    assert trample.beast_allowance(state, beast) == 8.0
    DECLARATIONS.put(state, [Declaration(commander.uid, HEROIC_MARCH, 0)])
    assert trample.beast_allowance(state, beast) == 11.0


def test_wb_mov_05_06_leaders_heroic_move_moves_the_beast_first() -> None:
    """WB-MOV-05, WB-MOV-06: the commander's Heroic Move moves the War Beast (before the
    Priority order); the rider itself never leaves the howdah. Another rider's does not."""
    state = battle([])
    beast, (commander, archer) = mumak(state)
    owner = Steer(end=(24.0, 16.0))
    DECLARATIONS.put(state, [Declaration(commander.uid, HEROIC_MOVE, 0)])
    run_heroic_moves(state, (owner, Steer()))
    assert beast.position == (24.0, 16.0) == commander.position and beast.done_moving
    state = battle([])
    beast, (commander, archer) = mumak(state)
    DECLARATIONS.put(state, [Declaration(archer.uid, HEROIC_MOVE, 0)])
    run_heroic_moves(state, (Steer(end=(24.0, 16.0)), Steer()))
    assert beast.position == (24.0, 10.0) and not beast.done_moving


class _CallsFriends(HeuristicPlayer):
    def call_friends(self, state: BattleState, hero: ModelState, action: str) -> bool:
        return True


@pytest.mark.parametrize("action", [HEROIC_MOVE, HEROIC_MARCH])
def test_wb_mov_06_another_heros_call_neither_moves_nor_stops_the_beast(action: str) -> None:
    """WB-MOV-06 (002:L1886): a War Beast benefits from a Heroic Move or March only if its
    own commander declared it, and it moves only by trampling (WB-MOV-07): another Hero 3"
    away calls "With Me!"/"At the Double!": the beast neither follows (no plain move, no
    March bonus) nor loses its own move (HERO-HM-03 stops only those who could follow)."""
    state = battle([])
    beast, _ = mumak(state)
    hero = add(state, "A2", 0, 24.0, 10.0 + R + 3.0 + r, COMMANDER)
    add(state, "B1", 1, 24.0, 40.0)
    DECLARATIONS.put(state, [Declaration(hero.uid, action, 0)])
    run_heroic_moves(state, (_CallsFriends(), HeuristicPlayer()))
    if action == HEROIC_MARCH:
        heroic.lead(state, (_CallsFriends(), HeuristicPlayer()), hero, action)
    assert beast.position == (24.0, 10.0) and not beast.done_moving
    assert trample.beast_allowance(state, beast) == 8.0


def test_wb_cc_01_riders_declare_no_fight_heroic_actions() -> None:
    """WB-CC-01 (002:L1913): the commander is not in the fight and cannot declare a Heroic
    Action there (a Heroic Combat here); a Heroic March stays open to him (WB-MOV-05)."""
    state = battle([])
    beast, (commander, _) = mumak(state)
    commander.might = 1
    reason = refusal(state, 0, Phase.FIGHT, (commander.uid, HEROIC_COMBAT))
    assert reason is not None and "WB-CC-01" in reason
    assert refusal(state, 0, Phase.MOVE, (commander.uid, HEROIC_MOVE)) is None


def test_wb_dmg_02_commander_spends_might_on_panic() -> None:
    """WB-DMG-02 (002:L1927): the commander may spend Might on the Panic test: 1+3+4 = 8;
    his one Will point cannot cover the 2 missing; with one Might point it can (Might and
    Will combined, HERO-WILL-04; Will goes first, data.ASSUMPTIONS "will")."""
    state = battle([1, 3])
    state.players = (HeuristicPlayer(), HeuristicPlayer())  # Might is the player's choice
    beast, (commander, _) = mumak(state)
    commander.might = 2
    state.wound(beast, "test")
    assert not howdah(beast).panic_turn and commander.might == 1 and commander.will == 0


def test_wb_mov_01_a_war_beast_never_defends_a_barrier() -> None:
    """WB-MOV-01 (002:L1878): a War Beast cannot defend a barrier; a Man at the same 0.8"
    wall (half the attacker's height, under his eyes) does (FIGHT-BAR-01)."""
    wall = TerrainPiece("wall", TerrainKind.OBSTACLE, ((0, 12), (48, 12)), 0.8, 0.3)
    state = battle([], table=Table("t", (wall,)))
    beast, _ = mumak(state, x=10.0, y=12.15 + R + 0.01)
    man = add(state, "A2", 0, 30.0, 12.15 + r + 0.01)
    attacker = add(state, "B1", 1, 10.0, 11.85 - r - 0.01)
    other = add(state, "B2", 1, 30.0, 11.85 - r - 0.01)
    assert protecting_barrier(state, man, other) is not None
    assert protecting_barrier(state, beast, attacker) is None


def test_heuristic_drives_the_beast_into_the_crowd() -> None:
    """HeuristicPlayer: straight through the enemies it is sure to kill (three S9 hits)."""
    state = battle([])
    beast, _ = mumak(state)
    for k, x in enumerate((23.8, 24.0, 24.3)):
        add(state, f"B{k}", 1, x, 13.5 + 1.2 * k)
    add(state, "B9", 1, 40.0, 10.0)
    end = players()[0].choose_trample(state, beast, 0)
    assert end is not None
    met = [c.model.uid for c in trample.contacts(state, beast, end)]
    assert met[:3] == ["B0", "B1", "B2"]


def test_heuristic_keeps_the_beast_out_of_a_spear_wall() -> None:
    """HeuristicPlayer: of two tough enemies it cannot kill outright, it ends its trample
    against the one no spears support (it will fight it there, WB-CC-02)."""
    state = battle([])
    beast, _ = mumak(state)
    tough = profile(wounds=3)
    add(state, "B1", 1, 18.0, 10.0, tough)
    for k, y in enumerate((9.0, 10.0, 11.0)):
        add(state, f"S{k}", 1, 16.5, y, profile(wargear=("spear",)))
    add(state, "B2", 1, 30.0, 10.0, tough)
    end = players()[0].choose_trample(state, beast, 0)
    assert end is not None and end[0] > beast.x


def test_heuristic_steers_an_enemy_panicking_beast_into_its_own_side() -> None:
    """HeuristicPlayer steering the opponent's panicking beast (WB-DMG-03): it tramples the
    beast's own models (enemies to the side moving it) and spares its own (WB-MOV-09)."""
    state = battle([])
    beast, _ = mumak(state, y=24.0)
    for k, x in enumerate((23.8, 24.2)):
        add(state, f"A{k + 2}", 0, x, 27.5 + 1.2 * k)
    add(state, "B1", 1, 24.0, 19.0)
    state.turn, howdah(beast).panicked_turn = 2, 2
    player = players()[1]
    end = player.choose_trample(state, beast, 1)
    assert end is not None and end[1] > beast.y
    assert not player.trample_friend(state, beast, state.models["B1"])


def test_wb_gen_06_shots_stopped_by_the_howdah_may_destroy_it() -> None:
    """WB-GEN-06 (002:L1870) with L796: a shot that fails the howdah test (a 1) hits the
    howdah (Defence 9, here 1 Wound left): a Strength 4 crossbow needs 6 then 4; at 0
    Wounds the howdah is destroyed and its riders fall (three 1s each: they survive)."""
    state = battle([4, 1, 6, 4, *[1] * 6])
    beast, riders = mumak(state)
    howdah(beast).howdah_wounds = 1
    shooter = add(state, "B1", 1, 24.0, 30.0, profile(options=("crossbow",)))
    shoot(state, shooter, riders[1])
    assert howdah(beast).howdah_wounds == 0 and all(riding(m) is None and m.prone for m in riders)
    assert state.log.of_kind("howdah_destroyed") and state.dice.remaining == 0


def test_wb_mov_08_cavalry_rider_and_mount_both_suffer_the_hits() -> None:
    """WB-MOV-08 (002:L1891): a Cavalry model met takes the hits for the rider and for the
    mount (one model in this engine: six S9 hits; six 1s leave it standing)."""
    state = battle([1] * 6)
    beast, _ = mumak(state)
    rider = add(state, "B1", 1, 24.0, 14.0, profile(keywords=frozenset({"man", "cavalry"})))
    trample.trample(state, Steer(), beast, (24.0, 18.0), panic=False)
    assert rider.alive and len(rolls(state)) == 6 and state.dice.remaining == 0


def test_wb_gen_05_only_a_war_beast_has_a_howdah_crew() -> None:
    """WB-GEN-05 (002:L1870): the howdah models are listed in the War Beast's profile; a
    crew given to any other unit is refused as bad data."""
    data = {
        "name": "bad",
        "alignment": "evil",
        "units": [{"profile": profile_to_data(COMMANDER), "crew": [{"profile": {}}]}],
    }
    with pytest.raises(UnitDataError, match="no War Beast"):
        force_from_data(data, prefix="B")


def test_deployment_puts_the_beast_in_front_with_a_clear_lane() -> None:
    """Deployment: the War Beast stands at the front of its zone with its crew aboard
    (WB-GEN-05) and no friend in the lane of its first trample; the heuristic moves it
    first."""
    dice, log = Dice(1), EventLog()
    setup = game.setup_from_options({"forces": ["minas_tirith", "harad_mumak"]}, dice)
    sides = tuple(game._make_player(name, setup.scenario) for name in setup.players)
    state = game.new_battle(setup, dice, log)
    game.deploy(state, setup.scenario, sides)
    beast = state.models["B01"]
    assert [m.uid for m in war_beasts.crew(state, beast)] == [f"B0{k}" for k in range(2, 9)]
    ahead = [
        m
        for m in state.living(1)
        if riding(m) is None
        and m is not beast
        and m.y < beast.y
        and abs(m.x - beast.x) < beast.radius + m.radius
    ]
    assert ahead == [] and not _overlaps(state)
    assert sides[1].move_order(state, 1)[0] == "B01"


def test_wb_dmg_03_panicking_beast_tramples_its_owners_models() -> None:
    """WB-DMG-03 (002:L1927): the opponent moves it "as if it were his own": the owner's
    model in the way is an enemy to the side moving it and is trampled without a choice
    (3+ slays it); the opponent's own model is the friend it may stop before (WB-MOV-09)."""
    state = battle([3])
    beast, _ = mumak(state)
    owned = add(state, "A2", 0, 24.0, 14.0)
    theirs = add(state, "B1", 1, 24.0, 20.4)
    state.turn, howdah(beast).panic_turn = 2, 1
    trample.move_beast(state, (Steer(), Steer(end=(24.0, 18.0), friend=False)), beast)
    assert not owned.alive and theirs.alive
    assert beast.y == pytest.approx(20.4 - TOUCH, abs=0.01)
    assert [e.data["friend"] for e in state.log.of_kind("trample_friend")] == ["B1"]


def test_wb_cc_03_smaller_beast_backs_away_past_its_own_crew() -> None:
    """WB-CC-03 (002:L1919): between two War Beasts the smaller one backs away, here the
    80 mm one although it won (6s against 1s; its three S9 strikes then miss on 1s); it moves
    1" although its crew stand inside its base (riders never block a base)."""
    state = battle([1, 1, 1, 6, 6, 6, 1, 1, 1])
    beast, _ = mumak(state)
    small = replace(MUMAK, name="Small beast", base_mm=80.0)
    other = add(state, "B1", 1, 24.0, 10.0 + R + 80 / 25.4 / 2 + 0.005, small)
    rider = add(state, "B1c0", 1, other.x, other.y, ARCHER)
    war_beasts.mount(state, other, [rider])
    resolve_combat(state, Combat(beast, [other]), players())
    assert beast.position == (24.0, 10.0) and state.dice.remaining == 0
    assert state.distance(beast, other) >= 1.0 - 0.01 and rider.position == other.position


def test_wb_mov_08_trampled_horse_and_rider_each_take_the_hits() -> None:
    """WB-MOV-08 (002:L1891): a rider on a horse: each S9 hit strikes the mount then the
    rider (3+ against Defence 4). The first slays the horse (3): the rider is thrown (a 1:
    one S3 hit, a 1); it then takes its three hits on foot (1s), survives, and the beast
    stops touching its (now smaller) base."""
    state = battle([3, 1, 1, 1, 1, 1])
    beast, _ = mumak(state)
    data = {**profile_to_data(profile(name="Rider")), "options": ["horse"]}
    rider = add(state, "B1", 1, 24.0, 14.5, profile_from_data(data))
    assert rider.mount is not None
    trample.trample(state, Steer(), beast, (24.0, 18.0), panic=False)
    assert rider.alive and rider.mount is None and state.dice.remaining == 0
    assert state.in_contact(beast, rider) and not _overlaps(state)

"""Courage tests, broken armies and Stand Fast!."""

from __future__ import annotations

import pytest

from battlesim.engines.sbg.core.state import Removal
from battlesim.engines.sbg.policies.answers import Answering
from battlesim.engines.sbg.rules.courage import (
    break_point,
    broken_test,
    courage_test,
    update_broken,
)
from tests.engines.sbg.builders import BASE_GAP, add, battle, profile

HERO = profile(name="Captain", keywords=frozenset({"man", "infantry", "hero"}), courage=4)


@pytest.mark.parametrize(("dice", "passed"), [([3, 4], True), ([3, 3], False)])
def test_courage_test_is_2d6_plus_courage_at_least_10(dice: list[int], passed: bool) -> None:
    """COUR-TEST-01, CHAR-C-01, DICE-2D6-01 (002:L1200, L102, L241): 2D6 summed plus
    Courage 3: 3+4+3 = 10 passes, 3+3+3 = 9 fails."""
    state = battle(dice)
    assert courage_test(state, add(state, "A1", 0, 5, 5), "test") is passed


def test_war_horn_adds_one_courage() -> None:
    """EQP-HORN-01 (002:L2194): any living horn in the army: +1 Courage (3+3+3+1 = 10)."""
    state = battle([3, 3])
    model = add(state, "A1", 0, 5, 5)
    add(state, "A2", 0, 40, 5, profile(wargear=("war horn",)))
    assert courage_test(state, model, "test") is True


def test_fearless_passes_without_rolling() -> None:
    """PROF-09 (002:L155-157), SR Fearless (BSData): a common rule named on the card with
    its ACTIF/PASSIF label ("Fearless (Passive)") is found by name: the model passes."""
    state = battle([])
    model = add(state, "A1", 0, 5, 5, profile(rules=("Fearless (Passive)",)))
    assert courage_test(state, model, "test") is True


def test_break_point_is_half_the_starting_models() -> None:
    """COUR-BRK-01 (002:L1238): 13 models -> 6.5."""
    state = battle([])
    for k in range(13):
        add(state, f"A{k:02d}", 0, 2 + 2 * k, 5)
    assert break_point(state, 0) == 6.5


def test_army_breaks_when_casualties_exceed_the_break_point() -> None:
    """COUR-BRK-02, COUR-BRK-05 (002:L1240, L1254): 30 models, 15 dead: not broken; 16:
    broken."""
    state = battle([])
    models = [add(state, f"A{k:02d}", 0, 1 + 1.5 * k, 5) for k in range(30)]
    for model in models[:15]:
        state.remove(model, Removal.SLAIN)
    update_broken(state)
    assert state.broken == [False, False]
    state.remove(models[15], Removal.SLAIN)
    update_broken(state)
    assert state.broken == [True, False]


def test_a_broken_army_model_that_fails_flees() -> None:
    """COUR-BRK-04 (002:L1242): a failed test removes the model as a casualty."""
    state = battle([1, 1])
    model = add(state, "A1", 0, 5, 5)
    state.broken[0] = True
    assert broken_test(state, model) is False
    assert not model.alive and state.casualties[0] == 1
    assert state.log.of_kind("casualty")[0].data["reason"] == "fled"


def test_engaged_models_do_not_test() -> None:
    """COUR-BRK-03 (002:L1240): models already engaged take no test."""
    state = battle([])
    model = add(state, "A1", 0, 5, 5)
    add(state, "B1", 1, 5 + BASE_GAP, 5)
    state.broken[0] = True
    assert broken_test(state, model) is True


def test_stand_fast_spares_warriors_within_six_inches() -> None:
    """COUR-SF-02, COUR-SF-04 (002:L1248, L1256): Eomer passes; a Warrior within 6" needs no
    test, Warrior D beyond 6" must test."""
    state = battle([5, 5, 1, 1])
    hero = add(state, "A0", 0, 10, 10, HERO)
    near = add(state, "A1", 0, 15, 10)
    far = add(state, "A2", 0, 30, 10)
    state.broken[0] = True
    assert broken_test(state, hero) is True
    assert broken_test(state, near) is True
    assert state.log.of_kind("stand_fast")[0].data == {"model": "A1", "hero": "A0"}
    assert broken_test(state, far) is False


HOBBIT = profile(name="Hobbit", courage=4, keywords=frozenset({"hobbit", "infantry"}))
TROLL = profile(name="Troll", rules=("Terror",), keywords=frozenset({"troll", "infantry"}))


def _terror_battle(dice: list[int]) -> tuple[object, object]:
    state = battle(dice)
    merry = add(state, "A1", 0, 10, 10, HOBBIT)
    add(state, "B1", 1, 10, 13, TROLL)
    return state, merry


def _charge(state: object, model: object) -> None:
    from battlesim.engines.sbg.core.actions import Charge
    from battlesim.engines.sbg.phases.model_move import take_action

    class Charger(Answering):
        def choose_move(self, *_: object) -> Charge:
            return Charge("A1", "B1", (10, 13 - BASE_GAP))

    take_action(state, (Charger(), Charger()), model)  # type: ignore[arg-type]


def test_move_chg_14_cour_test_04_merry_passes_terror_and_charges() -> None:
    """MOVE-CHG-14, COUR-TEST-02, COUR-TEST-04 (002:L1208, L1218-1222): to charge the Troll
    (Terror) Merry (C 4) tests: 4 + 3 + 4 = 11 passes, the charge goes on."""
    state, merry = _terror_battle([4, 3])
    _charge(state, merry)
    assert state.log.of_kind("courage")[0].data["reason"] == "terror"
    assert state.engaged(merry)


def test_move_chg_14_cour_test_04_pippin_fails_and_cannot_move() -> None:
    """MOVE-CHG-14, COUR-TEST-04 (002:L1222): Pippin (C 4) rolls 1 + 2 + 4 = 7 and fails: he
    cannot charge and cannot move for the rest of the turn."""
    state, pippin = _terror_battle([1, 2])
    _charge(state, pippin)
    assert not state.engaged(pippin) and pippin.position == (10, 10) and pippin.done_moving


def test_cour_test_03_a_passed_test_holds_for_the_turn() -> None:
    """COUR-TEST-03, COUR-TEST-04 (002:L1214, L1230-1234): having passed a Terror test this
    turn, a second one against another Terror model passes without rolling; next turn it
    rolls again."""
    state, merry = _terror_battle([4, 3, 1, 1])
    from battlesim.engines.sbg.core.actions import Charge
    from battlesim.engines.sbg.rules import terror

    other = add(state, "B2", 1, 14, 10, TROLL)
    assert terror.dares(state, merry, Charge("A1", "B1", (10, 13 - BASE_GAP)))
    assert terror.dares(state, merry, Charge("A1", "B2", (14 - BASE_GAP, 10)))
    assert len(state.log.of_kind("roll")) == 1 and other.alive
    merry.reset_turn()
    assert not terror.dares(state, merry, Charge("A1", "B2", (14 - BASE_GAP, 10)))


def test_cour_sf_01_stand_fast_is_only_for_broken_tests() -> None:
    """COUR-SF-01 (002:L1246): a Warrior beside a Hero that stood fast still takes its
    Terror test (1 + 1 + 3 fails)."""
    state = battle([6, 6, 1, 1])
    hero = add(state, "A0", 0, 10, 8, HERO)
    warrior = add(state, "A1", 0, 10, 10)
    add(state, "B1", 1, 10, 13, TROLL)
    state.broken[0] = True
    assert broken_test(state, hero)
    assert broken_test(state, warrior)  # Stand Fast!
    _charge(state, warrior)
    assert state.log.of_kind("courage")[-1].data["reason"] == "terror"
    assert not state.engaged(warrior)


def test_cour_sf_03_an_engaged_hero_cannot_call_stand_fast() -> None:
    """COUR-SF-03 (002:L1250): the engaged Hero takes no Broken test, so the Warrior 2" away
    must test (1 + 1 + 3 fails: it flees)."""
    state = battle([1, 1])
    hero = add(state, "A0", 0, 10, 10, HERO)
    add(state, "B1", 1, 10 + BASE_GAP, 10)
    warrior = add(state, "A1", 0, 10, 12.5)
    state.broken[0] = True
    assert broken_test(state, hero) and not hero.tested
    assert not broken_test(state, warrior) and not warrior.alive


def test_stand_fast_needs_the_hero_in_sight() -> None:
    """COUR-SF-02 reading (part 1 §7.3): the Warrior must see the Hero; a house between them
    blocks it, so the Warrior 4" away tests (and fails on 1 + 1)."""
    from battlesim.engines.sbg.core.table import Cover, Table, TerrainKind, TerrainPiece

    house = TerrainPiece(
        "house",
        TerrainKind.IMPASSABLE,
        ((11, 9), (13, 9), (13, 11), (11, 11)),
        3.0,
        cover=Cover.SOLID,
    )
    state = battle([5, 5, 1, 1], table=Table("t", (house,)))
    hero = add(state, "A0", 0, 10, 10, HERO)
    warrior = add(state, "A1", 0, 14.5, 10)
    state.broken[0] = True
    assert broken_test(state, hero)
    assert not broken_test(state, warrior)


def test_heuristic_weighs_the_terror_test_before_charging() -> None:
    """MOVE-CHG-14: a charge at a Terror model is worth its value only if the test passes
    (Merry, Courage 4, needs 6+ on 2D6: 26/36); a failure costs the move; once passed this
    turn the charge is worth its full value."""
    from battlesim.engines.sbg.rules import terror

    state, merry = _terror_battle([])
    troll = state.models["B1"]
    assert terror.pass_chance(state, merry) == pytest.approx(26 / 36)  # Courage 4: 6+
    expected = 26 / 36 * 0.5 - 10 / 36 * terror.STALL_COST
    assert terror.expected_charge(state, merry, troll, 0.5) == pytest.approx(expected)
    merry.courage_passed.add("terror")
    assert terror.expected_charge(state, merry, troll, 0.5) == 0.5


def test_sr_terror_aimed_at_a_keyword_frightens_only_those_models() -> None:
    """SR-TERROR, MOVE-CHG-14 (002:L2873): *Terreur (Orque)* asks a Courage test only of Orc
    models: the Hobbit charges without rolling, the Orc rolls 1 + 1 + 4 = 6 and holds."""
    from battlesim.engines.sbg.core.actions import Charge
    from battlesim.engines.sbg.rules import terror

    state = battle([1, 1])
    hobbit = add(state, "A1", 0, 10, 10, HOBBIT)
    orc = add(state, "A2", 0, 20, 10, profile(courage=4, keywords=frozenset({"orc"})))
    slayer = profile(rules=("Terror (Orc)",))
    add(state, "B1", 1, 10, 13, slayer)
    add(state, "B2", 1, 20, 13, slayer)
    assert terror.dares(state, hobbit, Charge("A1", "B1", (10, 13 - BASE_GAP)))
    assert not state.log.of_kind("roll")
    assert not terror.dares(state, orc, Charge("A2", "B2", (20, 13 - BASE_GAP)))
    assert state.log.of_kind("courage")[-1].data["passed"] is False


def test_cour_test_05_a_hero_spends_will_on_its_broken_test() -> None:
    """COUR-TEST-05 (002:L1756, Will half; Might on the test is HERO-MIGHT-06's): a Broken
    side's Hero, Courage 5, rolls 3 + 1 = 9 and fails, spends its 1 Will -> 10: it stays and
    may call "Stand Fast!"."""
    state = battle([3, 1])
    hero = add(state, "A0", 0, 10, 10, profile(courage=5, will=1, keywords=frozenset({"hero"})))
    state.broken[0] = True
    assert broken_test(state, hero) and hero.alive and hero.tested
    assert hero.will == 0


def test_cour_test_07_fate_never_saves_a_model_that_fled() -> None:
    """COUR-TEST-07 (002:L1780): a Hero with 3 Fate fails its Broken test (1 + 1 + 4) and
    flees: it is removed, rolls no Fate dice and keeps its Fate points."""
    state = battle([1, 1, 6, 6, 6])
    hero = add(state, "A0", 0, 10, 10, profile(courage=4, fate=3, keywords=frozenset({"hero"})))
    state.broken[0] = True
    assert not broken_test(state, hero)
    assert not hero.alive and hero.fate == 3
    assert [e.data["purpose"] for e in state.log.of_kind("roll")] == ["courage A0 (broken)"]
    assert state.log.of_kind("casualty")[0].data["reason"] == Removal.FLED.value

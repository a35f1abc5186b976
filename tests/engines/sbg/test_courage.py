"""Courage tests, broken armies and Stand Fast!."""

from __future__ import annotations

import pytest

from battlesim.engines.sbg.courage import (
    break_point,
    broken_test,
    courage_test,
    update_broken,
)
from battlesim.engines.sbg.state import Removal
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
    """COUR-SF-02/04 (002:L1248, L1256): the Hero passes; a Warrior within 6" needs no test,
    one beyond 6" must test."""
    state = battle([5, 5, 1, 1])
    hero = add(state, "A0", 0, 10, 10, HERO)
    near = add(state, "A1", 0, 15, 10)
    far = add(state, "A2", 0, 30, 10)
    state.broken[0] = True
    assert broken_test(state, hero) is True
    assert broken_test(state, near) is True
    assert state.log.of_kind("stand_fast")[0].data == {"model": "A1", "hero": "A0"}
    assert broken_test(state, far) is False

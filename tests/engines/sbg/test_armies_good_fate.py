"""Fate rules of Good Heroes (rules/armies/good/fate.py, issue 18), each from its BattleScribe
rule text (id cited), with scripted dice; each test fails when its rule is removed."""

from __future__ import annotations

from dataclasses import replace

import pytest

from battlesim.engines.sbg.core.units import Profile
from tests.engines.sbg.builders import WARRIOR, add, battle, rolls

HERO = replace(WARRIOR, name="Test Hero", fate=1, keywords=WARRIOR.keywords | {"hero"})


def hero(*rules: str, gear: tuple[str, ...] = ("sword",), **changes: object) -> Profile:
    return replace(HERO, rules=tuple(rules), wargear=gear, **changes)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "ring",  # 205e-c6a6-e11f-c41b, 7187-f543-2b5f-364a, 498d-e241-d1ba-590f
    ["narya", "nenya", "vilya"],
)
def test_the_elven_rings_reroll_a_failed_fate_roll(ring: str) -> None:
    state = battle([3, 4])
    bearer = add(state, "A1", 0, 10, 10, hero(gear=("sword", ring)))
    state.wound(bearer, "test")
    assert bearer.alive and [d for _, d in rolls(state)] == [[3], [4]]
    other = battle([3, 4])
    plain = add(other, "A1", 0, 10, 10, hero())
    other.wound(plain, "test")
    assert not plain.alive


def test_the_arkenstone_passes_fate_on_three_and_a_four_is_free() -> None:
    """95c9-c5d6-fc39-08c3."""
    state = battle([3, 4])
    thror = add(state, "A1", 0, 10, 10, hero(gear=("sword", "arkenstone"), fate=2))
    state.wound(thror, "first")
    assert thror.alive and thror.fate == 1  # a 3 saves, the point is spent
    state.wound(thror, "second")
    assert thror.alive and thror.fate == 1  # a 4 saves for free
    other = battle([3])
    plain = add(other, "A1", 0, 10, 10, hero())
    other.wound(plain, "test")
    assert not plain.alive


def test_the_crown_of_kings_ignores_a_wound_on_a_six_before_fate() -> None:
    """7973-a58d-2136-e47a."""
    state = battle([6])
    durin = add(state, "A1", 0, 10, 10, hero(gear=("sword", "the crown of kings")))
    state.wound(durin, "test")
    assert durin.alive and durin.fate == 1
    unlucky = battle([5, 1])
    durin2 = add(unlucky, "A1", 0, 10, 10, hero(gear=("sword", "the crown of kings")))
    unlucky.wound(durin2, "test")
    assert not durin2.alive and durin2.fate == 0  # the Crown failed, then Fate failed


def test_gift_of_foresight_saves_arnor_models_within_six_inches_on_five() -> None:
    """d4b3-3823-33ad-3dbc."""
    arnor = replace(WARRIOR, keywords=WARRIOR.keywords | {"arnor"})
    state = battle([5])
    add(state, "A1", 0, 10, 10, hero("Gift of Foresight"))
    ranger = add(state, "A2", 0, 10, 15, arnor)
    state.wound(ranger, "test")
    assert ranger.alive
    man = add(state, "A3", 0, 12, 15)
    state.wound(man, "test")  # not Arnor: no roll
    assert not man.alive and len(rolls(state)) == 1

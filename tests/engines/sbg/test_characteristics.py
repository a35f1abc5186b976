"""Characteristic overrides (core/overrides.py) read where the engine uses the
characteristic (rules/characteristics.py): a rule that sets Fight, Attacks or Shoot outright
(and Strength, Defence) changes the Duel, the strikes, the shots and the other hits, not
only the override's own answer."""

from __future__ import annotations

import pytest

from battlesim.engines.sbg.core.arms import SpecialStrike
from battlesim.engines.sbg.core.hooks import HookContext
from battlesim.engines.sbg.core.overrides import Stat, override
from battlesim.engines.sbg.rules import characteristics
from battlesim.engines.sbg.rules.cavalry import knockdown_immune
from battlesim.engines.sbg.rules.combats import Combat
from battlesim.engines.sbg.rules.fighting import duel, stab_backlashes
from battlesim.engines.sbg.rules.monsters.hurl import hurl_distance
from battlesim.engines.sbg.rules.shooting import to_hit_need
from battlesim.engines.sbg.rules.special_strikes import IllegalStrikeError, declare, stun_mark
from tests.engines.sbg.builders import BASE_GAP, WARRIOR, add, battle, profile, rolls

FIGHT_NINE = "test: fight of nine"
THREE_ATTACKS = "test: three attacks"
SHOOT_TWO = "test: shoot of two"


@override(Stat.FIGHT, FIGHT_NINE, source="test_characteristics.py")
def _fight_nine(context: HookContext, value: int) -> int | None:
    return 9


@override(Stat.ATTACKS, THREE_ATTACKS, source="test_characteristics.py")
def _three_attacks(context: HookContext, value: int) -> int | None:
    return 3


@override(Stat.SHOOT, SHOOT_TWO, source="test_characteristics.py")
def _shoot_two(context: HookContext, value: int) -> int | None:
    return 2


def test_a_fight_override_wins_the_tied_duel() -> None:
    """FIGHT-DUEL-02 (002:L952): both roll 3; the F3 warrior set to Fight 9 beats the F4 foe
    (without the override the foe's Fight 4 wins)."""
    state = battle([3, 3])
    hero = add(state, "A1", 0, 10, 10, profile(rules=(FIGHT_NINE,)))
    foe = add(state, "B1", 1, 10 + BASE_GAP, 10, profile(fight=4))
    assert duel(state, Combat(hero, [foe])) == 0
    plain = battle([3, 3])
    warrior = add(plain, "A1", 0, 10, 10)
    foe = add(plain, "B1", 1, 10 + BASE_GAP, 10, profile(fight=4))
    assert duel(plain, Combat(warrior, [foe])) == 1


def test_an_attacks_override_rolls_that_many_duel_dice() -> None:
    """FIGHT-DUEL-01 (002:L948): one Duel die per Attack: the A1 warrior set to 3 Attacks
    rolls 1, 1, 6 and its 6 beats the foe's 5 (with its one die, the 1 would lose)."""
    state = battle([1, 1, 6, 5])
    hero = add(state, "A1", 0, 10, 10, profile(rules=(THREE_ATTACKS,)))
    foe = add(state, "B1", 1, 10 + BASE_GAP, 10)
    assert duel(state, Combat(hero, [foe])) == 0
    assert [dice for _, dice in rolls(state)] == [[1, 1, 6], [5]]


def test_a_stunned_model_has_one_attack_whatever_its_rules_set() -> None:
    """SPS-STUN-01 (002:L2090): a stunned model's Attacks become 1, counted from the value
    its rules set (3), not from its printed 1."""
    state = battle()
    hero = add(state, "A1", 0, 10, 10, profile(rules=(THREE_ATTACKS,)))
    assert characteristics.attacks(state, hero) == 3
    stun_mark(hero).stunned_until = state.turn
    assert characteristics.attacks(state, hero) == 1


def test_a_fight_override_decides_feint_and_stab() -> None:
    """SPS-FEINT-01, SPS-STAB-01 (002:L2068-2078): a Feint needs a Fight at least the
    enemy's, a Stab a lower one. The sword-armed F3 warrior set to Fight 9 may Feint against
    the F4 foe, not Stab; without the override it may only Stab."""
    state = battle([2])
    hero = add(state, "A1", 0, 10, 10, profile(rules=(FIGHT_NINE,)))
    plain = add(state, "A2", 0, 20, 10)
    with pytest.raises(IllegalStrikeError):
        declare(state, hero, SpecialStrike.STAB, enemy_fight=4)
    with pytest.raises(IllegalStrikeError):
        declare(state, plain, SpecialStrike.FEINT, enemy_fight=4)
    declare(state, hero, SpecialStrike.FEINT, enemy_fight=4)  # D3 of 2: Fight 9 - 1
    assert characteristics.fight_value(state, hero) == 8


def test_a_shoot_override_sets_the_to_hit_need() -> None:
    """SHOOT-HIT-01 (002:L854): the To Hit roll needs the Shoot value; set to 2+, not 4+."""
    state = battle()
    archer = add(state, "A1", 0, 10, 10, profile(rules=(SHOOT_TWO,)))
    plain = add(state, "A2", 0, 20, 10, WARRIOR)
    assert to_hit_need(state, archer) == 2 and to_hit_need(state, plain) == 4


DEFENCE_TEN = "test: defence of ten"
STRENGTH_SIX = "test: strength of six"


@override(Stat.DEFENCE, DEFENCE_TEN, source="test_characteristics.py")
def _defence_ten(context: HookContext, value: int) -> int | None:
    return 10


@override(Stat.STRENGTH, STRENGTH_SIX, source="test_characteristics.py")
def _strength_six(context: HookContext, value: int) -> int | None:
    return 6


def test_a_defence_override_holds_against_every_hit_not_only_strikes() -> None:
    """SPS-STAB-01 (002:L2078), SHOOT-WND-02 (002:L880-892): the S2 hit of a losing stabber
    cannot wound Defence 10 (no die rolled); the same 6 wounds the printed D4."""
    state = battle([6])
    armoured = add(state, "A1", 0, 10, 10, profile(rules=(DEFENCE_TEN,)))
    armoured.strike = SpecialStrike.STAB
    stab_backlashes(state, [armoured])
    assert armoured.alive and state.dice.remaining == 1
    plain = battle([6])
    warrior = add(plain, "A1", 0, 10, 10)
    warrior.strike = SpecialStrike.STAB
    stab_backlashes(plain, [warrior])
    assert not warrior.alive


def test_a_strength_override_counts_for_a_charge_knock_down() -> None:
    """CAV-CHG-06 (002:L1397): Strength 6 or more is not knocked down by a charging
    cavalry model; the S3 warrior set to Strength 6 is immune, the printed S3 is not."""
    state = battle()
    strong = add(state, "A1", 0, 10, 10, profile(rules=(STRENGTH_SIX,)))
    plain = add(state, "A2", 0, 20, 10)
    assert knockdown_immune(state, strong) and not knockdown_immune(state, plain)


def test_a_strength_override_shortens_a_hurl() -> None:
    """HURL-02 (002:L1822, example L1834): D3 plus the Monster's Strength less the victim's: an S8
    Monster hurls the warrior set to Strength 6 D3 + 2" (5" on a 5), the printed S3 D3 + 5" (8")."""
    state = battle()
    beast = add(state, "B1", 1, 30, 10, profile(strength=8))
    strong = add(state, "A1", 0, 10, 10, profile(rules=(STRENGTH_SIX,)))
    plain = add(state, "A2", 0, 20, 10)
    assert hurl_distance(state, 5, beast, strong) == 5
    assert hurl_distance(state, 5, beast, plain) == 8

"""Wound chart, To Wound rolls, dice conventions and the Duel roll decision."""

from __future__ import annotations

import pytest

from battlesim.engines.sbg.core.units import Alignment
from battlesim.engines.sbg.rules.combat import (
    DuelSide,
    WoundNeed,
    clamp_die,
    clamp_stat,
    d3,
    duel_winner_without_roll_off,
    roll_off_winner,
    roll_to_wound,
    wound_need,
)
from tests.engines.sbg.builders import battle

GOOD, EVIL = Alignment.GOOD, Alignment.EVIL


@pytest.mark.parametrize(
    ("strength", "defence", "need"),
    [
        (3, 5, WoundNeed(5)),  # 002:L885 row 3
        (1, 1, WoundNeed(4)),  # S1/D1 and S2/D1 are both 4+: not a formula (002:L883-884)
        (2, 1, WoundNeed(4)),
        (1, 6, WoundNeed(6, 4)),
        (3, 10, WoundNeed(6, 6)),
        (10, 10, WoundNeed(4)),
        (4, 9, WoundNeed(6, 4)),
    ],
)
def test_wound_chart_matches_the_seed(strength: int, defence: int, need: WoundNeed) -> None:
    """SHOOT-WND-02 (002:L880-892): the chart cell is the minimum score(s) needed."""
    assert wound_need(strength, defence) == need


def test_wound_chart_dash_means_no_wound_possible() -> None:
    """SHOOT-WND-02: '-' (S1 vs D9, S2 vs D10) cannot wound; no die is rolled."""
    state = battle([])
    assert wound_need(1, 9) is None and wound_need(2, 10) is None
    assert roll_to_wound(state, 1, 9, 0, "test") is False
    assert state.log.of_kind("cannot_wound")


@pytest.mark.parametrize(("dice", "wounded"), [([6, 4], True), ([6, 3], False), ([5], False)])
def test_six_slash_four_needs_a_six_then_a_four(dice: list[int], wounded: bool) -> None:
    """SHOOT-WND-02 (002:L878): 6/4 = a 6, then a second die of 4+."""
    state = battle(dice)
    assert roll_to_wound(state, 1, 6, 0, "test") is wounded
    assert state.dice.remaining == 0


def test_two_handed_bonus_applies_to_both_dice() -> None:
    """WPN-2H-02 (002:L1969): +1 To Wound applies to both dice of 6/4 (so 5 then 3)."""
    assert roll_to_wound(battle([5, 3]), 1, 6, 1, "test") is True
    assert roll_to_wound(battle([5, 2]), 1, 6, 1, "test") is False


def test_modified_die_is_clamped_to_one_and_six() -> None:
    """DICE-MOD-01 (002:L251): modifiers never take a die above 6 or below 1."""
    assert clamp_die(6 + 2) == 6 and clamp_die(1 - 1) == 1
    # A needed 6 with -1 is impossible: the clamped die tops out at 5.
    assert roll_to_wound(battle([6]), 3, 6, -1, "test") is False


def test_characteristics_are_clamped_to_one_and_ten() -> None:
    """CHAR-CAP-01 (002:L245): Fight, Strength, Defence, Courage within 1..10."""
    assert clamp_stat(12) == 10 and clamp_stat(0) == 1


@pytest.mark.parametrize(("die", "result"), [(1, 1), (2, 1), (3, 2), (4, 2), (5, 3), (6, 3)])
def test_d3_halves_rounding_up(die: int, result: int) -> None:
    """DICE-D3-01 (002:L239)."""
    assert d3(die) == result


def _side(player: int, alignment: Alignment, dice: tuple[int, ...], fight: int) -> DuelSide:
    return DuelSide(player, alignment, dice, fight)


def test_highest_single_die_wins_the_duel() -> None:
    """FIGHT-DUEL-01, FIGHT-DUEL-05 (002:L948, L958): Frodo rolls 5, the Goblin 2: Frodo wins."""
    frodo, goblin = _side(0, GOOD, (5,), 3), _side(1, EVIL, (2,), 2)
    assert duel_winner_without_roll_off(frodo, goblin) == 0


def test_tied_dice_go_to_the_higher_fight_value() -> None:
    """FIGHT-DUEL-02, CHAR-F-01 (002:L952, L962, L88-92): both roll 3, Fight 3 beats
    Fight 2 (higher Fight is better)."""
    frodo, goblin = _side(0, GOOD, (3,), 3), _side(1, EVIL, (3,), 2)
    assert duel_winner_without_roll_off(frodo, goblin) == 0


def test_several_dice_compare_only_the_highest() -> None:
    """FIGHT-DUEL-04, FIGHT-DUEL-05 (002:L1056, L966): Eomer's three dice against one Uruk die:
    compare the highest die of each side."""
    eomer, uruk = _side(0, GOOD, (1, 2, 6), 5), _side(1, EVIL, (5,), 4)
    assert duel_winner_without_roll_off(eomer, uruk) == 0


@pytest.mark.parametrize(("roll", "winner"), [(1, 1), (3, 1), (4, 0), (6, 0)])
def test_full_tie_roll_off_one_to_three_evil(roll: int, winner: int) -> None:
    """FIGHT-DUEL-03 (002:L954): 1-3 Evil wins, 4-6 Good wins."""
    good, evil = _side(0, GOOD, (4,), 3), _side(1, EVIL, (4,), 3)
    assert duel_winner_without_roll_off(good, evil) is None
    assert roll_off_winner(roll, good, evil, priority=1, elven=frozenset()) == winner


@pytest.mark.parametrize(
    ("elven", "roll", "winner"),
    [({0}, 3, 0), ({0}, 2, 1), ({1}, 4, 1), ({1}, 5, 0), ({0, 1}, 3, 1)],
)
def test_elven_made_weapons_shift_the_roll_off(elven: set[int], roll: int, winner: int) -> None:
    """WPN-ELF-01 (002:L2014): Good wins on 3-6, Evil on 1-4; both sides: no advantage."""
    good, evil = _side(0, GOOD, (4,), 3), _side(1, EVIL, (4,), 3)
    assert roll_off_winner(roll, good, evil, priority=0, elven=frozenset(elven)) == winner

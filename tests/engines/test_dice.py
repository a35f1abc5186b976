"""The one randomness source: seeded, scripted, recorded."""

from __future__ import annotations

import pytest

from battlesim.engines.dice import Dice, DiceExhaustedError, ScriptedDice


def test_the_same_seed_gives_the_same_rolls() -> None:
    first, second = Dice(42), Dice(42)
    assert [first.d6("x") for _ in range(50)] == [second.d6("x") for _ in range(50)]


def test_rolls_are_recorded_with_their_purpose() -> None:
    dice = ScriptedDice([4, 2])
    dice.d6("to hit")
    dice.d6("to wound")
    assert [(r.purpose, r.value) for r in dice.rolls] == [("to hit", 4), ("to wound", 2)]


def test_a_seeded_d6_covers_all_faces_evenly() -> None:
    dice = Dice(1)
    counts = [0] * 6
    for _ in range(60_000):
        counts[dice.d6("x") - 1] += 1
    assert all(9_400 < c < 10_600 for c in counts)


def test_scripted_dice_refuse_an_impossible_result_and_running_out() -> None:
    with pytest.raises(ValueError, match="not a result"):
        ScriptedDice([7]).d6("x")
    dice = ScriptedDice([1])
    dice.d6("x")
    with pytest.raises(DiceExhaustedError):
        dice.d6("x")


def test_shuffle_is_a_permutation_and_replays() -> None:
    a, b = list(range(20)), list(range(20))
    Dice(5).shuffle(a, "deck")
    Dice(5).shuffle(b, "deck")
    assert a == b and sorted(a) == list(range(20)) and a != list(range(20))


def test_the_record_reads_every_draw_in_order_across_reads_and_a_clear() -> None:
    """The draws are kept as tuples until ``rolls`` is read: reading in the middle, adding
    more and clearing give the same record as an eager one would."""
    dice = ScriptedDice([3, 5, 6, 1, 2])
    dice.d6("a")
    assert [(r.purpose, r.sides, r.value) for r in dice.rolls] == [("a", 6, 3)]
    assert dice.d6s(2, "b") == [5, 6]
    assert [(r.purpose, r.value) for r in dice.rolls] == [("a", 3), ("b", 5), ("b", 6)]
    dice.rolls.clear()
    dice.roll(2, "c")
    assert [(r.purpose, r.sides, r.value) for r in dice.rolls] == [("c", 2, 1)]

"""Blank characteristic cells filled by a flagged assumption (battlescribe_assumptions.yaml,
``blank_characteristics``): matched by the BattleScribe profile id, only while the cell is
blank, on any catalogue."""

from __future__ import annotations

from profiles.importers.bs_characteristics import fill_blanks, read_characteristics

TASKMASTER = "0f7e-b5a3-d3f7-1d66"  # listed: Wounds 2
CARD = {"Movement": '6"', "Fight": "4/4+", "Strength": "4", "Defense": "5", "Attack": "2"}
CARD |= {"Courage": "4", "Might": "1", "Will": "1", "Fate": "1"}


def test_a_listed_profile_gets_the_assumed_value_for_its_blank_cell() -> None:
    read = read_characteristics({**CARD, "Wounds": ""})
    assert read.wounds is None and dict(read.notes) == {"wounds": "see_rule"}
    filled = fill_blanks(read, TASKMASTER)
    assert filled.wounds == 2 and not filled.notes


def test_a_cell_with_a_number_or_a_dash_is_never_touched() -> None:
    numbered = fill_blanks(read_characteristics({**CARD, "Wounds": "3"}), TASKMASTER)
    assert numbered.wounds == 3
    dashed = fill_blanks(read_characteristics({**CARD, "Wounds": "-"}), TASKMASTER)
    assert dashed.wounds is None and dict(dashed.notes) == {"wounds": "none"}


def test_an_unlisted_profile_keeps_its_blank() -> None:
    blank = fill_blanks(read_characteristics({**CARD, "Wounds": ""}), "0000-0000-0000-0000")
    assert blank.wounds is None and dict(blank.notes) == {"wounds": "see_rule"}

"""The BattleScribe condition and modifier semantics of ``roster_rules`` on a tiny made-up
catalogue, so each rule holds for data this project never saw: scopes, condition groups,
instanceOf / notInstanceOf, repeats, and limits changed by modifiers."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from armybuilder.battlescribe.roster_rules import Catalogues, read_roster, roster_breaches
from profiles.importers.bs_xml import load_document

CATALOGUE = """<?xml version="1.0"?>
<catalogue id="cat" name="Test" revision="1" gameSystemId="gs"
           xmlns="http://www.battlescribe.net/schema/catalogueSchema">
  <selectionEntries>
    <selectionEntry id="chief" name="Chief" type="model" hidden="false"/>
    <selectionEntry id="beast" name="Beast" type="model" hidden="true">
      <modifiers>
        <modifier type="set" field="hidden" value="false">
          <conditionGroups><conditionGroup type="or"><conditions>
            <condition field="selections" scope="roster" value="1" childId="chief"
                       type="atLeast" includeChildSelections="true"/>
            <condition field="selections" scope="ancestor" value="0" childId="legion"
                       type="instanceOf"/>
          </conditions></conditionGroup></conditionGroups>
        </modifier>
      </modifiers>
    </selectionEntry>
    <selectionEntry id="hero" name="Hero" type="model" hidden="false">
      <constraints>
        <constraint id="once" field="selections" scope="roster" value="1" type="max"
                    includeChildSelections="true"/>
      </constraints>
      <modifiers>
        <modifier type="set" field="once" value="0">
          <conditions>
            <condition field="selections" scope="roster" value="1" childId="rival"
                       type="atLeast" includeChildSelections="true"/>
          </conditions>
        </modifier>
      </modifiers>
      <selectionEntries>
        <selectionEntry id="banner" name="Banner" type="upgrade" hidden="false">
          <modifiers>
            <modifier type="set" field="hidden" value="true">
              <conditions>
                <condition field="selections" scope="ancestor" value="0" childId="legion"
                           type="notInstanceOf"/>
              </conditions>
            </modifier>
          </modifiers>
        </selectionEntry>
      </selectionEntries>
    </selectionEntry>
    <selectionEntry id="rival" name="Rival" type="model" hidden="false"/>
    <selectionEntry id="warrior" name="Warrior" type="model" hidden="false">
      <constraints>
        <constraint id="few" field="selections" scope="force" value="2" type="max"
                    includeChildSelections="true"/>
      </constraints>
      <modifiers>
        <modifier type="increment" field="few" value="3">
          <repeats>
            <repeat field="selections" scope="force" value="1" childId="chief" repeats="1"
                    includeChildSelections="true"/>
          </repeats>
        </modifier>
      </modifiers>
    </selectionEntry>
    <selectionEntry id="legion" name="Legion" type="upgrade" hidden="false"/>
  </selectionEntries>
</catalogue>
"""


def _selection(entry: str, name: str, number: int = 1, inner: str = "") -> str:
    return (
        f'<selection id="s-{entry}-{number}" name="{name}" entryId="{entry}" number="{number}"'
        f' type="model"><selections>{inner}</selections></selection>'
    )


def _breaches(tmp_path: Path, selections: str) -> list[tuple[str, str]]:
    path = tmp_path / "Test.cat"
    path.write_text(CATALOGUE, encoding="utf-8")
    roster = ET.fromstring(
        '<roster><forces><force id="f" catalogueId="cat" entryId="fe">'
        f"<selections>{selections}</selections></force></forces></roster>"
    )
    data = Catalogues([load_document(path)])
    return sorted((b.rule_id, b.name) for b in roster_breaches(read_roster(roster, data), data))


def test_a_hidden_entry_is_unlocked_by_any_condition_of_an_or_group(tmp_path: Path) -> None:
    assert _breaches(tmp_path, _selection("beast", "Beast")) == [("BS-HIDDEN", "Beast")]
    with_chief = _selection("chief", "Chief") + _selection("beast", "Beast")
    assert _breaches(tmp_path, with_chief) == []
    in_legion = _selection("legion", "Legion", inner=_selection("beast", "Beast"))
    assert _breaches(tmp_path, in_legion) == []  # instanceOf an ancestor


def test_not_instance_of_an_ancestor_hides_an_option_outside_the_legion(tmp_path: Path) -> None:
    hero = _selection("hero", "Hero", inner=_selection("banner", "Banner"))
    assert _breaches(tmp_path, hero) == [("BS-HIDDEN", "Banner")]
    assert _breaches(tmp_path, _selection("legion", "Legion", inner=hero)) == []


def test_a_limit_set_to_zero_by_another_selection_is_a_mutual_exclusion(tmp_path: Path) -> None:
    assert _breaches(tmp_path, _selection("hero", "Hero")) == []
    both = _selection("hero", "Hero") + _selection("rival", "Rival")
    assert _breaches(tmp_path, both) == [("BS-MAX", "Hero")]
    twice = _selection("hero", "Hero", 2)
    assert _breaches(tmp_path, twice) == [("BS-MAX", "Hero")]


@pytest.mark.parametrize(
    ("chiefs", "warriors", "breach"),
    [(0, 2, False), (0, 3, True), (1, 5, False), (1, 6, True), (2, 8, False)],
)
def test_a_repeat_raises_a_limit_per_selection_counted(
    tmp_path: Path, chiefs: int, warriors: int, breach: bool
) -> None:
    """Max 2 Warriors, +3 for each Chief in the force."""
    selections = _selection("warrior", "Warrior", warriors)
    if chiefs:
        selections += _selection("chief", "Chief", chiefs)
    expected = [("BS-MAX", "Warrior")] if breach else []
    assert _breaches(tmp_path, selections) == expected

"""Rules of a team entry reach the profiles beneath it: a ``type="model"`` entry showing no
profile of its own, whose models are upgrades chosen inside it (a group), gives each of them
its rules. In the data: "The Nazgûl of Dol Guldur" (game system 822c-ff72-07d6-277b) carries
Unholy Ressurrection (6147-c70c-de62-50e3), Terror and Harbinger of Evil for each Nazgûl.
Matched by the entries' structure, never by a catalogue's file or name."""

from __future__ import annotations

from pathlib import Path

import pytest

from profiles.importers.battlescribe import parse_battlescribe
from profiles.importers.bs_dataset import ParsedDataSet, ParsedProfile

GST = """<?xml version="1.0" encoding="UTF-8"?>
<gameSystem id="tiny-system" name="Tiny Game" revision="1"
    xmlns="http://www.battlescribe.net/schema/gameSystemSchema">
  <costTypes><costType id="pts" name=" Points" defaultCostLimit="-1.0"/></costTypes>
  <categoryEntries>
    <categoryEntry id="good" name="Good Army" hidden="false"/>
    <categoryEntry id="evil" name="Evil Army" hidden="false"/>
  </categoryEntries>
</gameSystem>
"""

_STATS = {"Movement": '6"', "Fight": "5/4+", "Strength": "4", "Defense": "8"}
_STATS |= {"Attack": "1", "Wounds": "1", "Courage": "6", "Might": "0", "Will": "9", "Fate": "2"}


def _card(ident: str, name: str, kind: str = "Hero") -> str:
    cells = "".join(f'<characteristic name="{k}">{v}</characteristic>' for k, v in _STATS.items())
    return (
        f'<profiles><profile id="{ident}-p" name="{name}" typeName="{kind}">'
        f"<characteristics>{cells}</characteristics></profile></profiles>"
    )


def _rules(ident: str, *names: str) -> str:
    body = "".join(
        f'<rule id="{ident}-r{n}" name="{name}"><description>Text.</description></rule>'
        for n, name in enumerate(names)
    )
    return f"<rules>{body}</rules>"


def _upgrade(ident: str, name: str, *rules: str) -> str:
    return (
        f'<selectionEntry id="{ident}" name="{name}" hidden="false" type="upgrade">'
        f"{_card(ident, name)}{_rules(ident, *rules)}</selectionEntry>"
    )


CATALOGUE = (
    '<?xml version="1.0" encoding="UTF-8"?>'
    '<catalogue id="tiny-cat" name="Tiny Horde" revision="1" gameSystemId="tiny-system"'
    ' xmlns="http://www.battlescribe.net/schema/catalogueSchema"><selectionEntries>'
    # the team: a model entry with no profile, its rules for each wraith chosen inside it
    '<selectionEntry id="team" name="The Wraiths" hidden="false" type="model">'
    '<categoryLinks><categoryLink id="team-c" targetId="evil" primary="true"/></categoryLinks>'
    + _rules("team", "Come Back Again (Passive)", "Terror")
    + '<selectionEntryGroups><selectionEntryGroup id="pick" name="Pick One">'
    + _rules("pick", "Picked")
    + "<selectionEntries>"
    + _upgrade("w1", "The First Wraith", "Swift (Passive)")
    + _upgrade("w2", "The Second Wraith")
    + "</selectionEntries></selectionEntryGroup></selectionEntryGroups></selectionEntry>"
    # a wrapper above a model of its own: its rule is no rule of the model's
    '<selectionEntry id="wrap" name="A Warband" hidden="false" type="upgrade">'
    '<categoryLinks><categoryLink id="wrap-c" targetId="evil" primary="true"/></categoryLinks>'
    + _rules("wrap", "Wrapper Rule")
    + "<selectionEntries>"
    + '<selectionEntry id="orc" name="Test Orc" hidden="false" type="model">'
    + _card("orc", "Test Orc", "Warrior")
    + _rules("orc", "Own Rule")
    + "</selectionEntry></selectionEntries></selectionEntry>"
    "</selectionEntries></catalogue>"
)


def _profiles(data: ParsedDataSet) -> dict[str, ParsedProfile]:
    return {p.name: p for f in data.factions for p in f.profiles}


def test_a_team_entrys_rules_reach_each_model_chosen_inside_it(tmp_path: Path) -> None:
    """Each wraith (named after its team, as the importer names such cards) keeps its own
    rules first, then the team's and the group's; the Orc under a plain wrapper gets only
    its own."""
    (tmp_path / "tiny.gst").write_text(GST, encoding="utf-8")
    (tmp_path / "tiny.cat").write_text(CATALOGUE, encoding="utf-8")
    found = _profiles(parse_battlescribe([tmp_path], game_system_id=None))
    rules = {name: [r.name for r in p.rules] for name, p in found.items()}
    team = ["Come Back Again", "Terror", "Picked"]
    assert rules["The First Wraith (The Wraiths)"] == ["Swift", *team]
    assert rules["The Second Wraith (The Wraiths)"] == team
    assert rules["Test Orc"] == ["Own Rule"]


@pytest.mark.bsdata
def test_every_nazgul_of_dol_guldur_carries_unholy_ressurrection(bsdata_dir: Path) -> None:
    """Dark Powers of Dol Guldur: each Nazgûl chosen inside "The Nazgûl of Dol Guldur"
    carries the team's Unholy Ressurrection, Terror and Harbinger of Evil, after its own
    rule (Khamûl's Rhunish Fury); the rule's text is the data's."""
    names = ("Middle-Earth_Strategy_Battle_Game.gst", "Dark_Powers_of_Dol_Guldur.cat")
    data = parse_battlescribe([bsdata_dir / name for name in names])
    nazgul = [p for p in _profiles(data).values() if p.name.endswith("(The Nazgûl of Dol Guldur)")]
    assert len(nazgul) == 7
    for profile in nazgul:
        names_carried = [r.name for r in profile.rules]
        assert {"Unholy Ressurrection", "Terror", "Harbinger of Evil"} <= set(names_carried)
    khamul = _profiles(data)["Khamûl the Easterling (The Nazgûl of Dol Guldur)"]
    assert [r.name for r in khamul.rules][:2] == ["Rhunish Fury", "Unholy Ressurrection"]
    unholy = next(r for r in khamul.rules if r.name == "Unholy Ressurrection")
    assert unholy.text.startswith("If a model with this special rule is slain, place a marker")

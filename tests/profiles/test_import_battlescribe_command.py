"""``manage.py import_battlescribe`` and ``catalogue_import``: releases, re-imports, bad input.

Most tests use a tiny game system written into ``tmp_path`` (a captain, his warband of
spearmen), shaped like the community data: shared models in the .gst, a catalogue wrapper with
the primary category, a warrior priced by a ``set`` on its entry link, options priced by
``increment`` modifiers with repeats, and a roster-state condition that must not fire.
"""

from __future__ import annotations

from io import StringIO
from pathlib import Path

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from profiles.importers.battlescribe import SBG_GAME_SYSTEM_ID, parse_battlescribe
from profiles.importers.bs_dataset import HeroicTier
from profiles.models import DataRelease, Faction, Profile, ProfileOption
from profiles.services import catalogue_import

GS_NS = "http://www.battlescribe.net/schema/gameSystemSchema"
CAT_NS = "http://www.battlescribe.net/schema/catalogueSchema"

HERO_STATS = {
    "Movement": '6"',
    "Fight": "5/4+",
    "Strength": "4",
    "Defense": "6",
    "Attack": "2",
    "Wounds": "2",
    "Courage": "5",
    "Might": "2",
    "Will": "1",
    "Fate": "1",
    "Heroic Actions": "Strike\nMarch",
    "Keywords": "Man\nInfantry\nHero",
}
WARRIOR_STATS = {
    "Movement": '6"',
    "Fight": "3/4+",
    "Strength": "3",
    "Defense": "4",
    "Attack": "1",
    "Wounds": "1",
    "Courage": "3",
    "Keywords": "Man Infantry Warrior",
}


def _profile(ident: str, name: str, type_name: str, stats: dict[str, str]) -> str:
    cells = "".join(
        f'<characteristic name="{k}" typeId="t-{k}">{v}</characteristic>' for k, v in stats.items()
    )
    return (
        f'<profile id="{ident}" name="{name}" hidden="false" typeName="{type_name}">'
        f"<characteristics>{cells}</characteristics></profile>"
    )


def _cost(value: float) -> str:
    return f'<costs><cost name=" Points" typeId="pts" value="{value}"/></costs>'


def game_system(revision: int = 3, system_id: str = "gs-1") -> str:
    shield_modifier = (
        '<modifiers><modifier type="set" field="pts" value="0">'
        '<conditions><condition field="selections" scope="roster" value="1.0" childId="legion"'
        ' type="equalTo"/></conditions></modifier></modifiers>'
    )
    return f"""<?xml version="1.0" encoding="UTF-8"?>
<gameSystem id="{system_id}" name="Mini SBG" revision="{revision}" xmlns="{GS_NS}">
  <costTypes><costType id="pts" name=" Points" defaultCostLimit="-1.0"/></costTypes>
  <categoryEntries>
    <categoryEntry id="c-valour" name="Hero of Valour"/>
    <categoryEntry id="c-good" name="Good Army"/>
    <categoryEntry id="c-evil" name="Evil Army"/>
  </categoryEntries>
  <sharedSelectionEntries>
    <selectionEntry id="captain" name="Captain" hidden="false" type="model">
      <profiles>{_profile("p-captain", "Captain", "Hero", HERO_STATS)}</profiles>
      <selectionEntryGroups>
        <selectionEntryGroup id="g-options" name="Options" hidden="false">
          <entryLinks>
            <entryLink id="l-shield" name="Shield" hidden="false" targetId="shield"
                       type="selectionEntry">{shield_modifier}</entryLink>
          </entryLinks>
        </selectionEntryGroup>
      </selectionEntryGroups>
      {_cost(50.0)}
    </selectionEntry>
    <selectionEntry id="shield" name="Shield" hidden="false" type="upgrade">
      <rules><rule id="r-shield" name="Shield"><description>+1 Defence.</description></rule></rules>
      {_cost(5.0)}
    </selectionEntry>
  </sharedSelectionEntries>
</gameSystem>
"""


def catalogue(system_id: str = "gs-1") -> str:
    per_model = (
        '<repeats><repeat field="selections" scope="parent" value="1.0" childId="warrior"'
        ' repeats="1" roundUp="false"/></repeats>'
    )
    return f"""<?xml version="1.0" encoding="UTF-8"?>
<catalogue id="cat-1" name="Minitown" revision="2" gameSystemId="{system_id}" xmlns="{CAT_NS}">
  <selectionEntries>
    <selectionEntry id="w-captain" name="Captain" hidden="false" type="upgrade">
      <constraints>
        <constraint field="selections" scope="roster" value="1.0" id="k1" type="max"/>
      </constraints>
      <categoryLinks>
        <categoryLink id="cl-1" targetId="c-valour" primary="true"/>
        <categoryLink id="cl-2" targetId="c-good" primary="false"/>
      </categoryLinks>
      <entryLinks>
        <entryLink id="l-band" name="Warband" hidden="false" targetId="band" type="selectionEntry"/>
        <entryLink id="l-captain" name="Captain" hidden="false" targetId="captain"
                   type="selectionEntry"/>
      </entryLinks>
      {_cost(0.0)}
    </selectionEntry>
  </selectionEntries>
  <sharedSelectionEntries>
    <selectionEntry id="band" name="Warband" hidden="false" type="upgrade">
      <selectionEntries>
        <selectionEntry id="spearman" name="Spearman" hidden="false" type="upgrade">
          <profiles>{_profile("p-spearman", "Spearman", "Warrior", WARRIOR_STATS)}</profiles>
          <selectionEntryGroups>
            <selectionEntryGroup id="g-sp" name="Options" hidden="false">
              <selectionEntries>
                <selectionEntry id="spear" name="Spear" hidden="false" type="upgrade">
                  <modifiers>
                    <modifier type="increment" field="pts" value="1">{per_model}</modifier>
                  </modifiers>
                  <rules>
                    <rule id="r-spear" name="Spear (Passive)">
                      <description>Supports.</description>
                    </rule>
                  </rules>
                  {_cost(0.0)}
                </selectionEntry>
              </selectionEntries>
            </selectionEntryGroup>
          </selectionEntryGroups>
          <entryLinks>
            <entryLink id="l-warrior" name="Warrior" hidden="false" targetId="warrior"
                       type="selectionEntry">
              <modifiers><modifier type="set" field="pts" value="8"/></modifiers>
            </entryLink>
          </entryLinks>
          {_cost(0.0)}
        </selectionEntry>
      </selectionEntries>
      {_cost(0.0)}
    </selectionEntry>
    <selectionEntry id="warrior" name="Warrior" hidden="false" type="model">
      {_cost(7.0)}
    </selectionEntry>
  </sharedSelectionEntries>
</catalogue>
"""


def write_set(folder: Path, *, revision: int = 3, cat_system: str = "gs-1") -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "Mini.gst").write_text(game_system(revision), encoding="utf-8")
    (folder / "Minitown.cat").write_text(catalogue(cat_system), encoding="utf-8")
    return folder


def run_import(*paths: Path | str, system_id: str = "gs-1") -> str:
    out = StringIO()
    names = [str(p) for p in paths]
    options = {"game_system_id": system_id, "stdout": out, "stderr": StringIO()}
    call_command("import_battlescribe", *names, **options)
    return out.getvalue()


def test_it_prices_models_and_options_as_a_plain_list(tmp_path: Path) -> None:
    """Catalogue link ``set`` 8 beats the Warrior's own cost 7; the Spear's ``increment`` +1
    repeats once per model; the Shield's "set 0" needs a legion in the roster, so it stays 5."""
    data = parse_battlescribe([write_set(tmp_path)], game_system_id="gs-1")
    profiles = {p.name: p for p in data.factions[0].profiles}
    assert profiles["Spearman"].points == 8
    assert {o.name: o.points for o in profiles["Spearman"].options} == {"Spear": 1}
    assert profiles["Captain"].points == 50
    assert {o.name: o.points for o in profiles["Captain"].options} == {"Shield": 5}
    assert profiles["Captain"].heroic_tier is HeroicTier.VALOUR
    assert profiles["Captain"].unique and not profiles["Spearman"].unique
    assert profiles["Spearman"].heroic_tier is None  # not the captain's wrapper category


@pytest.mark.django_db
def test_it_writes_a_release_then_reports_it_up_to_date(tmp_path: Path) -> None:
    """The same files twice: one release, one set of rows, and an "Up to date" message."""
    folder = write_set(tmp_path)
    first = run_import(folder)
    assert "Created release" in first and "Minitown: 2 profiles, 0 skipped" in first
    rows = (DataRelease.objects.count(), Profile.objects.count(), ProfileOption.objects.count())
    assert rows == (1, 2, 2)
    second = run_import(folder / "Mini.gst", folder / "Minitown.cat")  # files, not the folder
    assert "Up to date" in second
    assert (DataRelease.objects.count(), Profile.objects.count()) == (1, 2)
    release = DataRelease.objects.get()
    assert (release.source, release.revision, release.is_current) == ("battlescribe", 3, True)
    assert release.key.startswith("battlescribe-gs-1-r3-")
    spearman = Profile.objects.get(name="Spearman")
    assert (spearman.points, spearman.kind, spearman.faction.side) == (8, "warrior", "good")


@pytest.mark.django_db
def test_it_keeps_old_rows_when_a_new_revision_arrives(tmp_path: Path) -> None:
    """A new revision makes a NEW release; the old one stops being current, rows untouched."""
    run_import(write_set(tmp_path / "r3", revision=3))
    old = Profile.objects.get(name="Captain")
    run_import(write_set(tmp_path / "r4", revision=4))
    assert DataRelease.objects.count() == 2
    assert list(DataRelease.objects.filter(is_current=True).values_list("revision", flat=True)) == [
        4
    ]
    assert Faction.objects.count() == 2 and Profile.objects.count() == 4
    old.refresh_from_db()
    assert old.release.revision == 3 and old.points == 50


@pytest.mark.django_db
def test_it_refuses_a_malformed_file_and_changes_nothing(tmp_path: Path) -> None:
    """A truncated catalogue: a CommandError naming the file and line; no row written."""
    folder = write_set(tmp_path)
    text = (folder / "Minitown.cat").read_text(encoding="utf-8")
    (folder / "Minitown.cat").write_text(text[: len(text) // 2], encoding="utf-8")
    with pytest.raises(CommandError, match=r"Minitown\.cat: malformed XML at line \d+"):
        run_import(folder)
    assert DataRelease.objects.count() == 0 and Profile.objects.count() == 0


@pytest.mark.django_db
def test_it_refuses_a_catalogue_of_another_game_system(tmp_path: Path) -> None:
    folder = write_set(tmp_path, cat_system="gs-other")
    with pytest.raises(CommandError, match=r"Minitown\.cat: catalogue of game system 'gs-other'"):
        run_import(folder)
    assert DataRelease.objects.count() == 0


@pytest.mark.django_db
def test_it_refuses_an_empty_directory_or_a_missing_gst(tmp_path: Path) -> None:
    empty = tmp_path / "empty"
    empty.mkdir()
    with pytest.raises(CommandError, match="no .gst or .cat file found"):
        run_import(empty)
    folder = write_set(tmp_path / "set")
    (folder / "Mini.gst").unlink()
    with pytest.raises(CommandError, match="expected exactly one .gst game system file"):
        run_import(folder)


@pytest.mark.django_db
def test_it_refuses_a_game_system_other_than_the_sbg(tmp_path: Path) -> None:
    """By default only the SBG .gst (id 3e16-9abf-6238-4ed9) is accepted."""
    with pytest.raises(CommandError, match=r"Mini\.gst: game system 'Mini SBG' \(gs-1\) is not"):
        run_import(write_set(tmp_path), system_id=SBG_GAME_SYSTEM_ID)
    assert DataRelease.objects.count() == 0


@pytest.mark.django_db
def test_it_refuses_a_game_system_without_catalogues(tmp_path: Path) -> None:
    folder = write_set(tmp_path)
    (folder / "Minitown.cat").unlink()
    with pytest.raises(CommandError, match=r"no \.cat catalogue beside Mini\.gst"):
        run_import(folder)


@pytest.mark.django_db
def test_it_refuses_two_game_systems(tmp_path: Path) -> None:
    folder = write_set(tmp_path)
    (folder / "Other.gst").write_text(game_system(system_id="gs-2"), encoding="utf-8")
    with pytest.raises(CommandError, match="found Mini.gst, Other.gst"):
        run_import(folder)


@pytest.mark.django_db
@pytest.mark.bsdata
def test_it_imports_the_community_data_with_faramirs_costs(bsdata_dir: Path) -> None:
    """All 42 files: one release, every parsed profile stored; Faramir (gst L21222) keeps his
    80 points and option costs in the database."""
    data = parse_battlescribe([bsdata_dir])
    report = catalogue_import(data=data)
    assert report.created
    assert Faction.objects.count() == len(data.factions) == 41
    assert Profile.objects.count() == data.profile_count
    faramir = Profile.objects.get(faction__name="Minas Tirith", name="Faramir, Captain of Gondor")
    assert (faramir.points, faramir.heroic_tier, faramir.fight_shoot) == (80, "valour", "5/3+")
    options = dict(faramir.options.values_list("name", "points"))
    assert options["Horse"] == 10 and options["Armoured Horse"] == 15
    assert not catalogue_import(data=data).created


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        (
            'name="Warrior" hidden="false" type="model">\n      <costs><cost name=" Points" '
            'typeId="pts" value="7.0"/>',
            'name="Warrior" hidden="false" type="model">\n      <costs><cost name=" Points" '
            'typeId="pts" value="four"/>',
            r"Minitown\.cat, line \d+, entry 'Warrior': <cost> value='four' is not a number",
        ),
        (
            'targetId="captain"',
            'targetId="no-such-id"',
            r"Minitown\.cat, line \d+, entry 'Captain': <entryLink> points at 'no-such-id'",
        ),
    ],
)
def test_it_refuses_corrupted_data_naming_file_entry_and_line(
    tmp_path: Path, old: str, new: str, message: str
) -> None:
    """Issue 24 item 3: a malformed cost or a dangling link stops the import with a message;
    the database is unchanged (the earlier release stays the only, current one)."""
    run_import(write_set(tmp_path / "good"))
    before = (DataRelease.objects.count(), Profile.objects.count())
    folder = write_set(tmp_path / "bad", revision=4)
    text = (folder / "Minitown.cat").read_text(encoding="utf-8")
    assert old in text
    (folder / "Minitown.cat").write_text(text.replace(old, new), encoding="utf-8")
    with pytest.raises(CommandError, match=message):
        run_import(folder)
    assert (DataRelease.objects.count(), Profile.objects.count()) == before
    assert DataRelease.objects.get().revision == 3


@pytest.mark.django_db
def test_it_refuses_a_characteristic_that_is_no_number_nor_symbol(tmp_path: Path) -> None:
    folder = write_set(tmp_path)
    text = (folder / "Mini.gst").read_text(encoding="utf-8")
    (folder / "Mini.gst").write_text(text.replace(">2</char", ">two</char", 1), encoding="utf-8")
    with pytest.raises(CommandError, match=r"Mini\.gst, line \d+, entry 'Captain': charac"):
        run_import(folder)
    assert DataRelease.objects.count() == 0

"""Issue 24, item 1: every profile of the community data is imported (../shared/bsdata).

``*``, ``-``, ``?`` and blank cells become typed values (``profiles.stat_values``); upgrades
that are units (the Nazgûl of a profile-less package, as the Dwimmerlaik in catalogues the
shared data lacks) are imported; only entries that are no model of their own are skipped.
"""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from battlesim.engine_input import STAND_IN, profile_card
from profiles.importers.battlescribe import parse_battlescribe
from profiles.importers.bs_dataset import ParsedDataSet, ParsedProfile
from profiles.models import Profile
from profiles.services import catalogue_import

pytestmark = pytest.mark.bsdata


@pytest.fixture(scope="module")
def dataset(bsdata_dir: Path) -> ParsedDataSet:
    return parse_battlescribe([bsdata_dir])


def profile(data: ParsedDataSet, faction_name: str, name: str) -> ParsedProfile:
    faction = next(f for f in data.factions if f.name == faction_name)
    return next(p for p in faction.profiles if p.name == name)


def test_skipped_entries_are_few_and_none_is_a_model(dataset: ParsedDataSet) -> None:
    """Every skip says why the entry is no model of its own; the counts are printed."""
    skipped = [s for f in dataset.factions for s in f.skipped]
    print(f"\nimported {dataset.profile_count}, skipped {len(skipped)}")
    for entry in skipped:
        print(f"  skipped {entry.catalogue} / {entry.name}: {entry.reason}")
    assert dataset.profile_count >= 515
    assert len(skipped) <= 15
    assert all(s.reason.startswith(("not a model", "not a new model")) for s in skipped)


def test_question_marks_are_see_rule_values(dataset: ParsedDataSet) -> None:
    """gst: Goldberry's cells read "?" but Move 6" and Will 10."""
    goldberry = profile(dataset, "Wanderers in the Wild", "Goldberry")
    c = goldberry.characteristics
    assert (c.move, c.will, c.fight, c.wounds, c.might) == (6, 10, None, None, None)
    notes = dict(c.notes)
    assert notes["fight"] == notes["wounds"] == notes["might"] == "see_rule"
    assert "will" not in notes and "move" not in notes


def test_a_dash_is_none_and_a_star_is_variable(dataset: ParsedDataSet) -> None:
    """The Great Beast of Gorgoroth's Might reads "-"; Sauron's Fate reads "**"."""
    beast = profile(dataset, "Mordor", "Great Beast of Gorgoroth").characteristics
    assert beast.might is None and dict(beast.notes)["might"] == "none"
    sauron = next(
        p for f in dataset.factions for p in f.profiles if p.name == "The Dark Lord Sauron"
    )
    assert sauron.characteristics.fate is None
    assert dict(sauron.characteristics.notes)["fate"] == "variable"


def test_a_beast_with_a_howdah_shows_its_own_card(dataset: ParsedDataSet) -> None:
    """gst: the War Mûmak of Harad links the Howdah's card (Defence 9, 5 Wounds, keywords
    "-") before the Mûmak's: the model's card is the Mûmak's (Fight 4, Strength 9, 10 W)."""
    mumak = profile(dataset, "The Serpent Horde", "War Mûmak of Harad")
    c = mumak.characteristics
    assert (c.fight, c.strength, c.defence, c.wounds) == (4, 9, 7, 10) and not c.notes
    assert "Mûmak" in mumak.keywords


def test_a_blank_cell_no_longer_loses_the_hero(dataset: ParsedDataSet) -> None:
    """Survivors_of_Lake-town.cat: Percy's Defence and Wounds cells are empty; he is
    imported with the rest of his card, the blanks as "see rule" notes."""
    percy = profile(dataset, "Survivors of Lake-town", "Percy").characteristics
    assert (percy.fight, percy.shoot, percy.might, percy.wounds) == (3, 3, 3, None)
    assert dict(percy.notes) == {"defence": "see_rule", "wounds": "see_rule"}


def test_a_blank_cell_the_assumptions_fill(dataset: ParsedDataSet) -> None:
    """Isengard.cat and The_Serpent_Horde.cat leave Snaga's and the Haradrim Taskmaster's
    Wounds blank; battlescribe_assumptions.yaml (blank_characteristics) gives each Wounds 2
    by its profile id, with the reason; no note is left."""
    snaga = profile(dataset, "Isengard", "Snaga, Orc Captain").characteristics
    assert (snaga.fight, snaga.shoot, snaga.might, snaga.wounds) == (4, 5, 3, 2)
    assert not snaga.notes
    taskmaster = profile(dataset, "The Serpent Horde", "Haradrim Taskmaster").characteristics
    assert taskmaster.wounds == 2 and not taskmaster.notes


def test_units_sold_as_upgrades_are_imported(dataset: ParsedDataSet) -> None:
    """gst L16246: "The Nazgûl of Dol Guldur" is a model without a profile; the Nazgûl inside
    are ``type="upgrade"`` entries with Hero profiles: each is a unit sold at the package's
    price, the package itself a skip."""
    dol_guldur = next(f for f in dataset.factions if f.name == "Dark Powers of Dol Guldur")
    names = {p.name for p in dol_guldur.profiles}
    assert "Khamûl the Easterling (The Nazgûl of Dol Guldur)" in names
    assert "The Witch-king of Angmar (The Nazgûl of Dol Guldur)" in names
    assert {s.name for s in dol_guldur.skipped} == {"The Nazgûl of Dol Guldur"}
    khamul = profile(
        dataset, "Dark Powers of Dol Guldur", "Khamûl the Easterling (The Nazgûl of Dol Guldur)"
    )
    assert khamul.points == 75  # gst L16588: the package model's cost is each Nazgûl's price


@pytest.mark.django_db
def test_the_card_and_the_engine_read_the_typed_values(dataset: ParsedDataSet) -> None:
    """Stored as None plus a note; the card shows the symbol; the engine gets a stand-in and a
    rule name that its coverage reports as not played."""
    catalogue_import(data=dataset)
    goldberry = Profile.objects.get(faction__name="Wanderers in the Wild", name="Goldberry")
    assert goldberry.fight is None and goldberry.characteristic_notes["fight"] == "see_rule"
    assert (goldberry.fight_shoot, goldberry.stat("wounds"), goldberry.stat("will")) == (
        "?/?",
        "?",
        "10",
    )
    card = profile_card(goldberry)
    assert card["fight"] == STAND_IN["fight"] and card["will"] == 10
    # River-daughter leaves her "?" never read (ASSUMPTIONS "question-mark"): no stand-in named
    assert not [rule for rule in card["rules"] if rule.startswith("Characteristic")]
    ted = profile_card(Profile.objects.get(name="Ted Sandyman"))
    assert ted["fight"] == STAND_IN["fight"] and "Characteristic Fight (?)" in ted["rules"]
    beast = Profile.objects.get(name="Great Beast of Gorgoroth")
    assert beast.stat("might") == "-"


@pytest.mark.django_db
def test_the_engine_plays_a_battle_with_typed_values_and_says_so(dataset: ParsedDataSet) -> None:
    """Ted Sandyman's "?" cells: the engine plays the battle with stand-ins and its summary
    lists each such characteristic among what it did not play by its rule."""
    from battlesim.engine_input import UnitPick, force_data
    from battlesim.engines.sbg.game import play_game

    catalogue_import(data=dataset)
    ted = Profile.objects.get(name="Ted Sandyman")
    veterans = Profile.objects.filter(name="Osgiliath Veteran").first()
    assert veterans is not None
    evil = force_data("Rogues", "evil", [UnitPick(ted, 1, (), leader=True)])
    good = force_data("Minas Tirith", "good", [UnitPick(veterans, 5, ())])
    result = play_game(seed=3, options={"forces": [evil, good]})
    assert result.summary["turns"] >= 1
    ignored = result.summary["ignored"][0]
    assert {"characteristic fight", "characteristic wounds"} <= set(ignored)


@pytest.mark.django_db
def test_the_catalogue_pages_show_typed_values_legions_and_the_army_bonus(
    dataset: ParsedDataSet,
) -> None:
    from django.test import Client

    release = catalogue_import(data=dataset).release
    client = Client()
    wanderers = release.factions.get(name="Wanderers in the Wild")
    page = client.get(f"/catalogue/{release.key}/{wanderers.slug}/").content.decode()
    assert 'data-special="fight"' in page and "no number given: see its special rules" in page
    isengard = release.factions.get(name="Isengard")
    page = client.get(f"/catalogue/{release.key}/{isengard.slug}/").content.decode()
    assert "Legendary Legions" in page and "Uglúk&#x27;s Scouts" in page
    assert "Army bonus" in page
    minas_tirith = release.factions.get(name="Minas Tirith")
    page = client.get(f"/catalogue/{release.key}/{minas_tirith.slug}/").content.decode()
    assert "data-conditional" in page  # Prince Imrahil, shown only in a legion or alliance


@pytest.mark.django_db
def test_a_dangling_link_in_the_community_data_changes_nothing(
    bsdata_dir: Path, tmp_path: Path
) -> None:
    """Issue 24: a link to a missing id used to make a new current release in which a hero had
    lost his armour. Now the import stops, naming file, entry and line; the release stays."""
    from django.core.management import call_command
    from django.core.management.base import CommandError

    from profiles.models import DataRelease

    names = ("Middle-Earth_Strategy_Battle_Game.gst", "Minas_Tirith.cat")
    for name in names:
        (tmp_path / name).write_bytes((bsdata_dir / name).read_bytes())
    call_command("import_battlescribe", str(tmp_path), "--quiet", stdout=io.StringIO())
    before = list(DataRelease.objects.values_list("key", "is_current"))
    cat = tmp_path / "Minas_Tirith.cat"
    text = cat.read_text(encoding="utf-8")
    link = 'name="Armour" hidden="false" collective="false" import="true" targetId="'
    assert link in text
    cat.write_text(text.replace(link, link + "gone-", 1), encoding="utf-8")
    with pytest.raises(CommandError, match=r"Minas_Tirith\.cat, line \d+, entry '.+': <entryLink>"):
        call_command("import_battlescribe", str(tmp_path), "--quiet", stdout=io.StringIO())
    assert list(DataRelease.objects.values_list("key", "is_current")) == before

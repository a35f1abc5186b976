"""BattleScribe roster export and import (.ros, .rosz): structure, round trip, bad input.

The catalogue is the community data (../shared/bsdata, SBG revision 113), imported once per
module: the game system, "Minas Tirith" and "Army of Lake-town". The roster format is
BattleScribe's ``rosterSchema``: a ``roster`` names its game system, one ``force`` per
catalogue, ``selection``s with ``entryId`` paths (link ids then the entry id, joined with
``::``) and their " Points" costs.
"""

from __future__ import annotations

import io
import xml.etree.ElementTree as ET
import zipfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.test import Client

from armybuilder import services
from armybuilder.battlescribe.importer import army_list_import_roster
from armybuilder.battlescribe.reader import MAX_ROSTER_BYTES
from armybuilder.battlescribe.writer import (
    ROSTER_NAMESPACE,
    RosterExportError,
    army_list_roster,
    army_list_rosz,
)
from armybuilder.models import ArmyList, Warband
from armybuilder.presenters import army_list_json
from armybuilder.selectors import army_list_full
from profiles.importers.battlescribe import SBG_GAME_SYSTEM_ID, parse_battlescribe
from profiles.models import DataRelease, Faction, Profile
from profiles.services import catalogue_import
from tests.factories import FactionFactory, HeroProfileFactory

pytestmark = [pytest.mark.bsdata, pytest.mark.django_db]

FILES = ("Middle-Earth_Strategy_Battle_Game.gst", "Minas_Tirith.cat", "Army_of_Lake-town.cat")
NS = {"bs": ROSTER_NAMESPACE}
MINAS_TIRITH_ID = "03ff-cc3e-e838-186a"
POINTS_TYPE_ID = "8bde-d63c-7caa-c15d"  # the .gst's " Points" cost type


@pytest.fixture(scope="module")
def release(
    django_db_setup: None, django_db_blocker: Any, bsdata_dir: Path
) -> Iterator[DataRelease]:
    with django_db_blocker.unblock():
        data = parse_battlescribe([bsdata_dir / name for name in FILES])
        files = {name: (bsdata_dir / name).read_bytes() for name in FILES}
        release = catalogue_import(data=data, files=files).release
    yield release
    with django_db_blocker.unblock():
        release.delete()


@pytest.fixture
def owner() -> User:
    return User.objects.create(username="owner")


def _faction(release: DataRelease, name: str) -> Faction:
    return Faction.objects.get(release=release, name=name)


def _profile(faction: Faction, name: str) -> Profile:
    return Profile.objects.get(faction=faction, name=name)


def _options(profile: Profile, *names: str) -> dict[int, int]:
    return {profile.options.get(name=name).pk: 1 for name in names}


def _warband(contingent: Any, captain: Profile, *options: str) -> Warband:
    return services.warband_add(
        contingent=contingent, captain=captain, options=_options(captain, *options)
    )


def _follow(warband: Warband, profile: Profile, count: int, *options: str) -> None:
    services.entry_add(
        warband=warband, profile=profile, count=count, options=_options(profile, *options)
    )


@pytest.fixture
def army(release: DataRelease, owner: User) -> ArmyList:
    """Two contingents, four warbands, options on heroes and warriors, an Independent Hero
    following another hero, a hero leading warriors the catalogue does not offer him, and
    the army leader in the second warband."""
    gondor, laketown = _faction(release, "Minas Tirith"), _faction(release, "Army of Lake-town")
    army = services.army_list_create(owner=owner, name="Gondor and Lake-town", points_limit=700)
    first = services.contingent_add(army=army, faction=gondor)
    second = services.contingent_add(army=army, faction=laketown)
    captain = _warband(first, _profile(gondor, "Captain of Minas Tirith"), "Shield")
    _follow(captain, _profile(gondor, "Warrior of Minas Tirith"), 8, "Spear", "Shield")
    _follow(captain, _profile(gondor, "Osgiliath Veteran"), 4, "Bow")
    faramir = _warband(first, _profile(gondor, "Faramir, Captain of Gondor"), "Horse")
    _follow(faramir, _profile(gondor, "Knight of Minas Tirith"), 5, "Shield")
    _follow(faramir, _profile(gondor, "Peregrin Took, Guard of the Citadel"), 1)
    services.warband_set_leader(warband=faramir)
    bard = _warband(second, _profile(laketown, "Bard the Bowman"), "Horse")
    _follow(bard, _profile(laketown, "Lake-town Guard"), 10, "Spear")
    # The catalogue offers Bain no Warband: his guards are written under his own entry.
    bain = _warband(second, _profile(laketown, "Bain, Son of Bard"))
    _follow(bain, _profile(laketown, "Lake-town Guard"), 3, "Bow")
    return army_list_full(army=army)


def _shape(army: ArmyList) -> list[Any]:
    """Everything a list is made of, without database ids."""
    army = army_list_full(army=army)
    return [
        (
            contingent.faction.source_id,
            [
                (
                    warband.is_army_leader,
                    [
                        (
                            entry.profile.source_id,
                            entry.role,
                            entry.count,
                            sorted((o.option.name, o.count) for o in entry.chosen_options.all()),
                        )
                        for entry in warband.entries.all()
                    ],
                )
                for warband in contingent.warbands.all()
            ],
        )
        for contingent in army.contingents.all()
    ]


def _points(army: ArmyList) -> int:
    return army_list_json(army_list_full(army=army))["figures"]["points"]


def _roster(army: ArmyList, bsdata_dir: Path) -> ET.Element:
    return ET.fromstring(army_list_roster(army=army, directory=bsdata_dir))


def _selections(el: ET.Element) -> list[ET.Element]:
    return el.findall(".//bs:selection", NS)


def _import_error(owner: User, data: bytes) -> dict[str, list[str]]:
    before = ArmyList.objects.count()
    with pytest.raises(ValidationError) as caught:
        army_list_import_roster(owner=owner, data=data)
    assert ArmyList.objects.count() == before  # nothing half-saved
    return caught.value.message_dict


# --- round trip ------------------------------------------------------------------------


def test_it_round_trips_a_list_through_rosz(army: ArmyList, owner: User, bsdata_dir: Path) -> None:
    """Issue 3 item 7: export to .rosz, import, same list (contingents, warbands, profiles,
    counts, options, army leader, points)."""
    rosz = army_list_rosz(army=army, directory=bsdata_dir)
    copy = army_list_import_roster(owner=owner, data=rosz)
    assert copy.pk != army.pk and copy.name == army.name
    assert copy.points_limit == 700
    assert _shape(copy) == _shape(army)
    assert _points(copy) == _points(army)


def test_it_round_trips_a_plain_ros_too(army: ArmyList, owner: User, bsdata_dir: Path) -> None:
    """The .ros is the same roster, unzipped."""
    ros = army_list_roster(army=army, directory=bsdata_dir)
    assert _shape(army_list_import_roster(owner=owner, data=ros)) == _shape(army)


# --- the XML BattleScribe expects ---------------------------------------------------------


def test_the_roster_names_its_game_system(army: ArmyList, bsdata_dir: Path) -> None:
    """Root <roster> in the rosterSchema namespace with gameSystemId and revision of the .gst."""
    root = _roster(army, bsdata_dir)
    assert root.tag == f"{{{ROSTER_NAMESPACE}}}roster"
    assert root.get("gameSystemId") == SBG_GAME_SYSTEM_ID
    assert root.get("gameSystemRevision") == "113"
    assert root.get("battleScribeVersion") == "2.03"
    limit = root.find("bs:costLimits/bs:costLimit", NS)
    assert limit is not None and limit.get("typeId") == POINTS_TYPE_ID
    assert float(limit.get("value", "")) == 700


def test_it_writes_one_force_per_contingent(army: ArmyList, bsdata_dir: Path) -> None:
    """A force is the .gst's "Strategy Battle Game" forceEntry over one catalogue."""
    forces = _roster(army, bsdata_dir).findall("bs:forces/bs:force", NS)
    assert [f.get("catalogueName") for f in forces] == ["Minas Tirith", "Army of Lake-town"]
    assert forces[0].get("catalogueId") == MINAS_TIRITH_ID
    assert {f.get("entryId") for f in forces} == {"70d0-3742-f6cf-863f"}
    assert all(f.get("catalogueRevision", "").isdigit() for f in forces)


def test_the_costs_add_up_to_the_list_points(army: ArmyList, bsdata_dir: Path) -> None:
    """Each selection carries its " Points" cost; the roster total is the list's points."""
    root = _roster(army, bsdata_dir)
    costs = [
        float(c.get("value", ""))
        for sel in _selections(root)
        for c in sel.findall("bs:costs/bs:cost", NS)
        if c.get("typeId") == POINTS_TYPE_ID
    ]
    assert len(costs) == len(_selections(root))
    total = root.find("bs:costs/bs:cost", NS)
    assert total is not None
    assert sum(costs) == float(total.get("value", "")) == _points(army)


def test_entry_ids_follow_links_and_groups(army: ArmyList, bsdata_dir: Path) -> None:
    """Lake-town Guard sit in Bard's Warband: the Warband is reached by the link 3ae2-… to
    the shared entry 3514-…, so the guard's entry is ``<link>::<entry>``; the Spear comes
    from the "Options" group 1089-…, named in ``entryGroupId``."""
    force = _roster(army, bsdata_dir).findall("bs:forces/bs:force", NS)[1]
    bard = force.find("bs:selections/bs:selection", NS)
    assert bard is not None and bard.get("entryId") == "9f0b-b576-8b79-2b13"
    by_name = {s.get("name"): s for s in _selections(bard)}
    assert by_name["Warband"].get("entryId") == "3ae2-92b3-7723-5957::3514-c1db-21a6-ef8d"
    guard = by_name["Lake-town Guard"]
    assert guard.get("entryId") == "3ae2-92b3-7723-5957::b7d5-cd49-9f52-d5b3"
    model = guard.find("bs:selections/bs:selection[@type='model']", NS)
    assert model is not None and model.get("number") == "10"
    assert model.get("entryId") == "3ae2-92b3-7723-5957::138c-091e-5bbf-3cd7"
    spear = by_name["Spear"]
    assert spear.get("entryGroupId") == "3ae2-92b3-7723-5957::1089-8f6f-094f-b202"
    assert spear.get("entryId") == "3ae2-92b3-7723-5957::13e2-cb7e-d11f-54aa"


def test_the_army_leader_takes_the_leader_marker(army: ArmyList, bsdata_dir: Path) -> None:
    """The .gst's "Leader (…)" upgrades (at most one a roster) mark the army leader."""
    leaders = [s for s in _selections(_roster(army, bsdata_dir)) if "Leader (" in s.get("name", "")]
    assert [s.get("name") for s in leaders] == ["Leader (Valour)"]


def test_a_rosz_holds_one_ros_entry(army: ArmyList, bsdata_dir: Path) -> None:
    archive = zipfile.ZipFile(io.BytesIO(army_list_rosz(army=army, directory=bsdata_dir)))
    assert [name.endswith(".ros") for name in archive.namelist()] == [True]


# --- export of starter-data lists ----------------------------------------------------------


def test_a_starter_list_exports_by_name(
    release: DataRelease, owner: User, bsdata_dir: Path
) -> None:
    """A list on non-BattleScribe data takes the same names in the current BattleScribe release."""
    faction = FactionFactory(name="Minas Tirith")
    captain = HeroProfileFactory(
        faction=faction, name="Captain of Minas Tirith", heroic_tier="fortitude"
    )
    army = services.army_list_create(owner=owner, name="Starter", factions=[faction])
    services.warband_add(contingent=army.contingents.get(), captain=captain)
    root = _roster(army_list_full(army=army), bsdata_dir)
    names = [s.get("name") for s in _selections(root)]
    assert names[:2] == ["Captain of Minas Tirith", "Captain of Minas Tirith"]
    assert root.find("bs:forces/bs:force", NS).get("catalogueId") == MINAS_TIRITH_ID  # type: ignore[union-attr]


def test_it_refuses_entries_without_a_battlescribe_match(
    release: DataRelease, owner: User, bsdata_dir: Path
) -> None:
    """No match by name: the export is refused, naming each entry."""
    faction = FactionFactory(name="Minas Tirith")
    captain = HeroProfileFactory(faction=faction, name="Captain Nobody", heroic_tier="fortitude")
    other = FactionFactory(name="Nowhere")
    lost = HeroProfileFactory(faction=other, name="Lost Hero", heroic_tier="fortitude")
    army = services.army_list_create(owner=owner, name="Starter", factions=[faction, other])
    services.warband_add(contingent=army.contingents.get(faction=faction), captain=captain)
    services.warband_add(contingent=army.contingents.get(faction=other), captain=lost)
    with pytest.raises(RosterExportError) as caught:
        army_list_roster(army=army_list_full(army=army), directory=bsdata_dir)
    assert "Captain Nobody" in str(caught.value)
    assert "Nowhere" in str(caught.value)


# --- bad input --------------------------------------------------------------------------


def _ros(body: str, system: str = SBG_GAME_SYSTEM_ID) -> bytes:
    return (
        f'<?xml version="1.0"?><roster xmlns="{ROSTER_NAMESPACE}" id="r" name="Bad" '
        f'gameSystemId="{system}"><forces>{body}</forces></roster>'
    ).encode()


def _force(selections: str, catalogue: str = MINAS_TIRITH_ID) -> str:
    return (
        f'<force id="f" name="Strategy Battle Game" entryId="70d0-3742-f6cf-863f" '
        f'catalogueId="{catalogue}" catalogueName="?"><selections>{selections}</selections></force>'
    )


CAPTAIN = (
    '<selection id="a" name="Captain" entryId="x" number="1" type="upgrade">'
    '<selections><selection id="b" name="Captain" '
    'entryId="cf21-6553-bb9a-5773" number="1" type="model"/>{inner}</selections></selection>'
)


def _warriors(number: str) -> str:
    return (
        '<selection id="c" name="Warband" entryId="w" number="1" type="upgrade"><selections>'
        '<selection id="d" name="Warrior of Minas Tirith" entryId="225c-4139-c2c4-d1a5" '
        'number="1" type="upgrade"><selections><selection id="e" name="Warrior" '
        f'entryId="4507-92bb-666c-1bd3" number="{number}" type="model"/></selections>'
        "</selection></selections></selection>"
    )


MARKER = (
    '<selection id="m" name="Determine Alliance Level" entryId="6fc9::ed75" number="1" '
    'type="upgrade"><selections><selection id="n" name="Historic Allies" entryId="h" '
    'number="1" type="upgrade"/></selections></selection>'
)


def test_a_hand_written_roster_imports(release: DataRelease, owner: User) -> None:
    """The minimal roster of the bad-input tests is itself good: the warrior is found by its
    ``holder/model`` entry ids; a root selection without models (a roster marker such as
    "Determine Alliance Level") and free wargear are skipped."""
    sword = '<selection id="s" name="Sword" entryId="q::64a3" number="1" type="upgrade"/>'
    captain = CAPTAIN.format(inner=_warriors("12")).replace(
        'type="model"/>', f'type="model"><selections>{sword}</selections></selection>', 1
    )
    army = army_list_import_roster(owner=owner, data=_ros(_force(MARKER + captain)))
    assert _shape(army)[0][1] == [
        (
            True,
            [
                ("cf21-6553-bb9a-5773", "captain", 1, []),
                ("225c-4139-c2c4-d1a5/4507-92bb-666c-1bd3", "follower", 12, []),
            ],
        ),
    ]


def test_it_falls_back_to_names(release: DataRelease, owner: User) -> None:
    """Unknown catalogue and entry ids (another data revision): the catalogue, the profiles
    are found by name (force ``catalogueName``, the model's or its wrapper's name)."""
    roster = _ros(_force(CAPTAIN.format(inner=_warriors("3")), catalogue="0000"))
    roster = roster.replace(b'catalogueName="?"', b'catalogueName="Minas Tirith"')
    roster = roster.replace(b"cf21-6553-bb9a-5773", b"old-1").replace(b"225c-4139", b"old-2")
    roster = roster.replace(b'name="Captain"', b'name="Captain of Minas Tirith"')
    army = army_list_import_roster(owner=owner, data=roster.replace(b"4507-92bb", b"old-3"))
    [(_, [(_, [captain, warriors])])] = _shape(army)
    assert captain[:3] == ("cf21-6553-bb9a-5773", "captain", 1)
    assert warriors[:3] == ("225c-4139-c2c4-d1a5/4507-92bb-666c-1bd3", "follower", 3)


@pytest.mark.parametrize(
    ("data", "path", "words"),
    [
        (b"not xml at all", "file", "not XML"),
        (b"<catalogue/>", "roster", "not a BattleScribe <roster>"),
        (_ros(""), "roster.forces", "no force"),
        (
            _ros(_force(CAPTAIN.format(inner="")), system="dead-beef"),
            "roster.gameSystemId",
            "dead-beef",
        ),
        (_ros(_force(CAPTAIN.format(inner=""), catalogue="0000")), "forces[0].catalogueId", "0000"),
        (
            _ros(_force(CAPTAIN.format(inner="").replace("cf21-6553-bb9a-5773", "nope"))),
            "forces[0].selections[0].selections[0].entryId",
            "nope",
        ),
        (
            _ros(_force(CAPTAIN.format(inner=_warriors("1000")))),
            "forces[0].selections[0].selections[1].selections[0].selections[0]",
            "1000 models",
        ),
        (
            _ros(_force(CAPTAIN.format(inner=_warriors("-3")))),
            "forces[0].selections[0].selections[1].selections[0].selections[0]",
            "negative",
        ),
        (
            _ros(_force(CAPTAIN.format(inner=_warriors("many")))),
            "forces[0].selections[0].selections[1].selections[0].selections[0]",
            "'many'",
        ),
        (b'<!DOCTYPE r [<!ENTITY a "aaaa">]><roster/>', "file", "DOCTYPE"),
    ],
    ids=[
        "not-xml",
        "not-a-roster",
        "no-force",
        "other-game-system",
        "unknown-catalogue",
        "unknown-entry",
        "absurd-count",
        "negative-count",
        "count-not-a-number",
        "entities",
    ],
)
def test_it_refuses_bad_rosters(
    release: DataRelease, owner: User, data: bytes, path: str, words: str
) -> None:
    errors = _import_error(owner, data)
    assert list(errors) == [path]
    assert words in errors[path][0]


def test_it_refuses_a_priced_upgrade_that_is_no_option(release: DataRelease, owner: User) -> None:
    """A free unknown upgrade (wargear, a marker) is skipped; a priced one is refused."""
    upgrade = (
        '<selection id="u" name="Mithril Coat" entryId="zzzz" number="1" type="upgrade">'
        '<costs><cost name=" Points" typeId="8bde-d63c-7caa-c15d" value="50.0"/></costs>'
        "</selection>"
    )
    inner = CAPTAIN.format(inner="").replace(
        'type="model"/>', f'type="model"><selections>{upgrade}</selections></selection>'
    )
    errors = _import_error(owner, _ros(_force(inner)))
    [(path, [message])] = errors.items()
    assert path == "forces[0].selections[0].selections[0].selections[0]"
    assert "Mithril Coat" in message and "50 points" in message


def test_it_reports_an_option_taken_too_often_at_its_model(
    release: DataRelease, owner: User
) -> None:
    """The services' own checks (an option 1 to max_count times) name the roster element."""
    shield = (
        '<selection id="u" name="Shield" entryId="c9b8-81bd-1cd6-8b3e" number="3" type="upgrade"/>'
    )
    with_shield = f'type="model"><selections>{shield}</selections></selection>'
    inner = CAPTAIN.format(inner="").replace('type="model"/>', with_shield)
    errors = _import_error(owner, _ros(_force(inner)))
    [(path, [message])] = errors.items()
    assert path == "forces[0].selections[0].selections[0]"
    assert "Shield may be taken 1 to 1 times" in message


def test_it_refuses_a_zip_without_roster(release: DataRelease, owner: User) -> None:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        archive.writestr("readme.txt", "no roster here")
    errors = _import_error(owner, buffer.getvalue())
    assert "no .ros roster" in errors["file"][0]


def test_it_refuses_a_zipped_roster_over_5_mb(release: DataRelease, owner: User) -> None:
    """A small .rosz may unpack to a huge roster (a zip bomb): refused before reading it."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("big.ros", b" " * (MAX_ROSTER_BYTES + 1))
    assert len(buffer.getvalue()) < 100_000
    errors = _import_error(owner, buffer.getvalue())
    assert "larger than 5 MB" in errors["big.ros"][0]


def test_it_refuses_two_forces_of_one_catalogue(release: DataRelease, owner: User) -> None:
    """A list holds each army list once (services.contingent_add)."""
    force = _force(CAPTAIN.format(inner=""))
    errors = _import_error(owner, _ros(force + force))
    assert "already in this list" in errors["forces[1]"][0]


def test_it_refuses_a_file_over_5_mb(release: DataRelease, owner: User) -> None:
    errors = _import_error(owner, b" " * (MAX_ROSTER_BYTES + 1))
    assert "larger than 5 MB" in errors["file"][0]


def test_a_later_bad_selection_leaves_nothing_saved(release: DataRelease, owner: User) -> None:
    """One transaction: a good first warband is rolled back when the second one fails."""
    good = CAPTAIN.format(inner=_warriors("5"))
    bad = CAPTAIN.format(inner=_warriors("500"))
    errors = _import_error(owner, _ros(_force(good + bad)))
    assert list(errors) == ["forces[0].selections[1].selections[1].selections[0].selections[0]"]


# --- pages ------------------------------------------------------------------------------


def test_the_pages_export_and_import(army: ArmyList, owner: User) -> None:
    """export.ros / export.rosz download for the owner, 404 for another user; the upload form
    imports a .rosz and opens the new list in the builder."""
    client = Client()
    client.force_login(owner)
    ros = client.get(f"/lists/{army.pk}/export.ros")
    assert ros.status_code == 200 and ros["Content-Type"].startswith("application/xml")
    rosz = client.get(f"/lists/{army.pk}/export.rosz")
    assert rosz.status_code == 200 and rosz.content.startswith(b"PK")
    from django.core.files.uploadedfile import SimpleUploadedFile

    upload = SimpleUploadedFile("list.rosz", rosz.content, content_type="application/zip")
    response = client.post("/lists/import-roster/", {"file": upload})
    copy = ArmyList.objects.exclude(pk=army.pk).get(owner=owner)
    assert response.status_code == 302 and response["Location"] == f"/lists/{copy.pk}/"
    assert _shape(copy) == _shape(army)
    assert 'id="export-rosz"' in client.get(f"/lists/{army.pk}/").content.decode()
    assert 'id="import-roster"' in client.get("/lists/").content.decode()
    stranger = User.objects.create(username="stranger")
    client.force_login(stranger)
    assert client.get(f"/lists/{army.pk}/export.rosz").status_code == 404


def test_the_export_page_reports_entries_it_cannot_export(
    release: DataRelease, owner: User
) -> None:
    """A starter list with no BattleScribe match: back to the builder, naming the entry."""
    faction = FactionFactory(name="Minas Tirith")
    captain = HeroProfileFactory(faction=faction, name="Captain Nobody", heroic_tier="fortitude")
    army = services.army_list_create(owner=owner, name="Starter", factions=[faction])
    services.warband_add(contingent=army.contingents.get(), captain=captain)
    client = Client()
    client.force_login(owner)
    response = client.get(f"/lists/{army.pk}/export.rosz", follow=True)
    assert response.redirect_chain == [(f"/lists/{army.pk}/", 302)]
    assert "Captain Nobody" in response.content.decode()


def test_the_import_page_reports_errors(release: DataRelease, owner: User) -> None:
    client = Client()
    client.force_login(owner)
    from django.core.files.uploadedfile import SimpleUploadedFile

    upload = SimpleUploadedFile("list.ros", b"<html/>", content_type="application/xml")
    response = client.post("/lists/import-roster/", {"file": upload}, follow=True)
    assert "not a BattleScribe &lt;roster&gt;" in response.content.decode()
    assert not ArmyList.objects.filter(owner=owner).exists()


def test_roster_export_reads_the_files_kept_with_the_release_not_the_data_folder(
    release: DataRelease, settings: Any, tmp_path: Path
) -> None:
    """The site exports rosters wherever it runs: the release keeps its source files."""
    from profiles.services import release_files_directory

    settings.SBG_VAR_DIR = tmp_path
    settings.VAR_DIR = tmp_path
    directory = release_files_directory(release=release)
    assert directory is not None and directory.is_relative_to(tmp_path)
    assert sorted(path.name for path in directory.iterdir()) == sorted(FILES)
    assert (directory / "Minas_Tirith.cat").read_bytes().startswith(b"<?xml")

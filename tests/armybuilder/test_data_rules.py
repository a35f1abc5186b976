"""Golden rosters for the data's own rules (issue 24, item 2), on the shared community data.

Each YAML file in ``golden/data_rules/`` is a list built by name from the imported data and
the exact data-rule breaches it must give (rule id, the selection named); the file says which
element of the data sets the rule. Lists are built through ``armybuilder.services``, then
checked by ``armybuilder.battlescribe.data_rules`` as the builder page and API do.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml
from django.contrib.auth.models import User

from armybuilder import services
from armybuilder.battlescribe.data_rules import data_rule_breaches
from armybuilder.figures import list_figures
from armybuilder.models import ArmyList
from armybuilder.selectors import army_list_full, army_list_snapshot
from armybuilder.validation import DATA_RULE_IDS
from profiles.importers.battlescribe import parse_battlescribe
from profiles.models import DataRelease, Faction, Profile
from profiles.services import catalogue_import

pytestmark = [pytest.mark.bsdata, pytest.mark.django_db]

GOLDEN = Path(__file__).parent / "golden" / "data_rules"
ROSTERS = sorted(GOLDEN.glob("*.yaml"))


@pytest.fixture(scope="module")
def release(
    django_db_setup: None, django_db_blocker: Any, bsdata_dir: Path
) -> Iterator[DataRelease]:
    with django_db_blocker.unblock():
        files = {path.name: path.read_bytes() for path in sorted(bsdata_dir.iterdir())}
        report = catalogue_import(data=parse_battlescribe([bsdata_dir]), files=files)
    yield report.release
    with django_db_blocker.unblock():
        report.release.delete()


def _profile(faction: Faction, name: str) -> Profile:
    return Profile.objects.get(faction=faction, name=name)


def _options(profile: Profile, names: list[str]) -> dict[int, int]:
    return {profile.options.get(name=name).pk: 1 for name in names}


def build(raw: dict[str, Any], release: DataRelease) -> ArmyList:
    owner, _ = User.objects.get_or_create(username="golden")
    factions = [release.factions.get(name=c["faction"]) for c in raw["contingents"]]
    army = services.army_list_create(
        owner=owner,
        name=raw.get("name", "golden"),
        points_limit=raw.get("points", 2000),
        factions=factions,
    )
    for contingent_raw, contingent in zip(raw["contingents"], army.contingents.all(), strict=True):
        if "legion" in contingent_raw:
            legion = contingent.faction.legions.get(name=contingent_raw["legion"])
            services.contingent_set_legion(contingent=contingent, legion=legion)
        for band in contingent_raw["warbands"]:
            captain = _profile(contingent.faction, band["captain"]["name"])
            options = _options(captain, band["captain"].get("options", []))
            warband = services.warband_add(contingent=contingent, captain=captain, options=options)
            for follower in band.get("followers", []):
                profile = _profile(contingent.faction, follower["name"])
                services.entry_add(
                    warband=warband,
                    profile=profile,
                    count=follower.get("count", 1),
                    options=_options(profile, follower.get("options", [])),
                )
    return army_list_full(army=army)


@pytest.mark.parametrize("path", ROSTERS, ids=[p.stem for p in ROSTERS])
def test_golden_data_rules(path: Path, release: DataRelease) -> None:
    raw = yaml.safe_load(path.read_text(encoding="utf-8"))
    army = build(raw, release)
    if "models" in raw:
        assert list_figures(army_list_snapshot(army=army)).models == raw["models"]
    found = sorted([b.rule_id, b.message] for b in data_rule_breaches(army))
    expected = sorted(raw.get("expected", []))
    assert [rule for rule, _ in found] == [rule for rule, _ in expected], found
    for (_, message), (_, part) in zip(found, expected, strict=True):
        assert part in message


def test_every_data_rule_id_has_a_golden_roster() -> None:
    covered = {rule for path in ROSTERS for rule, _ in yaml.safe_load(path.read_text())["expected"]}
    assert covered == set(DATA_RULE_IDS)


def test_a_legion_survives_a_roster_round_trip(release: DataRelease) -> None:
    """The legion is a root selection of its force in the .ros, and comes back on import."""
    from armybuilder.battlescribe.data_rules import release_directory
    from armybuilder.battlescribe.importer import army_list_import_roster
    from armybuilder.battlescribe.writer import army_list_rosz

    raw = yaml.safe_load((GOLDEN / "06_legion_ugluks_scouts_legal.yaml").read_text())
    army = build(raw, release)
    directory = release_directory(army)
    assert directory is not None
    owner = User.objects.get(username="golden")
    copy = army_list_import_roster(owner=owner, data=army_list_rosz(army=army, directory=directory))
    contingent = copy.contingents.get()
    assert contingent.legion is not None and contingent.legion.name == "Uglúk's Scouts"
    assert sorted(e.profile.name for e in contingent.warbands.get().entries.all()) == [
        "Uglúk",
        "Uruk-hai Scout",
    ]


def test_a_team_survives_a_roster_round_trip(release: DataRelease) -> None:
    """A crew of three is written as three model selections and read back as one entry."""
    from armybuilder.battlescribe.data_rules import release_directory
    from armybuilder.battlescribe.importer import army_list_import_roster
    from armybuilder.battlescribe.writer import army_list_rosz

    raw = yaml.safe_load((GOLDEN / "09_a_crew_team_is_its_models.yaml").read_text())
    army = build(raw, release)
    directory = release_directory(army)
    assert directory is not None
    owner = User.objects.get(username="golden")
    copy = army_list_import_roster(owner=owner, data=army_list_rosz(army=army, directory=directory))
    entries = {e.profile.name: e.count for e in copy.contingents.get().warbands.get().entries.all()}
    assert entries == {"Iron Hills Captain": 1, "Iron Hills Dwarf Crew (Iron Hills Ballista)": 1}


def test_a_legion_survives_the_json_export_and_a_wrong_one_is_refused(
    release: DataRelease,
) -> None:
    from django.core.exceptions import ValidationError

    from armybuilder.exports import army_list_export_json
    from armybuilder.imports import army_list_import_json
    from armybuilder.presenters import army_list_json

    raw = yaml.safe_load((GOLDEN / "06_legion_ugluks_scouts_legal.yaml").read_text())
    army = build(raw, release)
    document = army_list_export_json(army, army_list_json(army))
    assert document["contingents"][0]["legion"] == "Uglúk's Scouts"
    owner = User.objects.get(username="golden")
    copy = army_list_import_json(owner=owner, document=document)
    assert copy.contingents.get().legion.name == "Uglúk's Scouts"  # type: ignore[union-attr]
    document["contingents"][0]["legion"] = "The Fellowship of the Ring"
    with pytest.raises(ValidationError, match="no Legendary Legion"):
        army_list_import_json(owner=owner, document=document)

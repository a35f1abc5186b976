"""Writing the starter data to the database: one release, idempotent, all or nothing."""

from __future__ import annotations

import shutil
import time
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

from profiles.importers.starter import STARTER_DIR, StarterDataError, starter_load, starter_read
from profiles.models import (
    DataRelease,
    Faction,
    HeroicTier,
    MagicalPower,
    Profile,
    ProfileOption,
    ProfilePower,
    ProfileRule,
    SpecialRule,
)

pytestmark = pytest.mark.django_db

MODELS = (DataRelease, Faction, Profile, ProfileOption, ProfileRule, ProfilePower, SpecialRule)


def _counts() -> dict[str, int]:
    return {model.__name__: model.objects.count() for model in (*MODELS, MagicalPower)}


def _copy(tmp_path: Path) -> Path:
    target = tmp_path / "starter"
    shutil.copytree(STARTER_DIR, target)
    return target


def test_it_writes_every_army_profile_option_rule_and_power() -> None:
    data = starter_read()
    result = starter_load()
    release = result.release
    assert result.created and release.source == DataRelease.Source.STARTER
    assert (release.revision, release.is_current, release.key) == (1, True, "starter-r1")
    assert release.content_hash == data.content_hash
    assert release.factions.count() == len(data.armies)
    assert release.profiles.count() == sum(len(army.profiles) for army in data.armies)
    assert release.rules.count() == len(data.rules.special_rules)
    assert release.powers.count() == len(data.rules.magical_powers)


def test_saruman_is_stored_as_the_rulebook_composes_him() -> None:
    """002:L160-207 (PROF-01..PROF-11): points, tier, stats, option, actions, rules, powers."""
    release = starter_load().release
    saruman = Profile.objects.get(release=release, faction__name="Isengard", name="Saruman")
    assert (saruman.points, saruman.heroic_tier, saruman.kind) == (180, HeroicTier.LEGEND, "hero")
    assert (saruman.fight_shoot, saruman.will, saruman.unique) == ("5/4+", 6, True)
    assert list(saruman.options.values_list("name", "points")) == [("Horse", 10)]
    assert saruman.heroic_actions == ["Channelling"]
    voice = saruman.profile_rules.get(rule__name="Voice of Curunír").rule
    assert voice.kind == SpecialRule.Kind.ACTIVE
    blast = saruman.profile_powers.get(power__name="Immobilise/Transfix")
    assert (blast.range_inches, blast.casting_value) == (18, 2)
    aura = saruman.profile_powers.get(power__name="Terrifying Aura")
    assert (aura.range_inches, aura.casting_value) == (None, 2)


def test_a_warrior_keeps_its_options_in_order_with_per_model_costs() -> None:
    """PROF-07 (002:L147-149): each option has its own cost, added when taken."""
    release = starter_load().release
    warrior = Profile.objects.get(release=release, name="Warrior of Minas Tirith")
    assert (warrior.points, warrior.heroic_tier, warrior.might) == (7, "", None)
    assert list(warrior.options.values_list("name", "points")) == [
        ("Shield", 1),
        ("Spear", 1),
        ("Bow", 1),
        ("Banner", 25),
        ("War Horn", 30),
    ]


def test_loading_the_same_files_twice_changes_nothing() -> None:
    first = starter_load()
    before = _counts()
    second = starter_load()
    assert not second.created and second.release.pk == first.release.pk
    assert _counts() == before


def test_a_changed_file_makes_a_new_current_release_and_keeps_the_old(tmp_path: Path) -> None:
    """A new revision sits beside the old one, as for BattleScribe imports."""
    copy = _copy(tmp_path)
    first = starter_load(directory=copy).release
    path = copy / "armies/mordor.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace("points: 40\n", "points: 45\n", 1))
    second = starter_load(directory=copy).release
    first.refresh_from_db()
    assert (first.revision, second.revision) == (1, 2)
    assert (first.is_current, second.is_current) == (False, True)
    old = Profile.objects.get(release=first, faction__name="Mordor", name="Orc Captain")
    new = Profile.objects.get(release=second, faction__name="Mordor", name="Orc Captain")
    assert (old.points, new.points) == (40, 45)


def test_going_back_to_old_files_makes_their_release_current_again(tmp_path: Path) -> None:
    copy = _copy(tmp_path)
    path = copy / "armies/mordor.yaml"
    original = path.read_text(encoding="utf-8")
    first = starter_load(directory=copy).release
    path.write_text(original.replace("points: 40\n", "points: 45\n", 1), encoding="utf-8")
    starter_load(directory=copy)
    path.write_text(original, encoding="utf-8")
    again = starter_load(directory=copy)
    assert not again.created and again.release.pk == first.pk
    current = DataRelease.objects.filter(source=DataRelease.Source.STARTER, is_current=True)
    assert list(current) == [first]


def test_an_invalid_file_writes_nothing(tmp_path: Path) -> None:
    copy = _copy(tmp_path)
    path = copy / "armies/rohan.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace("points: 9\n", "points: -9\n", 1))
    with pytest.raises(StarterDataError, match="armies/rohan.yaml: profiles"):
        starter_load(directory=copy)
    assert all(count == 0 for count in _counts().values())


def test_the_command_is_idempotent_and_quick() -> None:
    """The site's start runs ``load_starter`` every time: it must be fast and repeatable."""
    out = StringIO()
    started = time.perf_counter()
    call_command("load_starter", stdout=out)
    call_command("load_starter", stdout=out)
    elapsed = time.perf_counter() - started
    lines = out.getvalue().splitlines()
    assert lines[0].startswith("Loaded Starter data (r1)") and "already loaded" in lines[1]
    assert DataRelease.objects.count() == 1
    assert elapsed < 3.0 * 2  # generous on a shared machine; measured well under 1 s each


def test_the_command_reports_invalid_data_as_a_command_error(tmp_path: Path) -> None:
    copy = _copy(tmp_path)
    (copy / "rules.yaml").write_text("special_rules: nope\n", encoding="utf-8")
    with pytest.raises(CommandError, match="rules.yaml: special_rules"):
        call_command("load_starter", directory=copy, stdout=StringIO())
    assert DataRelease.objects.count() == 0

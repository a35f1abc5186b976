"""The starter YAML data: what it holds, and how invalid files are refused."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from profiles.importers.starter import (
    STARTER_DIR,
    Kind,
    RuleKind,
    StarterData,
    StarterDataError,
    StarterProfile,
    starter_assumptions_read,
    starter_read,
)
from profiles.models import HeroicTier, Side


@pytest.fixture(scope="module")
def data() -> StarterData:
    return starter_read()


def _profile(data: StarterData, army: str, name: str) -> StarterProfile:
    found = data.army(army)
    assert found is not None, army
    profile = found.profile(name)
    assert profile is not None, name
    return profile


def test_it_ships_six_army_lists_three_on_each_side(data: StarterData) -> None:
    """The issue asks for Minas Tirith, Rohan, The Fellowship, Isengard, Mordor and Moria."""
    sides = {army.name: army.side for army in data.armies}
    assert sides == {
        "Minas Tirith": Side.GOOD,
        "Rohan": Side.GOOD,
        "The Fellowship": Side.GOOD,
        "Isengard": Side.EVIL,
        "Mordor": Side.EVIL,
        "Moria": Side.EVIL,
    }


def test_it_has_heroes_of_every_tier(data: StarterData) -> None:
    """PROF-04 (002:L135-137): every Hero has a heroic tier; all five tiers are represented."""
    tiers = {p.tier for army in data.armies for p in army.profiles if p.kind == Kind.HERO}
    assert tiers == set(HeroicTier)


def test_heroes_have_might_will_fate_and_warriors_do_not(data: StarterData) -> None:
    """PROF-06 (002:L143-145): only Heroes carry Might, Will and Fate in their line."""
    for army in data.armies:
        for profile in army.profiles:
            stores = (profile.stats.might, profile.stats.will, profile.stats.fate)
            if profile.kind == Kind.HERO:
                assert None not in stores, profile.name
            else:
                assert stores == (None, None, None), profile.name


def test_every_side_has_a_caster_cavalry_and_options(data: StarterData) -> None:
    """PROF-07 and PROF-10: options carry a cost; casters list range and casting value."""
    for side in Side:
        profiles = [p for a in data.armies if a.side == side for p in a.profiles]
        assert any(p.powers for p in profiles), side
        assert any("Cavalry" in p.keywords or p.option("Horse") for p in profiles), side
        assert any(p.kind == Kind.WARRIOR and p.options for p in profiles), side
    monsters = [p.name for a in data.armies for p in a.profiles if "Monster" in p.keywords]
    assert {"Isengard Troll", "Mordor Troll", "Cave Troll"} <= set(monsters)


def test_saruman_matches_the_rulebook_example_profile(data: StarterData) -> None:
    """002:L160-207 (PROF-06, PROF-07, PROF-10): Saruman, 180 points, 6" 5/4+ 4 5 1 3 7 3 6 3,
    Horse 10 points, and the five powers of the example with their ranges and casting values."""
    saruman = _profile(data, "Isengard", "Saruman")
    assert (saruman.points, saruman.tier) == (180, HeroicTier.LEGEND)
    stats = saruman.stats
    line = (stats.move, stats.fight, stats.shoot, stats.strength, stats.defence, stats.attacks)
    assert line == (6, 5, 4, 4, 5, 1)
    assert (stats.wounds, stats.courage, stats.might, stats.will, stats.fate) == (3, 7, 3, 6, 3)
    assert saruman.option("Horse") is not None and saruman.option("Horse").points == 10
    powers = {p.name: (p.range_inches, p.casting_value) for p in saruman.powers}
    assert {
        "Immobilise/Transfix": (18, 2),
        "Terrifying Aura": (None, 2),
        "Command/Compel": (18, 3),
        "Sorcerous Blast": (12, 4),
        "Flameburst": (6, 5),
    }.items() <= powers.items()
    assert saruman.heroic_actions == ("Channelling",)


def test_saruman_rules_have_the_kinds_the_rulebook_prints(data: StarterData) -> None:
    """PROF-11 (002:L188-198): Palantír, Voice of Curunír ACTIF; Lord of the Istari PASSIF."""
    kinds = {rule.name: rule.kind for rule in data.rules.special_rules}
    assert kinds["The Palantír"] == RuleKind.ACTIVE
    assert kinds["Voice of Curunír"] == RuleKind.ACTIVE
    assert kinds["Lord of the Istari"] == RuleKind.PASSIVE


def test_faramir_matches_the_rulebook_profile(data: StarterData) -> None:
    """002:L112-118: Faramir, Captain of Gondor, 80 points, 6" 5/3+ 4 5 2 2 6 3 3 2, Valour."""
    faramir = _profile(data, "Minas Tirith", "Faramir, Captain of Gondor")
    s = faramir.stats
    assert faramir.points == 80 and faramir.tier == HeroicTier.VALOUR
    line = (s.move, s.fight, s.shoot, s.strength, s.defence, s.attacks, s.wounds)
    assert line == (6, 5, 3, 4, 5, 2, 2)
    assert (s.courage, s.might, s.will, s.fate) == (6, 3, 3, 2)


def test_special_rule_kinds_follow_the_checklist(data: StarterData) -> None:
    """SR list (002:L2697-2899): Terror, Horse Lord are Passive; Shieldwall, Hatred are Active."""
    kinds = {rule.name: rule.kind for rule in data.rules.special_rules}
    assert kinds["Terror"] == kinds["Horse Lord"] == kinds["Resistant to Magic"] == RuleKind.PASSIVE
    assert kinds["Shieldwall"] == kinds["Hatred"] == kinds["Woodland Creature"] == RuleKind.ACTIVE


def test_every_assumption_names_a_real_army_and_profile(data: StarterData) -> None:
    """Facts the sources do not settle sit in one file; each must point at existing data."""
    assumptions = starter_assumptions_read()
    assert assumptions
    for assumption in assumptions:
        if assumption.army is not None:
            army = data.army(assumption.army)
            assert army is not None, assumption.army
            if assumption.profile is not None:
                assert army.profile(assumption.profile) is not None, assumption.profile


def test_the_content_hash_is_stable_and_follows_the_files(tmp_path: Path) -> None:
    """Reading the same files twice gives the same hash; any edit changes it."""
    copy = _copy(tmp_path)
    first, again = starter_read(copy).content_hash, starter_read(copy).content_hash
    _edit(copy, "armies/mordor.yaml", "points: 40\n", "points: 45\n")
    assert first == again != starter_read(copy).content_hash


# --- refusing invalid files ------------------------------------------------------------------


def _copy(tmp_path: Path) -> Path:
    target = tmp_path / "starter"
    shutil.copytree(STARTER_DIR, target)
    return target


def _edit(directory: Path, name: str, old: str, new: str) -> None:
    path = directory / name
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} not in {name}"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def _refused(directory: Path) -> StarterDataError:
    with pytest.raises(StarterDataError) as caught:
        starter_read(directory)
    return caught.value


MORDOR = "armies/mordor.yaml"
CAPTAIN_LINE = "  - name: Orc Captain\n"
CAPTAIN_TIER = CAPTAIN_LINE + "    kind: hero\n    tier: fortitude\n"


@pytest.mark.parametrize(
    ("old", "new", "field", "problem"),
    [
        (CAPTAIN_LINE, CAPTAIN_LINE + "    colour: black\n", "profiles[3].colour", "unknown key"),
        ("    points: 40\n", "", "profiles[3].points", "is missing"),
        ("    points: 40\n", "    points: forty\n", "profiles[3].points", "whole number"),
        ("    points: 40\n", "    points: -40\n", "profiles[3].points", "negative"),
        (
            "defence: 5, attacks: 2",
            "defence: -1, attacks: 2",
            "profiles[3].stats.defence",
            "negative",
        ),
        (
            CAPTAIN_TIER,
            CAPTAIN_LINE + "    kind: hero\n    tier: great\n",
            "profiles[3].tier",
            "expected one of",
        ),
        (
            CAPTAIN_TIER,
            CAPTAIN_LINE + "    kind: hero\n",
            "profiles[3].tier",
            "needs a heroic tier",
        ),
        (
            "      - {name: Orc Bow, points: 5}",
            "      - {name: Orc Bow, points: -5}",
            "profiles[3].options[1].points",
            "negative",
        ),
        (
            "    rules: [Hatred]\n    options:\n      - {name: Shield, points: 5}",
            "    rules: [Hatred, Gloating]\n    options:\n      - {name: Shield, points: 5}",
            "profiles[3].rules[1]",
            "not in rules.yaml",
        ),
        ("    points: 40\n", "    points: 40\n    points: 45\n", "(file)", "duplicate key"),
        (
            "    keywords: [Orc, Mordor, Infantry, Hero]\n    wargear: [Armour, Sword]\n",
            "    keywords: Orc\n    wargear: [Armour, Sword]\n",
            "profiles[3].keywords",
            "expected a list",
        ),
    ],
)
def test_it_refuses_an_invalid_army_file_naming_file_and_field(
    tmp_path: Path, old: str, new: str, field: str, problem: str
) -> None:
    """Unknown keys, missing fields, wrong types, negative numbers and dangling names fail."""
    copy = _copy(tmp_path)
    _edit(copy, MORDOR, old, new)
    error = _refused(copy)
    assert (error.file, error.field) == (MORDOR, field)
    assert problem in error.problem
    assert MORDOR in str(error) and field in str(error)


def test_it_refuses_a_warrior_with_a_might_store(tmp_path: Path) -> None:
    """PROF-06 (002:L143-145): Might/Will/Fate belong to Heroes only."""
    copy = _copy(tmp_path)
    _edit(
        copy,
        MORDOR,
        "attacks: 1, wounds: 1, courage: 2}",
        "attacks: 1, wounds: 1, courage: 2, might: 1}",
    )
    error = _refused(copy)
    assert error.field.endswith("stats.might") and "must not have might" in error.problem


def test_it_refuses_an_unknown_key_in_the_rules_file(tmp_path: Path) -> None:
    copy = _copy(tmp_path)
    _edit(copy, "rules.yaml", "  - name: Bodyguard\n", "  - name: Bodyguard\n    cost: 3\n")
    error = _refused(copy)
    assert (error.file, error.field) == ("rules.yaml", "special_rules[0].cost")


def test_it_refuses_a_rule_kind_that_is_not_active_or_passive(tmp_path: Path) -> None:
    """SR-GEN-01 (002:L2701-2703): each special rule is Active or Passive."""
    copy = _copy(tmp_path)
    _edit(copy, "rules.yaml", "    kind: passive\n", "    kind: sometimes\n")
    error = _refused(copy)
    assert error.file == "rules.yaml" and error.field.endswith(".kind")


def test_it_refuses_two_profiles_with_one_name(tmp_path: Path) -> None:
    """PROF-01 (002:L123-125): a profile's full name identifies it within its army list."""
    copy = _copy(tmp_path)
    _edit(copy, MORDOR, "  - name: Orc Shaman\n", "  - name: Orc Captain\n")
    error = _refused(copy)
    assert error.file == MORDOR and "appears twice" in error.problem


def test_it_refuses_a_file_that_is_not_yaml(tmp_path: Path) -> None:
    copy = _copy(tmp_path)
    (copy / MORDOR).write_text("army: [unclosed\n", encoding="utf-8")
    error = _refused(copy)
    assert (error.file, error.field) == (MORDOR, "(file)")

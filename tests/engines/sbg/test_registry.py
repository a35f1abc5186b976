"""The rule registry and its name table (issue 14 part 5): spellings brought to one canonical
name, wargear split into weapon and quality, names classed as battle, list-building or
flavour, lookups by any spelling, and the played/unplayed report of profiles."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

from armybuilder.validation import RULE_IDS
from battlesim.engines.sbg.core import names, registry
from battlesim.engines.sbg.core.names import NameClass, NameTable, NameTableError
from battlesim.engines.sbg.core.registry import (
    Kind,
    ProfileNames,
    Registry,
    RegistryError,
    Status,
)
from battlesim.engines.sbg.core.units import Profile

# --- normalisation --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("raw", "name", "parameters"),
    [
        ("  Burly ", "burly", ()),
        ("Terror (Passive)", "terror", ()),
        ("Shieldwall (Active)", "shieldwall", ()),
        ("Axes of the Dwarves! (Action)", "axes of the dwarves!", ()),
        ("Bludgeon (Brutal Power Atack)", "bludgeon", ()),  # sic in the data
        ("Hatred(Angmar)", "hatred", ("angmar",)),
        ("Fury  (Mordor Orc)", "fury", ("mordor orc",)),
        ("Ancient Enemies (Dwarf) (Elf)", "ancient enemies", ("dwarf", "elf")),
        ("Master of Battle (Active) (3+)", "master of battle", ("3+",)),
        ('"For the Shire!"', "for the shire!", ()),
        ('"Who would have the nerve to question my authority?”', "who would", ()),
        ("*The Lady of Lothlórien", "the lady of lothlórien", ()),
        ("Heroic Defense", "heroic defence", ()),
        ("Heroic Channeling", "heroic channelling", ()),
        ("Leader (Legend)", "legendary leader", ()),
    ],
)
def test_names_are_brought_to_one_canonical_form(
    raw: str, name: str, parameters: tuple[str, ...]
) -> None:
    parsed = names.parse(raw)
    assert parsed.name.startswith(name) and parsed.parameters == parameters
    if name == "who would":  # curly and straight quotes both go
        assert parsed.name == "who would have the nerve to question my authority?"


def test_sauron_keeps_his_own_ring_apart_from_the_one_ring() -> None:
    """'**The One Ring' is Sauron's own rule ("does not follow the normal rules for The One
    Ring"): the asterisks are the only mark, so the alias table keeps it apart."""
    assert names.canonical("**The One Ring") == "sauron's one ring"
    assert names.canonical("The One Ring") == "the one ring"


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        ("Elven-made Sword", ("sword", "elven-made")),
        ("Elven-Made Hand-and-a-Half Sword", ("hand-and-a-half sword", "elven-made")),
        ("Elven-made Daggers", ("dagger", "elven-made")),
        ("Master Forged Two-Handed Axe", ("two-handed axe", "masterforged")),
        ("Durtûz", ("hand-and-a-half sword", "elven-made")),
        ("The Warden's Sword", ("hand-and-a-half sword", "masterforged")),
        ("Glamdring", ("hand-and-a-half sword", "elven-made", "glamdring")),
        (
            "Andúril, Flame of the West",
            ("hand-and-a-half sword", "elven-made", "andúril, flame of the west"),
        ),
        ("Torozul", ("spear", "foe spear", "torozul")),
        ("Staff of Power*", ("staff", "staff of power")),
        ("Throwing Daggers", ("throwing weapons",)),
        ("Knife (counts as a dagger)", ("dagger",)),
        ("Axe & Shield", ("axe", "shield")),
        ("Axe (option)", ("axe",)),
        ("Claws and Teeth", ("natural weapons",)),
        ("Hand-and-a-half Staff", ("staff",)),
    ],
)
def test_wargear_stands_for_a_weapon_and_its_qualities(raw: str, expected: tuple[str, ...]) -> None:
    assert names.parts(raw, wargear=True) == expected


def test_only_wargear_is_split() -> None:
    """The Iron Shield dwarves' rule "Spear & Shield" is a Duel penalty, not two items."""
    assert names.parts("Spear & Shield") == ("spear & shield",)
    assert names.parts("Spear & Shield", wargear=True) == ("spear", "shield")


def test_plurals_are_merged_only_through_the_table() -> None:
    """No stemmer: "Throwing Daggers" is aliased, "Venomous Fangs" by the table, and a plural
    the table does not know stays itself."""
    assert names.canonical("Throwing Daggers") == "throwing dagger"
    assert names.canonical("Chittering Hordes") == "chittering hordes"
    assert names.canonical("Many Blades") == "many blades"


# --- classification -----------------------------------------------------------------------


def test_independent_hero_is_list_building_enforced_by_the_builder() -> None:
    found = names.class_of("Independent Hero")
    assert found.name_class is NameClass.LIST_BUILDING
    assert set(found.enforced_by) == {
        "WARBAND-CAPACITY",
        "WARBAND-HERO-FOLLOWER",
        "LIST-LEADER-TIER",
    }


def test_every_cited_builder_rule_exists_and_every_non_battle_name_has_a_reason() -> None:
    classes = names.table().classes.values()
    assert all(c.reason for c in classes)
    assert {rule for c in classes for rule in c.enforced_by} <= set(RULE_IDS)


@pytest.mark.parametrize(
    "raw", ["Sworn Protector (Durin)", "Bodyguard", "Woodland Creature", "Heroic Channelling"]
)
def test_rules_that_change_play_are_battle_names(raw: str) -> None:
    """SR-SWORNPROT (002:L2851) and SR-BODYGUARD (L2781) pass Courage tests in battle."""
    assert names.class_of(raw).name_class is NameClass.BATTLE


def test_the_flavour_name_has_no_rule_behind_it() -> None:
    found = names.class_of("Warrior")
    assert found.name_class is NameClass.FLAVOUR and "Woses" in found.reason


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"flavour": {"x": {"reason": " "}}}, "needs a reason"),
        ({"list_building": {"x": {}}}, "needs a reason"),
        ({"aliases": {"a": "b", "b": "c"}}, "leads to another alias"),
        ({"aliases": {"a": "b"}, "flavour": {"a": "no effect"}}, "is an alias"),
        ({"wargear": {"x": {"parts": []}}}, "non-empty list"),
        ({"aliases": ["a"]}, "must be a mapping"),
    ],
)
def test_a_malformed_table_is_refused(data: dict[str, object], message: str) -> None:
    with pytest.raises(NameTableError, match=message):
        NameTable.from_mapping(data)


def test_the_shipped_table_loads() -> None:
    """names.yaml is package data next to names.py (pyproject: "*.yaml")."""
    assert names.NAMES_FILE.exists()
    table = names.table()
    assert table.aliases["heroic defense"] == "heroic defence"
    assert "elven-made" in table.qualities.values()


# --- registration and lookup ----------------------------------------------------------------


@pytest.fixture
def reg() -> Registry:
    return Registry()


def test_a_rule_is_found_under_any_spelling(reg: Registry) -> None:
    reg.register("Heroic Defence", kind=Kind.RULE, source="HERO-HA-09")
    reg.register("Burly", kind=Kind.RULE, source="SR-BURLY (002:L2751)", aliases=["Beefy"])
    assert reg.lookup("heroic defense") is reg.lookup("HEROIC DEFENCE (Active)")
    assert reg.lookup("  burly (Passive)") is not None
    assert reg.lookup("Beefy") == reg.lookup("burly")
    unit = reg.lookup("Burly")
    assert unit is not None and unit.sources == ("SR-BURLY (002:L2751)",)
    assert unit.aliases == ("beefy",) and unit.kind is Kind.RULE
    assert reg.lookup("Burliness") is None


def test_the_decorator_registers_and_returns_the_unit(reg: Registry) -> None:
    @reg.rule("Fearless", kind=Kind.RULE, source="SR-FEARLESS (002:L2865)")
    def fearless() -> int:
        return 1

    assert fearless() == 1
    assert reg.is_played("Fearless (Passive)")


def test_registering_again_adds_a_source(reg: Registry) -> None:
    reg.register("Shield", kind=Kind.WARGEAR, source="ARM-SH-02")
    unit = reg.register("shield", kind=Kind.WARGEAR, source="ARM-SH-03")
    assert unit.sources == ("ARM-SH-02", "ARM-SH-03")


@pytest.mark.parametrize(
    ("second", "message"),
    [
        ({"name": "burly", "kind": Kind.WEAPON, "source": "x"}, "is a battle rule"),
        ({"name": "fly", "kind": Kind.RULE, "source": "x", "aliases": ["beefy"]}, "names 'burly'"),
        ({"name": "fly", "kind": Kind.RULE, "source": "x", "aliases": ["burly"]}, "names 'burly'"),
        ({"name": "fly", "kind": Kind.RULE, "source": " "}, "needs a source"),
    ],
)
def test_contradicting_registrations_are_refused(
    reg: Registry, second: dict[str, object], message: str
) -> None:
    reg.register("Burly", kind=Kind.RULE, source="SR-BURLY", aliases=["Beefy"])
    with pytest.raises(RegistryError, match=message):
        reg.register(**second)  # type: ignore[arg-type]


def test_a_parameter_is_only_accepted_by_a_unit_that_reads_it(reg: Registry) -> None:
    reg.register("Terror", kind=Kind.RULE, source="SR-TERROR", parameters=True)
    reg.register("War Drum", kind=Kind.WARGEAR, source="EQP-DRUM-01")
    assert reg.is_played("Terror (Hobbit)") and reg.is_played("War Drum")
    assert not reg.is_played("War Drum (Orc)")
    reg.register("might (heroic)", kind=Kind.RULE, source="HERO-MIGHT-02")
    assert reg.is_played("Might (Heroic)")  # a name registered with its bracket


def test_classify_and_status(reg: Registry) -> None:
    reg.register("Terror", kind=Kind.RULE, source="SR-TERROR")
    assert reg.classify("Terror").name_class is NameClass.BATTLE
    assert reg.status("Terror") is Status.PLAYED
    assert reg.status("Independent Hero") is Status.LIST_BUILDING
    assert reg.status("Warrior") is Status.FLAVOUR
    assert reg.status("Woodland Creature") is Status.UNPLAYED
    assert reg.classify("Independent Hero").reason


# --- reports ----------------------------------------------------------------------------------


def test_a_force_report_splits_names_by_status_with_their_carriers(reg: Registry) -> None:
    for name in ("sword", "elven-made", "shield"):
        reg.register(name, kind=Kind.WEAPON if name != "shield" else Kind.WARGEAR, source="t")
    captain = ProfileNames(
        "Captain", wargear=("Elven-made Sword",), rules=("Independent Hero", "Woodland Creature")
    )
    warrior = ProfileNames("Warrior", wargear=("Sword", "Shield", "Warrior"))
    shaman = ProfileNames("Shaman", rules=("Woodland Creature",), powers=("Black Dart",))
    report = reg.report([captain, warrior, shaman])
    assert report.played == ("elven-made", "shield", "sword")
    assert report.list_building == ("independent hero",)
    assert report.flavour == ("warrior",)
    assert report.unplayed == ("black dart", "woodland creature")
    assert report.fully_played == ("Warrior",)
    assert report.profiles == ("Captain", "Warrior", "Shaman")
    first = report.unplayed_by_carriers()[0]
    assert (first.name, first.profiles) == ("woodland creature", ("Captain", "Shaman"))
    shape = report.to_json()
    assert (shape["profiles"], shape["fully_played"]) == (3, 1)
    lb = next(n for n in shape["names"] if n["name"] == "independent hero")
    assert lb["status"] == "list-building" and lb["reason"] and lb["profiles"] == ["Captain"]


def test_a_profile_report_counts_list_building_and_flavour_names_as_no_debt(
    reg: Registry,
) -> None:
    report = registry.profile_report(
        ProfileNames("Drummer", wargear=("Warrior",), rules=("Independent Hero",)), reg
    )
    assert report.fully_played == ("Drummer",) and report.unplayed == ()


def imported(module: object) -> set[str]:
    source = Path(str(getattr(module, "__file__", ""))).read_text(encoding="utf-8")
    found: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
    return found


def test_the_registry_imports_only_the_standard_library_yaml_and_names() -> None:
    """Issue 14: the registry is core; it must not reach any other engine module."""
    third_party = {"yaml"}
    for module, allowed in ((registry, {"battlesim.engines.sbg.core.names"}), (names, set())):
        found = imported(module)
        assert {m for m in found if m.startswith("battlesim")} == allowed
        outside = {m.split(".")[0] for m in found if not m.startswith("battlesim")}
        assert outside - third_party <= set(sys.stdlib_module_names) | {"__future__"}


def test_the_engine_plays_the_names_the_registry_counts() -> None:
    """What the coverage command counts as played, a battle plays: army data's spellings
    reach the rules as the names they know (core/names.py). "Throwing Daggers" are thrown
    weapons (WPN-THROW, 002:L2146), an "Elven-made Sword" is a sword with the Elven-made
    quality (WPN-ELF-01, 002:L2014), "Heroic Defense" is Heroic Defence."""
    from battlesim.engines.sbg.core.units import ModelSpec, profile_from_data
    from battlesim.engines.sbg.rules.muster import model_state
    from tests.engines.sbg.builders import WARRIOR

    data = {**_card(WARRIOR), "wargear": ["Throwing Daggers", "Elven-made Sword", "Shield"]}
    data["rules"] = ["Heroic Defense"]
    card = profile_from_data(data)
    assert {"throwing weapons", "sword", "elven-made", "shield"} <= set(card.gear)
    model = model_state(ModelSpec("A1", card), 0, (10.0, 10.0))
    assert model.missile is not None and model.missile.name == "throwing weapons"
    assert model.weapon is not None and model.weapon.name == "sword"
    assert {"elven-made", "heroic defence"} <= model.triggers


def _card(profile: Profile) -> dict[str, object]:
    """A plain-data card of ``profile`` (what the adapter passes the engine)."""
    from battlesim.engines.sbg.core.units import profile_to_data

    return dict(profile_to_data(profile))


def test_names_files_merge_sections_and_refuse_a_key_given_twice():
    first = {"aliases": {"a": "b"}, "tags": ["x"]}
    second = {"aliases": {"c": "d"}, "tags": ["y"]}
    data = names.merged([first, second])
    assert data == {"aliases": {"a": "b", "c": "d"}, "tags": ["x", "y"]}
    with pytest.raises(names.NameTableError, match="given twice"):
        names.merged([first, {"aliases": {"a": "e"}}])

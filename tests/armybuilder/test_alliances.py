"""The alliance matrix and the army lists' list-building table (armybuilder/data/*.yaml).

The matrix was derived from the game system's "Historical Allies", "Convenient Allies" and
"Impossible Allies" entries by ``bench/derive_alliances.py``; these tests check its shape
(symmetric, one level per pair, names the importer creates) and pairs read by hand in the XML.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest
import yaml

from armybuilder.figures import list_alliance, list_figures
from armybuilder.list_data import ContingentData, EntryData, ListData, WarbandData
from armybuilder.rules_data import (
    DATA_DIR,
    FACTION_RULES,
    NAMED_HERO_RULES,
    Alliance,
    alliance_between,
    faction_rules,
)

LEVELS = ("historical", "convenient", "impossible")
STARTER = Path(__file__).resolve().parents[2] / "profiles" / "starter" / "armies"
# Army categories of the game system with no catalogue in the data set (see alliances.yaml).
CATEGORY_ONLY = {"Angmar", "Moria", "Númenor", "Rohan", "The Shire"}


def matrix() -> dict[str, dict[str, dict[str, list[str]]]]:
    raw: dict[str, Any] = yaml.safe_load((DATA_DIR / "alliances.yaml").read_text("utf-8"))
    return raw["armies"]


def rows() -> dict[str, dict[str, list[str]]]:
    return {name: row for side in matrix().values() for name, row in side.items()}


def catalogue_names(bsdata_dir: Path) -> set[str]:
    return {ET.parse(path).getroot().get("name", "") for path in bsdata_dir.glob("*.cat")}


def test_the_matrix_is_symmetric() -> None:
    """A pair has the same level read from either side (the game system's lowest level wins)."""
    table = rows()
    for name, row in table.items():
        for level in LEVELS:
            for other in row[level]:
                assert name in table[other][level], (name, other, level)


def test_a_pair_has_one_level_and_stays_on_its_side() -> None:
    for side, armies in matrix().items():
        for name, row in armies.items():
            others = [other for level in LEVELS for other in row[level]]
            assert len(others) == len(set(others)), name
            assert name not in others
            assert set(others) <= set(armies), (side, name)


def test_army_list_names_are_the_importers_faction_names(bsdata_dir: Path) -> None:
    """Faction.name is the catalogue name; five army lists exist only as game-system categories."""
    names = set(rows())
    assert names - catalogue_names(bsdata_dir) == CATEGORY_ONLY
    table = yaml.safe_load((DATA_DIR / "army_lists.yaml").read_text("utf-8"))["army_lists"]
    assert set(table) <= catalogue_names(bsdata_dir) | CATEGORY_ONLY


def test_every_starter_army_is_in_the_matrix() -> None:
    armies = {yaml.safe_load(p.read_text("utf-8"))["army"] for p in STARTER.glob("*.yaml")}
    assert armies == {"Minas Tirith", "Rohan", "The Fellowship", "Isengard", "Mordor", "Moria"}
    assert armies <= set(rows())


@pytest.mark.parametrize(
    ("first", "second", "level"),
    [
        # Historical Allies: "Rohan & The Fiefdoms | Lothlórien | Minas Tirith | Wildmen".
        ("Rohan", "Minas Tirith", Alliance.HISTORICAL),
        ("Minas Tirith", "Rohan", Alliance.HISTORICAL),
        ("The Fellowship", "Lothlórien", Alliance.HISTORICAL),
        ("The Easterlings", "Mordor", Alliance.HISTORICAL),
        # Convenient Allies: "Isengard & Corsairs | Easterlings | Far Harad | Mordor | ...".
        ("Mordor", "Isengard", Alliance.CONVENIENT),
        ("Moria", "Mordor", Alliance.CONVENIENT),
        ("The Kingdom of Khazad-Dûm", "Arnor", Alliance.CONVENIENT),
        # Impossible Allies: "Barad-Dûr & Angmar | ... | Variags of Khand".
        ("Barad-Dûr", "Mordor", Alliance.IMPOSSIBLE),
        ("Army of Thrór", "Minas Tirith", Alliance.IMPOSSIBLE),
        # Stated both ways, differently: the lowest level wins.
        ("Mordor", "Dark Denezins of Mirkwood", Alliance.IMPOSSIBLE),
        ("Goblin-town", "Azog's Hunters", Alliance.IMPOSSIBLE),
        # "The Kingdom of Moria & Determine Alliance Level >= 2": Impossible with every ally.
        ("The Kingdom of Moria", "Erebor Reclaimed", Alliance.IMPOSSIBLE),
        # Stated nowhere: Convenient (ASSUMPTION in alliances.yaml).
        ("Army of Lake-town", "Minas Tirith", Alliance.CONVENIENT),
        ("Beornings", "Rohan", Alliance.CONVENIENT),
        ("Rohan", "Rohan", Alliance.HISTORICAL),
    ],
)
def test_pairs_read_in_the_game_system(first: str, second: str, level: Alliance) -> None:
    assert alliance_between(first, second) is level


def test_each_level_is_present_in_numbers() -> None:
    """The derivation found 32 Historical, 193 Convenient and 232 Impossible pairs."""
    table = rows()
    counts = {level: sum(len(row[level]) for row in table.values()) // 2 for level in LEVELS}
    assert counts == {"historical": 32, "convenient": 193, "impossible": 232}


def test_named_hero_rules_name_heroes_of_another_era() -> None:
    eorl = NAMED_HERO_RULES["Eorl the Young"]
    assert "Théoden, King of Rohan" in eorl.heroes and "Minas Tirith" not in eorl.lists
    assert "Minas Tirith" in NAMED_HERO_RULES["Helm Hammerhand"].lists
    assert "Lothlórien" not in NAMED_HERO_RULES["Gil-Galad, High King of the Elves"].lists


def test_army_bonuses_and_standing_rules_are_loaded_from_the_table() -> None:
    assert faction_rules("Azog's Hunters").bonus.bow_limit == (1, 2)
    assert faction_rules("Minas Tirith").standing.bow_limit_exempt == {"Ranger of Gondor"}
    assert faction_rules("The Dead of Dunharrow").bonus.heroless_warbands[0].min_models == 8
    assert faction_rules("Barad-Dûr").bonus.captain_capacity[0].capacity == 24
    assert set(FACTION_RULES) >= set(rows())


def _contingent(ref: str, faction: str, *entries: EntryData, leader: bool = False) -> Any:
    return ContingentData(ref, faction, "good", (WarbandData(f"{ref}w0", entries, leader),))


def test_an_impossible_alliance_sets_the_engine_flags() -> None:
    """Impossible: separate break points, heroic actions and Stand Fast! within a contingent."""
    thror = EntryData("e1", "Thrór", "hero", 100, 1, "legend", captain=True)
    gondor = EntryData("e2", "Captain", "hero", 50, 1, "fortitude", captain=True)
    warriors = EntryData("e3", "Warrior", "warrior", 7, 5)
    army = ListData(
        "x",
        600,
        (
            _contingent("c0", "Army of Thrór", thror, leader=True),
            _contingent("c1", "Minas Tirith", gondor, warriors),
        ),
    )
    figures = list_figures(army)
    assert list_alliance(army) is Alliance.IMPOSSIBLE
    assert figures.separate_break_points and figures.heroic_actions_within_contingent
    assert figures.stand_fast_within_contingent and not figures.army_bonus_kept
    assert [c.break_point for c in figures.contingents] == [0.5, 3.0]


def test_a_war_beast_split_into_words_by_the_importer_is_still_one() -> None:
    """The importer splits a one-line keyword cell: "War Beast" arrives as "War", "Beast"."""
    mumak = EntryData(
        "e", "War Mûmak of Harad", "warrior", 250, keywords=frozenset({"War", "Beast"})
    )
    catapult = EntryData(
        "e", "Catapult Troll", "warrior", 180, keywords=frozenset({"Siege", "Engine"})
    )
    assert mumak.is_war_beast and not mumak.is_bow_limit_warrior
    assert catapult.is_siege_engine and not catapult.is_war_beast


def test_a_named_hero_is_found_under_the_importers_pair_names() -> None:
    """Gil-galad with Elladan & Elrohir is Impossible (game system: Impossible Allies, "Gil-Galad
    & ... Elladan & Elrohir"); the importer names the twin "Elladan (Elladan & Elrohir)".
    Without them Rivendell and Lothlórien are Historical ("Rivendell & ... Lothlórien")."""
    gil_galad = EntryData("e1", "Gil-Galad, High King of the Elves", "hero", 170, 1, "legend")
    twin = EntryData("e2", "Elladan (Elladan & Elrohir)", "hero", 160, 1, "fortitude")
    lorien = _contingent("c1", "Lothlórien", EntryData("e3", "Haldir", "hero", 60, 1, "valour"))
    alone = ListData("x", 600, (_contingent("c0", "Rivendell", gil_galad, leader=True), lorien))
    twins = ListData(
        "x", 600, (_contingent("c0", "Rivendell", gil_galad, twin, leader=True), lorien)
    )
    assert list_alliance(alone) is Alliance.HISTORICAL
    assert list_alliance(twins) is Alliance.IMPOSSIBLE


def test_good_and_evil_are_never_called_a_convenient_alliance() -> None:
    """LIST-SIDES: the figures must not say "convenient" for a list its breaches refuse."""
    gondor = EntryData("e1", "Captain", "hero", 50, 1, "fortitude", captain=True)
    orc = EntryData("e2", "Orc Captain", "hero", 40, 1, "fortitude", captain=True)
    army = ListData(
        "x",
        600,
        (
            _contingent("c0", "Minas Tirith", gondor, leader=True),
            ContingentData("c1", "Mordor", "evil", (WarbandData("c1w", (orc,)),)),
        ),
    )
    assert list_alliance(army) is Alliance.IMPOSSIBLE
    assert list_figures(army).alliance == "impossible"

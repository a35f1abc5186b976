"""Army rules of the Good factions around their leaders (rules/armies/good/leaders.py) and on
Fate (fate.py), issue 18: each test cites the BattleScribe rule id of the text it follows and
fails when the rule's unit is removed."""

from __future__ import annotations

from dataclasses import replace

import pytest

from battlesim.engines.sbg.core.hooks import Hook, HookContext, modifier
from battlesim.engines.sbg.core.state import BattleState, ModelState
from battlesim.engines.sbg.core.units import Profile, profile_from_data, profile_to_data
from battlesim.engines.sbg.rules.courage import courage_test, courage_value, stand_fast_hero
from battlesim.engines.sbg.rules.equipment import banner_in_range
from tests.engines.sbg.builders import WARRIOR, add, battle, rolls

HERO = replace(WARRIOR, name="Test Hero", keywords=WARRIOR.keywords | {"hero"})


def card(*rules: str, base: Profile = WARRIOR, **changes: object) -> Profile:
    return replace(base, rules=tuple(rules), **changes)  # type: ignore[arg-type]


def fight(state: BattleState, model: ModelState) -> int:
    return modifier(Hook.FIGHT, HookContext(state, model))


# --- +1 Fight near a named Hero ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("rule", "leader", "reach"),
    [
        ("Pride of Dol Amroth", "Prince Imrahil of Dol Amroth", 3),  # 00b3-2ac7-4fd3-57cb
        ("King's Guard", "Thranduil, King of the Woodland Realm", 3),  # 7a26-2115-ed4d-a5f1
        ("Loyal to the Captain", "Faramir, Captain of Gondor", 6),  # 84fa-cc25-3c31-532f
    ],
)
def test_plus_one_fight_within_reach_of_the_named_hero(rule: str, leader: str, reach: int) -> None:
    state = battle()
    near = add(state, "A1", 0, 10, 10 + reach, card(rule))  # edges reach - 1" apart
    far = add(state, "A2", 0, 10, 12 + reach, card(rule))  # reach + 1" apart
    add(state, "A3", 0, 10, 10, card(base=HERO, name=leader))
    assert (fight(state, near), fight(state, far)) == (1, 0)


def test_family_bond_gives_bain_courage_near_bard() -> None:
    """d417-3d07-2783-8f98: +1 Courage within 6" of Bard the Bowman."""
    state = battle()
    bain = add(state, "A1", 0, 10, 10, card("Family Bond"))
    assert courage_value(state, bain) == WARRIOR.courage
    add(state, "A2", 0, 10, 15, card(base=HERO, name="Bard the Bowman"))
    assert courage_value(state, bain) == WARRIOR.courage + 1


def test_war_aspect_takes_courage_from_enemies_within_six_inches() -> None:
    """c888-2816-d991-5866: -1 Courage to enemies within 6" of Galadriel, Lady of Light."""
    state = battle()
    add(state, "A1", 0, 10, 10, card("War Aspect", base=HERO))
    near, far = add(state, "B1", 1, 10, 15), add(state, "B2", 1, 10, 20)
    assert (courage_value(state, near), courage_value(state, far)) == (2, 3)


def test_saviour_of_lake_town_helps_bards_people_within_six_inches() -> None:
    """653e-6fc7-8417-9a0e: +1 Fight and in range of a banner."""
    state = battle()
    militia = add(state, "A1", 0, 10, 10, card(name="Lake-town Militia"))
    other = add(state, "A2", 0, 12, 10, card(name="Lake-town Guard"))
    assert fight(state, militia) == 0 and banner_in_range(state, [militia]) is None
    add(state, "A3", 0, 10, 14, card("Saviour of Lake-town", base=HERO, name="Bard the Bowman"))
    assert fight(state, militia) == 1 and banner_in_range(state, [militia]) is militia
    assert fight(state, other) == 0 and banner_in_range(state, [other]) is None


# --- "counts as being in range of a banner" -----------------------------------------------------


@pytest.mark.parametrize(
    ("carrier_rules", "carrier_name", "helped_rules", "helped_name", "reach"),
    [  # c6d1-08e9-1e40-42b8, 4e7f-19c7-086d-ff31, d4ea-e7e1-3595-95a2, 6815-a42d-f963-8c73
        (("Dol Amroth of Gondor",), "Prince Imrahil", (), "Knight of Dol Amroth", 12),
        (("Stand Men of the West!",), "Aragorn, King Elessar", (), "Warrior of Minas Tirith", 6),
        ((), "Thorin Oakenshield, King Under the Mountain", ("Du Bekar!",), "Fíli", 6),
        ((), "Angbor the Fearless", ("The Honour of Lamedon",), "Clansmen of Lamedon", 6),
    ],
)
def test_counts_as_in_range_of_a_banner(
    carrier_rules: tuple[str, ...],
    carrier_name: str,
    helped_rules: tuple[str, ...],
    helped_name: str,
    reach: int,
) -> None:
    state = battle()
    near = add(state, "A1", 0, 10, 10 + reach, card(*helped_rules, name=helped_name))
    far = add(state, "A2", 0, 10, 12 + reach, card(*helped_rules, name=helped_name))
    add(state, "A3", 0, 10, 10, card(*carrier_rules, base=HERO, name=carrier_name))
    assert banner_in_range(state, [near]) is near
    assert banner_in_range(state, [far]) is None


def test_kings_knights_count_as_in_banner_range_only_mounted() -> None:
    """9376-8315-78d7-5f49: mounted Mirkwood Cavalry within 6" of Thranduil."""
    state = battle()
    data = {**profile_to_data(card("King's Knights")), "options": ["horse"]}
    rider = add(state, "A1", 0, 10, 15, profile_from_data(data))
    walker = add(state, "A2", 0, 14, 10, card("King's Knights"))
    add(state, "A3", 0, 10, 10, card(base=HERO, name="Thranduil, King of the Woodland Realm"))
    assert banner_in_range(state, [rider]) is rider
    assert banner_in_range(state, [walker]) is None


def test_allies_til_the_end_near_aragorn_banner_and_courage() -> None:
    """be61-41fc-de63-6d1f: Haldir within 12" of Aragorn or Théoden."""
    state = battle([1, 1])
    haldir = add(state, "A1", 0, 10, 10, card("Allies 'til the End", base=HERO))
    assert banner_in_range(state, [haldir]) is None
    add(state, "A2", 0, 10, 20, card(base=HERO, name="Aragorn"))
    assert banner_in_range(state, [haldir]) is haldir
    assert courage_test(state, haldir, "test") and rolls(state) == []


# --- Courage --------------------------------------------------------------------------------------


def test_lord_of_the_iron_hills_passes_courage_for_iron_hills_dwarves() -> None:
    """6c77-908c-1b8d-a0a9: Iron Hills Dwarves within 12" of Dáin pass every Courage test."""
    iron = frozenset({"dwarf", "iron", "hills", "infantry", "warrior"})
    state = battle([1, 1, 1, 1])
    add(state, "A1", 0, 10, 10, card("Lord of the Iron Hills", base=HERO))
    dwarf = add(state, "A2", 0, 10, 20, card(keywords=iron))
    man = add(state, "A3", 0, 12, 20)
    assert courage_test(state, dwarf, "test") and rolls(state) == []
    assert not courage_test(state, man, "test")


def test_chief_of_lamedon_makes_clansmen_fearless() -> None:
    """d235-3a1e-9144-d4e3: Clansmen of Lamedon within 6" of Angbor."""
    state = battle([1, 1])
    add(state, "A1", 0, 10, 10, card("Chief of Lamedon", base=HERO))
    clansman = add(state, "A2", 0, 10, 15, card(name="Clansmen of Lamedon"))
    assert courage_test(state, clansman, "test") and rolls(state) == []


def test_lead_by_example_rerolls_failed_courage_of_dwarves() -> None:
    """48ce-8822-7309-3a81: Dwarves within 12" of a Shieldbearer re-roll failed tests:
    1+1+3 fails, 3+4+3 passes."""
    dwarf_kw = frozenset({"dwarf", "infantry", "warrior"})
    state = battle([1, 1, 3, 4])
    add(state, "A1", 0, 10, 10, card("Lead by Example", base=HERO, keywords=dwarf_kw | {"hero"}))
    dwarf = add(state, "A2", 0, 10, 20, card(keywords=dwarf_kw))
    assert courage_test(state, dwarf, "test") and len(rolls(state)) == 2
    other = battle([1, 1, 3, 4])
    lone = add(other, "A2", 0, 10, 20, card(keywords=dwarf_kw))
    assert not courage_test(other, lone, "test")


# --- Stand Fast! --------------------------------------------------------------------------------


def rallied(rules: tuple[str, ...], warrior: Profile, distance: float) -> ModelState | None:
    state = battle()
    hero = add(state, "A1", 0, 10, 10, card(*rules, base=HERO))
    hero.tested = True
    model = add(state, "A2", 0, 10, 10 + distance, warrior)
    return stand_fast_hero(state, model)


@pytest.mark.parametrize(
    "rule",  # 9529-19d2-06fc-2ad4, 0c42-e2ce-3ea6-f94c, 54eb-7f23-c900-2a30, c36f-6359-2d29-d586
    ["Lord of Lorien", "The Lineage of Númenor", "Lord of Dale", "The King in the North"],
)
def test_stand_fast_of_twelve_inches(rule: str) -> None:
    assert rallied((rule,), WARRIOR, 11) is not None
    assert rallied((rule,), WARRIOR, 14) is None
    assert rallied((), WARRIOR, 11) is None  # COUR-SF-02: 6"


def test_high_king_of_the_elves_rallies_elf_heroes_within_twelve() -> None:
    """c21f-8ff9-ea02-e187."""
    elf_hero = card(base=HERO, keywords=frozenset({"elf", "hero", "infantry"}))
    assert rallied(("High King of the Elves",), elf_hero, 11) is not None
    assert rallied(("High King of the Elves",), HERO, 5) is None
    assert rallied((), elf_hero, 5) is None


def test_voice_of_curunir_rallies_heroes() -> None:
    """bd1f-b7cc-dff2-2b07."""
    assert rallied(("Voice of Curunír",), HERO, 11) is not None


def test_king_under_the_mountain_and_durins_heir_reach_any_range() -> None:
    """b967-f8f3-dd45-3545 (Erebor Dwarves), 4657-440a-6569-1d32 (every Dwarf)."""
    erebor = card(base=HERO, keywords=frozenset({"dwarf", "erebor", "hero", "infantry"}))
    iron = card(keywords=frozenset({"dwarf", "infantry", "warrior"}))
    assert rallied(("King Under the Mountain",), erebor, 30) is not None
    assert rallied(("King Under the Mountain",), iron, 30) is None
    assert rallied(("Durin's Heir",), iron, 30) is not None
    assert rallied((), iron, 30) is None

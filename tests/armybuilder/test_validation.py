"""Matched-play validation over plain list data: one case per rule id, both ways."""

from __future__ import annotations

from dataclasses import replace

from armybuilder.figures import list_figures
from armybuilder.list_data import ContingentData, EntryData, ListData, OptionPick, WarbandData
from armybuilder.rules_data import Alliance
from armybuilder.validation import list_alliance, validate


def hero(name: str, tier: str, points: int = 60, **extra: object) -> EntryData:
    return EntryData(f"e:{name}", name, "hero", points, 1, tier, captain=True, might=2, **extra)


def warriors(name: str, count: int, points: int = 8, **extra: object) -> EntryData:
    return EntryData(f"e:{name}", name, "warrior", points, count, **extra)


def army(
    *warbands: tuple[EntryData, ...],
    faction: str = "Minas Tirith",
    limit: int = 600,
    side: str = "good",
) -> ListData:
    bands = tuple(
        WarbandData(f"w{i}", entries, is_army_leader=(i == 0)) for i, entries in enumerate(warbands)
    )
    return ListData("Test", limit, (ContingentData("c0", faction, side, bands),))


def rule_ids(data: ListData) -> list[str]:
    return [breach.rule_id for breach in validate(data)]


def test_a_legal_list_has_no_breach() -> None:
    data = army((hero("Captain", "fortitude"), warriors("Warrior", 12)))
    assert validate(data) == []


def test_points_over_the_limit_are_a_breach() -> None:
    data = army((hero("Captain", "valour", points=100), warriors("Knight", 12, points=42)))
    assert rule_ids(data) == ["LIST-POINTS"]
    assert "604 points" in validate(data)[0].message


def test_good_and_evil_never_mix() -> None:
    good = army((hero("Captain", "fortitude"),))
    evil = ContingentData("c1", "Mordor", "evil", (WarbandData("w9", (hero("Orc", "fortitude"),)),))
    data = replace(good, contingents=(*good.contingents, evil))
    assert "LIST-SIDES" in rule_ids(data)


def test_warband_capacity_follows_the_captains_tier() -> None:
    for tier, capacity in [("legend", 18), ("valour", 15), ("fortitude", 12), ("minor", 6)]:
        leader = (hero("Leader", "legend"),)
        assert rule_ids(army(leader, (hero("H", tier), warriors("W", capacity)))) == []
        over = army(leader, (hero("H", tier), warriors("W", capacity + 1)))
        assert rule_ids(over) == ["WARBAND-CAPACITY"], tier


def test_an_independent_hero_joins_another_warband_as_a_follower() -> None:
    wanderer = replace(hero("Wanderer", "independent"), captain=False)
    data = army((hero("Captain", "fortitude"), wanderer, warriors("W", 11)))
    assert rule_ids(data) == []
    full = army((hero("Captain", "fortitude"), wanderer, warriors("W", 12)))
    assert rule_ids(full) == ["WARBAND-CAPACITY"]


def test_an_independent_hero_leads_a_warband_of_none() -> None:
    data = army((hero("Captain", "fortitude"),), (hero("Wanderer", "independent"),))
    assert rule_ids(data) == []
    data = army(
        (hero("Captain", "fortitude"),), (hero("Wanderer", "independent"), warriors("W", 1))
    )
    assert rule_ids(data) == ["WARBAND-CAPACITY"]


def test_other_heroes_cannot_be_followers() -> None:
    follower = replace(hero("Second", "minor"), captain=False)
    assert rule_ids(army((hero("Captain", "valour"), follower))) == ["WARBAND-HERO-FOLLOWER"]


def test_a_warband_needs_one_hero_captain() -> None:
    assert rule_ids(army((hero("Captain", "valour"),), (warriors("W", 3),))) == ["WARBAND-CAPTAIN"]
    two = army((hero("A", "valour"), hero("B", "valour")))
    assert "WARBAND-CAPTAIN" in rule_ids(two)


def test_the_leader_is_of_the_highest_tier_and_not_minor() -> None:
    data = army((hero("Small", "fortitude"),), (hero("Great", "legend"),))
    assert rule_ids(data) == ["LIST-LEADER-TIER"]
    assert rule_ids(army((hero("Great", "legend"),), (hero("Small", "fortitude"),))) == []
    assert rule_ids(army((hero("Minor", "minor"),))) == ["LIST-LEADER-TIER"]


def test_exactly_one_leader() -> None:
    data = army((hero("A", "valour"),), (hero("B", "valour"),))
    both = replace(
        data,
        contingents=(
            replace(
                data.contingents[0],
                warbands=tuple(
                    replace(w, is_army_leader=True) for w in data.contingents[0].warbands
                ),
            ),
        ),
    )
    assert rule_ids(both) == ["LIST-LEADER"]


def test_named_heroes_appear_at_most_once() -> None:
    faramir = hero("Faramir", "valour", unique=True)
    data = army((faramir,), (replace(faramir, ref="e:again"),))
    assert rule_ids(data) == ["LIST-UNIQUE"]


def test_bow_limit_is_a_third_of_warriors_rounded_up_heroes_not_counted() -> None:
    archer_hero = hero("Captain", "valour", wargear=("Bow",))
    bows = warriors("Archer", 5, options=(OptionPick("Bow", 1),))
    legal = army((archer_hero, bows, warriors("Spear", 8)))  # 13 warriors -> limit 5
    assert rule_ids(legal) == []
    over = army((archer_hero, replace(bows, count=6), warriors("Spear", 7)))
    assert rule_ids(over) == ["CONTINGENT-BOWS"]
    assert list_figures(over).contingents[0].bow_limit == 5


def test_crossbows_count_and_throwing_weapons_do_not() -> None:
    assert warriors("X", 1, wargear=("Crossbow",)).has_bow
    assert warriors("X", 1, wargear=("Elf bow",)).has_bow
    assert not warriors("X", 1, wargear=("Throwing spears",)).has_bow


def test_an_allied_contingent_needs_a_hero_of_the_right_tier() -> None:
    main = army((hero("Captain", "valour"),))
    weak = ContingentData(
        "c1", "The Rangers", "good", (WarbandData("w9", (hero("Minor", "minor"),)),)
    )
    data = replace(main, contingents=(*main.contingents, weak))
    assert list_alliance(data) is Alliance.CONVENIENT
    assert rule_ids(data) == ["CONTINGENT-ALLY-HERO"]
    strong = replace(weak, warbands=(WarbandData("w9", (hero("Prince", "valour"),)),))
    assert rule_ids(replace(main, contingents=(*main.contingents, strong))) == []


def test_siege_engines_need_a_hero_of_fortitude_each() -> None:
    engine = warriors("Trebuchet", 1, points=100, keywords=frozenset({"Siege Engine"}))
    assert rule_ids(army((hero("Captain", "fortitude"), engine))) == []
    assert rule_ids(army((hero("Captain", "fortitude"), replace(engine, count=2)))) == [
        "CONTINGENT-SIEGE"
    ]


def test_an_option_the_profile_lacks_is_a_breach() -> None:
    bad = warriors("W", 2, options=(OptionPick("Dragon", 50, legal=False),))
    assert rule_ids(army((hero("Captain", "valour"), bad))) == ["ENTRY-OPTION"]


def test_figures_points_models_break_and_quarter_points_might() -> None:
    data = army(
        (
            hero("Captain", "valour", points=50),
            warriors("W", 12, points=9, options=(OptionPick("Shield", 1),)),
        ),
        (hero("Other", "fortitude", points=40),),
    )
    figures = list_figures(data)
    assert figures.points == 50 + 12 * 10 + 40
    assert figures.models == 14
    assert figures.break_point == 7.0 and figures.quarter_point == 3.5
    assert figures.might == 4
    assert figures.warbands[0].followers == 12 and figures.warbands[0].capacity == 15


def test_the_great_beasts_howdah_crew_do_not_count_towards_the_bow_limit() -> None:
    """Battle Platform (BSData a988-7d0d-7682-e8bd): "Models within the Great Beasts' Howdah
    do not count towards your force's Bow Limit": nine bow-armed Orc Warriors of its howdah
    beside six warriors (15 warriors: limit 5) count no bow in Mordor; the same bows on plain
    Orc Warriors breach the limit."""
    beast = hero("Great Beast of Gorgoroth", "fortitude", keywords=("War", "Beast"))
    crew = warriors("Orc Warrior (Great Beast of Gorgoroth)", 9, wargear=("Orc bow",))
    howdah = army((beast, crew, warriors("Orc Warrior", 6)), faction="Mordor", side="evil")
    assert "CONTINGENT-BOWS" not in rule_ids(howdah)
    plain = replace(crew, name="Orc Warrior", ref="e:plain")
    afoot = army((beast, plain, warriors("Orc Warrior", 6)), faction="Mordor", side="evil")
    assert "CONTINGENT-BOWS" in rule_ids(afoot)
    figures = list_figures(howdah).contingents[0], list_figures(afoot).contingents[0]
    assert [(f.bows, f.bow_limit) for f in figures] == [(0, 5), (9, 5)]

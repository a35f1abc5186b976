"""The four example army lists shipped with the starter data, checked against matched play."""

from __future__ import annotations

import math
from collections import Counter

import pytest

from profiles.importers.starter import (
    Kind,
    StarterArmy,
    StarterDataError,
    StarterList,
    StarterListEntry,
    StarterProfile,
    StarterWarband,
    starter_list_points,
    starter_lists_read,
    starter_read,
)
from profiles.models import HeroicTier, Side

# Matched Play Guide (2018): followers a captain of each tier may lead (PROF-04, 002:L135-137
# leaves the numbers to the competitive book); an Independent Hero leads none.
WARBAND_SIZE = {
    HeroicTier.LEGEND: 18,
    HeroicTier.VALOUR: 15,
    HeroicTier.FORTITUDE: 12,
    HeroicTier.MINOR: 6,
    HeroicTier.INDEPENDENT: 0,
}
TIER_RANK = {tier: rank for rank, tier in enumerate(WARBAND_SIZE)}  # 0 is the highest

DATA = starter_read()
LISTS = starter_lists_read()


def _army(army_list: StarterList) -> StarterArmy:
    army = DATA.army(army_list.army)
    assert army is not None, f"{army_list.file}: no army list {army_list.army!r}"
    return army


def _profile(army: StarterArmy, entry: StarterListEntry) -> StarterProfile:
    profile = army.profile(entry.profile)
    assert profile is not None, f"{army.name} has no profile {entry.profile!r}"
    return profile


def _carries_bow(profile: StarterProfile, entry: StarterListEntry) -> bool:
    """Bows, crossbows and longbows count; throwing weapons do not (MSL-THROW-04, 002:L2148)."""
    return any(item.lower().endswith("bow") for item in (*profile.wargear, *entry.options))


def test_it_ships_two_good_and_two_evil_lists() -> None:
    sides = Counter(_army(army_list).side for army_list in LISTS)
    assert sides == {Side.GOOD: 2, Side.EVIL: 2}


@pytest.mark.parametrize("army_list", LISTS, ids=lambda army_list: army_list.name)
def test_every_profile_and_option_named_exists(army_list: StarterList) -> None:
    """PROF-01 and PROF-07 (002:L123-125, L147-149): entries name a full profile and its options."""
    army = _army(army_list)
    for entry in army_list.entries():
        profile = _profile(army, entry)
        for name, taken in Counter(entry.options).items():
            option = profile.option(name)
            assert option is not None, f"{profile.name} has no option {name!r}"
            assert taken <= option.max_count


@pytest.mark.parametrize("army_list", LISTS, ids=lambda army_list: army_list.name)
def test_the_list_costs_about_600_points_and_no_more(army_list: StarterList) -> None:
    """PROF-02/PROF-07 (002:L127-129, L147-149): profile points plus each option taken."""
    total = starter_list_points(army_list, _army(army_list))
    assert army_list.points_limit == 600
    assert 550 <= total <= army_list.points_limit


@pytest.mark.parametrize("army_list", LISTS, ids=lambda army_list: army_list.name)
def test_captains_are_heroes_and_warbands_fit_their_tier(army_list: StarterList) -> None:
    """Matched play 2018: Legend 18, Valour 15, Fortitude 12, Minor 6 followers, warriors only."""
    army = _army(army_list)
    for warband in army_list.warbands:
        captain = _profile(army, warband.captain)
        assert captain.kind == Kind.HERO and captain.tier is not None
        followers = [(_profile(army, entry), entry.count) for entry in warband.followers]
        assert all(profile.kind == Kind.WARRIOR for profile, _ in followers)
        assert sum(count for _, count in followers) <= WARBAND_SIZE[captain.tier], captain.name


@pytest.mark.parametrize("army_list", LISTS, ids=lambda army_list: army_list.name)
def test_the_leader_is_a_hero_of_the_highest_tier(army_list: StarterList) -> None:
    """Matched play 2018: the army's leader is one hero of the highest tier in the list."""
    army = _army(army_list)
    tiers = [_profile(army, warband.captain).tier for warband in army_list.warbands]
    leader = tiers[0]
    assert leader is not None and leader != HeroicTier.INDEPENDENT
    assert all(TIER_RANK[leader] <= TIER_RANK[tier] for tier in tiers if tier is not None)


@pytest.mark.parametrize("army_list", LISTS, ids=lambda army_list: army_list.name)
def test_no_more_than_a_third_of_the_warriors_carry_bows(army_list: StarterList) -> None:
    """Matched play 2018 bow limit (002:L2148 refers to it): a third of warriors, rounded up."""
    army = _army(army_list)
    warriors = bows = 0
    for entry in army_list.entries():
        profile = _profile(army, entry)
        if profile.kind == Kind.WARRIOR:
            warriors += entry.count
            bows += entry.count if _carries_bow(profile, entry) else 0
    assert bows <= math.ceil(warriors / 3)


@pytest.mark.parametrize("army_list", LISTS, ids=lambda army_list: army_list.name)
def test_a_named_hero_appears_once(army_list: StarterList) -> None:
    army = _army(army_list)
    named = Counter(entry.profile for entry in army_list.entries() if _profile(army, entry).unique)
    assert all(count == 1 for count in named.values()), named


def _one_warband(army: str, captain: StarterListEntry, *followers: StarterListEntry) -> StarterList:
    warband = StarterWarband(captain=captain, followers=followers)
    return StarterList("lists/test.yaml", "test", army, 600, "", (warband,))


def test_the_points_of_a_list_count_every_option_per_model() -> None:
    """PROF-02/PROF-07 (002:L127-129, L147-149): Boromir (160) with a shield (+5) and
    8 Warriors of Minas Tirith (7) with shields (+1 each) cost 160 + 5 + 8 x 8 = 229."""
    army = DATA.army("Minas Tirith")
    assert army is not None
    boromir = StarterListEntry("Boromir, Captain of the White Tower", 1, ("Shield",))
    warriors = StarterListEntry("Warrior of Minas Tirith", 8, ("Shield",))
    assert starter_list_points(_one_warband("Minas Tirith", boromir, warriors), army) == 229


def test_an_unknown_option_in_a_list_is_refused() -> None:
    army = DATA.army("Mordor")
    assert army is not None
    captain = StarterListEntry("Orc Captain", 1, ("Balrog whip",))
    with pytest.raises(StarterDataError, match="Balrog whip"):
        starter_list_points(_one_warband("Mordor", captain), army)

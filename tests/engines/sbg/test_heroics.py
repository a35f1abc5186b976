"""Heroes' pools and the Fate save (checklist §9, HERO-FATE-*, seed 002:L1768-1780)."""

from __future__ import annotations

import pytest

from battlesim.engines.sbg.courage import courage_test
from battlesim.engines.sbg.coverage import profile_coverage
from battlesim.engines.sbg.heroics import HeroPoolError, Pool, spend
from tests.engines.sbg.builders import add, battle, profile

HERO = profile(name="Test Hero", wounds=2, might=2, will=1, fate=2, keywords=frozenset({"hero"}))


def test_pools_start_from_profile_and_never_go_below_zero() -> None:
    """HERO-MIGHT-01 (002:L1506): a Hero's store of points is spent, never overdrawn."""
    state = battle()
    hero = add(state, "h", 0, 10, 10, HERO)
    assert (hero.might, hero.will, hero.fate) == (2, 1, 2)
    spend(hero, Pool.MIGHT, 2)
    assert hero.might == 0
    with pytest.raises(HeroPoolError):
        spend(hero, Pool.MIGHT)
    assert hero.might == 0


def test_hero_fate_01_four_plus_ignores_the_wound() -> None:
    """HERO-FATE-01 (002:L1768-1770): spend 1 Fate, roll a D6, 4-6 ignores the wound."""
    state = battle([4])
    hero = add(state, "h", 0, 10, 10, profile(**{**_hero_one_wound()}))
    state.wound(hero, "test")
    assert hero.alive and hero.wounds == 1 and hero.fate == 1


def test_hero_fate_02_points_spent_one_at_a_time() -> None:
    """HERO-FATE-02 (002:L1772-1774): a failed roll may be followed by another point."""
    state = battle([3, 5])
    hero = add(state, "h", 0, 10, 10, profile(**_hero_one_wound()))
    state.wound(hero, "test")
    assert hero.alive and hero.fate == 0
    fates = [e for e in state.log.events if e.kind == "fate"]
    assert [(e.data["die"], e.data["saved"]) for e in fates] == [(3, False), (5, True)]


def test_hero_fate_all_rolls_fail_the_hero_is_slain() -> None:
    """HERO-FATE-02 (002:L1772-1774): when every Fate roll fails the wound stands."""
    state = battle([1, 3])
    hero = add(state, "h", 0, 10, 10, profile(**_hero_one_wound()))
    state.wound(hero, "test")
    assert not hero.alive and hero.fate == 0


def test_fate_default_policy_keeps_fate_for_a_slaying_wound() -> None:
    """HERO-FATE-01 "may spend": with Wounds to spare the default policy keeps its Fate."""
    state = battle([])
    hero = add(state, "h", 0, 10, 10, HERO)
    state.wound(hero, "test")
    assert hero.wounds == 1 and hero.fate == 2


def test_coverage_reports_hero_pools_as_played() -> None:
    """HERO-FATE-01, HERO-WILL-04, HERO-MIGHT-02: Fate, Will and Might on dice are played."""
    cover = profile_coverage(HERO)
    assert {"fate (heroic)", "will (heroic)", "might (heroic)"} <= set(cover.implemented)
    assert not any("heroic" in name for name in cover.ignored)


def _hero_one_wound() -> dict[str, object]:
    return {"name": "Test Hero", "wounds": 1, "fate": 2, "keywords": frozenset({"hero"})}


def test_hero_will_04_will_turns_a_failed_courage_test_into_a_pass() -> None:
    """HERO-WILL-04 (002:L1756-1760): Nori, Courage 5, rolls 3+1 = 9, spends 1 Will -> 10."""
    state = battle([3, 1])
    nori = add(state, "n", 0, 10, 10, profile(courage=5, will=1, keywords=frozenset({"hero"})))
    assert courage_test(state, nori, "test")
    assert nori.will == 0


def test_hero_will_04_will_kept_when_it_cannot_cover_the_shortfall() -> None:
    """HERO-WILL-04 (002:L1756): 1+1+5 = 7 needs 3 Will; with 1 the test fails, Will kept."""
    state = battle([1, 1])
    hero = add(state, "n", 0, 10, 10, profile(courage=5, will=1, keywords=frozenset({"hero"})))
    assert not courage_test(state, hero, "test")
    assert hero.will == 1

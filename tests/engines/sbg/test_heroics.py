"""Heroes' pools and the Fate save (checklist §9, HERO-FATE-*, seed 002:L1768-1780)."""

from __future__ import annotations

from typing import Any

import pytest

from battlesim.engines.sbg.coverage import profile_coverage
from battlesim.engines.sbg.phases.end import run_end_phase
from battlesim.engines.sbg.policies.players import HeuristicPlayer
from battlesim.engines.sbg.rules.courage import broken_test, courage_test
from battlesim.engines.sbg.rules.falling import fall
from battlesim.engines.sbg.rules.heroics import FATE_POLICY
from battlesim.engines.sbg.rules.might import MightAsk
from battlesim.engines.sbg.rules.pools import HeroPoolError, Pool, spend
from battlesim.engines.sbg.rules.will import cast, resist
from tests.engines.sbg.builders import add, battle, players, profile

HERO_KW = frozenset({"man", "infantry", "hero"})

HERO = profile(name="Test Hero", wounds=2, might=2, will=1, fate=2, keywords=frozenset({"hero"}))


def test_pools_start_from_profile_and_never_go_below_zero() -> None:
    """HERO-MIGHT-01, CHAR-MWF-01 (002:L1506, L104-106): a Hero's Might, Will and Fate
    start from its profile and are spent, never overdrawn."""
    state = battle()
    hero = add(state, "h", 0, 10, 10, HERO)
    assert (hero.might, hero.will, hero.fate) == (2, 1, 2)
    spend(state, hero, Pool.MIGHT, 2)
    assert hero.might == 0
    with pytest.raises(HeroPoolError):
        spend(state, hero, Pool.MIGHT)
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


# --- HERO-01, HERO-MWF-01, HERO-FATE-03..06, HERO-WILL-01 ------------------------------------


def test_hero_01_only_models_with_the_hero_keyword_have_pools() -> None:
    """HERO-01, CHAR-MWF-01 (002:L1481-1483, L104): a Hero (keyword Hero) has Might, Will and
    Fate; a Warrior has none of them even if its data carried some."""
    state = battle()
    warrior = add(state, "w", 0, 10, 10, profile(might=2, will=2, fate=2))
    hero = add(state, "h", 0, 12, 10, HERO)
    assert not warrior.profile.is_hero and (warrior.might, warrior.will, warrior.fate) == (0, 0, 0)
    assert hero.profile.is_hero and (hero.might, hero.will, hero.fate) == (2, 1, 2)


def test_hero_mwf_01_points_are_spent_and_not_replenished() -> None:
    """HERO-MWF-01 (002:L1487-1502): Boromir's 6 Might, 3 Will, 3 Fate; points spent stay
    spent through the End phase and the next turn."""
    state = battle()
    boromir = add(state, "b", 0, 10, 10, profile(might=6, will=3, fate=3, keywords=HERO_KW))
    assert (boromir.might, boromir.will, boromir.fate) == (6, 3, 3)
    spend(state, boromir, Pool.MIGHT, 2)
    spend(state, boromir, Pool.FATE)
    run_end_phase(state)
    boromir.reset_turn()
    assert (boromir.might, boromir.will, boromir.fate) == (4, 3, 2)


def test_hero_fate_03_ex_01_kili_three_plus_one_might_is_saved() -> None:
    """HERO-FATE-03, HERO-FATE-EX-01, HERO-FATE-06 (002:L1776, L1792-1794): Kili's Fate roll
    of 3 plus 1 Might makes 4: the wound is ignored; Might is decided before a second Fate
    point is spent (only one Fate point is used)."""
    state = battle([3])
    state.players = players()
    kili = add(state, "k", 0, 10, 10, profile(wounds=1, might=1, fate=2, keywords=HERO_KW))
    state.wound(kili, "shot by an Orc Hunter")
    assert kili.alive and (kili.might, kili.fate) == (0, 1)
    (fate,) = state.log.of_kind("fate")
    assert (fate.data["die"], fate.data["score"], fate.data["saved"]) == (3, 4, True)


def test_hero_fate_04_one_save_stops_a_whole_multi_wound_blow() -> None:
    """HERO-FATE-04 (002:L1778): against a blow dealing 2 Wounds (Mighty Blow) one successful
    Fate roll prevents both; a failed one lets both through."""
    state = battle([4, 2])
    hero = add(state, "h", 0, 10, 10, profile(wounds=3, fate=1, keywords=HERO_KW))
    other = add(state, "o", 0, 12, 10, profile(wounds=3, fate=1, keywords=HERO_KW))
    FATE_POLICY.put(state, lambda model, count: True)  # spend on every blow
    state.wound(hero, "mighty blow", count=2)
    state.wound(other, "mighty blow", count=2)
    assert hero.wounds == 3 and other.wounds == 1


def test_hero_fate_04_instant_kill_needs_a_fate_save_per_blow() -> None:
    """HERO-FATE-04 (002:L1778): an instant kill (Morgul blade) is a blow of all the model's
    Wounds: the default policy spends Fate on it even at full Wounds; two blows need two
    successful rolls."""
    state = battle([5, 6])
    hero = add(state, "h", 0, 10, 10, profile(wounds=3, fate=2, keywords=HERO_KW))
    state.wound(hero, "morgul blade", count=hero.wounds)
    state.wound(hero, "morgul blade", count=hero.wounds)
    assert hero.alive and hero.wounds == 3 and hero.fate == 0
    state2 = battle([5, 1])
    frodo = add(state2, "f", 0, 10, 10, profile(wounds=2, fate=2, keywords=HERO_KW))
    state2.wound(frodo, "morgul blade", count=frodo.wounds)
    state2.wound(frodo, "morgul blade", count=frodo.wounds)
    assert not frodo.alive


def test_hero_fate_05_fate_saves_a_fall_but_never_a_failed_courage_test() -> None:
    """HERO-FATE-05 (002:L1780): Fate cancels any wound (a fall's S3 hit here), but a Hero
    fleeing a failed Broken test is removed whatever its Fate."""
    state = battle([6, 5])  # fall hit: 6 wounds D4; Fate roll 5 saves it
    hero = add(state, "h", 0, 10, 10, profile(wounds=1, fate=1, keywords=HERO_KW))
    fall(state, hero, 1.5, "test")  # 1.5" drop for a 1.2" Man: one S3 hit
    assert hero.alive and hero.fate == 0
    state = battle([1, 1])
    coward = add(state, "c", 0, 10, 10, profile(wounds=1, fate=3, courage=1, keywords=HERO_KW))
    state.broken[0] = True
    assert not broken_test(state, coward)
    assert not coward.alive and coward.fate == 3


def test_hero_fate_06_grinnah_saves_the_first_blow_and_dies_to_the_second() -> None:
    """HERO-FATE-06 (002:L1784-1790): Thorin wounds Grinnah twice; his one Fate roll (4)
    saves the first (which would have cost D3 Wounds); the second blow of 3 Wounds kills."""
    state = battle([4])
    grinnah = add(state, "g", 1, 10, 10, profile(wounds=3, fate=1, keywords=HERO_KW))
    FATE_POLICY.put(state, lambda model, count: True)
    state.wound(grinnah, "orcrist", count=2)
    assert grinnah.wounds == 3 and grinnah.fate == 0
    state.wound(grinnah, "orcrist", count=3)
    assert not grinnah.alive


def test_hero_will_01_will_is_spent_only_on_what_the_engine_plays() -> None:
    """HERO-WILL-01 (002:L1744): Will is spent casting, resisting or on Courage tests; with no
    magical powers in play, only a failed Courage test takes Will (a passed one keeps it)."""
    state = battle([6, 6, 1, 1])
    hero = add(state, "h", 0, 10, 10, profile(courage=3, will=3, keywords=HERO_KW))
    assert courage_test(state, hero, "passed") and hero.will == 3
    assert not courage_test(state, hero, "failed by 5") and hero.will == 3


def test_hero_will_02_casting_points_are_dice_chosen_before_rolling() -> None:
    """HERO-WILL-02, MAGIC-CAST-01, MAGIC-CAST-02 (002:L1748, L2321-2323): 2 Will = 2 dice
    (2, 4) for a 5+ power: not cast, the Will is spent; 1 Might raises the 4 to 5: cast.
    (The heuristic keeps its last Might for the Duels: a player that spends it is used.)"""
    state = battle([2, 4, 2, 4])
    caster = add(state, "s", 0, 10, 10, profile(will=4, might=1, keywords=HERO_KW))
    assert cast(state, caster, 2, 5) == 0 and caster.will == 2
    state.players = (_SpendsMight(), _SpendsMight())
    assert cast(state, caster, 2, 5) == 5 and (caster.will, caster.might) == (0, 0)


class _SpendsMight(HeuristicPlayer):
    """Spends the Might a roll needs whenever it can (HERO-MIGHT-02)."""

    def spend_might(self, state: Any, model: Any, ask: MightAsk) -> int:
        return ask.cost if ask.cost <= min(ask.budget, ask.room) else 0


def test_hero_will_03_resisting_ties_resist_and_natural_sixes_refund() -> None:
    """HERO-WILL-03, MAGIC-RES-01, MAGIC-RES-02 (002:L1752, L2327-2329): casting 5: a 5 ties
    and resists; a natural 6 resists and refunds its Will point; 3 and 4 fail."""
    state = battle([3, 5, 6, 3, 4])
    hero = add(state, "h", 0, 10, 10, profile(will=5, keywords=HERO_KW))
    assert resist(state, hero, 2, 5) and hero.will == 3
    assert resist(state, hero, 1, 5) and hero.will == 3
    assert not resist(state, hero, 2, 5) and hero.will == 1


class _Declines(HeuristicPlayer):
    """Answers No to Will on Courage; spends Fate exactly when ``fate`` says."""

    def __init__(self, fate: bool = False) -> None:
        self.fate = fate

    def will_on_courage(self, state: Any, model: Any, shortfall: int) -> bool:
        return False

    def spend_fate(self, state: Any, model: Any, count: int, policy: Any) -> bool:
        return self.fate


def test_hero_will_04_the_player_may_keep_its_will() -> None:
    """HERO-WILL-04 (002:L1756: « peut dépenser »): Nori's 3+1 would pass with his 1 Will,
    but his player keeps it: the test fails and the Will stays."""
    state = battle([3, 1])
    state.players = (_Declines(), HeuristicPlayer())
    nori = add(state, "n", 0, 10, 10, profile(courage=5, will=1, keywords=frozenset({"hero"})))
    assert not courage_test(state, nori, "test")
    assert nori.will == 1


def test_hero_fate_01_the_player_decides_whether_to_spend_fate() -> None:
    """HERO-FATE-01/02 (002:L1768: « le joueur la contrôlant peut décider de dépenser des
    points de Destin »): a blow that would slay the Hero, its player declines: it is slain
    with its Fate kept. A blow that leaves it a Wound, the player spends Fate (a 5 saves),
    where the default policy would not."""
    state = battle([5])
    state.players = (_Declines(fate=False), HeuristicPlayer())
    hero = add(state, "h", 0, 10, 10, profile(**_hero_one_wound()))
    state.wound(hero, "test")
    assert not hero.alive and hero.fate == 2
    state.players = (_Declines(fate=True), HeuristicPlayer())
    tough = add(state, "t", 0, 20, 10, HERO)
    state.wound(tough, "test")
    assert tough.wounds == 2 and tough.fate == 1

"""Good army rules of terrain, Stealth, Broken tests, a last blow and a Dwarf's fury
(issue 18): each test cites the BattleScribe rule id and fails without the rule's unit."""

from __future__ import annotations

from dataclasses import replace

from battlesim.engines.sbg.core.hooks import Hook, HookContext, modifier
from battlesim.engines.sbg.core.state import Phase, Removal
from battlesim.engines.sbg.core.table import WATER
from battlesim.engines.sbg.core.units import Profile
from battlesim.engines.sbg.rules.courage import courage_test
from battlesim.engines.sbg.rules.crossing import _test_die
from battlesim.engines.sbg.rules.equipment import stealthy
from battlesim.engines.sbg.rules.fighting import strike
from battlesim.engines.sbg.rules.might import MightRoll
from battlesim.engines.sbg.rules.terrain_rules import open_features
from tests.engines.sbg.builders import BASE_GAP, WARRIOR, add, battle, rolls

HERO = replace(WARRIOR, name="Test Hero", might=0, will=0, fate=0)
HERO = replace(HERO, keywords=WARRIOR.keywords | {"hero"})


def card(*rules: str, base: Profile = WARRIOR, **changes: object) -> Profile:
    return replace(base, rules=tuple(rules), **changes)  # type: ignore[arg-type]


def test_spectral_walk_crosses_water_as_open_ground() -> None:
    """0708-707c-1396-1b40."""
    state = battle()
    ghost, man = add(state, "A1", 0, 10, 10, card("Spectral Walk")), add(state, "A2", 0, 20, 10)
    assert WATER in open_features(state, ghost) and WATER not in open_features(state, man)


def test_stalk_unseen_is_stealth() -> None:
    """9e98-f137-8fe8-8fea: the text of SR-STEALTH (002:L2763)."""
    state = battle()
    wose, man = add(state, "A1", 0, 10, 10, card("Stalk Unseen")), add(state, "A2", 0, 20, 10)
    assert stealthy(wose) and not stealthy(man)


def test_venerable_keeps_the_lower_of_two_dice() -> None:
    """8761-a9ab-e2e6-3726: a 5 and a 1: the 1 stands."""
    state = battle([5, 1])
    dain = add(state, "A1", 0, 10, 10, card("Venerable"))
    assert _test_die(state, dain, "leap", MightRoll.LEAP) == 1
    plain = battle([5, 1])
    assert _test_die(plain, add(plain, "A1", 0, 10, 10), "leap", MightRoll.LEAP) == 5


def test_onwards_men_of_esgaroth_skips_broken_tests_near_a_fighting_hero() -> None:
    """3fbf-ddf3-60a1-f486: only the test for being Broken."""
    state = battle([1, 1])
    militia = add(state, "A1", 0, 10, 10, card("Onwards, Men of Esgaroth"))
    hero = add(state, "A2", 0, 12, 10, card(base=HERO, keywords=HERO.keywords | {"lake-town"}))
    add(state, "B1", 1, 12 + BASE_GAP, 10)
    assert state.engaged(hero)
    assert courage_test(state, militia, "broken") and rolls(state) == []
    assert not courage_test(state, militia, "terror")


def test_one_final_blow_strikes_each_engaged_foe_at_strength_four() -> None:
    """4314-b03f-d887-cc1a: S4 v D4 wounds on 4: both foes in contact fall."""
    state = battle([4, 4])
    haldir = add(state, "A1", 0, 10, 10, card("One Final Blow", base=HERO, strength=3))
    foes = [add(state, "B1", 1, 10 + BASE_GAP, 10), add(state, "B2", 1, 10 - BASE_GAP, 10)]
    state.remove(haldir, Removal.SLAIN, "struck by B1")
    assert not any(foe.alive for foe in foes)
    assert all("S4" in purpose for purpose, _ in rolls(state))


def test_dwarven_fury_trades_fight_for_rerolls_to_wound() -> None:
    """cb49-a87a-ad88-5ddb: -D3 Fight (a 2), then a failed 3 re-rolled to a 5 (S3 v D4)."""
    state = battle([2, 3, 5])
    dwalin = add(state, "A1", 0, 10, 10, card("Dwarven Fury", base=HERO, fight=5))
    orc = add(state, "B1", 1, 10 + BASE_GAP, 10, card(fight=6))
    state.phase = Phase.FIGHT
    assert modifier(Hook.FIGHT, HookContext(state, dwalin)) == -2
    strike(state, dwalin, orc, trapped=False)
    assert not orc.alive


def test_dwarven_fury_is_not_taken_against_a_weaker_lone_foe() -> None:
    state = battle([3])
    dwalin = add(state, "A1", 0, 10, 10, card("Dwarven Fury", base=HERO, fight=5))
    orc = add(state, "B1", 1, 10 + BASE_GAP, 10, card(fight=3))
    state.phase = Phase.FIGHT
    assert modifier(Hook.FIGHT, HookContext(state, dwalin)) == 0
    strike(state, dwalin, orc, trapped=False)
    assert orc.alive and len(rolls(state)) == 1

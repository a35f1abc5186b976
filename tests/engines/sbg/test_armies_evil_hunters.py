"""Evil army rules II (issue 19): Azog, Bolg, the Keeper of the Dungeons and long Stand Fast!
rules, from the BattleScribe rule text cited by its rule id; each test fails when the rule's
unit is removed."""

from __future__ import annotations

from dataclasses import replace

from battlesim.engines.sbg.core.hooks import HookContext
from battlesim.engines.sbg.core.rerolls import Reroll, Roll, allowed
from battlesim.engines.sbg.core.state import Removal, Tick, tick
from battlesim.engines.sbg.core.units import Profile
from battlesim.engines.sbg.rules.courage import stand_fast_hero
from battlesim.engines.sbg.rules.fighting import strike
from tests.engines.sbg.builders import BASE_GAP, WARRIOR, add, battle

ORC = replace(WARRIOR, name="Test Orc", keywords=frozenset({"orc", "infantry", "warrior"}))
ORC_HERO = replace(
    ORC, name="Orc Hero", might=1, will=1, fate=1, keywords=frozenset({"orc", "infantry", "hero"})
)


def _with(base: Profile, *rules: str, **changes: object) -> Profile:
    return replace(base, rules=tuple(rules), **changes)  # type: ignore[arg-type]


def test_i_am_master_wounds_an_enemy_hero_on_a_three() -> None:
    """BSData cf41-3d7d-f9a1-2c6d: against an enemy Hero Azog never needs more than 3+ To
    Wound: S5 v D7 needs 5 on the chart, a 3 wounds the Hero; a D7 Warrior is not wounded."""
    azog = _with(ORC_HERO, "I am Master (Active)", strength=5)
    hero = replace(
        WARRIOR, defence=7, wounds=2, might=0, will=0, fate=0, keywords=ORC_HERO.keywords
    )
    state = battle([3])
    a = add(state, "A", 1, 10, 10, azog)
    h = add(state, "H", 0, 10 + BASE_GAP, 10, hero)
    strike(state, a, h, trapped=False)
    assert h.wounds == 1
    other = battle([3])
    a = add(other, "A", 1, 10, 10, azog)
    w = add(other, "W", 0, 10 + BASE_GAP, 10, replace(WARRIOR, defence=7))
    strike(other, a, w, trapped=False)
    assert w.alive


def _rally(general: Profile, rallied: Profile, gap: float) -> bool:
    state = battle()
    g = add(state, "G", 1, 10, 10, general)
    g.tested = True
    m = add(state, "M", 1, 10 + BASE_GAP + gap, 10, rallied)
    return stand_fast_hero(state, m) is g


def test_general_of_the_north_rallies_orc_heroes_at_twelve_inches() -> None:
    """BSData 4eb8-8e91-0002-3183: Azog's Stand Fast! reaches 12" and other Orc Heroes."""
    azog = _with(ORC_HERO, "General of the North (Active)")
    assert _rally(azog, ORC, 10.0)
    assert _rally(azog, ORC_HERO, 10.0)
    assert not _rally(azog, ORC, 13.0)
    assert not _rally(ORC_HERO, ORC, 10.0) and not _rally(ORC_HERO, ORC_HERO, 1.0)


def test_lord_of_dunland_and_ascendant_stand_fast_at_twelve_inches() -> None:
    """BSData aa51-6bab-49f4-a122, f61b-eecb-fff2-66b9: Stand Fast! of 12" (Warriors only)."""
    for rule in ("Lord of Dunland (Active)", "Ascendant (Passive)"):
        lord = _with(ORC_HERO, rule)
        assert _rally(lord, ORC, 11.0)
        assert not _rally(lord, ORC_HERO, 1.0)


def test_morgul_arrows_wound_on_a_one_at_each_later_turn_start() -> None:
    """BSData f7ad-7c37-9819-7eec: a model wounded by the carrier's shot and not slain rolls a
    D6 at the start of each later turn; a 1 wounds it (a 2 does not)."""
    state = battle([2, 1])
    bolg = add(state, "B", 1, 10, 10, _with(ORC_HERO, "Morgul Arrows (Passive)"))
    foe = add(state, "F", 0, 20, 10, replace(WARRIOR, wounds=3))
    state.wound(foe, f"shot by {bolg.uid}")
    tick(state, Tick.TURN_START)  # the same turn: no roll
    assert foe.wounds == 2
    for turn in (2, 3):
        state.turn = turn
        tick(state, Tick.TURN_START)
    assert foe.wounds == 1


def test_the_bringer_of_death_causes_terror_after_two_kills() -> None:
    """BSData 88e5-eae5-235c-5714: two enemies slain: Terror; five: Harbinger of Evil."""
    state = battle()
    bolg = add(state, "B", 1, 10, 10, _with(ORC_HERO, "The Bringer of Death (Active)"))
    foes = [add(state, f"F{i}", 0, 20, 5 + 2 * i, WARRIOR) for i in range(5)]
    state.remove(foes[0], Removal.SLAIN, "struck by B")
    assert "terror" not in bolg.triggers
    state.remove(foes[1], Removal.SLAIN, "struck by B")
    assert "terror" in bolg.triggers and "harbinger of evil" not in bolg.triggers
    for foe in foes[2:]:
        state.remove(foe, Removal.SLAIN, "struck by B")
    assert "harbinger of evil" in bolg.triggers


def test_torturer_rerolls_grow_with_kills() -> None:
    """BSData f074-c36f-3068-4fbe: one kill: re-roll To Wound 1s; three: Terror; five:
    re-roll every failed To Wound roll."""
    state = battle()
    keeper = add(state, "K", 1, 10, 10, _with(ORC_HERO, "Torturer (Active)"))
    foes = [add(state, f"F{i}", 0, 20, 5 + 2 * i, WARRIOR) for i in range(5)]
    context = HookContext(state, keeper)
    assert allowed(Roll.TO_WOUND_IN_COMBAT, context) is Reroll.NONE
    state.remove(foes[0], Removal.SLAIN, "struck by K")
    assert allowed(Roll.TO_WOUND_IN_COMBAT, context) is Reroll.ONES
    for foe in foes[1:]:
        state.remove(foe, Removal.SLAIN, "struck by K")
    assert "terror" in keeper.triggers
    assert allowed(Roll.TO_WOUND_IN_COMBAT, context) is Reroll.FAILED


def test_the_price_of_failure_azog_passes_and_hunters_reroll() -> None:
    """BSData The Price of Failure: the army Broken, Yazneg touching Azog as the Move phase
    starts: Yazneg is removed, Azog passes his Broken test without rolling, his Stand Fast!
    reaches 30" away, and Hunter Orcs re-roll failed Courage tests."""
    from dataclasses import replace

    from battlesim.engines.sbg.core.hooks import Hook as H
    from battlesim.engines.sbg.core.hooks import HookContext, modifier
    from battlesim.engines.sbg.core.rerolls import Reroll, Roll, allowed
    from battlesim.engines.sbg.core.state import Phase, Tick, tick
    from battlesim.engines.sbg.rules.courage import broken_test
    from tests.engines.sbg.builders import WARRIOR, add, battle

    hero = replace(WARRIOR, might=1, will=1, fate=1, keywords=frozenset({"orc", "hero"}))
    state = battle()
    azog = add(state, "A", 1, 10, 10, replace(hero, name="Azog"))
    yazneg = add(
        state, "Y", 1, 20, 10, replace(hero, name="Yazneg", rules=("The Price of Failure",))
    )
    state.set_position(yazneg, (10 + azog.radius + yazneg.radius, 10))
    hunter = add(state, "H", 1, 40, 10, replace(WARRIOR, name="Hunter Orc"))
    state.broken[1] = True
    state.phase = Phase.MOVE
    tick(state, Tick.PHASE_START)
    assert not yazneg.alive
    assert broken_test(state, azog) and azog.tested
    assert modifier(H.STAND_FAST_REACH, HookContext(state, azog, hunter)) >= 30
    assert allowed(Roll.COURAGE, HookContext(state, hunter)) is Reroll.FAILED

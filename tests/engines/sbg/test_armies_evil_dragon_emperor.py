"""Evil army rules (issue 19): the Dragon Emperor of Rhûn (the Easterlings) from the
BattleScribe text (Emperor of the Easterlings, Royal Palanquin, The Emperor's Glaive), each
with scripted dice; each test fails when the rule's unit is removed."""

from __future__ import annotations

from dataclasses import replace

from battlesim.engines.sbg.rules import fighting
from battlesim.engines.sbg.rules.allowance import allowance
from battlesim.engines.sbg.rules.armies.evil.dragon_emperor import palanquin_wounds
from battlesim.engines.sbg.rules.courage import stand_fast_hero
from battlesim.engines.sbg.rules.fight_stances import may_shield
from battlesim.engines.sbg.rules.fighting import winners_strike
from battlesim.engines.sbg.rules.kinds import unshifted
from battlesim.engines.sbg.rules.magic.harm import push_away
from battlesim.engines.sbg.rules.monsters.core import knock_prone
from battlesim.engines.sbg.rules.shooting import shoot
from battlesim.engines.sbg.rules.special_strikes import SpecialStrike, eligible
from tests.engines.sbg.builders import BASE_GAP, WARRIOR, add, battle, players

EASTERLING = replace(WARRIOR, keywords=frozenset({"man", "easterling", "infantry", "warrior"}))
EMPEROR = replace(
    WARRIOR,
    name="The Dragon Emperor of Rhûn",
    fight=6,
    strength=4,
    defence=7,
    attacks=1,
    wounds=3,
    courage=6,
    might=3,
    will=3,
    fate=0,
    keywords=frozenset({"man", "easterling", "infantry", "hero"}),
    wargear=("spear", "elven-made", "the emperor's glaive", "royal palanquin"),
    rules=("Emperor of the Easterlings",),
)


def _set_palanquin(model: object, wounds: int) -> None:
    from battlesim.engines.sbg.rules.armies.evil.dragon_emperor import _WOUNDS

    _WOUNDS.of(model)[0] = wounds  # type: ignore[arg-type]


def test_emperor_of_the_easterlings_stand_fast_reaches_every_easterling() -> None:
    """BSData c14b-a374-8358-4044: friendly Easterlings (Heroes too) benefit from his Stand
    Fast! regardless of range; a non-Easterling beyond 6" does not."""
    state = battle([])
    emperor = add(state, "D", 1, 10, 10, EMPEROR)
    emperor.tested = True
    far = add(state, "W", 1, 10, 40, EASTERLING)
    hero = add(state, "H", 1, 30, 40, replace(EASTERLING, keywords=EMPEROR.keywords, name="C"))
    orc = add(state, "O", 1, 40, 10, replace(WARRIOR, keywords=frozenset({"orc", "infantry"})))
    assert stand_fast_hero(state, far) is emperor
    assert stand_fast_hero(state, hero) is emperor
    assert stand_fast_hero(state, orc) is None


def test_royal_palanquin_takes_shots_on_one_to_four_the_emperor_on_five() -> None:
    """BSData afef-13ba-9bbd-9fc7: a shot hitting him, In The Way: 1-4 the Palanquin (the
    S2 bow against its Defence 6: a 6 wounds it), 5+ the Dragon Emperor (S2 v D7: a 1
    fails)."""
    state = battle([4, 3, 6, 4, 5, 1])
    emperor = add(state, "D", 1, 10, 10, EMPEROR)
    archer = add(state, "A", 0, 10, 20, replace(WARRIOR, wargear=("bow",)))
    shoot(state, archer, emperor)
    assert palanquin_wounds(emperor) == 5 and emperor.wounds == 3
    shoot(state, archer, emperor)
    assert palanquin_wounds(emperor) == 5 and emperor.wounds == 3
    assert state.log.of_kind("roll")[-1].data["purpose"].startswith("to wound A->D")


def test_royal_palanquin_slows_at_two_wounds_and_stops_at_one() -> None:
    """BSData afef-13ba-9bbd-9fc7: 3 or more Wounds: Move as normal; 2: 3"; 1: no move."""
    state = battle([])
    emperor = add(state, "D", 1, 10, 10, EMPEROR)
    assert allowance(state, emperor) == 6
    _set_palanquin(emperor, 2)
    assert allowance(state, emperor) == 3
    _set_palanquin(emperor, 1)
    assert allowance(state, emperor) == 0


def test_royal_palanquin_strikes_once_per_wound_left_after_the_emperor() -> None:
    """BSData afef-13ba-9bbd-9fc7: winning the Duel, after his own Strike (a 1), the
    Palanquin makes as many S3 Strikes as its Wounds (6): 5, 5, 5 wound a D4 model."""
    state = battle([1, 5, 5, 5, 1, 1, 1])
    emperor = add(state, "D", 1, 10, 10, EMPEROR)
    victim = add(state, "V", 0, 10, 10 + BASE_GAP, replace(WARRIOR, wounds=9))
    winners_strike(state, players()[1], [emperor], [victim], set())
    assert victim.wounds == 6


def test_royal_palanquin_never_prone_nor_hurled_nor_pushed_but_by_a_siege_engine() -> None:
    """BSData afef-13ba-9bbd-9fc7: never knocked Prone, but by a Siege Engine's direct hit;
    not Hurled nor Barged; not moved by Sorcerous Blast or Call Winds."""
    state = battle([])
    emperor = add(state, "D", 1, 10, 10, EMPEROR)
    caster = add(state, "C", 0, 10, 16)
    knock_prone(state, emperor, "sorcerous blast")
    assert not emperor.prone
    assert unshifted(emperor)
    assert push_away(state, emperor, caster, 4.0, "call winds") is None
    assert emperor.position == (10, 10)
    knock_prone(state, emperor, "siege engine T")
    assert emperor.prone


def test_royal_palanquin_leaves_a_black_dragon_per_wound_when_he_falls() -> None:
    """BSData afef-13ba-9bbd-9fc7: slain whilst riding it (Palanquin at 4 Wounds), 4 Black
    Dragons are placed within its footprint."""
    state = battle([])
    emperor = add(state, "D", 1, 10, 10, EMPEROR)
    _set_palanquin(emperor, 4)
    state.wound(emperor, "struck by X", count=3)
    dragons = [m for m in state.living(1) if m.profile.name == "Black Dragon"]
    assert len(dragons) == 4
    assert all(state.distance(m, emperor) <= 3.0 for m in dragons)


def test_the_emperors_glaive_feints_shields_and_never_supports_on_the_palanquin() -> None:
    """BSData b092-46a5-709f-5086: an Elven-made spear that may Feint; Shielding without a
    shield; no supporting whilst on the Palanquin (he may once it is gone)."""
    state = battle([])
    emperor = add(state, "D", 1, 10, 10, EMPEROR)
    plain = add(state, "S", 1, 30, 30, replace(EASTERLING, wargear=("spear",)))
    assert SpecialStrike.FEINT in eligible(emperor, 3)
    assert eligible(plain, 3) == []
    assert may_shield([emperor]) and not may_shield([plain])
    friend = add(state, "F", 1, 10 + BASE_GAP, 10, EASTERLING)
    assert not fighting._may_support(state, emperor, friend)
    _set_palanquin(emperor, 0)
    assert fighting._may_support(state, emperor, friend)


def test_palanquin_standards_and_in_the_name_of_the_dragon_emperor() -> None:
    """BSData d415-71d7-fe20-0d0f (Standards of the Emperor): the Palanquin is a banner of
    12" range; 9298-2abb-9593-fae1 (In the Name of the Dragon Emperor): Easterling Warriors
    within 6" that see it have +1 Fight. Gone with the Palanquin."""
    from battlesim.engines.sbg.rules import characteristics
    from battlesim.engines.sbg.rules.equipment import banner_in_range

    state = battle([])
    emperor = add(state, "D", 1, 10, 10, EMPEROR)
    near = add(state, "N", 1, 10, 14, EASTERLING)
    far = add(state, "F", 1, 10, 21, EASTERLING)
    beyond = add(state, "B", 1, 10, 30, EASTERLING)
    assert characteristics.fight_value(state, near) == EASTERLING.fight + 1
    assert characteristics.fight_value(state, far) == EASTERLING.fight
    assert banner_in_range(state, [far]) is emperor
    assert banner_in_range(state, [beyond]) is None
    _set_palanquin(emperor, 0)
    assert characteristics.fight_value(state, near) == EASTERLING.fight
    assert banner_in_range(state, [far]) is None

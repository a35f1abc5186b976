"""Evil army rules XI (issue 19): Isengard's Dunlending heroes and Berserkers, from the
BattleScribe rule text cited by name; each test fails when the rule's unit is removed."""

from __future__ import annotations

from dataclasses import replace

from battlesim.engines.sbg.core.hooks import HookContext
from battlesim.engines.sbg.core.permissions import May, permitted
from battlesim.engines.sbg.core.rerolls import Reroll, Roll, allowed
from battlesim.engines.sbg.core.state import Phase, Tick, tick
from battlesim.engines.sbg.core.units import Profile
from battlesim.engines.sbg.rules import characteristics
from battlesim.engines.sbg.rules.cavalry import start_fight
from battlesim.engines.sbg.rules.heroic_actions import HEROIC_DEFENCE, free_by_rule
from tests.engines.sbg.builders import WARRIOR, add, battle

DUNLENDING = replace(WARRIOR, keywords=frozenset({"man", "dunlending", "infantry", "warrior"}))
HERO = replace(DUNLENDING, might=1, will=1, fate=1, keywords=DUNLENDING.keywords | {"hero"})


def _with(base: Profile, *rules: str, **changes: object) -> Profile:
    return replace(base, rules=tuple(rules), **changes)  # type: ignore[arg-type]


def _touch(state, a, b) -> None:  # type: ignore[no-untyped-def]
    state.set_position(b, (a.x + a.radius + b.radius, a.y))


def test_ironskin_heroic_defence_is_free_against_an_enemy_hero() -> None:
    """BSData Ironskin: engaged with an enemy Hero at the Fight phase, Heroic Defence free;
    against a Warrior it is not."""
    state = battle()
    gorulf = add(state, "G", 1, 10, 10, _with(HERO, "Ironskin"))
    foe = add(state, "H", 0, 20, 10, replace(WARRIOR, keywords=frozenset({"man", "hero"})))
    _touch(state, gorulf, foe)
    state.phase = Phase.FIGHT
    assert free_by_rule(state, gorulf, HEROIC_DEFENCE)
    other = battle()
    plain = add(other, "G", 1, 10, 10, _with(HERO, "Ironskin"))
    warrior = add(other, "W", 0, 20, 10)
    _touch(other, plain, warrior)
    other.phase = Phase.FIGHT
    assert not free_by_rule(other, plain, HEROIC_DEFENCE)


def test_go_for_the_horse_rerolls_against_mounts_within_three_inches() -> None:
    """BSData Go for the Horse!: Frída and Dunlendings within 3" re-roll failed To Wound
    rolls against mounts; not against a rider, nor a Dunlending 5" away."""
    state = battle()
    add(state, "F", 1, 10, 10, _with(HERO, "Go for the Horse!"))
    near = add(state, "N", 1, 12, 10, DUNLENDING)
    far = add(state, "X", 1, 16, 10, DUNLENDING)
    foe = add(state, "R", 0, 30, 10)
    mount = {"at_mount": True}
    assert allowed(Roll.TO_WOUND_IN_COMBAT, HookContext(state, near, foe, mount)) is Reroll.FAILED
    assert allowed(Roll.TO_WOUND_IN_COMBAT, HookContext(state, near, foe, {})) is Reroll.NONE
    assert allowed(Roll.TO_WOUND_IN_COMBAT, HookContext(state, far, foe, mount)) is Reroll.NONE


def test_readied_stance_denies_the_charge_bonus() -> None:
    """BSData Readied Stance: a charging lancer gets no charge bonus against Frída."""
    rider = replace(WARRIOR, rules=("Monstrous Charge",))  # charge bonuses without a mount card
    state = battle()
    frida = add(state, "F", 0, 10, 10, _with(HERO, "Readied Stance"))
    horse = add(state, "C", 1, 20, 10, rider)
    horse.charged = True
    start_fight(state, [frida, horse])
    assert not horse.charge_bonus
    plain = battle()
    man = add(plain, "F", 0, 10, 10, HERO)
    lancer = add(plain, "C", 1, 20, 10, rider)
    lancer.charged = True
    start_fight(plain, [man, lancer])
    assert lancer.charge_bonus


def test_bloodoath_makes_wild_men_near_fearless_and_die_for_saruman_isengard() -> None:
    """BSData Bloodoath: friendly Wild Men of Dunland within 6" are Fearless; We Will Die
    For Saruman: they have the Isengard keyword from the first turn."""
    state = battle()
    add(state, "O", 1, 10, 10, _with(HERO, "Bloodoath", "We Will Die For Saruman"))
    wild = add(state, "W", 1, 13, 10, replace(DUNLENDING, name="Wild Man of Dunland"))
    far = add(state, "X", 1, 30, 10, replace(DUNLENDING, name="Wild Man of Dunland"))
    assert permitted(May.PASS_COURAGE_UNTESTED, HookContext(state, wild))
    assert not permitted(May.PASS_COURAGE_UNTESTED, HookContext(state, far))
    tick(state, Tick.TURN_START)
    assert "isengard" in far.profile.keywords and "isengard" in far.triggers


def test_impervious_to_bow_fire_is_defence_six_against_shots_only() -> None:
    """BSData Impervious to Bow-fire: Defence 6 against a shot; 5 against a strike."""
    state = battle()
    berserker = add(state, "B", 1, 10, 10, _with(WARRIOR, "Impervious to Bow-fire", defence=5))
    assert characteristics.defence_value(state, berserker, missile=True) == 6
    assert characteristics.defence_value(state, berserker) == 5

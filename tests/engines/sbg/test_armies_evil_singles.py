"""Evil army rules IX (issue 19): single heroes' and warriors' rules through general
extension points (natural dice, shots hitting on 6s, Stealth denied, never unarmed), from the
BattleScribe rule text; each test fails when the rule's unit is removed."""

from __future__ import annotations

from dataclasses import replace

from battlesim.engines.sbg.core import effects
from battlesim.engines.sbg.core.hooks import HookContext
from battlesim.engines.sbg.core.state import Phase, Tick, tick
from battlesim.engines.sbg.core.units import Profile
from battlesim.engines.sbg.rules import characteristics
from battlesim.engines.sbg.rules.courage import courage_value
from battlesim.engines.sbg.rules.shooting import only_sixes_hit
from battlesim.engines.sbg.rules.will import cast
from tests.engines.sbg.builders import WARRIOR, add, battle

HERO = replace(WARRIOR, might=1, will=3, fate=0, keywords=frozenset({"man", "infantry", "hero"}))


def _with(base: Profile, *rules: str, **changes: object) -> Profile:
    return replace(base, rules=tuple(rules), **changes)  # type: ignore[arg-type]


def test_clouds_of_birds_are_hit_only_on_a_natural_six() -> None:
    """BSData Clouds of Birds: shooting attacks only ever hit a Crebain on a natural 6."""
    state = battle()
    crebain = add(state, "C", 1, 10, 10, _with(WARRIOR, "Clouds of Birds"))
    other = add(state, "W", 1, 20, 10)
    assert only_sixes_hit(state, crebain) and not only_sixes_hit(state, other)


def test_executioner_a_natural_six_to_wound_deals_d3_wounds() -> None:
    """BSData Executioner: a natural 6 To Wound: D3 Wounds (a 5: 3), after Fate; a 5 To
    Wound (which wounds D4 at S4... here S3 v D4 needs 5) deals one."""
    from battlesim.engines.sbg.rules.fighting import strike

    state = battle([6, 5, 5])
    headsman = add(state, "H", 1, 10, 10, _with(HERO, "Executioner"))
    troll = add(state, "T", 0, 11.0, 10, replace(WARRIOR, wounds=5))
    strike(state, headsman, troll, trapped=False)
    assert troll.wounds == 2
    strike(state, headsman, troll, trapped=False)
    assert troll.wounds == 1


def test_twin_blades_give_two_attacks_and_steely_nerve_two_courage_against_terror() -> None:
    """BSData Twin Blades: Attacks 2; Steely Nerve: +2 Courage to charge a Terror-causing
    enemy, none for another test."""
    state = battle()
    watcher = add(state, "W", 1, 10, 10, _with(WARRIOR, "Steely Nerve", wargear=("twin blades",)))
    assert characteristics.attacks_base(state, watcher) == 2
    assert courage_value(state, watcher, "terror") == WARRIOR.courage + 2
    assert courage_value(state, watcher, "broken") == WARRIOR.courage


def test_strangler_is_never_unarmed() -> None:
    """BSData Strangler: Gollum, with no hand weapon, is never unarmed (no -1 penalties)."""
    state = battle()
    gollum = add(state, "G", 1, 10, 10, _with(WARRIOR, "Strangler", wargear=("unarmed",)))
    bare = add(state, "B", 1, 20, 10, replace(WARRIOR, wargear=("unarmed",)))
    assert "unarmed" not in gollum.triggers and "unarmed" in bare.triggers


def test_sorcerous_adept_regains_a_will_point_on_a_natural_six() -> None:
    """BSData Sorcerous Adept: a natural 6 on his Casting test gives one Will point back."""
    state = battle([6, 6])
    brorgir = add(state, "B", 1, 10, 10, _with(HERO, "Sorcerous Adept"))
    cast(state, brorgir, 1, 4)
    assert brorgir.will == 3
    plain = add(state, "P", 1, 20, 10, HERO)
    cast(state, plain, 1, 4)
    assert plain.will == 2


def test_pall_of_darkness_shots_hit_him_and_friends_within_six_only_on_sixes() -> None:
    """BSData Pall of Darkness: a Will point at the Move phase's start (an enemy archer
    near); until the End phase shots hit him or friends within 6" only on a 6."""
    state = battle()
    lord = add(state, "L", 1, 10, 10, _with(HERO, "Pall of Darkness"))
    friend = add(state, "F", 1, 14, 10)
    far = add(state, "X", 1, 30, 10)
    add(state, "A", 0, 10, 30, replace(WARRIOR, wargear=("bow",)))
    state.phase = Phase.MOVE
    tick(state, Tick.PHASE_START)
    assert lord.will == 2
    assert only_sixes_hit(state, lord) and only_sixes_hit(state, friend)
    assert not only_sixes_hit(state, far)
    effects.end(state, lambda e: True)
    assert not only_sixes_hit(state, lord)
    assert HookContext(state, lord).model is lord

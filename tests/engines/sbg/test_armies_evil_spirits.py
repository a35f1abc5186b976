"""Evil army rules VII (issue 19): Will spent as Fate (the Castellans, the Undying, the
Necromancer) and the Castellans' Automatons, from the BattleScribe rule text cited by its
rule id; each test fails when the rule's unit is removed."""

from __future__ import annotations

from dataclasses import replace

from battlesim.engines.sbg.core.units import Profile
from battlesim.engines.sbg.rules.courage import stand_fast_hero
from tests.engines.sbg.builders import BASE_GAP, WARRIOR, add, battle

SPIRIT = replace(
    WARRIOR, might=0, will=2, fate=0, keywords=frozenset({"spirit", "infantry", "hero"})
)


def _with(base: Profile, *rules: str, **changes: object) -> Profile:
    return replace(base, rules=tuple(rules), **changes)  # type: ignore[arg-type]


def test_will_of_the_necromancer_spends_will_as_fate() -> None:
    """BSData 5821-b35d-d774-5109: Will used as Fate: a slaying Wound, a Will point and a 4
    saves it; the same Castellan without the rule falls."""
    state = battle([4])
    castellan = add(state, "C", 1, 10, 10, _with(SPIRIT, "Will of the Necromancer (Passive)"))
    state.wound(castellan, "struck by X")
    assert castellan.alive and castellan.will == 1
    plain = battle([4])
    other = add(plain, "C", 1, 10, 10, SPIRIT)
    plain.wound(other, "struck by X")
    assert not other.alive


def test_eternal_willpower_fails_on_a_three_and_tries_again() -> None:
    """BSData 6c28-b644-45a2-b608: one point and one D6 at a time: 3 fails, 5 saves."""
    state = battle([3, 5])
    undying = add(state, "U", 1, 10, 10, _with(SPIRIT, "Eternal Willpower (Passive)"))
    state.wound(undying, "struck by X")
    assert undying.alive and undying.will == 0


def test_automatons_give_no_stand_fast_to_warriors() -> None:
    """BSData c08d-effe-bf79-774d: Castellans do not grant their Stand Fast! to Warriors."""
    state = battle()
    castellan = add(state, "C", 1, 10, 10, _with(SPIRIT, "Automatons (Passive)"))
    castellan.tested = True
    warrior = add(state, "W", 1, 10 + BASE_GAP, 10, WARRIOR)
    assert stand_fast_hero(state, warrior) is None
    plain = battle()
    hero = add(plain, "C", 1, 10, 10, SPIRIT)
    hero.tested = True
    near = add(plain, "W", 1, 10 + BASE_GAP, 10, WARRIOR)
    assert stand_fast_hero(plain, near) is hero


def test_unnatural_speed_places_the_shadow_up_to_three_inches_nearer() -> None:
    """BSData Unnatural Speed: once Priority is rolled he is placed within 3" of where he
    was (toward the enemy), never touching it; this is not a move. Without the rule he
    stays."""
    from battlesim.engines.sbg.core.state import Phase, Tick, tick

    state = battle()
    shadow = add(state, "S", 1, 10, 10, _with(SPIRIT, "Unnatural Speed"))
    add(state, "E", 0, 20, 10)
    state.phase = Phase.PRIORITY
    tick(state, Tick.PHASE_END)
    assert abs(shadow.x - 13.0) < 1e-6 and not shadow.moved
    plain = battle()
    other = add(plain, "S", 1, 10, 10, SPIRIT)
    add(plain, "E", 0, 20, 10)
    plain.phase = Phase.PRIORITY
    tick(plain, Tick.PHASE_END)
    assert other.x == 10


def test_spiritual_displacement_puts_one_knight_beside_the_other() -> None:
    """BSData Spiritual Displacement: the Knight far from the enemy is placed in base
    contact with the other (which stands near it), not touching an enemy."""
    from battlesim.engines.sbg.core.state import Phase, Tick, tick

    state = battle()
    near = add(state, "N", 1, 30, 10, _with(SPIRIT, "Spiritual Displacement"))
    far = add(state, "F", 1, 2, 40, _with(SPIRIT, "Spiritual Displacement"))
    add(state, "E", 0, 36, 10)
    state.phase = Phase.PRIORITY
    tick(state, Tick.PHASE_END)
    gap = ((far.x - near.x) ** 2 + (far.y - near.y) ** 2) ** 0.5 - far.radius - near.radius
    assert abs(gap) < 0.02 and state.contacts(far) == []

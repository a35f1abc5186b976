"""Evil army rules X (issue 19): single Mordor heroes (Razgûsh, the Tainted, Kardûsh, the
Knight of Umbar), from the BattleScribe rule text cited by name; each test fails when the
rule's unit is removed."""

from __future__ import annotations

from dataclasses import replace

from battlesim.engines.sbg.core.hooks import HookContext
from battlesim.engines.sbg.core.overrides import Stat
from battlesim.engines.sbg.core.permissions import May, permitted
from battlesim.engines.sbg.core.state import Phase, Tick, tick
from battlesim.engines.sbg.core.units import Profile, profile_from_data, profile_to_data
from battlesim.engines.sbg.rules import characteristics
from battlesim.engines.sbg.rules.combats import Combat
from battlesim.engines.sbg.rules.fighting import _elven_sides, strike
from battlesim.engines.sbg.rules.magic.will_of_evil import _wear_away
from tests.engines.sbg.builders import WARRIOR, add, battle

HERO = replace(WARRIOR, might=1, will=3, fate=0, keywords=frozenset({"orc", "infantry", "hero"}))
WRAITH = replace(
    HERO, will=6, keywords=frozenset({"spirit", "ringwraith", "mordor", "infantry", "hero"})
)


def _with(base: Profile, *rules: str, **changes: object) -> Profile:
    return replace(base, rules=tuple(rules), **changes)  # type: ignore[arg-type]


def _gear(base: Profile, *wargear: str) -> Profile:
    return profile_from_data({**profile_to_data(base), "wargear": list(wargear)})


def _touch(state, a, b) -> None:  # type: ignore[no-untyped-def]
    state.set_position(b, (a.x + a.radius + b.radius, a.y))


def test_elfbane_deals_d3_wounds_to_an_elf() -> None:
    """BSData Elfbane: a Strike that wounds an Elf (a 5 v D4) deals D3 Wounds (a 5: 3)."""
    state = battle([5, 5])
    razgush = add(state, "R", 1, 10, 10, _with(HERO, "Elfbane"))
    elf = add(state, "E", 0, 11, 10, replace(WARRIOR, wounds=3, keywords=frozenset({"elf"})))
    strike(state, razgush, elf, trapped=False)
    assert not elf.alive


def test_bone_breaker_denies_the_elven_made_bonus() -> None:
    """BSData Bone-breaker: enemies fighting Razgûsh get no Elven-made weapon bonus."""
    state = battle()
    razgush = add(state, "R", 1, 10, 10, _gear(HERO, "Bone-breaker"))
    elf = add(state, "E", 0, 20, 10, _gear(WARRIOR, "Elven-made Sword"))
    _touch(state, razgush, elf)
    assert _elven_sides(Combat(razgush, [elf])) == frozenset()
    plain = battle()
    orc = add(plain, "R", 1, 10, 10, _gear(HERO, "Mace"))
    other = add(plain, "E", 0, 20, 10, _gear(WARRIOR, "Elven-made Sword"))
    _touch(plain, orc, other)
    assert _elven_sides(Combat(orc, [other])) == frozenset({0})


def test_armour_of_the_sundered_land_spares_will_after_a_won_fight() -> None:
    """BSData Armour of the Sundered Land: he loses Will for a fight only when he lost it;
    a Ringwraith without it loses one."""
    state = battle()
    knight = add(
        state, "K", 1, 10, 10, _gear(_with(WRAITH, "Will of Evil"), "Armour of the Sundered Land")
    )
    other = add(state, "W", 1, 20, 10, _with(WRAITH, "Will of Evil"))
    knight.fought = other.fought = True
    state.phase = Phase.FIGHT
    _wear_away(state)
    assert knight.will == 6 and other.will == 5


def test_seeping_decay_wounds_a_touching_model_on_a_six() -> None:
    """BSData Seeping Decay: a D6 per non-Spirit model in base contact: 6 wounds, 5 not."""
    state = battle([6, 5])
    tainted = add(state, "T", 1, 10, 10, _with(WRAITH, "Seeping Decay"))
    first = add(state, "A", 0, 20, 10)
    second = add(state, "B", 0, 30, 10)
    _touch(state, tainted, first)
    state.set_position(second, (tainted.x, tainted.y + tainted.radius + second.radius))
    state.phase = Phase.FIGHT
    tick(state, Tick.PHASE_START)
    assert not first.alive and second.alive


def test_miasmatic_presence_bars_stand_fast_and_heroic_actions_to_warriors_near() -> None:
    """BSData Miasmatic Presence: a Will point at the Move phase's start (three enemy
    Warriors near); Warriors within 6" may not use Stand Fast! nor heed Heroic Actions."""
    state = battle()
    tainted = add(state, "T", 1, 10, 10, _with(WRAITH, "Miasmatic Presence"))
    hero = add(state, "H", 0, 16, 16, replace(HERO, keywords=frozenset({"man", "hero"})))
    warriors = [add(state, f"W{i}", 0, 13 + i, 10) for i in range(3)]
    far = add(state, "F", 0, 30, 10)
    state.phase = Phase.MOVE
    tick(state, Tick.PHASE_START)
    assert tainted.will == 5
    assert not permitted(May.RALLY, HookContext(state, hero, warriors[0]))
    assert not permitted(May.HEED, HookContext(state, hero, warriors[0]))
    assert permitted(May.RALLY, HookContext(state, hero, far))


def test_heart_of_darkness_drains_an_orc_for_d3_will() -> None:
    """BSData Heart of Darkness: at the Priority phase's start a friendly Orc within 6" is
    removed and Kardûsh regains D3 Will (a 5: 3), never above his starting store (3)."""
    state = battle([5])
    kardush = add(state, "K", 1, 10, 10, _with(HERO, "Heart of Darkness", will=3))
    kardush.will = 0
    orc = add(state, "O", 1, 13, 10, replace(WARRIOR, keywords=frozenset({"orc"})))
    state.phase = Phase.PRIORITY
    tick(state, Tick.PHASE_START)
    assert not orc.alive and kardush.will == 3


def test_shadow_pawn_gives_a_drained_wraith_d6_will() -> None:
    """BSData Shadow Pawn: Kardûsh is removed; a Ringwraith within 6" regains D6 (a 4)."""
    state = battle([4])
    kardush = add(state, "K", 1, 10, 10, _with(HERO, "Shadow Pawn"))
    wraith = add(state, "N", 1, 13, 10, WRAITH)
    wraith.will = 1
    state.phase = Phase.PRIORITY
    tick(state, Tick.PHASE_START)
    assert not kardush.alive and wraith.will == 5


def test_combat_mimicry_copies_the_opponents_higher_values() -> None:
    """BSData Combat Mimicry: a Will point; the Knight uses his opponent's Fight 7 and
    Attacks 3 (higher than his), keeping his own Strength (higher)."""
    state = battle()
    knight = add(state, "K", 1, 10, 10, _with(WRAITH, "Combat Mimicry", fight=5, strength=4))
    foe = add(state, "F", 0, 20, 10, replace(WARRIOR, fight=7, strength=3, attacks=3))
    _touch(state, knight, foe)
    state.phase = Phase.FIGHT
    tick(state, Tick.PHASE_START)
    assert knight.will == 5
    assert characteristics.fight_base(state, knight) == 7
    assert characteristics.attacks_base(state, knight) == 3
    assert characteristics.strength_base(state, knight) == 4
    assert Stat.FIGHT is not None

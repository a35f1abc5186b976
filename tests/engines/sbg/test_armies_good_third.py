"""Good army rules on shooting at Galadriel, Heroic Shoots, Forlong's axemen, Tauriel's fury,
Andúril, the Life Guard, Powers of Nature, regained points, who heeds a Hero and free Heroic
Actions (issue 18). Each test cites the BattleScribe rule id and fails without the rule."""

from __future__ import annotations

from dataclasses import replace

from battlesim.engines.sbg.core.hooks import Hook, HookContext, modifier
from battlesim.engines.sbg.core.state import BattleState, Phase, Removal
from battlesim.engines.sbg.core.units import Profile
from battlesim.engines.sbg.rules.courage import stand_fast_hero
from battlesim.engines.sbg.rules.fighting import strike
from battlesim.engines.sbg.rules.heroic_actions import (
    HEROIC_SHOOT,
    Declaration,
    declarations,
    friends_in_range,
    legal_declarations,
)
from battlesim.engines.sbg.rules.shooting import _wound_with_missile
from battlesim.engines.sbg.rules.will import cast
from tests.engines.sbg.builders import BASE_GAP, WARRIOR, add, battle, rolls

HERO = replace(
    WARRIOR, name="Test Hero", might=1, will=2, fate=1, keywords=WARRIOR.keywords | {"hero"}
)


def card(*rules: str, base: Profile = WARRIOR, **changes: object) -> Profile:
    return replace(base, rules=tuple(rules), **changes)  # type: ignore[arg-type]


def dice_of(state: BattleState) -> list[list[int]]:
    return [d for _, d in rolls(state)]


def test_the_light_of_earendil_lets_shots_hit_only_on_sixes() -> None:
    """b489-0998-ee93-6571: at Galadriel or a model within 6" of her."""
    state = battle()
    archer = add(state, "B1", 1, 10, 30, card(wargear=("bow",)))
    galadriel = add(state, "A1", 0, 10, 10, card(base=HERO, wargear=("the light of earendil",)))
    friend, far = add(state, "A2", 0, 14, 10), add(state, "A3", 0, 40, 10)
    hit = [modifier(Hook.TO_HIT, HookContext(state, archer, m)) for m in (galadriel, friend, far)]
    assert hit == [-5, -5, 0]


def test_dead_eye_shot_rerolls_failed_wounds_under_a_heroic_shoot() -> None:
    """9df1-0b56-7e2c-c29c: S2 bow v D3 needs 5: a 2 re-rolled to a 5 wounds."""
    state = battle([2, 5])
    archer = add(state, "A1", 0, 10, 10, card("Dead-eye Shot", wargear=("bow",)))
    captain = add(state, "A2", 0, 12, 10, card(base=HERO))
    orc = add(state, "B1", 1, 10, 30, replace(WARRIOR, defence=3))
    declarations(state).append(Declaration(captain.uid, HEROIC_SHOOT, 0))
    _wound_with_missile(state, archer, orc)
    assert not orc.alive and dice_of(state) == [[2], [5]]
    quiet = battle([2, 5])
    archer2 = add(quiet, "A1", 0, 10, 10, card("Dead-eye Shot", wargear=("bow",)))
    orc2 = add(quiet, "B1", 1, 10, 30, replace(WARRIOR, defence=3))
    _wound_with_missile(quiet, archer2, orc2)
    assert orc2.alive and dice_of(quiet) == [[2]]


def test_the_lord_of_lossarnach_makes_axemen_reroll_ones() -> None:
    """0ad0-d88b-b38e-4642: Axemen of Lossarnach within 6" of Forlong re-roll 1s To Wound."""
    state = battle([1, 5])
    add(state, "A1", 0, 10, 14, card("The Lord of Lossarnach", base=HERO))
    axeman = add(state, "A2", 0, 10, 10, card(name="Axemen of Lossarnach"))
    orc = add(state, "B1", 1, 10 + BASE_GAP, 10)
    strike(state, axeman, orc, trapped=False)
    assert not orc.alive and len(rolls(state)) == 2


def test_vengeful_fury_when_kili_is_slain() -> None:
    """b7da-458e-74d6-f05f: Tauriel Strength 5, Defence 4 for the rest of the battle."""
    state = battle([6])
    tauriel = add(state, "A1", 0, 10, 10, card("Vengeful Fury", base=HERO, defence=5))
    kili = add(state, "A2", 0, 20, 10, card(base=HERO, name="Kíli the Dwarf, Champion of Erebor"))
    orc = add(state, "B1", 1, 10 + BASE_GAP, 10, replace(WARRIOR, defence=5))
    state.remove(kili, Removal.SLAIN, "struck by B1")
    strike(state, tauriel, orc, trapped=False)  # S5 v D5: 4+, the 6 wounds
    assert not orc.alive
    assert "S5" in rolls(state)[0][0]


def test_anduril_never_needs_more_than_four_to_wound() -> None:
    """ea35-2a2b-59b7-4dc2: S4 against D8 needs 6/4 on the chart; with Andúril a 4."""
    gear = ("hand-and-a-half sword", "elven-made", "andúril, flame of the west")
    state = battle([4])
    aragorn = add(state, "A1", 0, 10, 10, card(base=HERO, strength=4, wargear=gear))
    troll = add(state, "B1", 1, 10 + BASE_GAP, 10, replace(WARRIOR, defence=8))
    strike(state, aragorn, troll, trapped=False)
    assert not troll.alive
    other = battle([4])
    plain = add(other, "A1", 0, 10, 10, card(base=HERO, strength=4, wargear=gear[:2]))
    troll2 = add(other, "B1", 1, 10 + BASE_GAP, 10, replace(WARRIOR, defence=8))
    strike(other, plain, troll2, trapped=False)
    assert troll2.alive


def test_the_life_guard_spends_a_heralds_fate_for_the_champion() -> None:
    """1185-771a-47a4-8e14: the Champion (no Fate left) is saved by the Herald's 4+."""
    state = battle([4])
    champion = add(state, "A1", 0, 10, 10, card(base=HERO, name="King's Champion", fate=0))
    herald = add(state, "A2", 0, 10 + BASE_GAP, 10, card("The Life Guard", base=HERO))
    state.wound(champion, "test")
    assert champion.alive and herald.fate == 0


def test_powers_of_nature_returns_the_will_on_a_natural_six() -> None:
    """866f-fed4-c596-9e57."""
    state = battle([6, 2, 6, 2])
    storm = add(state, "A1", 0, 10, 10, card("Powers of Nature", base=HERO, will=3))
    plain = add(state, "A2", 0, 20, 10, card(base=HERO, will=3))
    cast(state, storm, 2, 4)
    cast(state, plain, 2, 4)
    assert (storm.will, plain.will) == (3, 1)


def test_chronicler_gives_a_champion_back_a_point_for_a_slain_hero() -> None:
    """d799-9157-5720-807e: slain within 3" of Ori."""
    state = battle()
    add(state, "A1", 0, 10, 12, card("Chronicler", base=HERO))
    dwalin = add(
        state, "A2", 0, 10, 10, card(base=HERO, name="Dwalin the Dwarf, Champion of Erebor")
    )
    dwalin.might = 0
    orc = add(state, "B1", 1, 10 + BASE_GAP, 10, card(base=HERO, name="Orc Captain"))
    state.remove(orc, Removal.SLAIN, "struck by A2")
    assert dwalin.might == 1


def test_the_living_lore_gives_floi_will_when_a_moria_dwarf_slays_a_hero() -> None:
    """f3a9-7159-0dd7-9dce."""
    state = battle()
    floi = add(state, "A1", 0, 30, 30, card("The Living Lore", base=HERO))
    floi.will = 0
    dwarf = add(state, "A2", 0, 10, 10, card(keywords=frozenset({"dwarf", "moria", "warrior"})))
    orc = add(state, "B1", 1, 10 + BASE_GAP, 10, card(base=HERO, name="Orc Captain"))
    state.remove(orc, Removal.SLAIN, f"struck by {dwarf.uid}")
    assert floi.will == 1


def test_lord_of_the_eagles_only_eagles_and_wizards_heed_gwahir() -> None:
    """7600-e7b2-c742-b340 (The Dead and the Living, Leader of the Beornings alike)."""
    state = battle()
    gwahir = add(state, "A1", 0, 10, 10, card("Lord of the Eagles", base=HERO))
    gwahir.tested = True
    eagle = add(state, "A2", 0, 10, 14, card(keywords=frozenset({"eagle", "warrior"})))
    man = add(state, "A3", 0, 14, 10)
    assert friends_in_range(state, gwahir) == [eagle]
    assert stand_fast_hero(state, eagle) is gwahir and stand_fast_hero(state, man) is None


def test_air_of_self_importance_keeps_the_guard_out_of_bards_heroics() -> None:
    """5ed0-cc90-5335-fa6c."""
    state = battle()
    bard = add(state, "A1", 0, 10, 10, card(base=HERO, name="Bard the Bowman"))
    braga = add(state, "A2", 0, 12, 10, card("Air of Self-Importance", base=HERO, name="Braga"))
    guard = add(state, "A3", 0, 12, 12, card(name="Lake-town Guard"))
    militia = add(state, "A4", 0, 10, 12, card(name="Lake-town Militia"))
    assert friends_in_range(state, bard) == [militia]
    assert guard in friends_in_range(state, braga)


def test_ancestral_fury_calls_heroic_combat_without_might() -> None:
    """412e-adc2-d510-ec38."""
    state = battle()
    thorin = add(state, "A1", 0, 10, 10, card("Ancestral Fury", base=HERO, might=0))
    plain = add(state, "A2", 0, 20, 10, card(base=HERO, might=0))
    state.phase = Phase.FIGHT
    found = legal_declarations(state, 0, Phase.FIGHT)
    assert (thorin.uid, "heroic combat") in found and not [c for c in found if c[0] == plain.uid]


def test_the_masters_puppet_makes_braga_free_on_four() -> None:
    """e354-9e04-bc91-20fb: within 6" of the Master of Lake-town while he has Will."""
    state = battle([4])
    braga = add(state, "A1", 0, 10, 10, card("The Master's Puppet", base=HERO, might=0))
    add(state, "A2", 0, 14, 10, card(base=HERO, name="The Master of Lake-town"))
    state.phase = Phase.FIGHT
    assert (braga.uid, "heroic combat") in legal_declarations(state, 0, Phase.FIGHT)

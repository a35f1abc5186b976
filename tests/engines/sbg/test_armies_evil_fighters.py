"""Evil army rules III (issue 19): living banners, keyworded war drums and single fighters'
rules, from the BattleScribe rule text cited by its rule id; each test fails when the rule's
unit is removed."""

from __future__ import annotations

from dataclasses import replace

from battlesim.engines.sbg.core.arms import HAND_WEAPONS
from battlesim.engines.sbg.core.hooks import Hook, HookContext, modifier
from battlesim.engines.sbg.core.rerolls import Reroll, Roll, allowed
from battlesim.engines.sbg.core.units import Profile, profile_from_data, profile_to_data
from battlesim.engines.sbg.rules import characteristics
from battlesim.engines.sbg.rules.combats import Combat
from battlesim.engines.sbg.rules.equipment import banner_in_range
from battlesim.engines.sbg.rules.fighting import duel, strike
from battlesim.engines.sbg.rules.special_strikes import stun_mark
from tests.engines.sbg.builders import BASE_GAP, WARRIOR, add, battle, rolls

MAN = replace(WARRIOR, keywords=frozenset({"man", "infantry", "warrior"}))


def _with(base: Profile, *rules: str, **changes: object) -> Profile:
    return replace(base, rules=tuple(rules), **changes)  # type: ignore[arg-type]


def _card(base: Profile, *wargear: str) -> Profile:
    """A card read as the data gives it (wargear names parsed: "Trident Spear" is a spear)."""
    return profile_from_data({**profile_to_data(base), "wargear": list(wargear)})


def _kin(keyword: str) -> Profile:
    return replace(MAN, keywords=MAN.keywords | {keyword})


def test_war_drum_drives_only_the_keywords_in_brackets() -> None:
    """EQP-DRUM-01 (002:L2188), "Tambour de guerre (X)": a sounded "War Drum (Mordor Orc)"
    adds 3" to Mordor Orcs within 12", not to a Man beside them."""
    state = battle()
    drummer = add(state, "D", 1, 10, 10, _card(WARRIOR, "War Drum (Mordor Orc)"))
    orc = add(state, "O", 1, 14, 10, replace(WARRIOR, keywords=frozenset({"mordor", "orc"})))
    man = add(state, "M", 1, 14, 14, MAN)
    state.drum_sounded[1] = drummer.uid
    assert modifier(Hook.MOVE, HookContext(state, orc)) == 3
    assert modifier(Hook.MOVE, HookContext(state, man)) == 0


def test_war_drum_drives_a_flyer_five_inches() -> None:
    """EQP-DRUM-01 (002:L2188): « 5" si elles sont de la Cavalerie (ou possèdent la règle
    Vol) »: a Fell Beast rider's kin with Fly moves 5" more, not 3"."""
    state = battle()
    drummer = add(state, "D", 1, 10, 10, _card(WARRIOR, "War Drum"))
    flyer = add(state, "F", 1, 14, 10, replace(WARRIOR, rules=("Fly",)))
    state.drum_sounded[1] = drummer.uid
    assert "fly" in flyer.triggers
    assert modifier(Hook.MOVE, HookContext(state, flyer)) == 5


def test_commanding_presence_counts_khandish_models_in_range_of_a_banner() -> None:
    """BSData 5292-297b-de8a-1a2b: friendly Khandish models within 6" of a Khandish King
    count as in range of a banner (not a Man of another kind)."""
    state = battle()
    king = add(state, "K", 1, 10, 10, _with(_kin("khandish"), "Commanding Presence (Passive)"))
    khand = add(state, "W", 1, 15, 10, _kin("khandish"))
    other = add(state, "O", 1, 15, 12, MAN)
    assert banner_in_range(state, [khand]) is king
    assert banner_in_range(state, [other]) is None


def test_with_me_lads_is_a_banner_for_other_ruffians_only() -> None:
    """BSData 5d0a-b722-50fa-7495: other Ruffians treat Sid as a banner; not Sid himself."""
    state = battle()
    sid = add(state, "S", 1, 10, 10, _with(_kin("ruffian"), "With Me Lads! (Passive)"))
    ruffian = add(state, "R", 1, 12, 10, _kin("ruffian"))
    assert banner_in_range(state, [ruffian]) is sid
    assert banner_in_range(state, [sid]) is None


def _to_wound(striker: Profile, target: Profile, **details: bool) -> Reroll:
    state = battle()
    a = add(state, "A", 1, 10, 10, striker)
    b = add(state, "B", 0, 10 + BASE_GAP, 10, target)
    return allowed(Roll.TO_WOUND_IN_COMBAT, HookContext(state, a, b, dict(details)))


def test_show_no_mercy_rerolls_failed_wounds_on_a_trapped_enemy() -> None:
    """BSData c42b-6c56-933e-db50: against a Trapped enemy, re-roll failed To Wound rolls:
    each 1 of a trapped set re-rolled into a 5 slays a two-Wound Warrior."""
    rutabi = _with(MAN, "Show No Mercy (Active)")
    assert _to_wound(rutabi, WARRIOR, trapped=True) is Reroll.FAILED
    assert _to_wound(rutabi, WARRIOR, trapped=False) is Reroll.NONE
    state = battle([1, 1, 5, 5])  # the set rolled together (FIGHT-TRAP-03): 1s re-rolled to 5s
    a = add(state, "A", 1, 10, 10, rutabi)
    b = add(state, "B", 0, 10 + BASE_GAP, 10, replace(WARRIOR, wounds=2))
    strike(state, a, b, trapped=True)
    assert not b.alive


def test_slay_their_horses_rerolls_ones_against_mounts_while_cavalry() -> None:
    """BSData da7b-6438-63fe-eee4: whilst Cavalry, re-roll 1s To Wound against mounts."""
    state = battle()
    rider = add(state, "A", 1, 10, 10, _with(MAN, "Slay their Horses! (Active)"))
    foe = add(state, "B", 0, 10 + BASE_GAP, 10, WARRIOR)
    rider.mount = object()  # type: ignore[assignment]  # mounted: only the test reads it
    at_mount = HookContext(state, rider, foe, {"at_mount": True})
    assert allowed(Roll.TO_WOUND_IN_COMBAT, at_mount) is Reroll.ONES
    at_rider = HookContext(state, rider, foe, {"at_mount": False})
    assert allowed(Roll.TO_WOUND_IN_COMBAT, at_rider) is Reroll.NONE


def test_trident_spear_is_a_spear_that_rerolls_failed_wounds() -> None:
    """BSData (the Forsaken's Trident Spear): a spear; must re-roll all failed To Wound
    rolls: a 2 then a 5 wounds (S3 v D4)."""
    forsaken = _card(MAN, "Trident Spear", "Armour")
    assert "spear" in forsaken.gear and HAND_WEAPONS["spear"].spear
    state = battle([2, 5])
    a = add(state, "A", 1, 10, 10, forsaken)
    b = add(state, "B", 0, 10 + BASE_GAP, 10, WARRIOR)
    strike(state, a, b, trapped=False)
    assert not b.alive and [d for _, d in rolls(state)] == [[2], [5]]


def test_rhunish_fury_gives_khamul_three_attacks() -> None:
    """BSData 4b58-5ee8-9c4b-6421: 3 Attacks instead of 2: the A2 Khamûl rolls three Duel
    dice (1, 1, 6) and his 6 beats the foe's 5; a card already at 3 stays at 3."""
    state = battle([5, 1, 1, 6])
    foe = add(state, "F", 0, 10, 10, WARRIOR)
    khamul = add(state, "K", 1, 10 + BASE_GAP, 10, _with(MAN, "Rhunish Fury (Passive)", attacks=2))
    assert duel(state, Combat(foe, [khamul])) == 1
    assert [d for _, d in rolls(state)] == [[5], [1, 1, 6]]
    carded = add(state, "C", 1, 20, 10, _with(MAN, "Rhunish Fury (Passive)", attacks=3))
    assert characteristics.attacks(state, carded) == 3


def test_rhunish_fury_counts_from_three_when_khamul_is_stunned() -> None:
    """BSData 4b58-5ee8-9c4b-6421 with SPS-STUN-01 (002:L2090): a stunned model has 1 Attack,
    Khamûl too (his 3 are the value the Stun replaces): one Duel die, the 1 loses to a 5."""
    state = battle([5, 1])
    foe = add(state, "F", 0, 10, 10, WARRIOR)
    khamul = add(state, "K", 1, 10 + BASE_GAP, 10, _with(MAN, "Rhunish Fury (Passive)", attacks=2))
    stun_mark(khamul).stunned_until = state.turn
    assert duel(state, Combat(foe, [khamul])) == 0
    assert [d for _, d in rolls(state)] == [[5], [1]]


def test_deadly_strength_cancels_the_two_handed_duel_penalty() -> None:
    """BSData d501-9a9a-98ef-be36: the Slayer of Men never suffers the -1 of a two-handed
    weapon (WPN-2H-02); its +1 To Wound stays."""
    slayer = _card(MAN, "Two-handed Sword")
    state = battle()
    with_rule = add(state, "S", 1, 10, 10, _with(slayer, "Deadly Strength (Active)"))
    without = add(state, "T", 1, 20, 10, slayer)
    assert modifier(Hook.DUEL_DIE, HookContext(state, without)) == -1
    assert modifier(Hook.DUEL_DIE, HookContext(state, with_rule)) == 0
    assert modifier(Hook.WOUND_ROLL, HookContext(state, with_rule)) == 1


def test_you_have_something_my_master_wants_against_elven_ring_bearers() -> None:
    """BSData 3a9b-7657-de5e-db14: +1 To Wound against a bearer of Nenya, Narya or Vilya."""
    state = battle()
    keeper = add(state, "K", 1, 10, 10, _with(MAN, '"You have something my Master wants!"'))
    bearer = add(state, "G", 0, 10 + BASE_GAP, 10, _card(WARRIOR, "Narya"))
    plain = add(state, "P", 0, 10, 10 + BASE_GAP, WARRIOR)
    assert modifier(Hook.WOUND_ROLL, HookContext(state, keeper, bearer)) == 1
    assert modifier(Hook.WOUND_ROLL, HookContext(state, keeper, plain)) == 0


def test_favour_of_the_war_chief_adds_fight_to_a_supporter_near_a_chief() -> None:
    """BSData 7b6c-0f47-d7df-1b08: a Huscarl supporting within 3" of a friendly Dunlending
    Hero has +1 Fight value."""
    chief = replace(_kin("dunlending"), might=1, keywords=frozenset({"dunlending", "hero"}))
    state = battle()
    huscarl = add(state, "H", 1, 10, 10, _with(MAN, "Favour of the War Chief (Passive)"))
    add(state, "C", 1, 12, 10, chief)
    assert modifier(Hook.FIGHT, HookContext(state, huscarl)) == 0  # not supporting
    huscarl.supported = True
    assert modifier(Hook.FIGHT, HookContext(state, huscarl)) == 1


def test_orcish_brawler_outnumbered_gains_fight_and_attack() -> None:
    """BSData 25ac-79eb-9f0c-86e8: outnumbered in a fight, +1 Fight value and +1 Attack."""
    state = battle()
    gorbag = add(state, "G", 1, 10, 10, _with(MAN, "Orcish Brawler (Active)"))
    add(state, "A", 0, 10 + BASE_GAP, 10, WARRIOR)
    assert modifier(Hook.ATTACKS, HookContext(state, gorbag)) == 0
    add(state, "B", 0, 10 - BASE_GAP, 10, WARRIOR)
    assert modifier(Hook.ATTACKS, HookContext(state, gorbag)) == 1
    assert modifier(Hook.FIGHT, HookContext(state, gorbag)) == 1


def test_slow_active_venom_lowers_fight_and_attacks_once_for_the_game() -> None:
    """BSData aac5-c17f-5a81-5ab4: wounded by a War Drake and not slain: -1 Fight and -1
    Attack for the rest of the game, once only (a 1-Attack model keeps its 1)."""
    state = battle()
    drake = add(state, "D", 1, 10, 10, _with(MAN, "Slow-active Venom (Passive)"))
    hero = add(state, "H", 0, 10 + BASE_GAP, 10, replace(WARRIOR, wounds=3, fight=5, attacks=2))
    state.wound(hero, f"struck by {drake.uid}")
    state.wound(hero, f"struck by {drake.uid}")
    assert modifier(Hook.FIGHT, HookContext(state, hero)) == -1
    assert modifier(Hook.ATTACKS, HookContext(state, hero)) == -1


def test_the_serpent_banner_reaches_six_inches_without_the_duel_penalty() -> None:
    """BSData (Suladân's The Serpent Banner): a banner with a range of 6", and he never
    suffers the banner bearer's -1 Duel penalty (EQP-BAN-05)."""
    suladan = _card(MAN, "Sword", "The Serpent Banner")
    state = battle()
    bearer = add(state, "S", 1, 10, 10, suladan)
    friend = add(state, "F", 1, 15, 10, MAN)
    assert banner_in_range(state, [friend]) is bearer
    assert modifier(Hook.DUEL_DIE, HookContext(state, bearer)) == 0


def test_the_helm_of_the_dragon_emperor_is_resistant_to_magic() -> None:
    """BSData (the Dragon Emperor's Helm): gives him Resistant to Magic (SR-RESMAGIC)."""
    emperor = _card(MAN, "Sword", "Helm of the Dragon Emperor")
    state = battle()
    assert "resistant to magic" in add(state, "E", 1, 10, 10, emperor).triggers

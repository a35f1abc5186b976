"""Good army rules of the Duel, the Strikes and forced charges (rules/armies/good/duels.py and
protectors.py, issue 18). Each test cites the BattleScribe rule id whose English text is the
spec, scripts the dice and fails when the rule's unit is removed."""

from __future__ import annotations

from dataclasses import replace

from battlesim.engines.sbg.core.actions import Charge, Hold, Move
from battlesim.engines.sbg.core.hooks import Hook, HookContext, modifier
from battlesim.engines.sbg.core.permissions import May, permitted
from battlesim.engines.sbg.core.state import Phase, Removal, Tick, tick
from battlesim.engines.sbg.core.units import Profile, profile_from_data, profile_to_data
from battlesim.engines.sbg.rules.beast_fight import losers_back_away
from battlesim.engines.sbg.rules.combats import Combat
from battlesim.engines.sbg.rules.fighting import AFTER_STRIKES, duel, resolve_combat, strike
from battlesim.engines.sbg.rules.heroic_actions import HEROIC_COMBAT, free_by_rule, heroic_turn
from battlesim.engines.sbg.rules.movement import forced_charge
from tests.engines.sbg.builders import BASE_GAP, WARRIOR, add, battle, players, rolls

HERO = replace(WARRIOR, name="Test Hero", keywords=WARRIOR.keywords | {"hero"})
TOUGH = replace(WARRIOR, name="Orc", wounds=9, defence=9, keywords=frozenset({"orc", "infantry"}))


def card(*rules: str, base: Profile = HERO, **changes: object) -> Profile:
    return replace(base, rules=tuple(rules), **changes)  # type: ignore[arg-type]


def wounds_rolled(state: object) -> int:
    return sum(1 for purpose, _ in rolls(state) if purpose.startswith("strike"))  # type: ignore[arg-type]


# --- Whirl of Blades (7a7d-40ae-f643-8b35) ---------------------------------------------------


def _whirl(orophin: Profile) -> int:
    """Orophin (2 Attacks) rolls a natural 6 and a 2 against a 3: he wins and strikes."""
    state = battle([6, 2, 3, 1, 1, 1, 1])
    hero = add(state, "A1", 0, 10, 10, orophin)
    orc = add(state, "B1", 1, 10 + BASE_GAP, 10, TOUGH)
    resolve_combat(state, Combat(hero, [orc]), players())
    return wounds_rolled(state)


def test_whirl_of_blades_adds_a_strike_for_each_natural_six() -> None:
    assert _whirl(card("Whirl of Blades", name="Orophin", attacks=2)) == 3
    assert _whirl(card(name="Orophin", attacks=2)) == 2


# --- Stoic Fighter (1d61-2c8b-66eb-5312) -----------------------------------------------------


def _surrounded(brand: Profile) -> int:
    """Brand (2) against four foes (4, 1, 1, 1): he would be Trapped; his 2 is re-rolled."""
    state = battle([2, 4, 1, 1, 1, 5])
    hero = add(state, "A1", 0, 10, 10, brand)
    foes = [
        add(state, f"B{i}", 1, 10 + dx * BASE_GAP, 10 + dy * BASE_GAP)
        for i, (dx, dy) in enumerate(((1, 0), (-1, 0), (0, 1), (0, -1)))
    ]
    return duel(state, Combat(hero, foes))


def test_stoic_fighter_rerolls_a_duel_die_when_he_would_be_trapped() -> None:
    assert _surrounded(card("Stoic Fighter", name="Brand, King of Dale")) == 0
    assert _surrounded(card(name="Brand, King of Dale")) == 1


def test_stoic_fighter_does_not_reroll_when_he_could_back_away() -> None:
    state = battle([2, 4, 5])
    brand = add(state, "A1", 0, 10, 10, card("Stoic Fighter"))
    orc = add(state, "B1", 1, 10 + BASE_GAP, 10)
    assert duel(state, Combat(brand, [orc])) == 1


# --- In Defence of the King (3bb6-4033-89ba-3876 Húrin, b5f9-c765-f288-4dbb Shieldbearer) -----


def test_hurin_rerolls_a_duel_die_and_is_fearless_near_denethor() -> None:
    hurin_card = card("In Defence of the King", name="Húrin the Tall, Warden of the Keys")
    state = battle([2, 4, 5])
    hurin = add(state, "A1", 0, 10, 10, hurin_card)
    orc = add(state, "B1", 1, 10 + BASE_GAP, 10)
    add(state, "A2", 0, 10, 12, card(name="Denethor, Steward of Gondor"))
    assert duel(state, Combat(hurin, [orc])) == 0
    assert permitted(May.PASS_COURAGE_UNTESTED, HookContext(state, hurin))
    far = battle([2, 4, 5])
    hurin2 = add(far, "A1", 0, 10, 10, hurin_card)
    orc2 = add(far, "B1", 1, 10 + BASE_GAP, 10)
    add(far, "A2", 0, 10, 14, card(name="Denethor, Steward of Gondor"))  # 4" away
    assert duel(far, Combat(hurin2, [orc2])) == 1
    assert not permitted(May.PASS_COURAGE_UNTESTED, HookContext(far, hurin2))


def _dwarves(ward_at: float) -> tuple[object, object, object, object]:
    state = battle()
    bearer = add(state, "A1", 0, 10, 10, card("In Defence of the King", name="Shieldbearer"))
    king = add(state, "A2", 0, ward_at, 10, card("Hero of Legend", name="Durin", might=3))
    add(state, "A3", 0, 30, 30, card(name="Dwarf Captain", keywords=HERO.keywords | {"dwarf"}))
    return state, bearer, king, add(state, "B1", 1, ward_at, 10 + BASE_GAP)


def test_the_shieldbearer_nominates_his_king_and_calls_heroic_combat_free() -> None:
    state, bearer, king, orc = _dwarves(12.0)
    king.triggers |= {"dwarf"}
    tick(state, Tick.TURN_START)
    assert free_by_rule(state, bearer, HEROIC_COMBAT)  # the king fights 2" away
    # after the combat, his move must join the king's fight
    state.phase = Phase.FIGHT
    heroic_turn(bearer).combat_moved = True
    add(state, "B2", 1, 8, 10)  # a nearer enemy he would rather charge
    forced = forced_charge(state, bearer, Hold(bearer.uid))
    assert isinstance(forced, Charge) and forced.target == orc.uid


def test_the_shieldbearer_is_not_free_when_his_king_is_far() -> None:
    state, bearer, king, _ = _dwarves(20.0)
    king.triggers |= {"dwarf"}
    tick(state, Tick.TURN_START)
    assert not free_by_rule(state, bearer, HEROIC_COMBAT)


# --- "Let him go or I'll have you, Longshanks!" (02c7-6da8-eb75-543f) -------------------------


def test_sam_calls_heroic_combat_free_when_frodo_fights_within_six_inches() -> None:
    state = battle()
    sam = add(state, "A1", 0, 10, 10, card("Let him go or I'll have you, Longshanks!"))
    frodo = add(state, "A2", 0, 15, 10, card(name="Frodo Baggins"))
    assert not free_by_rule(state, sam, HEROIC_COMBAT)  # Frodo is not fighting
    add(state, "B1", 1, 15 + BASE_GAP, 10)
    assert state.engaged(frodo) and free_by_rule(state, sam, HEROIC_COMBAT)
    frodo.x = 17.5  # 7.5" away
    state.set_position(frodo, (17.5, 10))
    assert not free_by_rule(state, sam, HEROIC_COMBAT)


# --- Prognostication (c360-c8fa-19d3-fc18) ---------------------------------------------------


def test_prognostication_spends_will_to_reroll_a_friends_duel_die() -> None:
    state = battle([2, 4, 5, 2, 4])
    friend = add(state, "A1", 0, 10, 10)
    orc = add(state, "B1", 1, 10 + BASE_GAP, 10)
    oin = add(state, "A2", 0, 10, 12, card("Prognostication", will=2))
    oin.will = 2
    assert duel(state, Combat(friend, [orc])) == 0 and oin.will == 1
    assert duel(state, Combat(friend, [orc])) == 1 and oin.will == 1  # once per phase


# --- Resolute Fighter (18dc-7fd2-414e-00a7) --------------------------------------------------


def test_gondor_warriors_near_ingold_hold_and_the_winner_backs_away() -> None:
    state = battle()
    add(state, "A1", 0, 10, 13, card("Resolute Fighter", name="Ingold"))
    gondor = replace(WARRIOR, keywords=WARRIOR.keywords | {"gondor"})
    soldier = add(state, "A2", 0, 10, 10, gondor)
    orc = add(state, "B1", 1, 10 + BASE_GAP, 10)
    trapped = losers_back_away(state, [orc], [soldier], {})
    assert not trapped and soldier.position == (10, 10) and orc.x > 10 + BASE_GAP
    other = battle()
    plain = add(other, "A2", 0, 10, 10, gondor)
    orc2 = add(other, "B1", 1, 10 + BASE_GAP, 10)
    losers_back_away(other, [orc2], [plain], {})
    assert plain.x < 10


# --- Headbutt (bf29-682c-f978-8cc1) ----------------------------------------------------------


def test_headbutt_knocks_a_surviving_foe_down_on_a_five() -> None:
    state = battle([5])
    dain = add(state, "A1", 0, 10, 10, card("Headbutt", name="Dáin Ironfoot"))
    orc = add(state, "B1", 1, 10 + BASE_GAP, 10, TOUGH)
    for rule in AFTER_STRIKES:
        rule(state, [dain], [orc])
    assert orc.prone
    other = battle([4])
    dain2 = add(other, "A1", 0, 10, 10, card("Headbutt"))
    orc2 = add(other, "B1", 1, 10 + BASE_GAP, 10, TOUGH)
    for rule in AFTER_STRIKES:
        rule(other, [dain2], [orc2])
    assert not orc2.prone


# --- Deep-rooted Hated (d8ad-5b3b-8030-5d13), Fiery Temper (158b-419f-6b9e-e6d4) ---------------


def test_beechbone_rerolls_wounds_on_orcs_and_must_charge_them() -> None:
    state = battle([1, 6])
    beech = add(state, "A1", 0, 10, 10, card("Deep-rooted Hated (Passive)", strength=9))
    orc = add(state, "B1", 1, 10 + BASE_GAP, 10, replace(TOUGH, wounds=1, defence=1))
    strike(state, beech, orc, trapped=False)
    assert not orc.alive
    charge = battle()
    beech2 = add(charge, "A1", 0, 10, 10, card("Deep-rooted Hated"))
    add(charge, "B1", 1, 12, 10)  # a Man, nearer
    orc2 = add(charge, "B2", 1, 10, 14, TOUGH)
    forced = forced_charge(charge, beech2, Hold(beech2.uid))
    assert isinstance(forced, Charge) and forced.target == orc2.uid


def test_fiery_temper_makes_dain_charge_once_he_has_killed() -> None:
    state = battle()
    dain = add(state, "A1", 0, 10, 10, card("Fiery Temper"))
    orc = add(state, "B1", 1, 13, 10)
    assert forced_charge(state, dain, Hold(dain.uid)) == Hold(dain.uid)
    victim = add(state, "B2", 1, 30, 30)
    state.remove(victim, Removal.SLAIN, f"struck by {dain.uid}")
    forced = forced_charge(state, dain, Hold(dain.uid))
    assert isinstance(forced, Charge) and forced.target == orc.uid


# --- "Is there a Captain here ...?" (ef7a-b8a3-4fb5-ed55) ------------------------------------


def test_faramir_is_fearless_and_must_charge_while_denethor_lives() -> None:
    rule = '"Is there a Captain here who still has the Courage to do his Lord\'s Will?"'
    state = battle()
    faramir = add(state, "A1", 0, 10, 10, card(rule))
    denethor = add(state, "A2", 0, 30, 30, card(name="Denethor, Steward of Gondor"))
    orc = add(state, "B1", 1, 13, 10)
    assert permitted(May.PASS_COURAGE_UNTESTED, HookContext(state, faramir))
    forced = forced_charge(state, faramir, Hold(faramir.uid))
    assert isinstance(forced, Charge) and forced.target == orc.uid
    state.remove(denethor, Removal.SLAIN)
    assert not permitted(May.PASS_COURAGE_UNTESTED, HookContext(state, faramir))
    assert forced_charge(state, faramir, Hold(faramir.uid)) == Hold(faramir.uid)


# --- Torozul (02bd-67c6-3ca8-46a8) -----------------------------------------------------------


def test_torozul_adds_one_to_wound_monsters() -> None:
    state = battle()
    data = {**profile_to_data(HERO), "wargear": ["Torozul"]}
    mardin = add(state, "A1", 0, 10, 10, profile_from_data(data))
    troll = add(state, "B1", 1, 12, 10, replace(TOUGH, keywords=frozenset({"monster", "troll"})))
    orc = add(state, "B2", 1, 8, 10, TOUGH)
    assert modifier(Hook.WOUND_ROLL, HookContext(state, mardin, troll)) == 1
    assert modifier(Hook.WOUND_ROLL, HookContext(state, mardin, orc)) == 0
    assert mardin.weapon is not None and mardin.weapon.spear


def test_the_shieldbearer_moves_towards_his_king_when_he_cannot_join_the_fight() -> None:
    state, bearer, king, _ = _dwarves(30.0)
    king.triggers |= {"dwarf"}
    tick(state, Tick.TURN_START)
    state.phase = Phase.FIGHT
    heroic_turn(bearer).combat_moved = True
    forced = forced_charge(state, bearer, Hold(bearer.uid))
    assert isinstance(forced, Move) and forced.to[0] > bearer.x + 5

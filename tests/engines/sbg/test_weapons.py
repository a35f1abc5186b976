"""Weapons, special strikes, missile weapons, banners and shields (checklist part 2 §4-7)."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from battlesim.engines.sbg.core.actions import Charge
from battlesim.engines.sbg.core.arms import (
    HAND_WEAPONS,
    Handedness,
    MissileKind,
    SpecialStrike,
    fighting_weapon,
    missile_weapon,
)
from battlesim.engines.sbg.core.hooks import Hook, HookContext, modifier
from battlesim.engines.sbg.core.state import BattleState, ModelState
from battlesim.engines.sbg.core.units import Alignment
from battlesim.engines.sbg.phases.fight import run_fight_phase
from battlesim.engines.sbg.policies.players import HeuristicPlayer
from battlesim.engines.sbg.rules import fight_stances
from battlesim.engines.sbg.rules.combats import Combat
from battlesim.engines.sbg.rules.equipment import banner_in_range, stealthy
from battlesim.engines.sbg.rules.fighting import resolve_combat
from battlesim.engines.sbg.rules.monsters.core import may_use_bpa
from battlesim.engines.sbg.rules.movement import apply_action
from battlesim.engines.sbg.rules.shooting import can_shoot, shoot
from battlesim.engines.sbg.rules.special_strikes import IllegalStrikeError, declare, eligible
from tests.engines.sbg.builders import BASE_GAP, add, battle, players, profile, rolls

X, Y = 24.0, 24.0
SPEAR = profile(wargear=("sword", "spear"))
SHIELDED = profile(options=("shield",))


class Stances(HeuristicPlayer):
    """Shields and uses two hands as the test says."""

    def __init__(self, shield: bool = False, two_hands: bool = False) -> None:
        super().__init__()
        self.shield, self.two_hands = shield, two_hands
        self.asked_shield = 0

    def choose_shielding(
        self, state: BattleState, models: Sequence[ModelState], enemies: Sequence[ModelState]
    ) -> bool:
        self.asked_shield += 1
        return self.shield

    def choose_two_hands(
        self, state: BattleState, model: ModelState, enemies: Sequence[ModelState]
    ) -> bool:
        return self.two_hands


def _strikes(state: BattleState) -> list[str]:
    return [purpose for purpose, _ in rolls(state) if purpose.startswith("strike")]


# --- §4.1 general -------------------------------------------------------------------------------


def test_wpn_gen_01_equipment_in_the_profile_is_carried() -> None:
    """WPN-GEN-01 (002:L1937-1939): what the profile lists (card and options bought) is
    carried and gives its benefits: a bought shield +1 Defence, a cloak Stealth."""
    state = battle([])
    model = add(state, "A1", 0, X, Y, profile(options=("shield", "elven cloak")))
    assert model.defence == 5 and stealthy(model) and "shield" in model.triggers


def test_wpn_1h_01_one_handed_is_the_default() -> None:
    """WPN-1H-01 (002:L1947): a weapon not defined as hand-and-a-half or two-handed is
    one-handed, with no Duel or To Wound modifier."""
    for name, weapon in HAND_WEAPONS.items():
        # the staff (002:L2034), the BSData mattock, pick-hammer and stone flail by their
        # own rule
        own_rule = ("staff", "mattock", "pick-hammer", "stone flail")
        special = name.startswith(("two-handed", "hand-and-a-half")) or name in own_rule
        assert (weapon.handedness is Handedness.ONE_HANDED) is not special, name
    state = battle([])
    model = add(state, "A1", 0, X, Y, profile(wargear=("axe",)))
    assert modifier(Hook.DUEL_DIE, HookContext(state, model)) == 0
    assert modifier(Hook.WOUND_ROLL, HookContext(state, model)) == 0


def test_wpn_hah_01_style_chosen_at_the_start_of_each_fight() -> None:
    """WPN-HAH-01 (002:L1951): used two-handed this fight, -1 Duel, +1 To Wound and no
    shield bonus (ARM-SH-02); the next fight, one-handed, none of these."""
    state = battle([])
    model = add(
        state, "A1", 0, X, Y, profile(wargear=("hand-and-a-half sword",), options=("shield",))
    )
    enemy = add(state, "B1", 1, X + BASE_GAP, Y)
    fight_stances.declare(state, Combat(model, [enemy]), (Stances(two_hands=True), Stances()))
    assert modifier(Hook.DUEL_DIE, HookContext(state, model)) == -1
    assert modifier(Hook.WOUND_ROLL, HookContext(state, model)) == 1
    assert modifier(Hook.DEFENCE, HookContext(state, model)) == -1
    model.clear_fight()
    fight_stances.declare(state, Combat(model, [enemy]), (Stances(two_hands=False), Stances()))
    assert modifier(Hook.DUEL_DIE, HookContext(state, model)) == 0
    assert modifier(Hook.DEFENCE, HookContext(state, model)) == 0


def test_wpn_2h_02_the_bonus_is_for_strikes_not_shots() -> None:
    """WPN-2H-02 (002:L1955): +1 To Wound for strikes; a bow shot by the same model has none."""
    state = battle([])
    model = add(state, "A1", 0, X, Y, profile(wargear=("two-handed axe", "bow")))
    assert modifier(Hook.WOUND_ROLL, HookContext(state, model)) == 1
    assert modifier(Hook.WOUND_ROLL, HookContext(state, model, None, {"missile": True})) == 0


def test_wpn_ss_01_special_strike_of_each_weapon_type() -> None:
    """WPN-SS-01 (002:L1973), SPS-*: the special strike each weapon type carries."""
    expected = {
        "axe": {SpecialStrike.PIERCE},
        "pick": {SpecialStrike.PIERCE},
        "club": {SpecialStrike.STUN},
        "staff": {SpecialStrike.STUN},
        "dagger": {SpecialStrike.FEINT, SpecialStrike.STAB},
        "sword": {SpecialStrike.FEINT, SpecialStrike.STAB},
        "flail": {SpecialStrike.WHIRL},
        "whip": {SpecialStrike.WHIRL},
        "hammer": {SpecialStrike.BASH},
        "mace": {SpecialStrike.BASH},
    }
    assert {name: set(HAND_WEAPONS[name].strikes) for name in expected} == expected


def test_wpn_unarmed_01_minus_one_duel_and_to_wound() -> None:
    """WPN-UNARMED-01 (002:L1977): only if the profile says so; -1 Duel and -1 To Wound."""
    state = battle([])
    model = add(state, "A1", 0, X, Y, profile(wargear=("unarmed",)))
    assert modifier(Hook.DUEL_DIE, HookContext(state, model)) == -1
    assert modifier(Hook.WOUND_ROLL, HookContext(state, model)) == -1
    assert fighting_weapon(profile(wargear=())) is not None


# --- §4.2-4.3 spears, pikes, masterforged, whips ------------------------------------------------


def _supported_pair(dice: list[int], **a_changes: object) -> BattleState:
    state = battle(dice)
    add(state, "A1", 0, X, Y, profile(**a_changes))  # type: ignore[arg-type]
    add(state, "A2", 0, X - BASE_GAP, Y, SPEAR)
    add(state, "B1", 1, X + BASE_GAP, Y, profile(wounds=3))
    return state


def test_wpn_spear_02_a_supporter_is_not_struck_but_counts_for_banners() -> None:
    """WPN-SPEAR-02 (002:L1992): the supporter is not part of the fight (the winner strikes
    only A1), but a banner within 3" of the supporter alone re-rolls for the fight."""
    state = _supported_pair([1, 1, 6, 6])
    run_fight_phase(state, players())
    assert _strikes(state) == ["strike B1->A1 (S3 D4)"]
    assert state.models["A2"].wounds == 1 and not state.models["A1"].alive
    state = _supported_pair([1, 1, 6, 6, 4, 1, 1])
    add(state, "A9", 0, X - BASE_GAP - 3.5, Y, profile(wargear=("sword", "banner")))
    run_fight_phase(state, players())
    assert rolls(state)[3] == ("banner re-roll A1", [6])


def test_wpn_spear_05_a_spear_hero_supports() -> None:
    """WPN-SPEAR-05 (002:L1996): a Hero with a spear supports like any spearman (Heroic
    Actions, which would forbid it, and Might are not played yet: data.ASSUMPTIONS
    "spear-heroes")."""
    state = battle([6] * 10)
    add(state, "A1", 0, X, Y)
    hero = profile(wargear=("spear",), keywords=frozenset({"man", "infantry", "hero"}), might=2)
    add(state, "A2", 0, X - BASE_GAP, Y, hero)
    add(state, "B1", 1, X + BASE_GAP, Y, profile(wounds=3))
    run_fight_phase(state, players())
    assert state.log.of_kind("support")[0].data == {"model": "A2", "supports": "A1"}


def test_wpn_spear_07_one_supporter_per_fighter_once_per_turn() -> None:
    """WPN-SPEAR-07 (002:L1998): a fighter gets one spear only; a spearman supports one
    model once per turn even if it touches two engaged friends."""
    state = battle([6] * 30)
    add(state, "A1", 0, X, Y)
    add(state, "A2", 0, X - BASE_GAP, Y, SPEAR)
    add(state, "A3", 0, X, Y - BASE_GAP, SPEAR)
    add(state, "B1", 1, X + BASE_GAP, Y, profile(wounds=5))
    combat = Combat(state.models["A1"], [state.models["B1"]])
    resolve_combat(state, combat, players())
    assert len(state.log.of_kind("support")) == 1
    state = battle([6] * 30)
    add(state, "A1", 0, X, Y)
    add(state, "A4", 0, X, Y - 2 * BASE_GAP)
    add(state, "A2", 0, X, Y - BASE_GAP, SPEAR)  # touches A1 and A4
    add(state, "B1", 1, X + BASE_GAP, Y, profile(wounds=5))
    add(state, "B4", 1, X + BASE_GAP, Y - 2 * BASE_GAP, profile(wounds=5))
    run_fight_phase(state, players())
    assert [e.data["model"] for e in state.log.of_kind("support")] == ["A2"]


def test_wpn_spear_08_prone_allies_supported_prone_spearmen_never() -> None:
    """WPN-SPEAR-08 (002:L1998): a spearman may support a Prone ally or one with a
    two-handed weapon; a Prone spearman never supports."""
    state = _supported_pair([6] * 10)
    state.models["A1"].prone = True
    run_fight_phase(state, players())
    assert state.log.of_kind("support")
    state = _supported_pair([6] * 10, wargear=("two-handed axe",))
    run_fight_phase(state, players())
    assert state.log.of_kind("support")
    state = _supported_pair([6] * 10)
    state.models["A2"].prone = True
    run_fight_phase(state, players())
    assert not state.log.of_kind("support")


def test_wpn_spear_09_the_supporter_makes_way() -> None:
    """WPN-SPEAR-09 (002:L1998): the spearman behind its losing friend makes way for it."""
    state = _supported_pair([1, 1, 6, 1])
    run_fight_phase(state, players())
    make_way = [
        e.data["model"] for e in state.log.of_kind("move") if e.data["reason"] == "make way"
    ]
    assert make_way == ["A2"] and not state.log.of_kind("trapped")


def test_wpn_spear_10_no_support_for_a_shielding_model() -> None:
    """WPN-SPEAR-10 (002:L2279): a Shielding model gets no spear support; ARM-SH-03 it rolls
    two Duel dice for its one Attack."""
    state = _supported_pair([1, 1, 6, 1], options=("shield",))
    resolve_combat(
        state, Combat(state.models["A1"], [state.models["B1"]]), (Stances(True), Stances())
    )
    assert not state.log.of_kind("support")
    assert state.log.of_kind("duel")[0].data["dice"] == [[1, 1], [6]]


def test_wpn_warspear_01_infantry_uses_a_war_spear_as_a_spear() -> None:
    """WPN-WARSPEAR-01 (002:L2002): on foot a war spear follows the spear rules (support)."""
    state = battle([6] * 10)
    add(state, "A1", 0, X, Y)
    add(state, "A2", 0, X - BASE_GAP, Y, profile(wargear=("war spear",)))
    add(state, "B1", 1, X + BASE_GAP, Y, profile(wounds=3))
    run_fight_phase(state, players())
    assert state.log.of_kind("support")[0].data == {"model": "A2", "supports": "A1"}


@pytest.mark.parametrize(
    ("gear", "penalty"), [(("pike", "shield"), -1), (("pike", "bow"), -1), (("pike",), 0)]
)
def test_wpn_pike_02_pike_with_shield_or_bow(gear: tuple[str, ...], penalty: int) -> None:
    """WPN-PIKE-02 (002:L2008): a pike model also carrying a shield, bow or crossbow has -1
    to its Duel roll."""
    state = battle([])
    model = add(state, "A1", 0, X, Y, profile(wargear=gear))
    assert modifier(Hook.DUEL_DIE, HookContext(state, model)) == penalty


def test_wpn_master_01_masterforged_ignores_the_two_handed_penalty() -> None:
    """WPN-MASTER-01 (002:L2018): no -1 Duel for a masterforged two-handed weapon; the +1
    To Wound stays."""
    state = battle([])
    model = add(state, "A1", 0, X, Y, profile(wargear=("two-handed sword", "masterforged")))
    assert modifier(Hook.DUEL_DIE, HookContext(state, model)) == 0
    assert modifier(Hook.WOUND_ROLL, HookContext(state, model)) == 1


@pytest.mark.parametrize(("wound_die", "slain"), [(4, True), (3, False)])
def test_wpn_whip_01_a_whip_is_thrown_at_two_inches_strength_one(
    wound_die: int, slain: bool
) -> None:
    """WPN-WHIP-01 (002:L2038): a throwing weapon of 2", S1 (thrown during a charge, MSL-
    THROW-02: S1 against D1 wounds on 4+) that also Whirls."""
    whip = profile(wargear=("whip",))
    assert missile_weapon(whip) is not None and missile_weapon(whip).kind is MissileKind.THROWING
    assert SpecialStrike.WHIRL in eligible(add(battle([]), "W", 0, 1, 1, whip), 3)
    state = battle([4, wound_die], alignments=(Alignment.EVIL, Alignment.GOOD))
    thrower = add(state, "A1", 0, 10, 10, whip)
    target = add(state, "B1", 1, 10, 13.5, profile(defence=1))
    apply_action(state, thrower, Charge("A1", "B1", (10, 13.5 - BASE_GAP), throw=True))
    assert rolls(state)[1][0] == "to wound A1->B1 (S1 D1)"
    assert target.alive is not slain


def test_wpn_swap_01_02_a_bought_weapon_replaces_the_carded_one() -> None:
    """WPN-SWAP-01, WPN-SWAP-02 (002:L2044-2048): a sword swapped for an axe fights as an axe
    (Piercing Strike); an Elven-made sword swapped for a mace loses Elven-made; a weapon of
    another category is no swap (the sword stays in use)."""
    axe = fighting_weapon(profile(wargear=("sword",), options=("axe",)))
    assert axe is not None and axe.name == "axe"
    state = battle([])
    model = add(state, "A1", 0, X, Y, profile(wargear=("sword", "elven-made"), options=("mace",)))
    assert model.weapon is not None and model.weapon.name == "mace"
    assert "elven-made" not in model.triggers
    kept = fighting_weapon(profile(wargear=("sword",), options=("two-handed axe",)))
    assert kept is not None and kept.name == "sword"


def test_wpn_swap_03_04_the_weapon_is_chosen_before_the_game() -> None:
    """WPN-SWAP-03 (002:L2050): a model with an axe and a sword uses one of them all game
    (the axe, data.ASSUMPTIONS "weapon-choice"); WPN-SWAP-04 (002:L2052): a weapon without
    a type fights as a sword."""
    state = battle([6] * 12)
    model = add(state, "A1", 0, X, Y, profile(wargear=("axe", "sword")))
    add(state, "B1", 1, X + BASE_GAP, Y, profile(wounds=5))
    run_fight_phase(state, players())
    assert model.weapon is not None and model.weapon.name == "axe"
    untyped = fighting_weapon(profile(wargear=("hand weapon",)))
    assert untyped is not None and untyped.name == "sword"


# --- §5 special strikes -------------------------------------------------------------------------


class _Feints(HeuristicPlayer):
    def choose_special_strike(self, state, model, options, enemy_fight):  # type: ignore[no-untyped-def]
        return SpecialStrike.FEINT if SpecialStrike.FEINT in options else None


def test_sps_gen_01_declared_before_the_duel_with_the_matching_weapon() -> None:
    """SPS-GEN-01 (002:L2056): the strike is declared before the Duel dice are rolled and
    needs the matching weapon (a sword cannot Bash)."""
    state = battle([3, 6, 1, 6])
    add(state, "A1", 0, X, Y, profile(fight=5))
    add(state, "B1", 1, X + BASE_GAP, Y, profile(wounds=3, fight=4))
    run_fight_phase(state, (_Feints(), HeuristicPlayer()))
    kinds = [e.kind for e in state.log.events if e.kind in ("special_strike", "duel")]
    assert kinds == ["special_strike", "duel"]
    assert rolls(state)[0][0] == "feint D3 A1"
    with pytest.raises(IllegalStrikeError):
        declare(state, state.models["A1"], SpecialStrike.BASH, 3)


def test_sps_gen_02_no_special_strike_with_a_spear_or_while_shielding() -> None:
    """SPS-GEN-02 (002:L1994, L2277): none for a spear used as a one-handed weapon, none for
    a Shielding model."""
    state = battle([])
    assert eligible(add(state, "A1", 0, X, Y, profile(wargear=("spear",))), 3) == []
    state = battle([1, 1, 6, 1])
    shielder = add(state, "A1", 0, X, Y, profile(fight=6, options=("shield",)))
    add(state, "B1", 1, X + BASE_GAP, Y, profile(fight=5))  # too strong to Stab
    resolve_combat(state, Combat(shielder, [state.models["B1"]]), (_ShieldsAndFeints(), Stances()))
    assert not state.log.of_kind("special_strike") and state.log.of_kind("shielding")


class _ShieldsAndFeints(Stances, _Feints):
    def __init__(self) -> None:
        Stances.__init__(self, shield=True)


# --- §6 missile weapons -------------------------------------------------------------------------


def test_msl_gen_01_the_longest_ranged_missile_weapon_is_used() -> None:
    """MSL-GEN-01 (002:L2108): a model with several missile weapons uses one per shot: the
    longest-ranged (data.ASSUMPTIONS "missile-choice")."""
    chosen = missile_weapon(profile(wargear=("throwing weapons", "bow")))
    assert chosen is not None and chosen.name == "bow"


def test_msl_throw_01_once_per_turn_even_after_a_full_move() -> None:
    """MSL-THROW-01 (002:L2140): thrown in the Shoot phase after moving more than half its
    Move, once per turn; never the weapon it fights with."""
    state = battle([])
    model = add(state, "A1", 0, X, Y, profile(wargear=("axe", "throwing weapons")))
    model.spent, model.moved = 6.0, True
    assert can_shoot(state, model)
    model.shot = True
    assert not can_shoot(state, model)
    assert model.weapon is not None and model.weapon.name == "axe"


def test_msl_throw_03_the_charge_is_completed_unless_the_target_died() -> None:
    """MSL-THROW-03 (002:L2146): the thrower that did not kill its target completes the
    charge; see also test_shoot.test_throwing_while_charging (both outcomes)."""
    state = battle([4, 1], alignments=(Alignment.EVIL, Alignment.GOOD))
    thrower = add(state, "A1", 0, 10, 10, profile(wargear=("sword", "javelin")))
    add(state, "B1", 1, 10, 16)
    apply_action(state, thrower, Charge("A1", "B1", (10, 16 - BASE_GAP), throw=True))
    assert state.engaged(thrower) and thrower.charged


@pytest.mark.parametrize(("spent", "allowed"), [(3.0, True), (3.5, False)])
def test_msl_blow_01_blowpipe_half_move_and_poison(spent: float, allowed: bool) -> None:
    """MSL-BLOW-01 (002:L2156-2158): shoots after up to half its Move; Poisoned: a To Wound
    1 is re-rolled (S2 against D3 needs 5+: the 1 becomes a 5 and wounds)."""
    state = battle([6, 1, 5])
    shooter = add(state, "A1", 0, X, Y, profile(wargear=("blowpipe",)))
    target = add(state, "B1", 1, X, Y + 8, profile(defence=3))
    shooter.spent, shooter.moved = spent, True
    assert can_shoot(state, shooter) is allowed
    shoot(state, shooter, target)
    assert [p for p, _ in rolls(state)][1:] == [
        "to wound A1->B1 (S2 D3)",
        "to wound A1->B1 (S2 D3) (re-roll of a 1)",
    ]
    assert not target.alive


# --- §7.1 banners -------------------------------------------------------------------------------


def test_eqp_ban_01_range_three_inches() -> None:
    """EQP-BAN-01 (002:L2170): a fight is affected if one of its models is within 3" of the
    banner; at 3.1" it is not."""
    state = battle([])
    fighter = add(state, "A1", 0, X, Y)
    bearer = add(state, "A9", 0, X - BASE_GAP - 3.0, Y, profile(wargear=("sword", "banner")))
    assert banner_in_range(state, [fighter]) is bearer
    state.set_position(bearer, (X - BASE_GAP - 3.1, Y))
    assert banner_in_range(state, [fighter]) is None


def test_eqp_ban_03_a_prone_bearer_helps_nobody() -> None:
    """EQP-BAN-03 (002:L2174): if the bearer is Prone nobody benefits from the banner."""
    state = battle([2, 5, 6, 1])
    add(state, "A1", 0, X, Y)
    add(state, "A9", 0, X - 2.5, Y, profile(wargear=("sword", "banner"))).prone = True
    add(state, "B1", 1, X + BASE_GAP, Y)
    resolve_combat(state, Combat(state.models["A1"], [state.models["B1"]]), players())
    assert not [p for p, _ in rolls(state) if p.startswith("banner")]
    assert state.log.of_kind("duel")[0].data["winner"] == 1


def test_eqp_ban_04_one_reroll_per_fight_then_the_opponents_banner() -> None:
    """EQP-BAN-04 (002:L2176): two banners in range give one re-roll only; if it makes that
    side win, the opponent may use his own banner."""
    state = battle([2, 5, 6, 6, 4, 1])  # re-rolls 6 and 6, Fight tied, roll-off 4: Good
    add(state, "A1", 0, X, Y)
    for uid, dy in (("A8", 2.0), ("A9", -2.0)):
        add(state, uid, 0, X - 1.5, Y + dy, profile(wargear=("sword", "banner")))
    add(state, "B1", 1, X + BASE_GAP, Y)
    add(state, "B9", 1, X + BASE_GAP + 2.0, Y + 1.5, profile(wargear=("sword", "banner")))
    resolve_combat(state, Combat(state.models["A1"], [state.models["B1"]]), players())
    banner_rolls = [p for p, _ in rolls(state) if p.startswith("banner")]
    assert banner_rolls == ["banner re-roll A1", "banner re-roll B1"]
    assert state.log.of_kind("duel")[0].data["dice"] == [[6], [6]]


# --- §7.4 shields -------------------------------------------------------------------------------


def test_arm_sh_03_shielding_doubles_duel_dice_and_forbids_striking() -> None:
    """ARM-SH-03 (002:L2277): a Shielding model rolls twice its Attacks in the Duel; if it
    wins it does not strike; it gets no Elven-made advantage (a roll-off 3 goes to Evil)."""
    state = battle([1, 6, 2])
    model = add(state, "A1", 0, X, Y, SHIELDED)
    add(state, "B1", 1, X + BASE_GAP, Y)
    resolve_combat(state, Combat(model, [state.models["B1"]]), (Stances(True), Stances()))
    assert state.log.of_kind("duel")[0].data == {
        "combat": ["A1", "B1"],
        "dice": [[1, 6], [2]],
        "winner": 0,
    }
    assert _strikes(state) == [] and state.models["B1"].wounds == 1
    state = battle([3, 5, 5, 3, 1])
    model = add(state, "A1", 0, X, Y, profile(options=("shield",), wargear=("sword", "elven-made")))
    add(state, "B1", 1, X + BASE_GAP, Y)
    resolve_combat(state, Combat(model, [state.models["B1"]]), (Stances(True), Stances()))
    assert state.log.of_kind("duel")[0].data["winner"] == 1
    troll = add(state, "T1", 0, 5, 5, profile(keywords=frozenset({"troll", "monster"})))
    assert may_use_bpa(state, troll)
    troll.shielding = True
    assert not may_use_bpa(state, troll)  # nor a Brutal Power Attack in place of strikes


def test_arm_sh_04_all_allied_models_must_shield() -> None:
    """ARM-SH-04 (002:L2279): one model of the side lacks a shield: none may Shield."""
    state = battle([6] * 10)
    add(state, "A1", 0, X, Y - BASE_GAP / 2, SHIELDED)
    add(state, "A2", 0, X, Y + BASE_GAP / 2)
    enemy = add(state, "B1", 1, X + 0.85, Y, profile(wounds=3))
    side = Stances(True)
    resolve_combat(
        state, Combat(enemy, [state.models["A1"], state.models["A2"]]), (side, Stances())
    )
    assert side.asked_shield == 0 and not state.log.of_kind("shielding")
    assert fight_stances.may_shield([state.models["A1"]])


def test_arm_sh_05_prone_may_shield_cavalry_may_not() -> None:
    """ARM-SH-05 (002:L2281): Prone models may Shield (the heuristic does); Cavalry cannot."""
    state = battle([])
    prone = add(state, "A1", 0, X, Y, SHIELDED)
    prone.prone = True
    enemy = add(state, "B1", 1, X + BASE_GAP, Y)
    assert fight_stances.may_shield([prone])
    assert HeuristicPlayer().choose_shielding(state, [prone], [enemy])
    rider = profile(options=("shield",), keywords=frozenset({"man", "cavalry"}))
    assert not fight_stances.may_shield([add(state, "A2", 0, 5, 5, rider)])


def test_msl_throw_03_a_slaying_throw_leaves_the_thrower_free_to_charge_another() -> None:
    """MSL-THROW-03 (002:L2146: « Si la cible est tuée, la figurine [...] peut finir son
    Mouvement comme elle le souhaite - s'arrêter, charger une autre figurine, ou autre »):
    A1 throws on its charge at B1 (4 hits, 5 wounds: slain), then its player charges B2
    with the Move it has left; A1 ends engaged with B2 and may not throw again."""
    from battlesim.engines.sbg.core.actions import MoveAction
    from battlesim.engines.sbg.phases.model_move import take_action
    from battlesim.engines.sbg.policies.players import HeuristicPlayer

    class Thrower(HeuristicPlayer):
        def __init__(self) -> None:
            self.asked = 0

        def choose_move(self, state: BattleState, model: ModelState) -> MoveAction:
            self.asked += 1
            if self.asked == 1:
                return Charge("A1", "B1", (10, 15 - BASE_GAP), throw=True)
            return Charge("A1", "B2", (12, 14 - BASE_GAP))

    state = battle([4, 5], alignments=(Alignment.EVIL, Alignment.GOOD))
    thrower = add(state, "A1", 0, 10, 10, profile(wargear=("sword", "throwing weapons")))
    first = add(state, "B1", 1, 10, 15)
    second = add(state, "B2", 1, 12, 14)
    player = Thrower()
    take_action(state, (player, HeuristicPlayer()), thrower)
    assert not first.alive and player.asked == 2
    assert state.log.of_kind("move_on_after_throw")
    assert state.engaged(thrower) and state.in_contact(thrower, second) and thrower.charged
    assert thrower.shot and thrower.spent <= 6.0 + 1e-6

"""Army rules of the Good factions in the fight (rules/armies/good/fighters.py, issue 18).

Each test cites the BattleScribe rule id whose English text is the spec, scripts the dice
and fails when the rule's unit is removed."""

from __future__ import annotations

from dataclasses import replace

from battlesim.engines.sbg.core.hooks import Hook, HookContext, modifier
from battlesim.engines.sbg.core.state import BattleState, ModelState, Phase
from battlesim.engines.sbg.core.units import ModelSpec, Profile
from battlesim.engines.sbg.rules.combats import Combat
from battlesim.engines.sbg.rules.fighting import duel, strike
from tests.engines.sbg.builders import BASE_GAP, WARRIOR, add, battle, rolls

HERO = replace(WARRIOR, name="Test Hero", keywords=WARRIOR.keywords | {"hero"})


def card(*rules: str, base: Profile = WARRIOR, **changes: object) -> Profile:
    return replace(base, rules=tuple(rules), **changes)  # type: ignore[arg-type]


def pair(
    dice: list[int], mine: Profile, theirs: Profile = WARRIOR
) -> tuple[BattleState, ModelState, ModelState]:
    state = battle(dice)
    return state, add(state, "A1", 0, 10, 10, mine), add(state, "B1", 1, 10 + BASE_GAP, 10, theirs)


def duel_mod(state: BattleState, model: ModelState, dice: tuple[int, ...] = (3,)) -> int:
    return modifier(Hook.DUEL_DIE, HookContext(state, model, details={"duel dice": list(dice)}))


def wound_mod(state: BattleState, model: ModelState, other: ModelState | None = None) -> int:
    return modifier(Hook.WOUND_ROLL, HookContext(state, model, other))


def purposes(state: BattleState) -> list[str]:
    return [purpose for purpose, _ in rolls(state)]


# --- Weapon Master (4bb4-a011-0585-ed8b), Strangling Fingers (d780-791a-8610-1882) -------------


def test_weapon_master_drops_the_two_handed_duel_penalty_and_keeps_its_bonus() -> None:
    axe = ("two-handed axe",)
    state, master, plain = pair([], card("Weapon Master", wargear=axe), card(wargear=axe))
    assert (duel_mod(state, master), duel_mod(state, plain)) == (0, -1)
    assert wound_mod(state, master) == wound_mod(state, plain) == 1


def test_weapon_master_and_strangling_fingers_are_never_unarmed() -> None:
    """Even on a card that says Unarmed (Sméagol's fingers alone already fight as a weapon:
    WPN-SWAP-04 gives a card naming no weapon a sword)."""
    bare_card = card(wargear=("unarmed",))
    state, master, bare = pair([], card("Weapon Master", wargear=("unarmed",)), bare_card)
    smeagol = add(state, "A2", 0, 30, 30, card(wargear=("strangling fingers", "unarmed")))
    assert (duel_mod(state, bare), wound_mod(state, bare)) == (-1, -1)  # WPN-UNARMED-01
    assert (duel_mod(state, master), wound_mod(state, master)) == (0, 0)
    assert (duel_mod(state, smeagol), wound_mod(state, smeagol)) == (0, 0)


# --- The Bladelord's Skill (bae9-76b9-6f7f-4031), Broadsword (362b-3b22-7e12-5627) ---------------


def test_a_natural_six_drops_the_two_handed_penalty() -> None:
    sword = ("two-handed sword",)
    state, knight, plain = pair(
        [], card("The Bladelord's Skill", wargear=sword), card(wargear=sword)
    )
    clansman = add(state, "A2", 0, 30, 30, card(wargear=("two-handed sword", "broadsword")))
    assert duel_mod(state, knight, (6, 2)) == 0 and duel_mod(state, knight, (5, 2)) == -1
    assert duel_mod(state, clansman, (6,)) == 0 and duel_mod(state, clansman, (5,)) == -1
    assert duel_mod(state, plain, (6, 2)) == -1


def test_the_bladelords_six_wins_the_duel_it_would_tie() -> None:
    """A 6 and a rival 5: with the -1 it would be 5 v 5, the rival's higher Fight winning."""
    sword = ("two-handed sword",)
    state, knight, foe = pair([6, 5], card("The Bladelord's Skill", wargear=sword), card(fight=4))
    assert duel(state, Combat(knight, [foe])) == 0
    other, plain, foe2 = pair([6, 5], card(wargear=sword), card(fight=4))
    assert duel(other, Combat(plain, [foe2])) == 1


# --- To Wound re-rolls: A Warrior Born, A Score to Settle, Blood Feud -------------------------


def test_a_warrior_born_rerolls_ones_to_wound() -> None:
    """a5b1-c31a-dcb8-6270: Glóin must re-roll 1s To Wound in combat (S3 v D4: 5+)."""
    state, gloin, foe = pair([1, 5], card("A Warrior Born"))
    strike(state, gloin, foe, trapped=False)
    assert not foe.alive and len(rolls(state)) == 2
    plain, a, b = pair([1, 5], WARRIOR)
    strike(plain, a, b, trapped=False)
    assert b.alive and len(rolls(plain)) == 1


def test_a_score_to_settle_rerolls_failed_wounds_on_azog_only() -> None:
    """7678-89f4-6e93-81c2: Thorin re-rolls failed To Wound rolls against Azog."""
    azog = card(name="Azog, the Defiler")
    state, thorin, foe = pair([3, 5], card("A Score to Settle"), azog)
    strike(state, thorin, foe, trapped=False)
    assert not foe.alive
    other, thorin2, orc = pair([3, 5], card("A Score to Settle"))
    strike(other, thorin2, orc, trapped=False)
    assert orc.alive and len(rolls(other)) == 1


def test_blood_feud_rerolls_failed_wounds_on_any_model_of_azogs_army() -> None:
    """f3ba-83b9-3207-d57b: against Azog and any model in the same army as Azog."""
    state, thrain, orc = pair([3, 5], card("Blood Feud"))
    state.forces = (
        state.forces[0],
        replace(state.forces[1], models=(ModelSpec("B9", card(name="Azog")),)),
    )
    strike(state, thrain, orc, trapped=False)
    assert not orc.alive
    other, thrain2, orc2 = pair([3, 5], card("Blood Feud"))
    strike(other, thrain2, orc2, trapped=False)
    assert orc2.alive


# --- a single die: Lord of the West (92b3-3f05-3a60-5952), Weapon Synergy, Durin's Axe --------


def test_lord_of_the_west_rerolls_one_losing_duel_die() -> None:
    state, elf, foe = pair([2, 4, 5], card("Lord of the West"))
    assert duel(state, Combat(elf, [foe])) == 0
    assert purposes(state)[-1] == "duel re-roll of one die A1"
    other, plain, foe2 = pair([2, 4, 5], WARRIOR)
    assert duel(other, Combat(plain, [foe2])) == 1


def test_durins_axe_rerolls_one_losing_duel_die() -> None:
    """181d-a719-8173-707e: "may re-roll a single dice when making Duel rolls"."""
    gear = ("two-handed axe", "masterforged", "durin's axe")
    state, durin, foe = pair([2, 4, 5], card(wargear=gear))
    assert duel(state, Combat(durin, [foe])) == 0
    other, plain, foe2 = pair([2, 4, 5], card(wargear=("two-handed axe", "masterforged")))
    assert duel(other, Combat(plain, [foe2])) == 1


def test_durins_axe_rerolls_one_duel_die_but_not_when_winning() -> None:
    state, durin, foe = pair(
        [5, 4], card(wargear=("two-handed axe", "masterforged", "durin's axe"))
    )
    assert duel(state, Combat(durin, [foe])) == 0 and len(rolls(state)) == 2


def test_weapon_synergy_rerolls_a_single_to_wound_die_each_fight() -> None:
    """8b4a-ca35-8aad-e533: one die re-rolled; the second failed die stands (READINGS)."""
    state, nori, foe = pair([1, 5, 1], card("Weapon Synergy"), replace(WARRIOR, wounds=2))
    strike(state, nori, foe, trapped=False)
    strike(state, nori, foe, trapped=False)
    assert foe.wounds == 1 and len(rolls(state)) == 3
    assert "re-roll of a failed die" in purposes(state)[1]
    other, plain, foe2 = pair([1, 5, 1], WARRIOR, replace(WARRIOR, wounds=2))
    strike(other, plain, foe2, trapped=False)
    assert foe2.wounds == 2 and len(rolls(other)) == 1


# --- extra Attacks: Knife Fighters (a01e-504c-0253-45cc), Blade Mistress (9f7a-...) ----------


def surrounded(rule: str, foes: int) -> tuple[BattleState, ModelState]:
    state = battle()
    model = add(state, "A1", 0, 20, 20, card(rule))
    for n in range(foes):
        x, y = [(BASE_GAP, 0), (-BASE_GAP, 0), (0, BASE_GAP), (0, -BASE_GAP), (0.7, 0.7)][n]
        add(state, f"B{n}", 1, 20 + x, 20 + y)
    state.phase = Phase.FIGHT
    return state, model


def attacks_mod(state: BattleState, model: ModelState) -> int:
    return modifier(Hook.ATTACKS, HookContext(state, model))


def test_knife_fighters_gain_an_attack_per_extra_foe_up_to_three() -> None:
    state, ranger = surrounded("Knife Fighters", 3)
    assert attacks_mod(state, ranger) == 2
    crowd, ranger5 = surrounded("Knife Fighters", 5)
    assert attacks_mod(crowd, ranger5) == 3
    lone, ranger1 = surrounded("Knife Fighters", 1)
    assert attacks_mod(lone, ranger1) == 0


def test_blade_mistress_has_no_maximum() -> None:
    state, tauriel = surrounded("Blade Mistress", 5)
    assert attacks_mod(state, tauriel) == 4


# --- Axes of the Dwarves! (c543-a6a9-9d2e-e06b), The King's Axeman (aaa9-2dd1-f0f5-7002) ------


class GreatAxe:
    """A player who takes the two-handed axe."""

    def decide(self, state: BattleState, decision: object) -> bool:
        return False


def test_two_axes_give_three_attacks_the_great_axe_its_bonus() -> None:
    """Gimli (A2) fights with 3 Attacks with two axes; Dwalin (A3) with 4. The card's axe is
    what the engine arms them with (WPN-SWAP-04), so no two-handed effect then."""
    gear = ("two-handed axe", "axe")
    state, gimli, _ = pair([], card("Axes of the Dwarves!", base=HERO, attacks=2, wargear=gear))
    dwalin = add(
        state, "A2", 0, 30, 30, card("The King's Axeman", base=HERO, attacks=3, wargear=gear)
    )
    state.phase = Phase.FIGHT
    assert attacks_mod(state, gimli) == 1 and attacks_mod(state, dwalin) == 1
    assert wound_mod(state, gimli) == 0 and duel_mod(state, gimli) == 0
    plain = add(state, "A3", 0, 40, 40, card(base=HERO, attacks=2, wargear=gear))
    assert (attacks_mod(state, plain), wound_mod(state, plain), duel_mod(state, plain)) == (0, 0, 0)


def test_the_great_axe_gives_plus_one_to_wound_and_minus_one_duel() -> None:
    gear = ("two-handed axe", "axe")
    state, gimli, _ = pair([], card("Axes of the Dwarves!", base=HERO, attacks=2, wargear=gear))
    state.players = (GreatAxe(), GreatAxe())
    state.phase = Phase.FIGHT
    assert (attacks_mod(state, gimli), wound_mod(state, gimli), duel_mod(state, gimli)) == (
        0,
        1,
        -1,
    )


# --- Wall of Blades (b6db-d73f-7a8d-2ede), Stand by our Men! (9167-a375-fdbd-cdcf) -------------


def test_wall_of_blades_wounds_chargers_more_easily() -> None:
    state, knight, foe = pair([], card("Wall of Blades", wargear=("sword", "shield", "spear")))
    assert wound_mod(state, knight, foe) == 0
    foe.charged = True
    assert wound_mod(state, knight, foe) == 1


def test_stand_by_our_men_helps_hilda_and_militia_that_charged_with_her() -> None:
    state = battle()
    hilda = add(state, "A1", 0, 10, 10, card("Stand by our Men!", name="Hilda-Bianca"))
    militia = add(state, "A2", 0, 12, 10, card(name="Lake-town Militia"))
    idle = add(state, "A3", 0, 10, 12, card(name="Lake-town Militia"))
    state.phase = Phase.FIGHT
    assert wound_mod(state, hilda) == 0  # she has not charged
    hilda.charged = militia.charged = True
    assert (wound_mod(state, hilda), wound_mod(state, militia), wound_mod(state, idle)) == (1, 1, 0)

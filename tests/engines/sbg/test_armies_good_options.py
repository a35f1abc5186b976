"""Good options with rule text (named banners, Thranduil's second sword), from the BSData
"Rules" text cited by id: each test fails when the unit is removed."""

from __future__ import annotations

from dataclasses import replace

from battlesim.engines.sbg.core.hooks import Hook, HookContext, modifier
from battlesim.engines.sbg.core.state import BattleState, ModelState, Tick, tick
from battlesim.engines.sbg.core.units import Profile, profile_from_data, profile_to_data
from battlesim.engines.sbg.policies import magic_policy
from battlesim.engines.sbg.rules.characteristics import fight_value
from battlesim.engines.sbg.rules.courage import courage_test
from battlesim.engines.sbg.rules.equipment import banner_in_range
from battlesim.engines.sbg.rules.magic import casting
from tests.engines.sbg.builders import BASE_GAP, WARRIOR, add, battle, rolls
from tests.engines.sbg.test_magic import Player

HERO = replace(
    WARRIOR, name="Test Captain", might=1, will=0, fate=0, keywords=frozenset({"man", "hero"})
)
GONDOR = replace(WARRIOR, keywords=frozenset({"man", "gondor", "infantry", "warrior"}))


def _bearing(banner: str, base: Profile = HERO) -> Profile:
    return profile_from_data({**profile_to_data(base), "options": [banner]})


def test_evenstar_reaches_six_inches_gives_fearless_and_no_bearer_penalty() -> None:
    """BSData 59fd-dd4c-3e52-396d: a banner of 6" (a plain one reaches 3"), friends within
    6" are Fearless (no dice: 1+1 would fail), and Halbarad has no -1 on his Duel rolls."""
    state = battle([1, 1, 1, 1])
    bearer = add(state, "H", 0, 10, 10, _bearing("Banner of Arwen Evenstar"))
    friend = add(state, "F", 0, 15, 10)
    assert banner_in_range(state, [friend]) is bearer
    assert courage_test(state, friend, "broken army")
    assert modifier(Hook.DUEL_DIE, HookContext(state, bearer)) == 0
    plain = battle([1, 1])
    add(plain, "H", 0, 10, 10, _bearing("Banner"))
    other = add(plain, "F", 0, 15, 10)
    assert banner_in_range(plain, [other]) is None
    assert not courage_test(plain, other, "broken army")


def test_banner_of_minas_tirith_plus_one_fight_to_gondor_warriors_and_boromir() -> None:
    """BSData ace9-0c07-ece8-fb68: +1 Fight to Boromir and to Gondor Warriors within 6" (not
    to a Warrior of another army, nor beyond 6")."""
    state = battle()
    boromir = add(state, "B", 0, 10, 10, _bearing("The Banner of Minas Tirith"))
    near = add(state, "G", 0, 15, 10, GONDOR)
    far = add(state, "D", 0, 17, 10, GONDOR)
    stranger = add(state, "S", 0, 14, 10)
    assert fight_value(state, boromir) == HERO.fight + 1
    assert fight_value(state, near) == GONDOR.fight + 1
    assert fight_value(state, far) == GONDOR.fight
    assert fight_value(state, stranger) == WARRIOR.fight


def test_thranduils_additional_sword_fight_seven_attacks_three_and_bladelord() -> None:
    """BSData 7800-08d3-1816-952e: Attacks 3 and Fight 7 with the second sword, and Bladelord
    (449d-273c-b55e-d770): +1 Attack as Infantry, +1 per enemy Engaged after the first."""
    from battlesim.engines.sbg.rules.characteristics import attacks

    thranduil = replace(HERO, keywords=frozenset({"elf", "infantry", "hero"}))
    state = battle()
    plain = add(state, "P", 0, 30, 30, thranduil)
    armed = add(state, "T", 0, 10, 10, _bearing("Additional Elven-made Sword", thranduil))
    assert (fight_value(state, plain), attacks(state, plain)) == (3, 1)
    assert (fight_value(state, armed), attacks(state, armed)) == (7, 4)
    for uid, x in (("E1", 10.9), ("E2", 9.1)):
        foe = add(state, uid, 1, x, 10)
        state.touching[armed.uid].add(foe.uid)
        state.touching[foe.uid].add(armed.uid)
    assert attacks(state, armed) == 5


def test_armour_of_gondolin_heavy_armour_and_no_bpa_nomination() -> None:
    """BSData 746a-84ee-b2a4-5254: Heavy Armour (+2 Defence, ARM-03) and no Monster may
    target Glorfindel with a Brutal Power Attack; another loser may still be nominated."""
    from battlesim.engines.sbg.policies.players import HeuristicPlayer
    from battlesim.engines.sbg.rules.combats import Combat
    from battlesim.engines.sbg.rules.monsters.core import BpaFight, options_for
    from tests.engines.sbg.test_armies_evil_monsters import DRAGON

    state = battle()
    troll = add(state, "M", 1, 10, 10, replace(DRAGON, name="Test Troll"))
    glorfindel = add(state, "G", 0, 12, 10, _bearing("Armour of Gondolin"))
    other = add(state, "O", 0, 12, 11, HERO)
    assert glorfindel.defence == HERO.defence + 2
    fight = BpaFight(
        state, Combat(troll, [glorfindel, other]), troll, HeuristicPlayer(), [troll], []
    )
    fight.losers = [glorfindel, other]
    nominated = {o.target for o in options_for(fight) if o.target is not None}
    assert "O" in nominated and "G" not in nominated


def _on_cart() -> Profile:
    """Gandalf on the Cart (the data's card: 8" F0 S3 D5 A0 W3 C3, its rule Cart)."""
    cart = {"name": "cart", "kind": "cart", "move": 8, "fight": 0, "shoot": 0, "strength": 3}
    cart |= {"defence": 5, "attacks": 0, "wounds": 3, "courage": 3, "rules": ["Cart"]}
    data = {**profile_to_data(HERO), "options": ["cart"], "mount": cart, "rules": ["Cart"]}
    return profile_from_data(data)


def test_the_cart_hits_an_enemy_within_six_inches_at_the_shoot_phase_on_a_four() -> None:
    """BSData 6962-c373-d662-31e9 Cart: at the start of the Shoot phase, a D6 of 4 gives the
    enemy within 6" (D3, the lowest) a Strength 2 hit: a 6 to wound (S2 v D3) kills it; an
    enemy 8" away (centres) is not chosen; a 3 misses."""
    from battlesim.engines.sbg.core.state import Phase, Tick, tick

    state = battle([4, 6])
    add(state, "G", 0, 10, 10, _on_cart())
    near = add(state, "N", 1, 15, 10, replace(WARRIOR, defence=3))
    far = add(state, "F", 1, 10, 18, replace(WARRIOR, defence=1))
    state.phase = Phase.SHOOT
    tick(state, Tick.PHASE_START)
    assert not near.alive and far.alive
    miss = battle([3])
    add(miss, "G", 0, 10, 10, _on_cart())
    foe = add(miss, "N", 1, 15, 10, replace(WARRIOR, defence=3))
    miss.phase = Phase.SHOOT
    tick(miss, Tick.PHASE_START)
    assert foe.alive


def test_the_oakenshield_shielding_winner_makes_one_strike_at_his_strength() -> None:
    """BSData 6cda-9044-5459-d48e: Thorin Shielding and winning makes a single Strike at his
    own Strength (S4 v D4: a 4 wounds); a plain shield's bearer strikes none."""
    from battlesim.engines.sbg.policies.players import HeuristicPlayer
    from battlesim.engines.sbg.rules.fighting import winners_strike

    thorin = replace(HERO, strength=4)
    for item, wounded in (("The Oakenshield", True), ("Shield", False)):
        state = battle([4])
        bearer = add(state, "T", 0, 10, 10, _bearing(item, thorin))
        foe = add(state, "F", 1, 11, 10)
        bearer.shielding = True
        winners_strike(state, HeuristicPlayer(), [bearer], [foe], set())
        assert foe.alive is not wounded


def test_orcrist_d3_wounds_on_an_orc_and_terror_to_orcs_only() -> None:
    """BSData 8ac4-0fe7-599d-7814 Orcrist: a Strike that wounds an Orc (5 on the chart, S3
    v D4) causes D3 Wounds (a 6: three, the W3 Orc dies); a Man takes one; the bearer
    causes Terror in Orcs, not in Men."""
    from battlesim.engines.sbg.rules.fighting import strike
    from battlesim.engines.sbg.rules.terror import frightens

    orc = replace(WARRIOR, wounds=3, keywords=frozenset({"orc", "infantry", "warrior"}))
    man = replace(WARRIOR, wounds=3)
    state = battle([5, 6, 5])
    thorin = add(state, "T", 0, 10, 10, _bearing("Orcrist"))
    o = add(state, "O", 1, 11, 10, orc)
    m = add(state, "M", 1, 10, 11, man)
    strike(state, thorin, o, trapped=False)
    strike(state, thorin, m, trapped=False)
    assert not o.alive and m.wounds == 2
    assert frightens(thorin, o) and not frightens(thorin, m)


def test_the_elk_strikes_at_strength_five_after_a_charge() -> None:
    """BSData 4f9a-fac8-c2da-d639 Elk: charging on his Elk, Thranduil strikes at Strength 5
    (the mounted model's S4 otherwise: the higher of rider and Elk, CAV-FIGHT-01)."""
    from battlesim.engines.sbg.rules.characteristics import strength_value

    elk = {"name": "elk", "kind": "elk", "move": 10, "fight": 4, "shoot": 0, "strength": 4}
    elk |= {"defence": 5, "attacks": 0, "wounds": 2, "courage": 4, "rules": ["Elk"]}
    data = {**profile_to_data(HERO), "options": ["elk"], "mount": elk, "rules": ["Elk"]}
    state = battle()
    thranduil = add(state, "T", 0, 10, 10, profile_from_data(data))
    assert strength_value(state, thranduil) == 4
    thranduil.charged = True
    assert strength_value(state, thranduil) == 5


def test_wood_elf_spear_supports_and_may_shield_without_a_shield() -> None:
    """BSData 8493-a2f4-d950-3d4e Wood Elf Spear: a spear (it supports) that may also parry,
    using the rules for Shielding with no shield; a plain spear may not Shield."""
    from battlesim.engines.sbg.core.arms import can_support
    from battlesim.engines.sbg.rules.fight_stances import may_shield

    data = {**profile_to_data(WARRIOR), "wargear": ["Wood Elf Spear"]}
    card = profile_from_data(data)
    plain = replace(WARRIOR, wargear=("spear",))
    state = battle()
    elf = add(state, "A1", 0, 10, 10, card)
    other = add(state, "A2", 0, 20, 10, plain)
    assert can_support(card) and may_shield([elf])
    assert can_support(plain) and not may_shield([other])


# --- Mirror of Galadriel (BSData 022c-3102-e0fb-55f1, Galadriel's option) ------------------

GALADRIEL = replace(
    WARRIOR,
    name="Galadriel, Lady of the Galadhrim",
    keywords=frozenset({"elf", "infantry", "hero"}),
    fate=3,
    will=6,
    options=("mirror of galadriel",),
)
ELF_HERO = replace(WARRIOR, name="Haldir", keywords=frozenset({"elf", "infantry", "hero"}), fate=2)


def _with_mirror(dice: list[int] | None = None) -> tuple:
    """Galadriel (with the option) at (24, 10), an enemy at (24, 40): the first turn starts."""
    from battlesim.engines.sbg.rules.armies.good import mirror

    state = battle(dice or [])
    lady = add(state, "G", 0, 24, 10, GALADRIEL)
    add(state, "E", 1, 24, 40)
    counted = list(state.start_counts)
    mirror._place(state)
    (piece,) = mirror.mirrors(state, 0)
    return state, lady, piece, counted


def test_mirror_of_galadriel_is_set_down_within_6_inches_of_her_and_is_no_model() -> None:
    """ "It is deployed within 6" of Galadriel at the start of the game": a piece of her side
    (Defence 8, 3 Wounds, "a Heavy Object with a Defence of 8 and 3 Wounds") whose base lies
    within 6" of hers, on the spot farthest from the enemy (the default); it never counts
    for Break and cannot be charged."""
    from battlesim.engines.sbg.core.permissions import May, permitted

    state, lady, piece, counted = _with_mirror()
    assert (piece.profile.defence, piece.wounds) == (8, 3)
    assert state.distance(lady, piece) <= 6.0 + 1e-9
    assert piece.y < lady.y  # behind her, away from the enemy at y=40
    assert state.start_counts == counted
    assert [e.data["owner"] for e in state.log.of_kind("mirror_placed")] == ["G"]
    assert not permitted(May.BE_CHARGED, HookContext(state, piece))


def test_mirror_of_galadriel_restores_one_heros_fate_in_the_end_phase() -> None:
    """ "During the End Phase of each turn, one friendly Hero model within 6" may restore their
    Fate to its starting value": the Hero within 6" of the mirror missing most Fate gets all
    of it back; a Hero farther off gets nothing; one Hero a turn."""
    from battlesim.engines.sbg.core.state import Phase
    from battlesim.engines.sbg.rules.armies.good import mirror

    state, lady, piece, _ = _with_mirror()
    near = add(state, "H", 0, piece.x + 2.0, piece.y, ELF_HERO)
    far = add(state, "F", 0, piece.x + 12.0, piece.y, ELF_HERO)
    lady.fate, near.fate, far.fate = 2, 0, 0
    state.phase = Phase.END
    mirror._restore(state)
    assert (near.fate, lady.fate, far.fate) == (2, 2, 0)
    assert [(e.data["model"], e.data["count"]) for e in state.log.of_kind("regained")] == [("H", 2)]
    mirror._restore(state)  # the next End phase: Galadriel now misses most
    assert lady.fate == 3


def test_mirror_of_galadriel_is_attacked_as_a_gate_and_broken_at_3_wounds() -> None:
    """The mirror is "a Heavy Object with a Defence of 8 and 3 Wounds": an enemy touching it
    at the Fight phase's end strikes it (READINGS: as a gate, SIEGE-GATEATK-01: one To Wound
    roll per Attack): Strength 5 against Defence 8 wounds on a 6 (the chart's 6); three 6s
    break it, and a broken mirror restores no Fate."""
    from battlesim.engines.sbg.core.state import Phase
    from battlesim.engines.sbg.rules.armies.good import mirror
    from tests.engines.sbg.builders import players

    state, lady, piece, _ = _with_mirror([6, 5, 6, 6])
    troll = replace(WARRIOR, name="Troll", strength=5, attacks=4, base_mm=40.0)
    gap = piece.radius + 20.0 / 25.4
    foe = add(state, "T", 1, piece.x, piece.y - gap, troll)
    assert state.in_contact(foe, piece)
    state.players = players()
    state.phase = Phase.FIGHT
    mirror._attacked(state)
    assert not piece.alive and foe.fought
    assert [e.kind for e in state.log.events if e.kind.startswith(("object", "mirror"))] == [
        "mirror_placed",
        "object_attacked",
        "mirror_broken",
    ]
    lady.fate = 0
    state.phase = Phase.END
    mirror._restore(state)
    assert lady.fate == 0


# --- Sebastian (BSData aa9f-a15a-3fbb-39d2, Radagast's option) ------------------------------

RADAGAST = replace(
    WARRIOR,
    name="Radagast the Brown",
    keywords=frozenset({"maia", "infantry", "hero", "wizard"}),
    fight=5,
    might=1,
    options=("sebastian",),
)


def _radagast_fight(dice: list[int], options: tuple[str, ...] = ("sebastian",)) -> tuple:
    from battlesim.engines.sbg.rules.combats import Combat

    state = battle(dice)
    wizard = add(state, "R", 0, 10, 10, replace(RADAGAST, options=options))
    foe = add(state, "O", 1, 10 + BASE_GAP, 10, replace(WARRIOR, fight=5))
    return state, wizard, foe, Combat(wizard, [foe])


def test_sebastian_rolls_a_separate_duel_die_that_may_win_the_fight() -> None:
    """ "He may always make an additional Attack in close combat [...] (roll a separate D6 for
    Sebastian)": Radagast's 2 and Sebastian's 6 beat the enemy's 5; without Sebastian
    Radagast's 2 loses to it."""
    from battlesim.engines.sbg.rules.fighting import duel

    state, _, _, combat = _radagast_fight([2, 6, 5])
    assert duel(state, combat) == 0
    assert [p for p, _ in rolls(state)][:2] == ["duel R", "duel sebastian R"]
    alone, _, _, solo = _radagast_fight([2, 5], options=())
    assert duel(alone, solo) == 1


def test_sebastians_die_cannot_be_altered_by_might() -> None:
    """ "... which cannot be altered by Might": Radagast spends his Might point on his own die
    (4 -> 5), never on Sebastian's 4, whichever is listed first."""
    from battlesim.engines.sbg.rules.fighting import _Die, _side_bids
    from tests.engines.sbg.builders import players
    from tests.engines.sbg.test_might import Scripted

    state, wizard, foe, combat = _radagast_fight([])
    state.players = (Scripted([1]), players()[1])
    sebastian, own = _Die(wizard, 4, 0, companion=True), _Die(wizard, 4, 0)
    dice = {0: [sebastian, own], 1: [_Die(foe, 6, 0)]}
    _side_bids(state, combat, dice, 0)
    assert (own.value, sebastian.value, wizard.might) == (5, 4, 0)


def test_sebastian_strikes_once_at_strength_1_when_radagast_wins() -> None:
    """Sebastian's Attack has "a Fight value and Strength of 1": after Radagast's Strike (a 1,
    no wound), one Strike of Strength 1 against Defence 4 (the chart's 6): a 6 wounds."""
    from battlesim.engines.sbg.rules.fighting import winners_strike
    from tests.engines.sbg.builders import players

    state, wizard, foe, _ = _radagast_fight([1, 6])
    foe_two = replace(WARRIOR, wounds=2)
    victim = add(state, "V", 1, 10 - BASE_GAP, 10, foe_two)
    winners_strike(state, players()[0], [wizard], [victim], set())
    assert victim.wounds == 1
    assert [p for p, _ in rolls(state)][-1].startswith("sebastian strike R->V (S1 D4)")


# --- Circlet of Kings (BSData fb58-af78-019e-7de9, Thranduil's option) -------------------------

CROWNED = replace(
    WARRIOR,
    name="Thranduil, King of the Woodland Realm",
    keywords=frozenset({"elf", "infantry", "hero"}),
    will=0,
    options=("circlet of kings",),
)


def _crowned_with_foes(
    dice: list[int], foe_will: int = 0
) -> tuple[BattleState, ModelState, list[ModelState]]:
    """Thranduil with two enemies 1" from his base: within Nature's Wrath's 3", not in a
    fight (an Engaged model may not cast, MAGIC-WHEN-02)."""
    state = battle(dice)
    king = add(state, "T", 0, 10, 10, CROWNED)
    foe = replace(WARRIOR, will=foe_will, keywords=frozenset({"man", "infantry", "hero"}))
    foes = [add(state, f"O{k}", 1, 10 + BASE_GAP + 1, 9 + 2 * k, foe) for k in range(2)]
    return state, king, foes


def _circlet(state: BattleState, king: ModelState, power: str) -> casting.SpellPlan:
    option = next(o for o in casting.options(state, king) if o.power.name == power)
    return casting.SpellPlan(option, 0)


def test_circlet_casts_natures_wrath_with_no_will_and_no_dice() -> None:
    """ "This crown allows Thranduil [...] to cast [...] Nature's Wrath [...]. The spell is
    automatically cast, counting the result as a 6, and no Will points need be expended": a
    Will 0 Thranduil knocks down the enemies within 3" (MAGIC-P-NATWRATH), no die rolled;
    without the crown he casts nothing."""
    state, king, foes = _crowned_with_foes([])
    assert casting.may_cast(state, king)
    assert casting.cast_spell(
        state, (Player(), Player()), king, _circlet(state, king, "nature's wrath")
    )
    assert all(foe.prone for foe in foes) and king.will == 0 and rolls(state) == []
    cast = next(e.data for e in state.log.of_kind("cast"))
    assert (cast["best"], cast["item"], cast["dice"]) == (6, "circlet of kings", [])
    bare = battle()
    plain = add(bare, "T", 0, 10, 10, replace(CROWNED, options=()))
    add(bare, "O", 1, 10 + BASE_GAP, 10)
    assert not casting.may_cast(bare, plain)


def test_circlet_casts_each_power_once_per_game() -> None:
    """ "... once each per game": once Nature's Wrath is cast only Aura of Dismay is offered;
    once both are, the crown offers nothing (a Will 0 Thranduil may no longer cast)."""
    state, king, _ = _crowned_with_foes([])
    casting.cast_spell(state, (Player(), Player()), king, _circlet(state, king, "nature's wrath"))
    tick(state, Tick.TURN_END)
    state.turn += 1
    assert {o.power.name for o in casting.options(state, king)} == {"aura of dismay"}
    casting.cast_spell(state, (Player(), Player()), king, _circlet(state, king, "aura of dismay"))
    tick(state, Tick.TURN_END)
    state.turn += 1
    assert not casting.may_cast(state, king)


def test_circlet_powers_are_resisted_against_a_six() -> None:
    """ "Counting the result as a 6": MAGIC-RES-01, a resisting die must reach the casting
    die; an enemy Hero's Will die of 5 does not resist it, a 6 does (one resists for both,
    MAGIC-RES-05)."""
    for die, resisted in ((5, False), (6, True)):
        state, king, foes = _crowned_with_foes([die], foe_will=1)
        plan = _circlet(state, king, "nature's wrath")
        landed = casting.cast_spell(state, (Player(), Player(resist=1)), king, plan)
        assert landed is not resisted
        assert all(foe.prone for foe in foes) is not resisted


def test_the_heuristic_keeps_the_circlet_for_a_use_worth_it() -> None:
    """The heuristic casts a crown's power for no Will when it is worth more than the Will a
    cast would cost (magic_policy.ITEM_KEEP): Nature's Wrath knocking down three 25-point
    enemies 1" away, not one 8-point warrior."""
    crowd = battle()
    king = add(crowd, "K", 0, 30, 30, CROWNED)
    for k in range(3):
        add(crowd, f"O{k}", 1, 30 + BASE_GAP + 1, 28 + 2 * k, replace(WARRIOR, points=25))
    wrath = tuple(o for o in casting.options(crowd, king) if o.power.name == "nature's wrath")
    plan = magic_policy.plan(crowd, king, wrath, False)
    assert plan is not None and plan.option.item == "circlet of kings" and plan.points == 0
    lone = battle()
    alone = add(lone, "K", 0, 30, 30, CROWNED)
    add(lone, "O", 1, 30 + BASE_GAP + 1, 30, replace(WARRIOR, points=8))
    found = tuple(o for o in casting.options(lone, alone) if o.power.name == "nature's wrath")
    assert found and magic_policy.plan(lone, alone, found, False) is None

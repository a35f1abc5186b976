"""Options and mounts bought in an Evil list that carry rule text (issue 19): each test cites
the BattleScribe id, scripts the dice and fails when the rule's unit is removed."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from battlesim.engines.sbg.core.state import BattleState, ModelState
from battlesim.engines.sbg.core.units import Profile, profile_from_data, profile_to_data
from battlesim.engines.sbg.policies.players import HeuristicPlayer
from battlesim.engines.sbg.rules import cavalry, war_beasts
from battlesim.engines.sbg.rules import special_shots as shots
from battlesim.engines.sbg.rules.characteristics import attacks
from battlesim.engines.sbg.rules.combat import ChooseStrikeTarget
from battlesim.engines.sbg.rules.courage import courage_test
from battlesim.engines.sbg.rules.howdah import howdah
from tests.engines.sbg.builders import BASE_GAP, WARRIOR, add, battle, players, rolls
from tests.engines.sbg.test_war_beasts import COMMANDER, MUMAK

HERO = replace(
    WARRIOR,
    name="Test Orc Hero",
    might=1,
    will=1,
    fate=0,
    courage=4,
    keywords=frozenset({"orc", "infantry", "hero"}),
)


def _rider(*mount_rules: str, stores: dict[str, int] | None = None) -> Profile:
    """The hero on a data mount (options.py's explicit mount: 10" F5 S5 D5 A2 W2 C4)."""
    mount = {"name": "pale warg", "kind": "warg", "move": 10, "fight": 5, "shoot": 0}
    mount |= {"strength": 5, "defence": 5, "attacks": 2, "wounds": 2, "courage": 4}
    mount |= {"rules": list(mount_rules), **(stores or {})}
    data = {**profile_to_data(HERO), "options": ["pale warg"], "mount": mount}
    data["rules"] = list(mount_rules)
    return profile_from_data(data)


def _rider_slain(dice: list[int], *rules: str) -> tuple[BattleState, ModelState]:
    state = battle(dice)
    model = add(state, "A1", 0, 24, 24, _rider(*rules))
    state.wound(model, "test")  # the hero's one wound: the mount is left riderless
    return state, model


def test_feral_the_riderless_beast_flees_without_a_test() -> None:
    """BSData dc19-b783-5dfb-9c51 Feral: the rider slain, the creature fails its Courage test
    automatically and flees: no dice; the same mount without Feral tests (6+6+4 stays)."""
    state, model = _rider_slain([6, 6], "Feral (Passive)")
    assert not model.alive and not rolls(state)
    state, model = _rider_slain([6, 6])
    assert model.alive and model.loose and len(rolls(state)) == 1


def test_raging_beast_stays_and_passes_every_courage_test_once_riderless() -> None:
    """BSData 842c-458b-008a-a229 Raging Beast: the White Warg passes its test to stay (dice
    1+1 would fail) and every later Courage test; its rider tests as usual."""
    state, model = _rider_slain([1, 1], "Raging Beast (Passive)")
    assert model.alive and model.loose and not rolls(state)
    assert courage_test(state, model, "broken army")
    riding = battle([1, 1])
    rider = add(riding, "A1", 0, 24, 24, _rider("Raging Beast (Passive)"))
    assert not courage_test(riding, rider, "broken army")


def test_deadly_union_pools_the_mounts_stores_with_the_riders() -> None:
    """BSData 92be-d21f-978a-e4dc Deadly Union: Azog on the White Warg (M3 W1 F1) spends
    either store: the rider's M1 W1 F0 become M4 W2 F1; without the rule, his own."""
    stores = {"might": 3, "will": 1, "fate": 1}
    state = battle()
    joined = add(state, "A1", 0, 24, 24, _rider("Deadly Union (Passive)", stores=stores))
    alone = add(state, "A2", 0, 30, 24, _rider(stores=stores))
    assert (joined.might, joined.will, joined.fate) == (4, 2, 1)
    assert (alone.might, alone.will, alone.fate) == (1, 1, 0)


def _charge_fight(prof: Profile) -> tuple[BattleState, ModelState, ModelState]:
    state = battle()
    shagrat = add(state, "S", 1, 10, 10, prof)
    foe = add(state, "F", 0, 10 + BASE_GAP, 10)
    state.touching[shagrat.uid].add(foe.uid)
    state.touching[foe.uid].add(shagrat.uid)
    shagrat.charged = True
    cavalry.start_fight(state, [shagrat, foe])
    cavalry.knock_to_ground(state, [shagrat], [foe], set())
    return state, shagrat, foe


def test_shield_of_cirith_ungol_knocks_down_on_the_charge_without_extra_attack() -> None:
    """BSData b82a-6a16-311e-df11: "This is a shield" (+1 Defence, ARM-SH-01) and, in a turn
    Shagrat charges, the knock to the Ground as a Cavalry model (CAV-CHG-06); no Extra
    Attack (that is another cavalry bonus)."""
    shield = profile_from_data(
        {**profile_to_data(HERO), "options": ["Shield of Cirith Ungol"], "attacks": 3}
    )
    state, shagrat, foe = _charge_fight(shield)
    assert foe.prone and shagrat.defence == HERO.defence + 1
    assert attacks(state, shagrat) == 3
    _, _, standing = _charge_fight(replace(HERO, attacks=3))
    assert not standing.prone


def _commander() -> Profile:
    """The howdah's commander (C4) with no Will to turn a failed test."""
    return replace(COMMANDER, will=0)


@pytest.mark.parametrize(("options", "panics"), [((), False), (("foul temperament",), True)])
def test_foul_temperament_minus_one_on_the_stampede_test(
    options: tuple[str, ...], panics: bool
) -> None:
    """BSData cd14-022c-82c0-21a1 Foul Temperament: -1 on the Courage tests for a Stampede
    (the Panic test, WB-DMG-02): 3+3 + the commander's 4 = 10 passes, 9 fails."""
    state = battle([3, 3])
    beast = add(state, "A01", 0, 24, 10, replace(MUMAK, options=options))
    war_beasts.mount(state, beast, [add(state, "A01c0", 0, 24, 10, _commander())])
    state.wound(beast, "test")
    assert bool(howdah(beast).panic_turn) is panics


def test_foul_temperament_raises_the_attacks_to_four() -> None:
    """BSData cd14-022c-82c0-21a1: "This Mûmak has its Attacks increased to 4" (card: 3)."""
    state = battle()
    plain = add(state, "A01", 0, 24, 10, MUMAK)
    foul = add(state, "A02", 0, 40, 10, replace(MUMAK, options=("foul temperament",)))
    assert (attacks(state, plain), attacks(state, foul)) == (3, 4)


def test_rocks_howdah_models_throw_s6_rocks_at_8_inches_when_nothing_moved() -> None:
    """BSData 8d35-86bc-37b2-20ed Rocks (profile ef2f-48a6-9178-78e7): models in the howdah
    of a Mûmak with Rocks may shoot 8", Strength 6, if neither they nor the beast moved; a
    6 to hit (Shoot 4+) then a 4 to wound S6 v D4 (4+) wounds the target."""
    state = battle([6, 4])
    beast = add(state, "A01", 0, 24, 10, replace(MUMAK, options=("rocks",)))
    crewman = add(state, "A01c0", 0, 24, 10, WARRIOR)
    war_beasts.mount(state, beast, [add(state, "A01c1", 0, 24, 10, _commander()), crewman])
    foe = add(state, "F", 1, 24, 10 + 2.0 + 6.0, WARRIOR)
    found = shots.options(state, crewman)
    assert [(o.shot, o.target) for o in found] == [("rocks", foe.uid)]
    shots.take(state, crewman, found[0])
    assert not foe.alive
    beast.moved = True
    crewman.shot = False
    assert shots.options(state, crewman) == []
    other = battle()
    plain = add(other, "A01", 0, 24, 10, MUMAK)
    rider = add(other, "A01c0", 0, 24, 10, WARRIOR)
    war_beasts.mount(other, plain, [add(other, "A01c1", 0, 24, 10, _commander()), rider])
    add(other, "F", 1, 24, 18, WARRIOR)
    assert shots.options(other, rider) == []


def test_great_eagle_stays_when_radagast_leaves_it() -> None:
    """BSData 4b2a-3149-ab86-0a34 Great Eagle: Radagast slain or dismounted, the eagle passes
    its test to stay without dice (1+1 would fail a plain mount's)."""
    state, model = _rider_slain([1, 1], "Great Eagle")
    assert model.alive and model.loose and not rolls(state)
    state, model = _rider_slain([1, 1])
    assert not model.alive


def test_sleigh_is_removed_when_radagast_leaves_it() -> None:
    """BSData 1c2b-21e1-8210-7a7a Sleigh: Radagast slain or dismounted, the sleigh is removed
    from play, no dice (6+6 would keep a plain mount)."""
    state, model = _rider_slain([6, 6], "Sleigh")
    assert not model.alive and not rolls(state)
    state, model = _rider_slain([6, 6])
    assert model.alive and model.loose


def test_scythe_gauntlets_plus_one_to_wound_on_strikes() -> None:
    """BSData c80a-c2bb-d9c0-a65a: +1 To Wound on Strikes: S3 v D4 needs 5, a 4 wounds; the
    same troll without them does not wound on a 4."""
    from battlesim.engines.sbg.rules.fighting import strike

    for options, wounded in ((("scythe gauntlets",), True), ((), False)):
        state = battle([4])
        troll = add(state, "T", 1, 10, 10, replace(WARRIOR, options=options))
        foe = add(state, "F", 0, 10 + BASE_GAP, 10)
        strike(state, troll, foe, trapped=False)
        assert foe.alive is not wounded


@pytest.mark.parametrize(
    ("options", "knock", "left", "prone"),
    [
        (("crushing club",), 3, 2, True),
        (("crushing club",), 2, 2, False),
        ((), 3, 4, False),
    ],
)
def test_crushing_club_d3_wounds_and_knocks_down_a_survivor_on_three(
    options: tuple[str, ...], knock: int, left: int, prone: bool
) -> None:
    """BSData 4394-2977-acb0-9ac4 Crushing Club: a Strike that wounds (S5 v D4, a 4) causes
    D3 Wounds (a 6: 3 of the victim's 5), the second misses (a 1); the victim survives and is
    knocked Prone on a 3+ (a 3 fells it, a 2 does not); without the club, 1 Wound, no die
    (the fight's after-Strikes rules run as resolve_combat runs them)."""
    from battlesim.engines.sbg.rules.fighting import AFTER_STRIKES, winners_strike

    state = battle([4, 6, 1, knock] if options else [4, 1, knock])
    troll = add(state, "T", 1, 10, 10, replace(WARRIOR, strength=5, attacks=2, options=options))
    victim = add(state, "V", 0, 10, 10 + troll.radius + 0.49, replace(WARRIOR, wounds=5))
    winners_strike(state, players()[1], [troll], [victim], set())
    for rule in AFTER_STRIKES:  # as resolve_combat, once the Strikes are made
        rule(state, [troll], [victim])
    assert (victim.wounds, victim.prone) == (left, prone)
    assert len(rolls(state)) == (4 if options else 2)


AZOG = replace(HERO, name="Test Azog", fight=7, strength=5, wargear=("mace", "sword"))


def test_stone_flail_fights_at_six_keeps_it_to_whirl_d3_wounds_after_fate_and_fells() -> None:
    """BSData 13e4-14a0-b6e3-5372 Stone Flail: bought, Azog fights with it (a two-handed flail:
    Whirl) at Fight 6 (card 7), and Whirling does not lower it to 1; its Strike that wounds
    (a 6) causes D3 Wounds counted after Fate (a 6: 3 of the victim's 5) and the survivor is
    knocked Prone, no die; Azog with his mace fights at 7, Whirls at 1, 1 Wound, no fall."""
    from battlesim.engines.sbg.core.arms import SpecialStrike
    from battlesim.engines.sbg.rules import special_strikes
    from battlesim.engines.sbg.rules.characteristics import fight_base
    from battlesim.engines.sbg.rules.fighting import AFTER_STRIKES, winners_strike

    for options, weapon, fight, whirled, left, prone in (
        (("stone flail",), "stone flail", 6, 6, 2, True),
        ((), "mace", 7, 1, 4, False),
    ):
        state = battle([6, 6] if options else [6])
        azog = add(state, "Z", 1, 10, 10, replace(AZOG, options=options))
        victim = add(state, "V", 0, 10, 10 + azog.radius + 0.49, replace(WARRIOR, wounds=5))
        assert azog.weapon is not None and azog.weapon.name == weapon
        assert fight_base(state, azog) == fight
        winners_strike(state, players()[1], [azog], [victim], set())
        for rule in AFTER_STRIKES:  # as resolve_combat, once the Strikes are made
            rule(state, [azog], [victim])
        assert (victim.wounds, victim.prone) == (left, prone)
        if options:
            special_strikes.declare(state, azog, SpecialStrike.WHIRL, 3)
        else:
            azog.weapon = replace(azog.weapon, strikes=(SpecialStrike.WHIRL,))  # a flail's
            special_strikes.declare(state, azog, SpecialStrike.WHIRL, 3)
        assert fight_base(state, azog) + azog.fight_mod == whirled


class _StrikesAt(HeuristicPlayer):
    """Picks ``first`` for the first Strike target asked, ``then`` for every later one."""

    def __init__(self, first: str, then: str) -> None:
        super().__init__()
        self.picks = [first]
        self.then = then

    def decide(self, state: BattleState, decision: Any) -> Any:
        if isinstance(decision, ChooseStrikeTarget):
            return self.picks.pop() if self.picks else self.then
        return super().decide(state, decision)


@pytest.mark.parametrize("blade", [True, False])
def test_morgul_blade_binds_the_strikes_slays_on_a_wound_once_per_game(blade: bool) -> None:
    """BSData 4cfa-17f9-9d63-4e9b Morgul Blade (profile 53f2-907d-bf06-fe6c): declared at the
    first Strike (at a Hero, the heuristic), all Strikes go at that target: the first misses
    (a 1), the second, which the player would aim at the warrior, strikes the Hero (a 6) and
    its one unsaved Wound slays him (3 Wounds). Once per game: in the next fight a wound on
    another Hero is 1 Wound (a 6, then a 1). Without the blade the second Strike wounds the
    warrior."""
    from battlesim.engines.sbg.core.status import Lasting, expire
    from battlesim.engines.sbg.rules.fighting import winners_strike

    state = battle([1, 6, 6, 1])
    options = ("morgul blade",) if blade else ()
    bearer = add(state, "N", 1, 10, 10, replace(HERO, attacks=2, options=options))
    lord = replace(HERO, wounds=3, keywords=frozenset({"man", "infantry", "hero"}))
    hero = add(state, "H", 0, 10, 10 + bearer.radius + 0.49, lord)
    man = add(state, "W", 0, 10 + bearer.radius + 0.49, 10, replace(WARRIOR, wounds=2))
    winners_strike(state, _StrikesAt("H", "W"), [bearer], [hero, man], set())
    assert (hero.alive, man.wounds) == ((False, 2) if blade else (True, 1))
    expire(bearer, Lasting.FIGHT)
    other = add(state, "H2", 0, 10 - bearer.radius - 0.49, 10, lord)
    winners_strike(state, _StrikesAt("H2", "H2"), [bearer], [other], set())
    assert other.wounds == 2


def _lines(
    dice: list[int], options: tuple[str, ...] = ("rappelling lines",), bow: bool = True
) -> tuple:
    """A Mûmak (with ``options``) that has moved, its commander and a crewman (a bowman by
    default) aboard; an enemy 4" from the beast's base, within the crewman's Move."""
    from battlesim.engines.sbg.core.state import Phase

    state = battle(dice)
    state.phase = Phase.MOVE
    beast = add(state, "A01", 0, 24, 10, replace(MUMAK, options=options))
    arms = ("sword", "bow") if bow else ("sword",)
    bowman = add(state, "A01c0", 0, 24, 10, replace(WARRIOR, wargear=arms))
    war_beasts.mount(state, beast, [add(state, "A01c1", 0, 24, 10, _commander()), bowman])
    beast.done_moving = beast.moved = True
    foe = add(state, "F", 1, 24, 10 + beast.radius + 4.0 + WARRIOR_RADIUS, WARRIOR)
    return state, beast, bowman, foe


WARRIOR_RADIUS = BASE_GAP / 2


def test_rappelling_lines_a_2_puts_the_crewman_in_contact_and_he_may_not_shoot() -> None:
    """BSData 4632-4f22-5f50-61d0 Rappelling Lines: after the Mûmak moved, a howdah model
    rolls a D6 to climb down: 2+, placed in base contact with the Mûmak; it may not make
    shooting attacks this turn (its bow could otherwise shoot, having moved no distance)."""
    from battlesim.engines.sbg.rules.armies.evil import mumak_options as lines
    from battlesim.engines.sbg.rules.shooting import can_shoot

    state, beast, bowman, _ = _lines([2])
    assert lines._rappels(state, players()[0], bowman)
    assert howdah(bowman).riding is None and not bowman.prone
    gap = state.distance(bowman, beast)
    assert gap < 0.05, gap  # base contact, on the enemy's side (the heuristic's spot)
    assert state.distance(bowman, state.models["F"]) < 4.0
    assert [e.data["roll"] for e in state.log.of_kind("rappel")] == [2]
    assert not can_shoot(state, bowman)
    assert war_beasts.crew(state, beast) == [state.models["A01c1"]]


def test_rappelling_lines_on_a_1_the_rope_snaps_and_the_model_falls() -> None:
    """On a 1 the rope snaps: falling damage as normal (from the howdah, knocked Prone);
    two failed To Wound rolls leave it alive, prone, off the beast."""
    from battlesim.engines.sbg.rules.armies.evil import mumak_options as lines

    state, beast, bowman, _ = _lines([1, 1, 1, 1, 1, 1])
    assert not lines._rappels(state, players()[0], bowman)
    assert howdah(bowman).riding is None and bowman.prone and bowman.alive
    assert [e.data["snapped"] for e in state.log.of_kind("rappel")] == [True]


def test_rappelling_lines_only_with_the_option_after_the_beast_moved_never_the_commander() -> None:
    """No dismount without the option, before the Mûmak moved, or for its commander."""
    from battlesim.engines.sbg.rules.armies.evil import mumak_options as lines

    state, beast, bowman, _ = _lines([2], options=())
    assert not lines._rappels(state, players()[0], bowman)
    state, beast, bowman, _ = _lines([2])
    beast.done_moving = False
    assert not lines._rappels(state, players()[0], bowman)
    beast.done_moving = True
    assert not lines._rappels(state, players()[0], state.models["A01c1"])
    assert howdah(bowman).riding == beast.uid and not state.log.of_kind("rappel")


def test_rappelling_lines_the_crewman_down_may_still_charge_at_his_move() -> None:
    """Through the Move phase's own step: the crewman climbs down (a 2) and, its move not
    spent, charges the enemy 4" away."""
    from battlesim.engines.sbg.phases.model_move import take_action

    state, beast, bowman, foe = _lines([2], bow=False)
    state.players = players()
    take_action(state, state.players, bowman)
    assert howdah(bowman).riding is None
    assert state.distance(bowman, foe) < 0.05  # in base contact: charged


def test_the_witch_kings_two_handed_flail_is_the_weapon_he_fights_with_once_bought() -> None:
    """The Witch-king's "Two-handed Flail" option (BSData game system; its rules the data's
    "Two-Handed" and "Flail"): bought, he fights with it rather than his card's sword
    (READINGS "Flail"): a two-handed weapon (WPN-2H: -1 on the Duel, +1 To Wound) whose
    special strike is the flail's Whirl (WPN-SS-01); without it, the sword."""
    from battlesim.engines.sbg.core.arms import Handedness, SpecialStrike, fighting_weapon

    card = replace(WARRIOR, name="The Witch-king of Angmar", wargear=("sword",))
    flail = fighting_weapon(replace(card, options=("two-handed flail",)))
    assert flail is not None and flail.name == "two-handed flail"
    assert flail.handedness is Handedness.TWO_HANDED and flail.strikes == (SpecialStrike.WHIRL,)
    sword = fighting_weapon(card)
    assert sword is not None and sword.name == "sword"


# --- Crown of Morgul (BSData 269c-5c1c-af80-c908, the Witch-king's option) --------------------

WITCH_KING = replace(HERO, name="The Witch-king of Angmar", attacks=1, will=3)


def test_crown_of_morgul_raises_the_attacks_to_three() -> None:
    """ "If the Witch-king has the Crown of Morgul, his Attack value is increased to 3.\""""
    state = battle()
    crowned = add(state, "K", 0, 10, 10, replace(WITCH_KING, options=("crown of morgul",)))
    bare = add(state, "B", 0, 20, 10, WITCH_KING)
    assert (attacks(state, crowned), attacks(state, bare)) == (3, 1)


@pytest.mark.parametrize("test", ["cast", "resist"])
def test_crown_of_morgul_rerolls_one_die_of_a_failing_casting_or_resist_test(test: str) -> None:
    """ "... can choose to re-roll one dice when making Casting or Resist tests": a 1 and a 2
    fail a 4+ casting (or resist against a 4); the 1 is rolled again, a 5 (a re-roll never
    worsens a failed test, so it is always taken); without the crown the test fails."""
    from battlesim.engines.sbg.rules.will import cast, resist

    def roll(options: tuple[str, ...]) -> int | bool:
        state = battle([1, 2, 5])
        king = add(state, "K", 0, 10, 10, replace(WITCH_KING, options=options))
        return cast(state, king, 2, 4) if test == "cast" else resist(state, king, 2, 4)

    crowned, bare = roll(("crown of morgul",)), roll(())
    assert (crowned, bare) == ((5, 0) if test == "cast" else (True, False))

"""Beorn and Grimbeorn, men who become bears (rules/armies/good/skin_changer.py, issue 18).
Each test cites the BattleScribe rule id whose English text is the spec, scripts the dice and
fails when the rule's unit is removed."""

from __future__ import annotations

from dataclasses import replace

from battlesim.engines.sbg.core.hooks import HookContext
from battlesim.engines.sbg.core.permissions import May, permitted
from battlesim.engines.sbg.core.state import BattleState, Phase
from battlesim.engines.sbg.core.units import Profile
from battlesim.engines.sbg.rules.armies.good.skin_changer import change_form, resolve_crushing
from battlesim.engines.sbg.rules.monsters.core import BPAS, BpaFight
from battlesim.engines.sbg.rules.movement import MUST_CHARGE, START_OF_MOVE
from tests.engines.sbg.builders import BASE_GAP, WARRIOR, add, battle, players

BEAR = replace(
    WARRIOR,
    name="Beorn the Bear",
    move=8.0,
    fight=8,
    strength=8,
    defence=8,
    attacks=3,
    wounds=3,
    courage=6,
    keywords=frozenset({"bear", "monster", "infantry", "hero"}),
    wargear=(),
    rules=("Skin-Changer", "Fearless", "Beorn the Bear*", "Berserk", "Crushing Strength"),
    might=3,
    will=3,
    fate=3,
)
BEORN = replace(
    WARRIOR,
    name="Beorn",
    fight=6,
    strength=5,
    defence=5,
    attacks=3,
    wounds=3,
    courage=6,
    keywords=frozenset({"man", "infantry", "hero"}),
    wargear=("two-handed axe",),
    rules=("Skin-Changer", "Fearless"),
    might=3,
    will=3,
    fate=3,
    form=BEAR,
)


def start_of_move(state: BattleState, uid: str) -> bool:
    state.phase = Phase.MOVE
    return any([rule(state, state.models[uid]) for rule in START_OF_MOVE])


# --- Skin-Changer (bf2e-3118-471d-9720), Beorn the Bear* (4ec0-138b-224a-c337) ---------------


def test_on_a_4_beorn_becomes_the_bear_keeping_wounds_and_pools() -> None:
    """bf2e-...: a D6 at the start of his move, 4+ changes him; 4ec0-...: he adopts the
    bear's profile and characteristics, his Might, Will, Fate and Wounds unchanged."""
    state = battle([4])
    beorn = add(state, "A1", 0, 10, 10, BEORN)
    add(state, "B1", 1, 10, 25)  # an enemy 15" off: the heuristic changes
    beorn.wounds, beorn.might, beorn.fate = 2, 1, 0
    assert not start_of_move(state, "A1")  # he moves on as normal, charges included
    assert beorn.profile.name == "Beorn the Bear" and beorn.profile.fight == 8
    assert (beorn.wounds, beorn.might, beorn.will, beorn.fate) == (2, 1, 3, 0)
    assert beorn.defence == 8 and "two-handed" not in beorn.triggers  # no axe for the bear
    assert {"berserk", "monster", "fearless"} <= beorn.triggers
    assert beorn.profile.form is not None and beorn.profile.form.name == "Beorn"
    assert [e.data["form"] for e in state.log.of_kind("form_changed")] == ["Beorn the Bear"]


def test_on_a_3_he_stays_a_man_unless_might_raises_the_roll() -> None:
    """bf2e-...: "On the roll of a 4+ (Might may be used to modify this roll)"."""
    state = battle([3])
    beorn = add(state, "A1", 0, 10, 10, BEORN)
    add(state, "B1", 1, 10, 25)
    start_of_move(state, "A1")  # no players: nobody spends Might
    assert beorn.profile.name == "Beorn"
    state = battle([3])
    state.players = players()
    beorn = add(state, "A1", 0, 10, 10, BEORN)
    add(state, "B1", 1, 10, 25)
    start_of_move(state, "A1")
    assert beorn.profile.name == "Beorn the Bear" and beorn.might == 2


def test_no_change_with_an_enemy_in_base_contact() -> None:
    """bf2e-...: "This model cannot change form if there is an enemy model in base contact"."""
    state = battle([6])
    beorn = add(state, "A1", 0, 10, 10, BEORN)
    add(state, "B1", 1, 10 + BASE_GAP, 10)
    assert state.engaged(beorn)
    start_of_move(state, "A1")
    assert beorn.profile.name == "Beorn" and not state.log.of_kind("roll")


def test_he_changes_back_into_the_man_with_his_axe() -> None:
    """bf2e-...: "from a man into a bear (or vice-versa)"."""
    state = battle()
    beorn = add(state, "A1", 0, 10, 10, BEORN)
    change_form(state, beorn)
    change_form(state, beorn)
    assert beorn.profile == BEORN
    assert "two-handed" in beorn.triggers and "berserk" not in beorn.triggers


# --- Berserk (a787-6cd2-03e4-ff75) ------------------------------------------------------------


def test_the_bear_must_charge_and_shares_no_heroics_or_stand_fast() -> None:
    state = battle()
    bear = add(state, "A1", 0, 10, 10, replace(BEAR, form=None))
    man = add(state, "A2", 0, 20, 10, replace(BEORN, form=None))
    friend = add(state, "A3", 0, 12, 10, replace(BEORN, name="Hero", rules=(), form=None))
    orc = add(state, "B1", 1, 10, 20)
    tests = [t for t in (rule(state, bear) for rule in MUST_CHARGE) if t is not None]
    assert tests and tests[0](orc)
    assert all(rule(state, man) is None for rule in MUST_CHARGE)
    for may in (May.HEED, May.RALLY, May.RALLY_HERO):
        assert not permitted(may, HookContext(state, bear, friend))  # his, to others
        assert not permitted(may, HookContext(state, friend, bear))  # others', to him
    assert permitted(May.HEED, HookContext(state, friend, man))


# --- Crushing Strength (621d-6450-dd20-ea5b) ----------------------------------------------------


def _crush(dice: list[int], victim: Profile) -> tuple[BattleState, int]:
    state = battle(dice)
    bear = add(state, "A1", 0, 10, 10, replace(BEAR, form=None))
    target = add(state, "B1", 1, 10 + BASE_GAP * 1.2, 10, victim)
    fight = BpaFight(state, None, bear, players()[0], [bear], [target])  # type: ignore[arg-type]
    resolve_crushing(fight, target)
    return state, target.wounds


def test_crushing_strength_hits_again_while_it_wounds() -> None:
    """621d-...: a Strength 10 hit; on a successful To Wound roll another, and so on, until
    the victim is dead or a roll fails. S10 against D10 wounds on a 4+."""
    troll = replace(WARRIOR, defence=10, wounds=4)
    state, wounds = _crush([5, 6, 3], troll)
    assert wounds == 2  # two wounds, then the 3 fails
    _, wounds = _crush([4, 4, 4, 4], troll)
    assert wounds == 0  # slain: no further hit
    assert "crushing strength" in BPAS and BPAS["crushing strength"].unique


def test_the_heuristic_crushes_a_hero_rather_than_strike() -> None:
    """621d-...: against a lone D6 3-Wound Hero the chain of S10 hits (3+ each: 0.47 of his
    Wounds expected) is worth more than one S8 strike (3+: 0.22); the heuristic picks it, but
    strikes with three Attacks (0.67)."""
    from battlesim.engines.sbg.policies.monster_tactics import choose_bpa
    from battlesim.engines.sbg.rules.monsters.core import BpaOption

    hero = replace(WARRIOR, defence=6, wounds=3, keywords=WARRIOR.keywords | {"hero"})
    crush = BpaOption("crushing strength", "B1")
    for attacks, chosen in ((1, crush), (3, None)):
        state = battle()
        bear = add(state, "A1", 0, 10, 10, replace(BEAR, form=None, attacks=attacks))
        target = add(state, "B1", 1, 10 + BASE_GAP * 1.2, 10, hero)
        assert choose_bpa(state, bear, [target], [crush]) == chosen

"""Sharkey's Rogues' named Heroes (issue 19, rules/armies/evil/rogues.py): each test cites the
BattleScribe rule id whose English text is the spec, scripts the dice and fails when the
rule's unit is removed."""

from __future__ import annotations

from dataclasses import replace

from battlesim.engines.sbg.core.actions import Charge, Hold
from battlesim.engines.sbg.core.state import Phase, Removal, Tick, tick
from battlesim.engines.sbg.core.units import Profile
from battlesim.engines.sbg.rules.combats import Combat
from battlesim.engines.sbg.rules.fighting import duel
from battlesim.engines.sbg.rules.heroic_actions import (
    ANSWERS,
    HEROIC_COMBAT,
    Declaration,
    free_by_rule,
    heroic_turn,
)
from battlesim.engines.sbg.rules.movement import forced_charge
from tests.engines.sbg.builders import BASE_GAP, WARRIOR, add, battle

HERO = replace(WARRIOR, name="Test Hero", keywords=WARRIOR.keywords | {"hero"})
WORM = replace(HERO, name="Worm", fight=2, attacks=1, rules=("When he Sneaks", "Broken Loyalties"))
SHARKEY = replace(
    HERO, name="Sharkey", wounds=2, fate=1, rules=("Whoever Strikes me shall be Accursed",)
)
HOBBIT_HERO = replace(HERO, name="Hobbit", keywords=frozenset({"hobbit", "infantry", "hero"}))
ROWAN = replace(HERO, name="Rowan Thistlewood", might=0, rules=("Let 'em have It!",))


# --- When he Sneaks (BSData cac1-1416-4551-2e14) ------------------------------------------


def _duel_of_worm(watcher_far: bool) -> int:
    """Worm (Fight 2) and a Man (Fight 3) both roll a 6 (Worm's other dice, if any, 1s): the
    higher Fight wins the tie."""
    state = battle([6, 6, 1, 1])
    worm = add(state, "B1", 1, 10, 10, WORM)
    foe = add(state, "A1", 0, 10 + BASE_GAP, 10)
    if watcher_far:  # an enemy outside the fight sees him across the open table
        add(state, "A2", 0, 40, 40)
    return duel(state, Combat(worm, [foe]))


def test_when_he_sneaks_fight_four_when_only_his_foe_sees_him() -> None:
    """Seen by none but the model he fights, Worm's Fight is 4 (beats 3 on a tie), his
    Attacks 3; seen by another enemy, he keeps Fight 2 and loses the tie."""
    from battlesim.engines.sbg.rules import characteristics

    assert _duel_of_worm(watcher_far=False) == 1
    assert _duel_of_worm(watcher_far=True) == 0
    state = battle()
    worm = add(state, "B1", 1, 10, 10, WORM)
    assert characteristics.fight_base(state, worm) == 2  # not engaged
    add(state, "A1", 0, 10 + BASE_GAP, 10)
    assert characteristics.fight_base(state, worm) == 4
    assert characteristics.attacks_base(state, worm) == 3


# --- Broken Loyalties (BSData d6c2-0b84-e9af-0c3e) ----------------------------------------


def test_broken_loyalties_worm_turns_on_a_wounded_sharkey_then_comes_back() -> None:
    """Sharkey at 1 Wound with no Fate: the Good player controls Worm, who must charge
    Sharkey; with Fate still left nothing happens; Sharkey slain, Worm is Evil again."""
    state = battle()
    sharkey = add(state, "B1", 1, 10, 10, SHARKEY)
    worm = add(state, "B2", 1, 14, 10, WORM)
    sharkey.fate = 1
    state.wound(sharkey, "test")
    assert worm.player == 1  # a Fate point left
    sharkey.fate = 0
    state.phase = Phase.FIGHT
    tick(state, Tick.PHASE_END)
    assert worm.player == 0 and state.army_of(worm) == 1
    state.phase = Phase.MOVE
    forced = forced_charge(state, worm, Hold(worm.uid))
    assert isinstance(forced, Charge) and forced.target == "B1"
    state.remove(sharkey, Removal.SLAIN, "test")
    assert worm.player == 1 and worm.uid not in state.handed_over


def test_broken_loyalties_a_sharkey_of_the_other_army_does_not_count() -> None:
    state = battle()
    enemy_sharkey = add(state, "A1", 0, 10, 10, replace(SHARKEY, fate=0))
    worm = add(state, "B2", 1, 14, 10, WORM)
    state.wound(enemy_sharkey, "test")
    assert worm.player == 1


# --- Let 'em have It! (BSData d7d4-8624-92ad-bbdb) ----------------------------------------


def test_let_em_have_it_a_free_heroic_combat_once_then_charge_a_hobbit_hero() -> None:
    """With an enemy Hobbit Hero on the table, Rowan (no Might) may declare a Heroic Combat
    for free; once used, never again; his Heroic Combat move must charge the Hobbit Hero."""
    state = battle()
    rowan = add(state, "B1", 1, 10, 10, ROWAN)
    assert not free_by_rule(state, rowan, HEROIC_COMBAT)  # no enemy Hobbit Hero
    hobbit = add(state, "A1", 0, 16, 10, HOBBIT_HERO)
    add(state, "A2", 0, 10, 16)
    assert free_by_rule(state, rowan, HEROIC_COMBAT)
    state.phase = Phase.FIGHT
    for answer in ANSWERS:
        answer(state, (), Phase.FIGHT, Declaration(rowan.uid, HEROIC_COMBAT, 1))
    heroic_turn(rowan).combat_moved = True
    forced = forced_charge(state, rowan, Hold(rowan.uid))
    assert isinstance(forced, Charge) and forced.target == hobbit.uid
    assert not free_by_rule(state, rowan, HEROIC_COMBAT)  # used
    plain: Profile = replace(ROWAN, rules=())
    other = battle()
    add(other, "A1", 0, 16, 10, HOBBIT_HERO)
    assert not free_by_rule(other, add(other, "B1", 1, 10, 10, plain), HEROIC_COMBAT)


# --- Considerable Wealth (BSData 25ea-6222-338a-073c) -------------------------------------

LOTHO = replace(
    HERO,
    name="Lotho Sackville-Baggins",
    will=4,
    keywords=frozenset({"hobbit", "infantry", "hero"}),
    rules=("Considerable Wealth",),
)
RUFFIAN = replace(WARRIOR, keywords=frozenset({"man", "ruffian", "infantry", "warrior"}))
HOBBIT = replace(WARRIOR, keywords=frozenset({"hobbit", "infantry", "warrior"}))


def _charge_at_lotho(dice: list[int]):
    from battlesim.engines.sbg.rules.movement import answer_charge

    state = battle(dice)
    lotho = add(state, "B1", 1, 20, 20, LOTHO)
    charger = add(state, "A1", 0, 25, 20)
    spot = (20 + 2 * charger.radius, 20.0)
    return state, lotho, charger, answer_charge(state, charger, Charge("A1", "B1", spot))


def test_considerable_wealth_a_paid_off_charger_stops_an_inch_away_on_three_plus() -> None:
    """A Will point and a 3: the charger moves to 1" from Lotho instead of charging; on a
    2 it charges as normal (the Will point is spent either way)."""
    from battlesim.engines.sbg.core.actions import Move

    state, lotho, charger, action = _charge_at_lotho([3])
    assert isinstance(action, Move) and lotho.will == 3
    gap = ((action.to[0] - 20) ** 2 + (action.to[1] - 20) ** 2) ** 0.5
    assert abs(gap - lotho.radius - charger.radius - 1.0) < 0.01
    state, lotho, _, action = _charge_at_lotho([2])
    assert isinstance(action, Charge) and lotho.will == 3


def test_considerable_wealth_pays_ruffians_when_broken_and_hobbits_in_a_fight() -> None:
    """Broken at the Move phase's start: a Will point and the two Ruffians within 3" pass
    their next Courage test without rolling (only the next); at the Fight phase's start,
    two Engaged Hobbits within 3" get +1 Fight for the turn."""
    from battlesim.engines.sbg.core.hooks import Hook, HookContext, modifier
    from battlesim.engines.sbg.rules.courage import courage_test

    state = battle([1, 1])
    lotho = add(state, "B1", 1, 20, 20, LOTHO)
    r1 = add(state, "B2", 1, 22, 20, RUFFIAN)
    add(state, "B3", 1, 20, 22, RUFFIAN)
    state.broken[1] = True
    state.begin_phase(Phase.MOVE)
    assert lotho.will == 3
    assert courage_test(state, r1, "test")  # no dice rolled
    assert not courage_test(state, r1, "test")  # the next one rolls 1 and 1
    h1 = add(state, "B4", 1, 18, 20, HOBBIT)
    h2 = add(state, "B5", 1, 20, 18, HOBBIT)
    add(state, "A1", 0, 18 - 2 * h1.radius, 20)
    add(state, "A2", 0, 20, 18 - 2 * h2.radius)
    state.begin_phase(Phase.FIGHT)
    assert lotho.will == 2
    assert modifier(Hook.FIGHT, HookContext(state, h1)) == 1

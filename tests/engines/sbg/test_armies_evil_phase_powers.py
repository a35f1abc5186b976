"""Evil army rules VI (issue 19): abilities called at the start of a phase (Master of
Poisons, Rule Through Fear, Reckless Fighter, Essence Leech), from the BattleScribe rule text
cited by its rule id; each test fails when the rule's unit is removed."""

from __future__ import annotations

from dataclasses import replace

from battlesim.engines.sbg.core.hooks import Hook, HookContext, modifier
from battlesim.engines.sbg.core.rerolls import Reroll, Roll, allowed
from battlesim.engines.sbg.core.state import Phase
from battlesim.engines.sbg.core.units import Profile
from battlesim.engines.sbg.rules.equipment import banner_in_range
from battlesim.engines.sbg.rules.fighting import strike
from tests.engines.sbg.builders import BASE_GAP, WARRIOR, add, battle

HERO = replace(WARRIOR, might=1, will=3, fate=0, keywords=frozenset({"man", "infantry", "hero"}))


def _with(base: Profile, *rules: str, **changes: object) -> Profile:
    return replace(base, rules=tuple(rules), **changes)  # type: ignore[arg-type]


def test_master_of_poisons_lets_poisoned_friends_reroll_failed_wounds() -> None:
    """BSData 380b-e493-1cf9-0c72: at the start of the Move phase the Betrayer spends a Will
    point (the heuristic does with two poisoned friends within 6"); until the End phase they
    re-roll every failed To Wound roll."""
    state = battle()
    betrayer = add(state, "B", 1, 10, 10, _with(HERO, "Master of Poisons (Passive)"))
    archers = [
        add(state, f"P{i}", 1, 12, 8 + 3 * i, _with(WARRIOR, "Poisoned Weapon")) for i in range(2)
    ]
    context = HookContext(state, archers[0])
    assert allowed(Roll.TO_WOUND_IN_COMBAT, context) is Reroll.ONES  # SR-POISON alone
    state.begin_phase(Phase.MOVE)
    assert betrayer.will == 2
    assert allowed(Roll.TO_WOUND_IN_COMBAT, context) is Reroll.FAILED
    assert allowed(Roll.TO_WOUND_SHOOTING, context) is Reroll.FAILED


def test_rule_through_fear_counts_engaged_warriors_in_range_of_a_banner() -> None:
    """BSData 01df-5529-4cac-afd2: at the start of the Fight phase the Dark Marshal spends a
    Will point: friendly Warriors within 6" count as in range of a banner."""
    state = battle()
    marshal = add(state, "M", 1, 10, 10, _with(HERO, "Rule Through Fear (Passive)"))
    warriors = [add(state, f"W{i}", 1, 13, 8 + 3 * i, WARRIOR) for i in range(2)]
    for i, warrior in enumerate(warriors):
        add(state, f"E{i}", 0, 13 + BASE_GAP, warrior.y, WARRIOR)
    assert banner_in_range(state, [warriors[0]]) is None
    state.begin_phase(Phase.FIGHT)
    assert marshal.will == 2 and banner_in_range(state, [warriors[0]]) is marshal


def test_reckless_fighter_trades_a_point_of_defence_for_strength() -> None:
    """BSData 363e-db2f-0aa2-58da: engaged at the start of the fight, Zagdûsh takes -1
    Defence and +1 Strength until its end."""
    state = battle()
    zagdush = add(state, "Z", 1, 10, 10, _with(HERO, "Reckless Fighter (Active)"))
    add(state, "E", 0, 10 + BASE_GAP, 10, WARRIOR)
    state.begin_phase(Phase.FIGHT)
    assert modifier(Hook.STRENGTH, HookContext(state, zagdush)) == 1
    assert modifier(Hook.DEFENCE, HookContext(state, zagdush)) == -1


def test_essence_leech_regains_will_for_a_wound_and_buys_an_attack() -> None:
    """BSData 4323-6bab-ddc6-37b7: a Wound from Khamûl's strike gives back a Will point
    (S3 v D4: a 5 wounds); at the Fight phase's start he spends one for +1 Attack."""
    khamul = _with(HERO, "Essence Leech (Active)")
    state = battle([5])
    model = add(state, "K", 1, 10, 10, khamul)
    model.will = 1
    foe = add(state, "F", 0, 10 + BASE_GAP, 10, replace(WARRIOR, wounds=2))
    strike(state, model, foe, trapped=False)
    assert foe.wounds == 1 and model.will == 2
    state.begin_phase(Phase.FIGHT)
    assert model.will == 1 and modifier(Hook.ATTACKS, HookContext(state, model)) == 1

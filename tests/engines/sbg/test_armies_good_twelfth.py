"""Good army rules of the Master of Lake-town and Harry Goatleaf (rules/armies/good/master.py,
gatekeeper.py, issue 18). Each test cites the BattleScribe rule id whose English text is the
spec, scripts the dice and fails when the rule's unit is removed."""

from __future__ import annotations

from dataclasses import replace

from battlesim.engines.sbg.core.state import Phase, Tick, tick
from battlesim.engines.sbg.core.units import Profile
from battlesim.engines.sbg.rules.characteristics import fight_value
from battlesim.engines.sbg.rules.equipment import banner_in_range
from battlesim.engines.sbg.rules.movement import can_move
from tests.engines.sbg.builders import BASE_GAP, WARRIOR, add, battle

HERO = replace(WARRIOR, name="Test Hero", keywords=WARRIOR.keywords | {"hero"})
GUARD = replace(WARRIOR, name="Lake-town Guard")


def card(*rules: str, base: Profile = HERO, **changes: object) -> Profile:
    return replace(base, rules=tuple(rules), **changes)  # type: ignore[arg-type]


# --- Moneybags (8296-d6d5-9ca3-0191) ----------------------------------------------------------


def test_moneybags_pays_the_guard_near_the_master_for_the_fight_phase() -> None:
    state = battle()
    master = add(state, "A1", 0, 10, 10, card("Moneybags", name="The Master", might=2))
    master.might = 2
    guard = add(state, "A2", 0, 14, 10, GUARD)
    add(state, "B1", 1, 14 + BASE_GAP, 10)  # the guard is Engaged: the heuristic pays
    far = add(state, "A3", 0, 30, 10, GUARD)
    state.phase = Phase.FIGHT
    before = fight_value(state, guard)
    tick(state, Tick.PHASE_START)
    assert master.might == 1
    assert fight_value(state, guard) == before + 1 and fight_value(state, far) == before
    assert banner_in_range(state, [guard]) is not None and banner_in_range(state, [far]) is None


def test_moneybags_is_not_paid_with_no_guard_fighting() -> None:
    state = battle()
    master = add(state, "A1", 0, 10, 10, card("Moneybags", might=2))
    master.might = 2
    add(state, "A2", 0, 14, 10, GUARD)
    state.phase = Phase.FIGHT
    tick(state, Tick.PHASE_START)
    assert master.might == 2


# --- Dragon-sickness (1d9e-9ba9-112c-2863) ----------------------------------------------------


def _gold(dice: list[int]) -> bool:
    state = battle(dice)
    master = add(state, "A1", 0, 10, 10, card("Dragon-sickness", name="The Master"))
    add(state, "B1", 1, 10 + BASE_GAP, 10, card(name="Orc Captain", fight=5))
    add(state, "B2", 1, 30, 30, card(name="Orc Shaman", fight=2))
    tick(state, Tick.TURN_START)  # the opponent gives the gold to its Captain
    state.phase = Phase.MOVE
    tick(state, Tick.PHASE_END)
    return master.alive


def test_dragon_sickness_kills_the_master_touching_the_gold_unless_he_is_brave() -> None:
    assert not _gold([2, 3])  # 2 + 3 + Courage 3 < 10
    assert _gold([4, 3])


# --- Gatekeeper (3684-2783-822b-a9fd) --------------------------------------------------------


def _gate(die: int) -> bool:
    state = battle([die])
    harry = add(state, "A1", 0, 10, 10, card("Gatekeeper", name="Harry Goatleaf", will=1))
    harry.will = 1
    orc = add(state, "B1", 1, 10, 15)
    state.phase = Phase.PRIORITY
    tick(state, Tick.PHASE_END)
    assert harry.will == 0
    state.phase = Phase.MOVE
    return can_move(state, orc)


def test_gatekeeper_holds_an_enemy_on_a_three() -> None:
    assert not _gate(3)
    assert _gate(2)


def test_gatekeeper_leaves_monsters_alone() -> None:
    state = battle()
    harry = add(state, "A1", 0, 10, 10, card("Gatekeeper", will=1))
    harry.will = 1
    add(state, "B1", 1, 10, 15, replace(WARRIOR, keywords=frozenset({"monster", "infantry"})))
    state.phase = Phase.PRIORITY
    tick(state, Tick.PHASE_END)
    assert harry.will == 1  # no target: no Will spent

"""Good army rules of Bill the Pony and the healers (rules/armies/good/bill.py, healers.py,
issue 18). Each test cites the BattleScribe rule id whose English text is the spec, scripts
the dice and fails when the rule's unit is removed."""

from __future__ import annotations

from dataclasses import replace

from battlesim.engines.sbg.core.actions import Charge, IllegalActionError
from battlesim.engines.sbg.core.state import BattleState, Phase, Tick, tick
from battlesim.engines.sbg.core.units import Profile
from battlesim.engines.sbg.rules.courage import stand_fast_hero
from battlesim.engines.sbg.rules.equipment import banner_in_range
from battlesim.engines.sbg.rules.movement import START_OF_MOVE, check_action
from tests.engines.sbg.builders import BASE_GAP, WARRIOR, add, battle

HERO = replace(WARRIOR, name="Test Hero", keywords=WARRIOR.keywords | {"hero"})
HOBBIT = replace(WARRIOR, name="Hobbit Militia", keywords=frozenset({"hobbit", "infantry"}))
BILL = replace(
    HERO,
    name="Bill the Pony",
    keywords=frozenset({"pony", "infantry", "hero"}),
    rules=("Official Meals", "Only a Pony", "Second Breakfast"),
)


def card(*rules: str, base: Profile = HERO, **changes: object) -> Profile:
    return replace(base, rules=tuple(rules), **changes)  # type: ignore[arg-type]


def start_of_move(state: BattleState, uid: str) -> bool:
    state.phase = Phase.MOVE
    return any([rule(state, state.models[uid]) for rule in START_OF_MOVE])


# --- Official Meals (3095-54ae-49fb-a5a2), Only a Pony (7139-1206-03d5-c761) --------------------


def test_hobbits_near_bill_are_in_range_of_a_banner() -> None:
    state = battle()
    add(state, "A1", 0, 10, 10, BILL)
    hobbit = add(state, "A2", 0, 12, 10, HOBBIT)
    far = add(state, "A3", 0, 20, 10, HOBBIT)
    man = add(state, "A4", 0, 11, 12)
    assert banner_in_range(state, [hobbit]) is not None
    assert banner_in_range(state, [far]) is None and banner_in_range(state, [man]) is None


def test_bill_never_charges() -> None:
    state = battle()
    bill = add(state, "A1", 0, 10, 10, BILL)
    orc = add(state, "B1", 1, 13, 10)
    try:
        check_action(state, bill, Charge(bill.uid, orc.uid, (13 - BASE_GAP, 10)))
    except IllegalActionError as error:
        assert "never charge" in str(error)
    else:
        raise AssertionError("Bill charged")


def test_only_a_hobbit_lets_bill_use_its_stand_fast_and_nobody_uses_bills() -> None:
    state = battle()
    state.broken[0] = True
    bill = add(state, "A1", 0, 10, 10, BILL)
    bill.tested = True  # Bill passed his own test
    man = add(state, "A2", 0, 12, 10)
    assert stand_fast_hero(state, man) is None  # Bill's Stand Fast! helps nobody
    hobbit_hero = add(
        state, "A3", 0, 10, 13, card(base=HOBBIT, keywords=HOBBIT.keywords | {"hero"})
    )
    hobbit_hero.tested = True
    assert stand_fast_hero(state, bill) is hobbit_hero
    other = battle()
    other.broken[0] = True
    bill2 = add(other, "A1", 0, 10, 10, BILL)
    add(other, "A3", 0, 10, 13, HERO).tested = True  # a Man Hero's does not reach a Hero
    assert stand_fast_hero(other, bill2) is None


# --- Second Breakfast (06e5-55c7-64c7-387e) --------------------------------------------------


def test_second_breakfast_gives_a_spent_point_back_on_a_five() -> None:
    state = battle([5])
    add(state, "A1", 0, 10, 10, BILL)
    frodo = add(state, "A2", 0, 10 + BASE_GAP, 10, card(name="Frodo Baggins", might=2))
    frodo.might = 0
    state.phase = Phase.MOVE
    tick(state, Tick.PHASE_END)
    assert frodo.might == 1
    again = battle([4])
    add(again, "A1", 0, 10, 10, BILL)
    sam = add(again, "A2", 0, 10 + BASE_GAP, 10, card(name="Samwise Gamgee", fate=2))
    sam.fate = 0
    again.phase = Phase.MOVE
    tick(again, Tick.PHASE_END)
    assert sam.fate == 0


# --- Healing Herbs (24f0-f978-ddfc-73f1), At Your Service (e70e-813c-40d4-86b1) ------------------


def _herbs(die: int) -> tuple[int, bool]:
    state = battle([die])
    add(state, "A1", 0, 10, 10, card("Healing Herbs", name="Óin the Dwarf"))
    friend = add(state, "A2", 0, 10 + BASE_GAP, 10, card(wounds=3))
    friend.wounds = 1
    acted = start_of_move(state, "A1")
    return friend.wounds, acted


def test_healing_herbs_heal_one_wound_on_four_or_five_and_all_on_six() -> None:
    assert _herbs(3) == (1, True)  # no effect, but he did not move
    assert _herbs(4) == (2, True)
    assert _herbs(6) == (3, True)


def test_barliman_spends_will_to_heal_a_hero_easier_for_the_fellowship() -> None:
    rule = "Barliman Butterbur, At Your Service"
    state = battle([4, 4])
    barliman = add(state, "A1", 0, 10, 10, card(rule, will=2))
    barliman.will = 2
    aragorn = add(state, "A2", 0, 10 + BASE_GAP, 10, card(name="Aragorn", wounds=3))
    aragorn.wounds = 2
    assert not start_of_move(state, "A1")  # he still moves
    assert aragorn.wounds == 3 and barliman.will == 1
    aragorn.wounds = 2
    aragorn.spec = replace(aragorn.spec, profile=replace(aragorn.profile, name="Dunedain Hero"))
    start_of_move(state, "A1")  # a 4 heals no Hero outside the Fellowship
    assert aragorn.wounds == 2 and barliman.will == 0

"""Unholy Ressurrection (BSData 6147-c70c-de62-50e3) and Master of the Nazgûl (BSData
482a-9776-34c8-dd60), rules/armies/evil/resurrection.py: scripted dice, each test fails when
the rule's unit is removed."""

from __future__ import annotations

from dataclasses import replace

from battlesim.engines.sbg.checks import invariant_breaches
from battlesim.engines.sbg.core.outcome import Termination
from battlesim.engines.sbg.core.state import Phase, Removal, Tick, tick
from battlesim.engines.sbg.rules.scenarios import Scenario
from tests.engines.sbg.builders import WARRIOR, add, battle

NAZGUL = replace(
    WARRIOR,
    name="The Forsaken",
    wounds=1,
    will=3,
    keywords=frozenset({"spirit", "ringwraith", "infantry", "hero"}),
    rules=("Unholy Ressurrection",),
)
NECROMANCER = replace(
    WARRIOR, name="The Necromancer of Dol Guldur", rules=("Master of the Nazgûl",)
)


def _next_priority(state) -> None:
    state.turn += 1
    state.phase = Phase.PRIORITY
    tick(state, Tick.PHASE_END)


def _slain_then_rolls(die: int, necromancer: bool, source: str = "struck by A1"):
    state = battle([die])
    nazgul = add(state, "B1", 1, 20, 20, NAZGUL)
    add(state, "A1", 0, 20 + 2 * nazgul.radius, 20)
    if necromancer:
        add(state, "B2", 1, 30, 30, NECROMANCER)
    nazgul.will = 1
    state.remove(nazgul, Removal.SLAIN, source)
    assert state.casualties[1] == 0  # the marker counts it as on the board
    _next_priority(state)
    return state, nazgul


def test_unholy_ressurrection_three_plus_returns_with_one_wound_near_the_marker() -> None:
    """A 3 in the next Priority phase: back with 1 Wound within 6" of where it fell, not
    touching an enemy, its spent Will still spent; the battle's invariants hold."""
    state, nazgul = _slain_then_rolls(3, necromancer=False)
    assert nazgul.alive and nazgul.wounds == 1 and nazgul.will == 1
    assert ((nazgul.x - 20) ** 2 + (nazgul.y - 20) ** 2) ** 0.5 <= 6.0 + 1e-6
    assert not state.engaged(nazgul) and nazgul in state.living(1)
    assert invariant_breaches(state) == []


def test_unholy_ressurrection_two_banishes_unless_the_necromancer_helps() -> None:
    """A 2 banishes it (now a casualty); with the Necromancer alive, 2 + 1 = 3 returns it;
    slain by an Elven-made blade, the Necromancer's +1 only cancels the -1."""
    state, nazgul = _slain_then_rolls(2, necromancer=False)
    assert not nazgul.alive and state.casualties[1] == 1
    state, nazgul = _slain_then_rolls(2, necromancer=True)
    assert nazgul.alive
    state = battle([2])
    elf = add(state, "A1", 0, 10, 10, replace(WARRIOR, wargear=("sword", "elven-made")))
    assert "elven-made" in elf.triggers
    nazgul = add(state, "B1", 1, 20, 20, NAZGUL)
    add(state, "B2", 1, 30, 30, NECROMANCER)
    state.remove(nazgul, Removal.SLAIN, "struck by A1")
    _next_priority(state)
    assert not nazgul.alive


def _nazgul_and_three(state):  # type: ignore[no-untyped-def]
    """Four models a side; the Evil side's Nazgûl and two warriors slain: one left standing
    and the Nazgûl's marker in play."""
    for k in range(4):
        add(state, f"A{k}", 0, 2 + 2 * k, 5)
    nazgul = add(state, "B0", 1, 20, 43, NAZGUL)
    for k in range(1, 4):
        add(state, f"B{k}", 1, 2 + 2 * k, 43)
    for uid in ("B1", "B2"):
        state.remove(state.models[uid], Removal.SLAIN, "struck by A0")
    state.remove(nazgul, Removal.SLAIN, "struck by A0")
    return nazgul


def test_a_marker_in_play_counts_as_on_the_board_for_a_force_reduced_to_a_quarter() -> None:
    """ "Whilst the marker is in play, the Nazgûl counts as on the board for the purpose of
    working out whether your force is Broken or reduced to 25%": one of four standing and
    the marker make two, above a quarter: To the Death! goes on. Once it is banished (a 1),
    the force is down to a quarter and the battle ends."""
    state = battle([1])
    _nazgul_and_three(state)
    assert state.alive_count(1) == 1 and state.casualties[1] == 2
    assert Scenario().ended(state) is None
    _next_priority(state)
    assert Scenario().ended(state) is Termination.QUARTER


def test_a_marker_left_at_the_end_counts_as_slain_for_the_victory_points() -> None:
    """ "If, when the game ends, a marker is in play and the corresponding Nazgûl is not on
    the board, that Nazgûl will count as having been slain for the purposes of victory
    conditions": three of four slain at the count, the Evil force is Broken (5 VP, the
    Good force unbroken) and the Good side took the greater share (1 VP)."""
    state = battle([])
    _nazgul_and_three(state)
    assert state.casualties[1] == 2  # not Broken during the battle
    assert Scenario().victory_points(state) == (5 + 1, 0)

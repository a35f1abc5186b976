"""Unholy Ressurrection (BSData 6147-c70c-de62-50e3) and Master of the Nazgûl (BSData
482a-9776-34c8-dd60), rules/armies/evil/resurrection.py: scripted dice, each test fails when
the rule's unit is removed."""

from __future__ import annotations

from dataclasses import replace

from battlesim.engines.sbg.checks import invariant_breaches
from battlesim.engines.sbg.core.state import Phase, Removal, Tick, tick
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

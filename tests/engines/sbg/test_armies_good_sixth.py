"""Good army rules: the Horn of Gondor and It Has Not Yet Awoken (issue 18). Each test cites
the BattleScribe rule id and fails without the rule's unit."""

from __future__ import annotations

from dataclasses import replace

from battlesim.engines.sbg.core.state import Removal
from battlesim.engines.sbg.rules import one_ring
from battlesim.engines.sbg.rules.combats import Combat
from battlesim.engines.sbg.rules.fighting import duel
from battlesim.engines.sbg.rules.ring_moves import start_of_move_phase
from tests.engines.sbg.builders import BASE_GAP, WARRIOR, add, battle, players, rolls
from tests.engines.sbg.test_one_ring import FRODO

BOROMIR = replace(WARRIOR, name="Boromir", rules=("Horn of Gondor",), fight=6)


def test_the_horn_of_gondor_wins_when_the_bravest_foe_fails_courage() -> None:
    """5a58-f9c4-ffdb-e12d: outnumbered two to one; 2+3+3 < 10: Boromir wins, no Duel dice."""
    state = battle([2, 3])
    boromir = add(state, "A1", 0, 10, 10, BOROMIR)
    orcs = [add(state, "B1", 1, 10 + BASE_GAP, 10), add(state, "B2", 1, 10 - BASE_GAP, 10)]
    assert duel(state, Combat(boromir, orcs)) == 0 and len(rolls(state)) == 1


def test_the_horn_is_not_blown_unless_outnumbered_two_to_one() -> None:
    state = battle([1, 6])
    boromir = add(state, "A1", 0, 10, 10, BOROMIR)
    orc = add(state, "B1", 1, 10 + BASE_GAP, 10)
    assert duel(state, Combat(boromir, [orc])) == 1  # the Duel: 1 against 6
    assert [p for p, _ in rolls(state)] == ["duel A1", "duel B1"]


def test_it_has_not_yet_awoken_spares_bilbo_sauron_and_my_precious() -> None:
    """0dc4-cece-d27c-6bba."""
    bilbo_card = replace(FRODO, name="Bilbo Baggins", rules=("It Has Not Yet Awoken",))
    state = battle([])
    bilbo = add(state, "A1", 0, 10, 10, bilbo_card)
    one_ring.wear(state, bilbo, True)
    start_of_move_phase(state, players())  # no Will of Sauron roll (none scripted)
    friend = add(state, "A2", 0, 20, 10)
    state.remove(friend, Removal.SLAIN)
    assert bilbo.alive

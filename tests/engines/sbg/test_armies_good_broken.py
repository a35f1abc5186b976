"""Denethor's Broken Mind (BSData 4f27-9c2c-72a2-3057) and Thráin's Shattered Spirit
(09a3-7423-24ef-6dd8) (rules/armies/good/broken.py, issue 18): a failed test hands the model
to the opposing player (``BattleState.hand_over``), who makes its choices; its own army may
not shoot or strike it. Scripted dice; each test fails without the rule's unit."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from battlesim.engines.sbg.core.decisions import Decision
from battlesim.engines.sbg.core.state import BattleState, ModelState, Phase, Removal, Tick, tick
from battlesim.engines.sbg.rules.characteristics import fight_value
from battlesim.engines.sbg.rules.combats import Combat
from battlesim.engines.sbg.rules.fighting import ask, resolve_combat
from battlesim.engines.sbg.rules.shooting import is_legal_target
from tests.engines.sbg.builders import BASE_GAP, WARRIOR, add, battle, players, profile, rolls

HERO = WARRIOR.keywords | {"hero"}
DENETHOR = replace(
    WARRIOR, name="Denethor, Steward of Gondor", keywords=HERO, rules=("Broken Mind (Passive)",)
)
THRAIN = replace(
    WARRIOR, name="Thráin the Broken", keywords=HERO, courage=4, rules=("Shattered Spirit",)
)
BOROMIR = replace(WARRIOR, name="Boromir of Gondor", keywords=HERO)
ARCHER = profile(name="Archer", wargear=("sword", "bow"))


@dataclass(frozen=True, slots=True)
class Whose(Decision[str]):
    """A stand-in choice of ``model``: which player was asked."""

    model: ModelState

    def default(self, state: BattleState) -> str:
        return "default"


class Named:
    def __init__(self, name: str) -> None:
        self.name = name

    def decide(self, state: BattleState, decision: Decision[Any]) -> Any:
        return self.name if isinstance(decision, Whose) else decision.default(state)


def _start_turn(state: BattleState) -> None:
    tick(state, Tick.TURN_START)
    state.begin_phase(Phase.PRIORITY)


def test_a_failed_test_hands_denethor_to_the_opponent_until_the_end_phase() -> None:
    """ "If the test is failed, Denethor is controlled by the opposing player until the End
    phase of that turn": 1 + 1 + Courage 3 < 10; his choices are the Evil player's."""
    state = battle([1, 1])
    state.players = (Named("good"), Named("evil"))
    denethor = add(state, "A1", 0, 10, 10, DENETHOR)
    add(state, "A2", 0, 20, 10)
    _start_turn(state)
    assert denethor.player == 1 and state.army_of(denethor) == 0
    assert denethor in state.living(1) and ask(state, denethor, Whose(denethor)) == "evil"
    state.begin_phase(Phase.END)
    assert denethor.player == 0 and ask(state, denethor, Whose(denethor)) == "good"


def test_a_passed_test_keeps_denethor() -> None:
    state = battle([6, 6])
    denethor = add(state, "A1", 0, 10, 10, DENETHOR)
    _start_turn(state)
    assert denethor.player == 0 and rolls(state) == [("courage A1 (broken mind)", [6, 6])]


def test_boromir_alive_passes_the_test_and_his_death_fails_the_next() -> None:
    """ "If Boromir is part of the same army ... automatically pass ... so long as Boromir is
    alive. Should Boromir be slain, then Denethor will automatically fail the next"."""
    state = battle([])  # no die is rolled either time
    denethor = add(state, "A1", 0, 10, 10, DENETHOR)
    boromir = add(state, "A2", 0, 20, 10, BOROMIR)
    _start_turn(state)
    assert denethor.player == 0 and rolls(state) == []
    state.remove(boromir, Removal.SLAIN)
    _start_turn(state)
    assert denethor.player == 1 and rolls(state) == []


def test_his_own_army_neither_shoots_nor_strikes_him_and_he_is_its_casualty() -> None:
    """ "friendly models cannot target Denethor with shooting attack ... and may not make
    Strikes if they beat him in a fight": the Duel won 6 to 1, no To Wound die is rolled."""
    state = battle([1, 1, 6, 1])
    denethor = add(state, "A1", 0, 10, 10, DENETHOR)
    archer = add(state, "A2", 0, 10, 20, ARCHER)
    _start_turn(state)
    assert not is_legal_target(state, archer, denethor)
    guard = add(state, "A3", 0, 10 + BASE_GAP, 10)
    resolve_combat(state, Combat(guard, [denethor]), players())
    assert denethor.alive and [p for p, _ in rolls(state)][-2:] == ["duel A3", "duel A1"]
    state.remove(denethor, Removal.SLAIN)
    assert state.casualties == [1, 0]


def test_shattered_spirit_failed_hands_thrain_over_and_a_double_lifts_him() -> None:
    """Unmodified test at each Priority phase's start: 1 + 2 + Courage 4 < 10 fails (the
    opponent controls him); 3 + 3 + 4 passes on a double: back with +2 Fight."""
    state = battle([1, 2, 3, 3])
    thrain = add(state, "A1", 0, 10, 10, THRAIN)
    _start_turn(state)
    assert thrain.player == 1 and state.army_of(thrain) == 0
    before = fight_value(state, thrain)
    _start_turn(state)
    assert thrain.player == 0 and fight_value(state, thrain) == before + 2

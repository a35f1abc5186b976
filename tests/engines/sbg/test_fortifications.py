"""Fortifications (checklist part 2 §12.1-12.2, SIEGE-*; 002:L3222-3295), scripted dice."""

from __future__ import annotations

import pytest

from battlesim.engines.sbg.core.actions import IllegalActionError, Move
from battlesim.engines.sbg.core.hooks import HookContext
from battlesim.engines.sbg.core.objectives import GateSpec
from battlesim.engines.sbg.core.permissions import May, permitted
from battlesim.engines.sbg.core.state import Phase, Tick, tick
from battlesim.engines.sbg.core.tables_more import walled_keep
from battlesim.engines.sbg.core.units import engine_profile
from battlesim.engines.sbg.game import play_game
from battlesim.engines.sbg.rules import fortifications as forts
from battlesim.engines.sbg.rules import siege_engines as se
from battlesim.engines.sbg.rules.movement import check_action
from battlesim.engines.sbg.rules.scenario_library import STORM_THE_GATE
from battlesim.engines.sbg.rules.scenarios import Scenario
from tests.engines.sbg.builders import add, battle, players, profile, rolls
from tests.engines.sbg.test_siege_engines import TREBUCHET, _engine, _fire

GATE = GateSpec((24.0, 31.0), "castle gate", owner=1, width=3.0)


def _gate(state, spec=GATE):
    forts.raise_gates(state, (spec,))
    return state.models["G1"]


def test_siege_gate_table_defence_and_structure_points():
    """SIEGE-GATE-TABLE (002:L3282-3289)."""
    expected = {
        "castle gate": (10, 3),
        "dwarf gate": (9, 3),
        "reinforced gate": (9, 2),
        "reinforced door": (8, 2),
        "heavy door": (7, 2),
        "domestic outer door": (6, 2),
        "domestic inner door": (5, 1),
    }
    for kind, (defence, points) in expected.items():
        card = forts.gate_profile(GateSpec((0.0, 0.0), kind))
        assert (card.defence, card.wounds) == (defence, points)
    with pytest.raises(forts.UnknownGateError):
        forts.gate_profile(GateSpec((0.0, 0.0), "portcullis"))


def test_gate_is_no_model_of_the_army_and_is_never_charged():
    """SE-COUR-01 by analogy (a piece, not a model): no Break count; SIEGE-GATEATK-01: it
    is attacked where it stands, never charged."""
    state = battle()
    gate = _gate(state)
    assert state.start_counts[1] == 0 and state.alive_count(1) == 0
    assert not permitted(May.BE_CHARGED, HookContext(state, gate))


def test_siege_gateatk_01_attack_wins_automatically_one_roll_per_attack():
    """SIEGE-GATEATK-01 (002:L3276): automatic win, To Wound against the gate's Defence per
    Attack; each success takes one structure point. S5 v D7 (heavy door): 5+."""
    state = battle([5, 4])
    gate = _gate(state, GateSpec((24.0, 31.0), "heavy door", owner=1, width=3.0))
    axe = add(state, "A1", 0, 24.0, 31.0 - 1.5 - 0.5, profile(strength=5, attacks=2))
    assert forts.attackers(state, gate) == [axe]
    forts.attack_gate(state, axe, gate)
    assert gate.wounds == 1 and axe.fought


def test_gate_attack_in_the_fight_phase_breaks_it_open():
    """The Fight phase's end: models in contact attack; a gate at 0 points is gone."""
    state = battle([6, 6, 6])
    state.players = players()
    gate = _gate(state, GateSpec((24.0, 31.0), "domestic inner door", owner=1, width=3.0))
    add(state, "A1", 0, 24.0, 31.0 - 1.5 - 0.5, profile(strength=3))
    state.phase = Phase.FIGHT
    tick(state, Tick.PHASE_END)
    assert not gate.alive
    assert any(e.kind == "gate_broken" for e in state.log.events)


def test_siege_gateatk_01_weak_shots_cannot_target_a_gate():
    """SIEGE-GATEATK-01 (002:L3278): Strength 4 or less cannot damage a door."""
    from battlesim.engines.sbg.rules.shooting import is_legal_target

    state = battle()
    gate = _gate(state)
    bow = add(state, "A1", 0, 24.0, 20.0, profile(wargear=("sword", "bow")))
    assert bow.missile is not None and bow.missile.strength <= 4
    assert not is_legal_target(state, bow, gate)
    assert forts.shot_can_harm(5, gate) and not forts.shot_can_harm(4, gate)


def test_siege_move_02_defenders_pass_their_gate_attackers_do_not():
    """SIEGE-MOVE-02 (002:L3248): defenders pass through gates freely, attackers break them."""
    state = battle(table=walled_keep())
    _gate(state)
    defender = add(state, "B1", 1, 24.0, 34.0)
    attacker = add(state, "A1", 0, 22.0, 27.0)
    check_action(state, defender, Move(defender.uid, (24.0, 28.5)))
    with pytest.raises(IllegalActionError):
        check_action(state, attacker, Move(attacker.uid, (24.0, 33.5)))
    with pytest.raises(IllegalActionError):  # never stopping on the gate itself
        check_action(state, defender, Move(defender.uid, (24.0, 31.0)))


def test_siege_wall_01_curtain_walls_have_no_holds():
    """SIEGE-WALL-01 (002:L3230-3232): too high and smooth to climb (no ladder here)."""
    table = walled_keep()
    walls = [p for p in table.pieces if "curtain wall" in p.name]
    assert walls and not any(p.climbable for p in walls)


def test_se_tgt_01_a_castle_gate_is_a_siege_target_for_engines():
    """SE-TGT-01: great gates are Siege targets (no scatter, one Wound per success);
    BSData Wall-Breaker: two dice, the highest."""
    state = battle([4, 2, 6])  # to hit; wall-breaker 2 and 6 -> 6: S10 v D10 wounds on 4+
    engine = _engine(state, TREBUCHET)
    gate = _gate(state, GateSpec((24.0, 31.0), "castle gate", owner=1, width=3.0))
    assert se.siege_target(gate)
    _fire(state, engine, gate)
    assert gate.wounds == 2
    assert not any("scatter" in purpose for purpose, _ in rolls(state))


def test_attackers_goal_is_the_gate_while_it_stands():
    """SIEGE-GATE-01: the attackers' way in is the gate (the players read the Goal)."""
    state = battle()
    gate = _gate(state)
    attacker = add(state, "A1", 0, 10.0, 5.0)
    defender = add(state, "B1", 1, 24.0, 40.0)
    scenario = Scenario(STORM_THE_GATE)
    assert scenario.goal(state, attacker).point == gate.position
    assert (
        scenario.goal(state, defender) is None
        or scenario.goal(state, defender).point != gate.position
    )
    state.wound(gate, "test", count=3)
    assert scenario.goal(state, attacker).point != gate.position


def test_storm_the_gate_battle_raises_the_gate_and_it_is_assaulted():
    result = play_game(
        seed=0,
        options={
            "forces": ["minas_tirith_skirmish", "mordor_skirmish"],
            "scenario": "storm_the_gate",
        },
    )
    kinds = {e.kind for e in result.log.events}
    assert {"gate", "gate_attacked"} <= kinds
    assert engine_profile  # (imported for the module's readers: the engine card builder)

"""Fortifications (checklist part 2 §12.1-12.2, SIEGE-*; 002:L3222-3295), scripted dice."""

from __future__ import annotations

import math

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
    """SIEGE-GATE-01: the attackers' way in is the gate (the players read the Goal);
    GAME-NARR-04 (002:L3415-3417): the two sides' objectives differ (take it, hold it)."""
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
    assert "gate" in kinds and kinds & {"gate_attacked", "ram"}
    assert "object_taken" in kinds  # the attackers took up their ram
    assert engine_profile  # (imported for the module's readers: the engine card builder)


def _ram_at_gate(state, helpers, strength=4):
    """A ram's holder touching the gate (south face) and ``helpers`` friends touching him."""
    from battlesim.engines.sbg.rules import objects

    gate = _gate(state)
    card = profile(strength=strength)
    holder = add(state, "A1", 0, 24.0, 31.0 - 1.5 - 0.49, card)
    gap = 2 * 0.4921
    for k in range(helpers):
        angle = -math.pi / 2 + (k - (helpers - 1) / 2) * 0.55
        add(
            state,
            f"A{k + 2}",
            0,
            holder.x + gap * math.cos(angle),
            holder.y + gap * math.sin(angle),
            card,
        )
    fortifications_place(state)
    objects.give(state, "ram 1", holder)
    return gate, holder


def fortifications_place(state):
    forts.place_rams(state, ((0.0, 0.0),))


def test_siege_ram_02_strength_of_the_strongest_plus_one_per_carrier():
    """SIEGE-RAM-02 (002:L3383-3387): six Uruk-hai carriers of S4 make S9."""
    state = battle()
    gate, holder = _ram_at_gate(state, 5)
    carriers = forts.ram_carriers(state, holder)
    assert len(carriers) == 6 and forts.ram_strength(state, carriers) == 9


def test_siege_ram_02_hits_the_gate_automatically_in_the_fight_phase():
    """SIEGE-RAM-02: the ram hits the door with one Attack, no Duel: S9 v D10 wounds on 5+
    (chart); its carriers do not attack the gate besides."""
    state = battle([5])
    state.players = players()
    gate, holder = _ram_at_gate(state, 5)
    state.phase = Phase.FIGHT
    tick(state, Tick.PHASE_END)
    assert gate.wounds == 2
    assert [e.data["strength"] for e in state.log.events if e.kind == "ram"] == [9]
    assert not any(e.kind == "gate_attacked" for e in state.log.events)


def test_siege_ram_02_above_ten_rerolls_a_failed_wound():
    """Reading 38: a ram above S10 uses the S10 row and re-rolls a failed To Wound."""
    state = battle([1, 6])
    state.players = players()
    gate, holder = _ram_at_gate(state, 5, strength=6)  # S6 + 5 = 11
    forts.ram_gate(state, holder, gate)
    assert gate.wounds == 2


def test_siege_policy_fetches_the_ram_then_carries_it_to_the_gate():
    """The heuristic's siege moves (policies/siege_policy.py): the attackers nearest a ram
    on the ground go for it; its holder heads for the gate."""
    from battlesim.engines.sbg.policies import siege_policy
    from battlesim.engines.sbg.rules import objects

    state = battle()
    gate = _gate(state)
    forts.place_rams(state, ((24.0, 12.0),))
    near = add(state, "A1", 0, 24.0, 9.0)
    far = [add(state, f"A{k}", 0, 4.0 + k, 2.0) for k in range(2, 6)]
    assert siege_policy.siege_goal(state, near) == (24.0, 12.0)
    assert siege_policy.siege_goal(state, far[0]) != (24.0, 12.0)  # not among the 3 nearest
    objects.give(state, "ram 1", near)
    goal = siege_policy.siege_goal(state, near)
    assert math.dist(goal, gate.position) == pytest.approx(gate.radius + near.radius)

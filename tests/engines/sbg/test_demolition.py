"""Demolition charges (checklist part 2 §11.8, DEMO-*; 002:L3182-3216), scripted dice."""

from __future__ import annotations

from battlesim.engines.sbg.core.objectives import GateSpec
from battlesim.engines.sbg.core.state import Phase, Tick, tick
from battlesim.engines.sbg.rules import demolition as demo
from battlesim.engines.sbg.rules import fortifications as forts
from battlesim.engines.sbg.rules import objects
from tests.engines.sbg.builders import add, battle, players, profile

TORCH = profile(name="Berserker", wargear=("sword", "flaming brand"), courage=7)
ORC = profile(name="Orc", defence=4, wounds=2)


def _fight_starts(state):
    state.phase = Phase.FIGHT
    tick(state, Tick.PHASE_START)


def _scene(dice, enemies=2):
    """A charge of side 0 at (24, 24), a torch bearer of side 0 touching it, ``enemies``
    Orcs of side 1 within 2"."""
    state = battle(dice)
    state.players = players()
    name = demo.place_charge(state, (24.0, 24.0), 0)
    add(state, "A1", 0, 24.0, 24.0 - 0.49 - 0.49, TORCH)
    foes = [add(state, f"B{k}", 1, 23.0 + 2.0 * k, 25.5, ORC) for k in range(enemies)]
    return state, name, foes


def test_demo_02_a_heavy_object_cavalry_cannot_carry():
    """DEMO-02 (002:L3188): a Heavy object, never carried by Cavalry (ADV-HEAVY-02)."""
    state = battle()
    name = demo.place_charge(state, (24.0, 24.0), 0)
    assert objects.OBJECTS.of(state).placed[name].heavy


def test_demo_03_04_05_torch_courage_then_explosion_d6_wounds_within_two_inches():
    """DEMO-03 (002:L3192): at the start of the Fight phase, a torch bearer in contact, two
    enemies within 2": Courage test (2D6 + 7 >= 10), Detonation 2-5 explodes; DEMO-05: D6
    Wounds to everything within 2", friend or foe, whatever its Defence."""
    state, name, foes = _scene([2, 2, 4, 3])  # courage 2+2+7 = 11; detonation 4; 3 Wounds
    _fight_starts(state)
    assert not any(m.alive for m in foes)
    assert not state.models["A1"].alive  # the bearer was in the blast too
    assert objects.where(state, name) is None


def test_demo_03_not_lit_without_two_enemies_or_a_siege_target():
    """DEMO-03: fewer than two enemy models and no Siege target within 2": no lighting."""
    state, name, foes = _scene([], enemies=1)
    _fight_starts(state)
    assert foes[0].alive and objects.where(state, name) is not None


def test_demo_03_a_great_gate_alone_is_reason_enough():
    """DEMO-03: one enemy Siege target (a castle gate) within 2"; DEMO-05: it loses the
    Wounds as structure points."""
    state = battle([3, 3, 5, 2])
    state.players = players()
    forts.raise_gates(state, (GateSpec((24.0, 27.0), "castle gate", owner=1, width=3.0),))
    demo.place_charge(state, (24.0, 24.6), 0)
    add(state, "A1", 0, 24.0, 24.6 - 0.98, TORCH)
    _fight_starts(state)
    assert state.models["G1"].wounds == 1


def test_demo_04_slow_fuse_then_next_fight_phase_with_plus_one():
    """DEMO-04 (002:L3196): 1 Slow fuse, no explosion; the next Fight phase rolls again with
    +1 (reading 34: no new torch or test), 5+1 = 6 titanic: 2D6 Wounds."""
    state, name, foes = _scene([3, 3, 1, 5, 1, 1])
    _fight_starts(state)
    assert all(m.alive for m in foes) and objects.where(state, name) is not None
    _fight_starts(state)
    assert not any(m.alive for m in foes)  # titanic: 1 + 1 = 2 Wounds, each Orc had 2
    assert [e.data["score"] for e in state.log.events if e.kind == "detonation"] == [1, 6]


def test_demo_06_desperate_detonation_needs_a_six():
    """DEMO-06 (002:L3206): no torch: each model trying passes Courage, then a D6 each; one
    6 sets it off."""
    state = battle([6, 6, 6, 6, 2, 6, 3, 1])
    state.players = players()
    name = demo.place_charge(state, (24.0, 24.0), 0)
    add(state, "A1", 0, 24.0, 24.0 - 0.98)
    add(state, "A2", 0, 24.0 + 0.98, 24.0)
    foes = [add(state, f"B{k}", 1, 23.0 + 2.0 * k, 25.5, ORC) for k in range(2)]
    _fight_starts(state)
    assert any(m.alive for m in foes) is not False or objects.where(state, name) is None
    assert any(e.kind == "detonation" for e in state.log.events)


def test_demo_10_an_enemy_in_contact_all_fight_phase_disables_it():
    """DEMO-10 (002:L3216): an unengaged enemy in contact during its Fight phase removes it."""
    state = battle()
    state.players = players()
    name = demo.place_charge(state, (24.0, 24.0), 0)
    add(state, "B1", 1, 24.0, 24.0 + 0.98, ORC)
    state.phase = Phase.FIGHT
    tick(state, Tick.PHASE_END)
    assert objects.where(state, name) is None

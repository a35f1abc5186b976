"""Demolition charges (checklist part 2 §11.8, DEMO-*; 002:L3182-3216), scripted dice."""

from __future__ import annotations

from battlesim.engines.sbg.core.actions import Move
from battlesim.engines.sbg.core.objectives import GateSpec
from battlesim.engines.sbg.core.state import Phase, Tick, tick
from battlesim.engines.sbg.phases.shoot import run_shoot_phase
from battlesim.engines.sbg.rules import demolition as demo
from battlesim.engines.sbg.rules import fortifications as forts
from battlesim.engines.sbg.rules import objects
from battlesim.engines.sbg.rules.movement import apply_action
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


# --- DEMO-01, DEMO-07/08/09: who carries a charge, and a charge that is shot ----------------

XBOW = profile(name="Crossbowman", wargear=("sword", "crossbow"))  # S4: 6+ against D7


def _shot_scene(dice):
    """A charge of side 0 at (24, 24) with two of side 0's men within 2" of it, and a side 1
    crossbowman 10" away."""
    state = battle(dice)
    state.players = players()
    name = demo.place_charge(state, (24.0, 24.0), 0)
    near = [add(state, f"A{k}", 0, 23.0 + 2.0 * k, 22.5) for k in range(2)]
    shooter = add(state, "B1", 1, 24.0, 34.0, XBOW)
    return state, name, near, shooter


def test_demo_01_only_the_charges_own_army_may_carry_it():
    """DEMO-01 (002:L3184): « Seules les figurines de l'armée qui a accès aux charges de
    démolition peuvent les porter »: an enemy moving into contact does not take it up, a
    model of its own side does."""
    state = battle()
    name = demo.place_charge(state, (24.0, 24.0), 0)
    foe = add(state, "B1", 1, 20.0, 24.0)
    apply_action(state, foe, Move("B1", (24.0 - 0.98, 24.0)))
    assert objects.carrier(state, name) is None
    state.set_position(foe, (5.0, 5.0))
    friend = add(state, "A1", 0, 28.0, 24.0)
    apply_action(state, friend, Move("A1", (24.0 + 0.98, 24.0)))
    assert objects.carrier(state, name) is friend


def test_demo_07_a_shot_wound_sets_it_off_on_a_six():
    """DEMO-07 (002:L3210): shot normally (4+ to hit, a crossbow's S4 against Defence 7
    wounds on 6); one D6 for the Wound: a 6 sets it alight, the Detonation table at once (3:
    it explodes), 2 Wounds to each man of side 0 within 2"."""
    state, name, near, shooter = _shot_scene([4, 6, 6, 3, 2])
    demo.shoot_charge(state, shooter, name)
    assert objects.where(state, name) is None
    assert not any(m.alive for m in near)
    assert [e.data["score"] for e in state.log.of_kind("detonation")] == [3]


def test_demo_07_09_three_wounds_without_a_six_break_it_harmlessly():
    """DEMO-07: Defence 7, 3 Wounds; a D6 per Wound short of 6 does not set it off; DEMO-09
    (002:L3214): at 0 Wounds without exploding it is broken and removed, nobody hurt."""
    state, name, near, shooter = _shot_scene([4, 6, 5] * 3)
    for shot in range(3):
        assert objects.where(state, name) is not None, shot
        shooter.shot = False
        demo.shoot_charge(state, shooter, name)
    assert objects.where(state, name) is None
    assert all(m.alive for m in near)
    assert not state.log.of_kind("detonation") and state.log.of_kind("charge_broken")


def test_demo_07_a_miss_or_a_failed_wound_leaves_it_whole():
    """DEMO-07: a miss (3 against 4+) does nothing; a hit that fails to wound (5 against
    6) takes no Wound."""
    state, name, _, shooter = _shot_scene([3, 4, 5])
    demo.shoot_charge(state, shooter, name)
    shooter.shot = False
    demo.shoot_charge(state, shooter, name)
    assert objects.where(state, name) is not None
    assert not state.log.of_kind("charge_wounded")


def test_demo_08_a_charge_wounded_by_another_goes_off_on_four():
    """DEMO-08 (002:L3212): the first charge explodes (2 Wounds, 2: an instant reaction);
    the second, 1.5" away, takes the 2 Wounds: one D6 each, a 4 sets it off (a 6 is needed
    for a shot, DEMO-07), its own Detonation (3) and explosion follow."""
    state = battle([2, 4, 1, 3, 1])
    first = demo.place_charge(state, (24.0, 24.0), 0)
    second = demo.place_charge(state, (25.5, 24.0), 0)
    demo.explode(state, first, (24.0, 24.0))
    assert objects.where(state, second) is None
    assert [e.data["charge"] for e in state.log.of_kind("explosion")] == [first, second]


def test_demo_08_below_four_it_keeps_its_last_wound():
    """DEMO-08: two Wounds rolled 3 and 3 do not set it off; DEMO-07: it has 1 Wound left
    and stays on the table (DEMO-09 only at 0)."""
    state = battle([2, 3, 3])
    first = demo.place_charge(state, (24.0, 24.0), 0)
    second = demo.place_charge(state, (25.5, 24.0), 0)
    demo.explode(state, first, (24.0, 24.0))
    assert objects.where(state, second) is not None
    assert [e.data["left"] for e in state.log.of_kind("charge_wounded")] == [1]


def test_demo_07_the_shoot_phase_offers_the_enemy_charge():
    """DEMO-07: in the Shoot phase the crossbowman may shoot the charge instead of a man;
    the heuristic does when its blast holds none of its own side (it misses on a 1)."""
    state, name, _, shooter = _shot_scene([1])
    run_shoot_phase(state, state.players)
    assert [e.data["target"] for e in state.log.of_kind("shot")] == [name]

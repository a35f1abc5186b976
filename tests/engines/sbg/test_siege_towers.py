"""Siege towers (checklist part 2 §12.4, SIEGE-TOWER-01..04; 002:L3339-3349), scripted dice.
The walled keep's west curtain wall runs along y = 31 (0.6" thick, its south face at 30.7)."""

from __future__ import annotations

import math

import pytest

from battlesim.engines.sbg.core.hooks import HookContext
from battlesim.engines.sbg.core.objectives import TowerSpec
from battlesim.engines.sbg.core.permissions import May, permitted
from battlesim.engines.sbg.core.state import Phase, Tick, tick
from battlesim.engines.sbg.core.tables_more import walled_keep
from battlesim.engines.sbg.rules import fortifications as forts
from battlesim.engines.sbg.rules import siege_engines as se
from battlesim.engines.sbg.rules import siege_towers as st
from tests.engines.sbg.builders import add, battle, players, profile

R = 2.0 + 25 / 25.4 / 2 + 0.001  # a 25 mm base touching the tower's 4" base


def _tower(state, point=(12.0, 14.0), aboard=()):
    st.place_towers(state, (TowerSpec(point),))
    tower = state.models["T1"]
    st.board(state, tower, aboard)
    return tower


def _around(state, tower, degrees, first=1, player=0, prof=None):
    """Models touching the tower at these angles off its facing (0: its front)."""
    fx, fy = st.towers(state)[tower.uid].facing
    made = []
    for k, deg in enumerate(degrees, start=first):
        a = math.radians(deg)
        x = tower.x + R * (fx * math.cos(a) - fy * math.sin(a))
        y = tower.y + R * (fy * math.cos(a) + fx * math.sin(a))
        made.append(add(state, f"A{k}", player, x, y, *(() if prof is None else (prof,))))
    return made


BACK_AND_FLANKS = (60, 90, 120, 150, 180, 210)


def test_siege_tower_04_defence_10_three_wounds_no_model_of_the_army():
    """SIEGE-TOWER-04 (002:L3349): Defence 10, 3 Wounds; SIEGE-TOWER-01: 4" at its ramp;
    a piece (no Break count), attacked where it stands, never charged (reading)."""
    state = battle(table=walled_keep())
    tower = _tower(state)
    assert (tower.profile.defence, tower.wounds) == (10, 3)
    assert tower.radius * 2 == pytest.approx(4.0)
    assert st.towers(state)["T1"].facing == pytest.approx((0.0, 1.0))  # toward the wall
    assert state.start_counts[0] == 0 and state.alive_count(0) == 0
    assert not permitted(May.BE_CHARGED, HookContext(state, tower))
    assert not se.siege_target(tower)  # a Battlefield target for Siege Engines
    assert not forts.shot_can_harm(4, tower) and forts.shot_can_harm(5, tower)


def test_siege_tower_01_infantry_aboard_off_the_table_still_in_the_army():
    """SIEGE-TOWER-01 (002:L3343): friendly Infantry may be inside, never a Monster nor
    Cavalry; those aboard still count as models of the army."""
    state = battle(table=walled_keep())
    a = add(state, "A1", 0, 12.0, 5.0)
    troll = add(state, "A2", 0, 14.0, 5.0, profile(keywords=frozenset({"monster"})))
    rider = add(state, "A3", 0, 16.0, 5.0, profile(keywords=frozenset({"Cavalry"})))
    _tower(state, aboard=("A1", "A2", "A3"))
    assert st.towers(state)["T1"].aboard == ["A1"]
    assert a not in state.living(0) and troll in state.living(0) and rider in state.living(0)
    assert state.alive_count(0) == 3


def test_siege_tower_02_six_pushers_at_back_and_flanks_move_it_six_inches():
    """SIEGE-TOWER-02 (002:L3345): six Infantry touching its back or flanks push it 6";
    they go with it and have moved."""
    state = battle(table=walled_keep())
    tower = _tower(state)
    crew = _around(state, tower, BACK_AND_FLANKS)
    assert st.pushers(state, tower) == crew
    assert st.push(state, tower, crew) == pytest.approx(6.0)
    assert tower.position == pytest.approx((12.0, 20.0))
    assert all(m.moved and m.done_moving for m in crew)
    assert all(state.in_contact(m, tower) for m in crew)


def test_siege_tower_02_a_front_model_is_no_pusher_a_chained_back_one_is():
    """Only the back or a flank, or touching a model pushing from the back."""
    state = battle(table=walled_keep())
    tower = _tower(state)
    front, flank, back = _around(state, tower, (20, 90, 180))
    behind = add(state, "A9", 0, back.x, back.y - 2 * back.radius)
    assert st.pushers(state, tower) == [flank, back, behind]
    assert front not in st.pushers(state, tower)


def test_siege_tower_02_one_more_pusher_per_model_aboard_a_monster_counts_six():
    """SIEGE-TOWER-02: six plus one per model aboard; a Monster pushes as six. At the Move
    phase's start: one aboard, six pushers: it stays; a Monster alone: it goes."""
    state = battle(table=walled_keep())
    add(state, "A0", 0, 30.0, 5.0)
    tower = _tower(state, aboard=("A0",))
    _around(state, tower, BACK_AND_FLANKS)
    assert st.needed(state, tower) == 7
    state.players = players()
    state.phase = Phase.MOVE
    tick(state, Tick.PHASE_START)
    assert tower.position == pytest.approx((12.0, 14.0))
    state2 = battle(table=walled_keep())
    add(state2, "A0", 0, 30.0, 5.0)
    tower2 = _tower(state2, aboard=("A0",))
    (troll,) = _around(state2, tower2, (180,), prof=profile(keywords=frozenset({"monster"})))
    troll.x, troll.y = 12.0, 14.0 - 2.0 - troll.radius - 0.001
    state2.set_position(troll, troll.position)
    assert st.push_weight([troll]) == 6 and st.needed(state2, tower2) == 7
    _around(state2, tower2, (90,), first=5)
    state2.players = players()
    state2.phase = Phase.MOVE
    tick(state2, Tick.PHASE_START)
    assert tower2.position == pytest.approx((12.0, 20.0))


def test_siege_tower_03_ramp_lowered_at_the_wall_those_aboard_step_onto_the_rampart():
    """SIEGE-TOWER-03 (002:L3347): touching the fortress in the Move phase the ramp is
    lowered at once; those aboard have not moved: one steps onto the rampart behind the
    wall, paying the way from the tower's edge (0.6" wall + its base) from its Move."""
    state = battle(table=walled_keep())
    add(state, "A0", 0, 30.0, 5.0)
    tower = _tower(state, point=(12.0, 25.0), aboard=("A0",))
    _around(state, tower, (60, 90, 120, 150, 180, 210, 240))
    state.players = players()
    state.phase = Phase.MOVE
    tick(state, Tick.PHASE_START)
    found = st.towers(state)["T1"]
    assert found.ramp == "curtain wall west"
    assert 30.7 - tower.y - 2.0 <= 0.05 + 1e-9  # stopped touching the wall's face
    climber = state.models["A0"]
    assert climber in state.living(0) and found.aboard == []
    assert climber.y > 31.3 and not climber.moved
    assert climber.spent == pytest.approx(math.dist(tower.position, climber.position) - 2.0)
    assert any(e.kind == "tower_left" for e in state.log.events)


def test_siege_tower_04_attacked_as_a_gate_wrecked_at_three_wounds_those_aboard_set_down():
    """SIEGE-TOWER-04: S10 v D10 wounds on 4+ (reading: attacked as a gate, automatic win);
    three successes wreck it; the model aboard is set down where it stood (reading)."""
    state = battle([4, 5, 6], table=walled_keep())
    add(state, "A0", 0, 30.0, 5.0)
    tower = _tower(state, aboard=("A0",))
    (axe,) = _around(state, tower, (0,), first=1, player=1, prof=profile(strength=10, attacks=3))
    state.players = players()
    state.phase = Phase.FIGHT
    tick(state, Tick.PHASE_END)
    assert not tower.alive and axe.fought
    assert state.models["A0"] in state.living(0)
    assert math.dist(state.models["A0"].position, (12.0, 14.0)) < 3.0
    assert state.casualties[0] == 0 and state.aboard[0] == 0


def test_siege_tower_04_two_failed_rolls_leave_it_standing():
    state = battle([3, 3, 4], table=walled_keep())
    tower = _tower(state)
    (axe,) = _around(state, tower, (0,), player=1, prof=profile(strength=10, attacks=3))
    forts.attack_gate(state, axe, tower)
    assert tower.alive and tower.wounds == 2


def test_escalade_scenario_fields_the_tower_and_the_defenders_equipment():
    """The Escalade (siege): the attackers push their tower to the wall, its ramp comes down
    and those aboard step onto the rampart; the defenders throw rocks and pour the water
    (seeds 1 and 2; all of it happens in two of the first twelve: the water is poured at
    attackers within 1" of the walls, fewer since attackers barred from the keep charge and
    since two ride the tower, its crew of eight reaching the wall later)."""
    from battlesim.engines.sbg.game import play_game
    from battlesim.engines.sbg.rules.scenario_library import ESCALADE, SETS

    assert "escalade" in SETS["siege"] and ESCALADE.towers and ESCALADE.rocks
    assert ESCALADE.cauldrons and ESCALADE.rally_points
    for seed in (1, 2):
        result = play_game(
            seed=seed,
            options={
                "forces": ["minas_tirith_skirmish", "mordor_skirmish"],
                "scenario": "escalade",
            },
        )
        kinds = {e.kind for e in result.log.events}
        assert {"tower_pushed", "tower_ramp", "tower_left", "rock", "boiling_water"} <= kinds
        assert "rallying_point" in kinds


def test_siege_tower_04_a_battlefield_target_a_wounding_engine_hit_takes_half_its_wounds():
    """SIEGE-TOWER-04: « une cible de Champ de Bataille pour les Engins de Siège »: wounded by
    a Trebuchet's hit (S10 v D10 on 4+, rolled 5; Wall-Breaker is for Siege targets), it is not
    slain outright but loses half its 3 Wounds rounded up (SE-WOUND-03, Defence 10), and it is
    never knocked down."""
    from tests.engines.sbg.test_siege_engines import TREBUCHET, _engine

    state = battle([5], table=walled_keep())
    engine = _engine(state, TREBUCHET, x=12.0, y=2.0)
    tower = _tower(state)
    crew = se.crewing(state, engine)
    se._wound_battlefield_target(state, engine, crew, tower)
    assert tower.alive and tower.wounds == 1 and not tower.prone


def test_tower_crew_fills_the_back_and_flanks_before_the_chain_behind():
    """SIEGE-TOWER-02: a model in the chain behind the tower pushes only through a back
    pusher, so the heuristic's crewman standing where the chain would be goes to the empty
    back spot (standing in the chain, it left the tower a pusher short all battle)."""
    from battlesim.engines.sbg.policies import siege_equipment

    state = battle(table=walled_keep())
    tower = _tower(state)
    flanks = _around(state, tower, (90, 120, 150, 210, 240, 270))
    chained = add(state, "A9", 0, tower.x, tower.y - R - 2 * 0.4921 - 0.002)
    crew = [*flanks, chained]
    facing = st.towers(state)[tower.uid].facing
    spot = siege_equipment._assigned_spot(state, tower, facing, crew, flanks, chained)
    assert spot is not None
    assert math.dist(spot, tower.position) == pytest.approx(R, abs=0.01)  # touching it


def test_tower_crew_the_crewman_that_can_step_in_takes_the_back_spot():
    """SIEGE-TOWER-02 (the heuristic's crew, Escalade seed 7028): the back spot is empty, a
    crewman is wedged behind the west flank's pushers and another stands in the chain
    behind the back spot. The one that can step straight in takes the back spot (the
    wedged one, nearer the tower, was given it and the other held in the chain: the tower
    a pusher short to the end)."""
    from battlesim.engines.sbg.policies import siege_equipment

    state = battle(table=walled_keep())
    tower = _tower(state)
    placed = _around(state, tower, (60, 90, 120, 150, 210))
    wedged = add(state, "A7", 0, tower.x - 2.19, tower.y - 2.45)
    chained = add(state, "A8", 0, tower.x, tower.y - R - 2 * 0.4921 - 0.002)
    crew = [*placed, wedged, chained]
    facing = st.towers(state)[tower.uid].facing
    spot = siege_equipment._assigned_spot(state, tower, facing, crew, placed, chained)
    assert spot is not None
    assert math.dist(spot, (tower.x, tower.y - R)) < 0.01  # straight behind, touching


def test_siege_tower_03_a_passenger_charges_a_defender_on_the_rampart_off_the_ramp():
    """SIEGE-TOWER-03 (002:L3347) with the normal charge rules: no rule forbids leaving the
    lowered ramp by a charge, so with defenders on every rampart spot within the ramp's
    width, the passenger charges the nearest into base contact (it had stayed aboard)."""
    state = battle(table=walled_keep())
    add(state, "A0", 0, 30.0, 5.0)
    tower = _tower(state, point=(12.0, 25.0), aboard=("A0",))
    _around(state, tower, (60, 90, 120, 150, 180, 210, 240))
    rampart = 31.3 + 0.5 + 0.05
    for k, x in enumerate((10.0, 12.0, 14.0), start=1):
        add(state, f"D{k}", 1, x, rampart)
    state.players = players()
    state.phase = Phase.MOVE
    tick(state, Tick.PHASE_START)
    charger = state.models["A0"]
    assert st.towers(state)["T1"].aboard == []
    assert charger.charged and charger.moved and state.engaged(charger)
    assert state.in_contact(charger, state.models["D2"])
    assert charger.y > 31.3  # on the rampart, beyond the wall
    assert charger.spent <= charger.profile.move
    assert any(e.kind == "tower_charge" for e in state.log.events)


def test_siege_tower_03_no_charge_beyond_the_passengers_move():
    """A defender farther on the rampart than the passenger's Move from the tower's edge is
    not charged; with the rampart spots free, it steps onto one as before."""
    state = battle(table=walled_keep())
    add(state, "A0", 0, 30.0, 5.0)
    tower = _tower(state, point=(12.0, 25.0), aboard=("A0",))
    _around(state, tower, (60, 90, 120, 150, 180, 210, 240))
    add(state, "D1", 1, 12.0, 40.0)
    state.players = players()
    state.phase = Phase.MOVE
    tick(state, Tick.PHASE_START)
    climber = state.models["A0"]
    assert not climber.charged and not climber.moved and climber.y > 31.3


def test_siege_tower_03_a_ramp_charge_at_a_terror_defender_needs_the_courage_test():
    """MOVE-CHG-14 (002:L1208, L1218-1222) holds for a charge off the ramp like any other:
    against a Terror defender the passenger tests Courage 3 on 2D6 (1 + 1 = 2 + 3 = 5, short
    of 10) and, failing, neither charges nor moves this turn; it stays aboard."""
    state = battle([1, 1], table=walled_keep())
    add(state, "A0", 0, 30.0, 5.0)
    tower = _tower(state, point=(12.0, 25.0), aboard=("A0",))
    _around(state, tower, (60, 90, 120, 150, 180, 210, 240))
    rampart = 31.3 + 0.5 + 0.05
    for k, x in enumerate((10.0, 12.0, 14.0), start=1):
        add(state, f"D{k}", 1, x, rampart, profile(rules=("Terror",)))
    state.players = players()
    state.phase = Phase.MOVE
    tick(state, Tick.PHASE_START)
    frightened = state.models["A0"]
    assert st.towers(state)["T1"].aboard == ["A0"]
    assert not frightened.charged and frightened.done_moving
    assert any(e.kind == "courage" and e.data.get("passed") is False for e in state.log.events)

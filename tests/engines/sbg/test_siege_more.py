"""Sieges (checklist part 2 §12, 002:L3222-3387): the ram as a Heavy object, walls that no
rule destroys, the besieged side's equipment and the escalade, scripted dice. The walled
keep's west curtain wall runs along y = 31 (0.6" thick, 2" high)."""

from __future__ import annotations

import pytest

from battlesim.engines.sbg.core.actions import Charge, Move
from battlesim.engines.sbg.core.tables_more import walled_keep
from battlesim.engines.sbg.policies.siege_policy import attacking
from battlesim.engines.sbg.rules import demolition, objects
from battlesim.engines.sbg.rules import fortifications as forts
from battlesim.engines.sbg.rules import siege_defences as sd
from battlesim.engines.sbg.rules import siege_ladders as sl
from battlesim.engines.sbg.rules.allowance import allowance
from battlesim.engines.sbg.rules.barriers import protecting_barrier
from battlesim.engines.sbg.rules.movement import apply_action, check_action
from battlesim.engines.sbg.rules.scenario_library import ESCALADE
from battlesim.engines.sbg.rules.scenarios import Scenario
from tests.engines.sbg.builders import add, battle, profile


def test_siege_ram_01_a_heavy_object_one_carrier_alone_moves_at_half_speed():
    """SIEGE-RAM-01 (002:L3379): « Un bélier est un Objet lourd » (ADV-HEAVY-01, 002:L2956):
    alone, its carrier has 3" of its 6"; a friend in base contact helping: 6"."""
    state = battle(table=walled_keep())
    forts.place_rams(state, [(24.0, 11.0)])
    holder = add(state, "A1", 0, 24.0, 10.0)
    objects.give(state, "ram 1", holder)
    assert objects.OBJECTS.of(state).placed["ram 1"].heavy
    assert allowance(state, holder) == pytest.approx(3.0)
    add(state, "A2", 0, 24.0 + 25 / 25.4, 10.0)
    assert allowance(state, holder) == pytest.approx(6.0)


def test_siege_wall_02_a_demolition_blast_leaves_the_walls_standing():
    """SIEGE-WALL-02 (002:L3234): « Nous ne prenons pas en compte la possibilité de détruire
    les murs »: a charge blowing up against the curtain wall leaves the table as it was."""
    state = battle([6], table=walled_keep())
    before = state.table.pieces
    name = demolition.place_charge(state, (12.0, 30.2), 0)
    demolition.explode(state, name, (12.0, 30.2))
    assert state.table.pieces == before


def test_siege_def_gen_01_the_equipment_is_the_besieged_sides_only():
    """SIEGE-DEF-GEN-01 (002:L3303): bought by the besieged: in the Escalade the rocks, the
    water, the rallying point and the barricade are the defender's (side 1, whose zone holds
    the objectives); an attacker touching the rocks cannot throw them."""
    scenario = Scenario(ESCALADE)
    assert attacking(scenario, 0) is not None and attacking(scenario, 1) is None
    state = battle(table=walled_keep())
    sd.place_defences(state, ESCALADE.rocks, ESCALADE.cauldrons)
    assert {p.owner for p in sd.pieces(state).values()} == {1}
    x, y = ESCALADE.rocks[0]
    add(state, "A1", 0, x, y + 25 / 25.4)
    assert sd.touching(state, "rocks 1") == []
    add(state, "B1", 1, x, y - 25 / 25.4 + 1e-3)
    assert [m.uid for m in sd.touching(state, "rocks 1")] == ["B1"]


def test_siege_escalade_01_climbers_fight_the_walls_holders_across_the_wall():
    """SIEGE-ESCALADE-01 (002:L3295), SIEGE-LADDER-02: the attacker goes up the raised ladder
    and charges the defender holding the wall at its top; that fight is across the wall,
    which the defender holds as a barrier."""
    state = battle(table=walled_keep())
    climber = add(state, "A1", 0, 12.0, 28.0)
    sl.place_ladders(state, [(12.0, 27.0)])
    objects.give(state, "siege ladder 1", climber)
    apply_action(state, climber, Move("A1", (12.0, 30.21)))
    climber.reset_turn()
    defender = add(state, "B1", 1, 12.0, 31.8, profile())
    check_action(state, climber, Charge("A1", "B1", climber.position))
    wall = protecting_barrier(state, defender, climber)
    assert wall is not None and wall.name == "curtain wall west"
    assert wall.cover.value == 5  # FIGHT-BAR-09: each of the climber's strikes needs 5+
    climber.x = 14.0  # off the ladder: the 2" wall is no barrier by part 1's measure
    assert protecting_barrier(state, defender, climber) is None

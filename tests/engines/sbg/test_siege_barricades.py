"""Barricades and spiked barricades (checklist part 2 §12.3, SIEGE-BARR-01, SIEGE-SPIKED-01;
002:L3311-3321; reading 36), scripted dice. The barricade runs along y = 20 from x = 20 to 26."""

from __future__ import annotations

import pytest

from battlesim.engines.sbg.core.actions import Move
from battlesim.engines.sbg.core.objectives import BarricadeSpec
from battlesim.engines.sbg.core.table import Table, TerrainKind
from battlesim.engines.sbg.phases.barrier_fight import _in_the_way
from battlesim.engines.sbg.rules import siege_barricades as sb
from battlesim.engines.sbg.rules.barriers import protecting_barrier
from battlesim.engines.sbg.rules.movement import apply_action
from tests.engines.sbg.builders import add, battle, profile, rolls


def _table(spiked=False):
    table = sb.add_barricades(Table("yard"), (BarricadeSpec((20.0, 20.0), (26.0, 20.0), spiked),))
    assert table is not None
    return table


def test_siege_barr_01_at_most_6_by_1_by_1_inches():
    """SIEGE-BARR-01 (002:L3315): 6" long, 1" wide, 1" high at most."""
    (piece,) = _table().pieces
    assert piece.name == "barricade 1" and piece.kind is TerrainKind.OBSTACLE
    assert (piece.height, piece.thickness) == (1.0, 1.0)
    with pytest.raises(sb.BarricadeError):
        sb.barricade_piece("barricade 9", BarricadeSpec((0.0, 0.0), (6.5, 0.0)))


def test_siege_barr_01_crossed_with_the_obstacle_test_reading_36():
    """« franchies au prix d'un Test de Saut » (reading 36: the obstacle table): a 6 crosses
    and goes on; no spike roll on a plain barricade."""
    state = battle([6], table=_table())
    model = add(state, "A1", 0, 23.0, 18.5)
    apply_action(state, model, Move("A1", (23.0, 21.5)))
    assert model.position == (23.0, 21.5)
    assert [p for p, _ in rolls(state)] == ["leap A1 over barricade 1"]


def test_siege_barr_01_defended_as_a_barrier():
    """« peut être défendue en suivant les règles sur les positions défensives »."""
    state = battle(table=_table())
    defender = add(state, "B1", 1, 23.0, 21.0)
    attacker = add(state, "A1", 0, 23.0, 19.0)
    assert protecting_barrier(state, defender, attacker).name == "barricade 1"


def test_siege_spiked_01_crossing_test_then_a_d6_1_to_5_one_s3_hit():
    """SIEGE-SPIKED-01 (002:L3321): leap 6, spikes 3: one S3 hit, S3 v D4 wounds on 5+
    (rolled 6): a Wound."""
    state = battle([6, 3, 6], table=_table(spiked=True))
    model = add(state, "A1", 0, 23.0, 18.5, profile(wounds=2))
    apply_action(state, model, Move("A1", (23.0, 21.5)))
    assert model.wounds == 1
    assert [p for p, _ in rolls(state)][1] == "A1 over spiked barricade 1 (6 passes)"


def test_siege_spiked_01_a_6_passes_unharmed():
    state = battle([2, 6], table=_table(spiked=True))
    model = add(state, "A1", 0, 23.0, 18.5, profile(wounds=2))
    apply_action(state, model, Move("A1", (23.0, 21.5)))
    assert model.wounds == 2 and len(rolls(state)) == 2


def test_siege_spiked_01_a_strike_that_hits_the_barricade_hurts_the_striker():
    """FIGHT-BAR-09's In The Way roll fails (1 v 4+): the striker suffers one S3 hit (6: a
    Wound); a plain barricade does nothing."""
    state = battle([1, 6, 1], table=_table(spiked=True))
    (piece,) = state.table.pieces
    striker = add(state, "A1", 0, 23.0, 19.0, profile(wounds=2))
    assert not _in_the_way(state, piece)(striker)
    assert striker.wounds == 1
    state2 = battle([1], table=_table())
    (plain,) = state2.table.pieces
    other = add(state2, "A1", 0, 23.0, 19.0, profile(wounds=2))
    assert not _in_the_way(state2, plain)(other)
    assert other.wounds == 2 and len(rolls(state2)) == 1


def test_siege_barr_01_three_wounds_defence_7_then_gone():
    """« 3 PV et une Défense de 7 » (reading: attacked as a gate): S7 v D7 on 4+: 4, 5, 6:
    destroyed, taken off the table; two successes leave it."""
    state = battle([4, 5, 6], table=_table())
    (piece,) = state.table.pieces
    axe = add(state, "A1", 0, 23.0, 19.0, profile(strength=7, attacks=3))
    assert sb.attackers(state, piece, 1) == [axe]
    assert sb.attack(state, axe, piece)
    assert state.table.pieces == () and axe.fought
    state2 = battle([4, 3, 5], table=_table())
    (piece2,) = state2.table.pieces
    axe2 = add(state2, "A1", 0, 23.0, 19.0, profile(strength=7, attacks=3))
    assert not sb.attack(state2, axe2, piece2)
    assert state2.table.pieces == (piece2,)


@pytest.mark.parametrize("kind", ["hobbit", "troll"])
def test_siege_barr_01_the_crossing_test_whatever_the_models_height(kind):
    """« franchies au prix d'un Test de Saut »: a Hobbit (0.75") does not climb the 1"
    barricade and a Troll (2.4") does not step over it: each leaps it (6: over and on)."""
    state = battle([6], table=_table())
    model = add(state, "A1", 0, 23.0, 18.0, profile(keywords=frozenset({kind})))
    apply_action(state, model, Move("A1", (23.0, 22.0)))
    assert model.position == (23.0, 22.0)
    assert [p for p, _ in rolls(state)] == ["leap A1 over barricade 1"]

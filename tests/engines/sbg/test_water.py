"""Water (checklist part 2 §10.1): ADV-WATER-01..04 (002:L2909-2936), reading 29."""

from __future__ import annotations

import pytest

from battlesim.engines.sbg.core.actions import IllegalActionError, Move
from battlesim.engines.sbg.core.table import (
    DEEP_WATER,
    SHALLOW_WATER,
    Table,
    TerrainKind,
    TerrainPiece,
    moving_through,
)
from battlesim.engines.sbg.core.tables_preset import rectangle
from battlesim.engines.sbg.rules import terrain_rules, water
from battlesim.engines.sbg.rules.movement import apply_action
from battlesim.engines.sbg.rules.shooting import can_shoot
from battlesim.engines.sbg.rules.water import Swim
from tests.engines.sbg.builders import add, battle, profile
from tests.engines.sbg.test_cavalry import mounted

TABLE = Table(
    "lake shore",
    (
        TerrainPiece("stream", TerrainKind.DIFFICULT, rectangle(12, 24, 24, 6)),
        TerrainPiece("deep pool", TerrainKind.DIFFICULT, rectangle(36, 24, 12, 12)),
    ),
)


def _move(state, model, to):  # type: ignore[no-untyped-def]
    with moving_through(terrain_rules.open_features(state, model) | water.open_water(state, model)):
        apply_action(state, model, Move(model.uid, to))


def test_water_is_named_shallow_or_deep() -> None:
    """ADV-WATER-01 (002:L2909): the players' agreement is the piece's name."""
    assert SHALLOW_WATER in TABLE.pieces[0].features
    assert DEEP_WATER in TABLE.pieces[1].features
    assert SHALLOW_WATER not in TABLE.pieces[1].features


def test_shallow_water_is_difficult_except_for_cavalry_and_monsters() -> None:
    """ADV-WATER-02 (002:L2913): 5" across 6" of stream costs a man 10"; a rider or a
    Monster treats it as open ground."""
    state = battle([], table=TABLE)
    man = add(state, "A0", 0, 6, 21.5)
    with pytest.raises(IllegalActionError):
        _move(state, man, (6, 26.5))
    rider = add(state, "A1", 0, 14, 21.5, mounted())
    _move(state, rider, (14, 26.5))
    troll = add(state, "A2", 0, 20, 21.5, profile(keywords=frozenset({"monster", "troll"})))
    _move(state, troll, (20, 26.5))
    assert rider.y == 26.5 and troll.y == 26.5


def test_entering_deep_water_takes_a_swim_test_a_one_drowns() -> None:
    """ADV-WATER-03 (002:L2917), ADV-WATER-04: a 1 is drowned, removed as a casualty."""
    state = battle([3, 1], table=TABLE)
    a = add(state, "A0", 0, 31, 24)
    b = add(state, "A1", 0, 31, 27)
    _move(state, a, (32.5, 24))
    assert a.alive and water.SWUM.of(a).result is Swim.SWIM
    _move(state, b, (32.5, 27))
    assert not b.alive and state.casualties[0] == 1


def test_a_model_in_deep_water_tests_before_moving_and_a_six_swims_its_full_move() -> None:
    """ADV-WATER-03/04: at the start of its Move phase; a 6 is a fast swim (full Move, the
    deep water costs nothing extra), 2-5 half its Move (difficult ground)."""
    state = battle([6, 2], table=TABLE)
    a = add(state, "A0", 0, 35, 20)
    assert not water.before_move(state, a)
    _move(state, a, (35, 26))  # 6" in deep water: only a fast swim allows it
    b = add(state, "A1", 0, 38, 20)
    assert not water.before_move(state, b)
    with pytest.raises(IllegalActionError):
        _move(state, b, (38, 26))
    _move(state, b, (38, 23))


def test_swim_modifiers_shield_banner_armour_and_mount() -> None:
    """ADV-WATER-04 (002:L2932-2936, reading 29): -1 shield, -1 banner, -1 heavy armour;
    +1 mounted; a result below 1 counts as 1 (drowned)."""
    state = battle([4, 2], table=TABLE)
    heavy = add(
        state, "A0", 0, 35, 24, profile(wargear=("sword", "shield", "banner", "heavy armour"))
    )
    assert water.swim_modifier(heavy) == -3
    assert water.swim_test(state, heavy) is Swim.DROWNED  # 4 - 3 = 1
    rider = add(state, "A1", 0, 38, 24, mounted())
    assert water.swim_modifier(rider) == 1
    assert water.swim_test(state, rider) is Swim.SWIM  # 2 + 1 = 3


def test_no_shooting_in_deep_water_nor_after_a_swim() -> None:
    """ADV-WATER-03: models in deep water cannot shoot; 002:L767: nor after a Swim test."""
    state = battle([4], table=TABLE)
    archer = add(state, "A0", 0, 35, 24, profile(wargear=("bow",)))
    add(state, "B0", 1, 35, 40)
    assert not can_shoot(state, archer)
    dry = add(state, "A1", 0, 20, 40, profile(wargear=("bow",)))
    assert can_shoot(state, dry)
    water.swim_test(state, dry)
    assert not can_shoot(state, dry)


def test_prone_in_shallow_water_swims_at_the_start_of_its_move() -> None:
    """ADV-WATER-02 (002:L2913): any model Prone in shallow water takes a Swim test."""
    state = battle([1], table=TABLE)
    a = add(state, "A0", 0, 10, 24)
    assert not water.before_move(state, a)  # standing: no test
    a.prone = True
    assert water.before_move(state, a) and not a.alive


def test_knocked_prone_in_deep_water_swims_at_minus_one() -> None:
    """ADV-WATER-03 (002:L2917): an extra -1; a 2 becomes 1: drowned (once while prone)."""
    from battlesim.engines.sbg.core.state import Tick, tick

    state = battle([2, 2], table=TABLE)
    a = add(state, "A0", 0, 35, 24)
    b = add(state, "A1", 0, 10, 40)
    b.prone = True  # prone on dry land: no test
    tick(state, Tick.PHASE_END)
    assert state.dice.remaining == 2
    a.prone = True
    tick(state, Tick.PHASE_END)
    assert not a.alive and state.dice.remaining == 1

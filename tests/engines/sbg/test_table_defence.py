"""Barriers and elevated positions on the table (checklist §6.9-6.10)."""

from __future__ import annotations

from battlesim.engines.sbg.core.bases import INFANTRY_BASE, height_for
from battlesim.engines.sbg.core.geometry import CONTROL_ZONE, distance, overlaps
from battlesim.engines.sbg.core.table import Cover, Table, TerrainKind, TerrainPiece
from battlesim.engines.sbg.core.tables_preset import rectangle

R = INFANTRY_BASE.radius
MAN = height_for(frozenset({"Man"}))
TROLL = height_for(frozenset({"Troll"}))
WALL_X = 20.0


def _walled(height: float) -> Table:
    wall = TerrainPiece(
        "wall",
        TerrainKind.OBSTACLE,
        ((WALL_X, 0), (WALL_X, 48)),
        height=height,
        thickness=0.3,
        cover=Cover.SOLID,
    )
    return Table("walled", (wall,))


DEFENDER = (WALL_X - 0.15 - R, 24.0)  # touching the wall from the west
ATTACKER = (WALL_X + 0.15 + R, 24.0)  # touching it from the east


def test_fight_bar_a_wall_half_the_attackers_height_is_a_barrier() -> None:
    """FIGHT-BAR-01/02 (002:L1094-1096): at least half the attacker's height, the defender in
    contact with it and able to see over it."""
    table = _walled(0.8)
    barrier = table.barrier_for(DEFENDER, INFANTRY_BASE, MAN, ATTACKER, MAN)
    assert barrier is not None and barrier.name == "wall"


def test_fight_bar_a_low_fence_is_no_barrier() -> None:
    """FIGHT-BAR-01: lower than half the attacker's height (0.5" against 1.2")."""
    table = _walled(0.5)
    assert table.barrier_for(DEFENDER, INFANTRY_BASE, MAN, ATTACKER, MAN) is None


def test_fight_bar_the_defender_must_touch_the_barrier() -> None:
    """FIGHT-BAR-02 (002:L1096): only a model in base contact with the barrier defends it."""
    table = _walled(0.8)
    back = (DEFENDER[0] - 0.5, DEFENDER[1])
    assert table.barrier_for(back, INFANTRY_BASE, MAN, ATTACKER, MAN) is None


def test_fight_bar_the_defender_must_see_over_it() -> None:
    """FIGHT-BAR-01 (002:L1094): a wall above the defender's eyes is no defensive position."""
    table = _walled(1.15)
    assert table.barrier_for(DEFENDER, INFANTRY_BASE, MAN, ATTACKER, MAN) is None


def test_fight_bar_no_protection_against_models_twice_its_height() -> None:
    """FIGHT-BAR-04 (002:L1102): a Troll (2.4") ignores a 0.8" wall."""
    table = _walled(0.8)
    assert table.barrier_for(DEFENDER, INFANTRY_BASE, MAN, ATTACKER, TROLL) is None


def test_fight_bar_the_barrier_only_protects_from_the_far_side() -> None:
    """FIGHT-BAR-07 (002:L1112): an enemy on the defender's own side charges it normally."""
    table = _walled(0.8)
    same_side = (DEFENDER[0] - 2 * R, DEFENDER[1])
    assert table.barrier_for(DEFENDER, INFANTRY_BASE, MAN, same_side, MAN) is None


def test_fight_bar_a_charger_stops_at_the_barrier_within_one_inch() -> None:
    """FIGHT-BAR-05 (002:L1108): the charger touches the barrier on its side, within 1" of the
    defender; a spot already taken is avoided."""
    table = _walled(0.8)
    wall = table.pieces[0]
    spot = table.across_barrier_spot((30, 26), INFANTRY_BASE, DEFENDER, INFANTRY_BASE, wall)
    assert spot is not None
    assert spot[0] > WALL_X
    assert distance(spot, INFANTRY_BASE, DEFENDER, INFANTRY_BASE) < CONTROL_ZONE
    assert table.touching(spot, INFANTRY_BASE) == [wall]
    taken = [(spot, INFANTRY_BASE)]
    other = table.across_barrier_spot((30, 26), INFANTRY_BASE, DEFENDER, INFANTRY_BASE, wall, taken)
    assert other is not None and other != spot
    assert not overlaps(other, INFANTRY_BASE, spot, INFANTRY_BASE)


def test_fight_elev_higher_than_half_the_enemy_height() -> None:
    """FIGHT-ELEV-01/04 (002:L1172, L1180): a rampart 1" up is higher than half a Man (0.6");
    0.5" is not; on the same level the fight is normal."""
    rampart = TerrainPiece(
        "rampart", TerrainKind.ELEVATED, rectangle(10, 10, 4, 4), height=1.0, sloped=False
    )
    step = TerrainPiece(
        "step", TerrainKind.ELEVATED, rectangle(30, 10, 4, 4), height=0.5, sloped=False
    )
    table = Table("walls", (rampart, step))
    assert table.elevated_over((10, 10), (13, 10), MAN)
    assert not table.elevated_over((30, 10), (33, 10), MAN)
    assert not table.elevated_over((10, 10), (11, 10), MAN)

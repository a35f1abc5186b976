"""Prone models in the Move phase: crawl, stand up, lie down (part 1 §4.10, 002:L645-677).

Men are 1.2" tall on 25 mm bases (radius R), Move 6". The wall is 0.8" high along y=12.
"""

from __future__ import annotations

from typing import Any

import pytest

from battlesim.engines.sbg.core.actions import Charge, Hold, IllegalActionError, Move
from battlesim.engines.sbg.core.table import Cover, Table, TerrainKind, TerrainPiece
from battlesim.engines.sbg.policies.answers import Answering
from battlesim.engines.sbg.policies.players import HeuristicPlayer, RandomPlayer
from battlesim.engines.sbg.rules import prone
from battlesim.engines.sbg.rules.movement import apply_action, charge_options, check_action
from battlesim.engines.sbg.rules.shooting import can_shoot, shoot
from tests.engines.sbg.builders import BASE_GAP, add, battle, profile

R = 25.0 / 25.4 / 2
BOW = profile(wargear=("sword", "bow"))
RIDER = profile(keywords=frozenset({"man", "cavalry", "warrior"}), move=10.0)


class Choices(Answering):
    """A player whose prone choices are scripted."""

    def __init__(self, crawl: Any = None, stand: bool = True, lie: bool = False) -> None:
        self.crawl, self.stand, self.lie = crawl, stand, lie

    def crawl_to(self, *_: object) -> Any:
        return self.crawl

    def stands_up(self, *_: object) -> bool:
        return self.stand

    def lies_down(self, *_: object) -> bool:
        return self.lie


def _table(kind: TerrainKind = TerrainKind.OBSTACLE) -> Table:
    if kind is TerrainKind.DIFFICULT:
        rough = TerrainPiece("scree", kind, ((0, 10.5), (48, 10.5), (48, 20), (0, 20)))
        return Table("t", (rough,))
    wall = TerrainPiece("wall", kind, ((0, 12), (48, 12)), 0.8, 0.3, cover=Cover.SOLID)
    return Table("t", (wall,))


def test_move_prone_04_a_prone_model_crawls_one_inch_whatever_the_terrain() -> None:
    """MOVE-PRONE-04 (002:L657): 1" in difficult terrain (which would cost 2") is allowed,
    1.2" is refused, and after crawling the model moves no further (MOVE-PRONE-14 reading)."""
    state = battle([], table=_table(TerrainKind.DIFFICULT))
    model = add(state, "A1", 0, 10, 10)
    model.prone = True
    with pytest.raises(IllegalActionError, match='1"'):
        prone.check_crawl(state, model, (10, 11.2))
    assert prone.before_move(state, Choices(crawl=(10, 11), stand=False), model)
    assert model.position == (10, 11) and model.prone and model.done_moving


def test_move_prone_04_leap_06_no_leap_test_and_no_charge_while_crawling() -> None:
    """MOVE-PRONE-04, MOVE-LEAP-06, MOVE-CHG-11 (002:L657, L661): a crawl over the wall (a
    Leap test for a Man) is refused; a prone model is offered no charge and its charge is
    refused; a crawl into an enemy zone is refused too (it may not charge)."""
    state = battle([], table=_table())
    model = add(state, "A1", 0, 10, 12 - 0.15 - R - 0.2)
    model.prone = True
    with pytest.raises(IllegalActionError, match="LEAP-06"):
        prone.check_crawl(state, model, (10, model.y + 1))
    enemy = add(state, "B1", 1, 8, model.y)
    assert charge_options(state, model) == []
    with pytest.raises(IllegalActionError, match="prone"):
        check_action(state, model, Charge("A1", "B1", (enemy.x + 2 * R, enemy.y)))
    with pytest.raises(IllegalActionError, match="ZOC"):
        prone.check_crawl(state, model, (9.2, model.y - 0.6))


def test_move_prone_05_08_standing_up_costs_half_the_move() -> None:
    """MOVE-PRONE-05, MOVE-PRONE-08, SHOOT-MOVE-03 (002:L661, L669): standing up leaves 3" of a 6"
    Move
    (3.1" refused) and counts as moving: a 4+ bowman then hits on 5+, so a 4 misses."""
    state = battle([4])
    model = add(state, "A1", 0, 10, 10, BOW)
    model.prone = True
    assert not prone.before_move(state, Choices(stand=True), model)
    assert not model.prone and model.moved
    with pytest.raises(IllegalActionError):
        check_action(state, model, Move("A1", (10, 13.1)))
    assert check_action(state, model, Move("A1", (10, 13))) == pytest.approx(3)
    target = add(state, "B1", 1, 10, 20)
    assert can_shoot(state, model)  # exactly half its Move: it may shoot
    shoot(state, model, target)
    assert target.alive and [e.data["dice"] for e in state.log.of_kind("roll")] == [[4]]


def test_move_prone_06_01_lying_down_costs_half_the_move() -> None:
    """MOVE-PRONE-01, MOVE-PRONE-06, MOVE-PRONE-08 (002:L645, L661, L669): after a 3" move a model
    may still lie down
    (it becomes prone, having moved); after 3.5" it lacks half its Move and is refused."""
    state = battle([])
    model = add(state, "A1", 0, 10, 10, BOW)
    apply_action(state, model, Move("A1", (10, 13)))
    prone.after_move(state, Choices(lie=True), model)
    assert model.prone and model.spent == pytest.approx(6) and not can_shoot(state, model)
    other = add(state, "A2", 0, 20, 10)
    apply_action(state, other, Move("A2", (20, 13.5)))
    prone.after_move(state, Choices(lie=True), other)
    assert not other.prone and state.log.of_kind("refused")


def test_move_prone_07_no_standing_up_and_lying_down_in_one_phase() -> None:
    """MOVE-PRONE-07 (002:L661): a model that stood up cannot lie down again this phase."""
    state = battle([])
    model = add(state, "A1", 0, 10, 10)
    model.prone = True
    prone.before_move(state, Choices(stand=True), model)
    with pytest.raises(IllegalActionError, match="PRONE-07"):
        prone.check_lie_down(state, model)
    model.reset_turn()
    prone.check_lie_down(state, model)  # next turn it may


def test_move_prone_09_standing_up_inside_an_enemy_zone() -> None:
    """MOVE-PRONE-09 (002:L669): a prone model inside an enemy's zone stands up without
    charging and may move away, never closer."""
    state = battle([])
    model = add(state, "A1", 0, 10, 10)
    add(state, "B1", 1, 10 + BASE_GAP + 0.5, 10)
    model.prone = True
    prone.before_move(state, Choices(stand=True), model)
    assert not model.prone and not state.engaged(model)
    check_action(state, model, Move("A1", (8, 10)))
    with pytest.raises(IllegalActionError, match="ZOC"):
        check_action(state, model, Move("A1", (10.3, 10)))


def test_move_prone_10_prone_models_can_be_charged() -> None:
    """MOVE-PRONE-10 (002:L673): a prone enemy is charged normally."""
    state = battle([])
    model = add(state, "A1", 0, 10, 10)
    add(state, "B1", 1, 10, 14).prone = True
    apply_action(state, model, Charge("A1", "B1", (10, 14 - BASE_GAP)))
    assert state.engaged(model)


def test_move_prone_13_cavalry_neither_lies_down_nor_crawls() -> None:
    """MOVE-PRONE-13 (002:L1276)."""
    state = battle([])
    rider = add(state, "A1", 0, 10, 10, RIDER)
    with pytest.raises(IllegalActionError, match="PRONE-07/13"):
        prone.check_lie_down(state, rider)
    rider.prone = True
    with pytest.raises(IllegalActionError, match="PRONE-04/13"):
        prone.check_crawl(state, rider, (10, 11))


def test_move_prone_14_frodo_crawls_then_stands_up() -> None:
    """MOVE-PRONE-14 (002:L665): knocked down, Frodo crawls 1" then stands up; he moves no
    further this phase and will move normally next turn."""
    state = battle([])
    frodo = add(state, "A1", 0, 10, 10, profile(move=4.0))
    frodo.prone = True
    assert prone.before_move(state, Choices(crawl=(11, 10), stand=True), frodo)
    assert frodo.position == (11, 10) and not frodo.prone and frodo.done_moving
    frodo.reset_turn()
    assert check_action(state, frodo, Move("A1", (11, 14))) == pytest.approx(4)


# --- players -----------------------------------------------------------------------------


def _under_fire(enemy_gap: float = 20.0, own_bows: int = 4) -> tuple[Any, Any]:
    """A1 behind the wall (south), three Orc bows 12" north of it, an enemy fighter B4
    ``enemy_gap`` inches south of A1, and ``own_bows`` bows of A1's side far behind."""
    state = battle([], table=_table())
    model = add(state, "A1", 0, 10, 12 - 0.15 - R - 0.05)
    for k in range(3):
        add(state, f"B{k + 1}", 1, 8 + 2 * k, 24, profile(wargear=("sword", "orc bow")))
    add(state, "B4", 1, 10, model.y - 2 * R - enemy_gap)
    for k in range(own_bows):
        add(state, f"A{k + 2}", 0, 30 + 2 * k, model.y - 2, BOW)
    return state, model


def test_heuristic_lies_down_behind_cover_under_heavy_fire_out_of_reach() -> None:
    """Three bows see A1 over the wall; lying down (0.6" < 0.8" wall) hides it, no enemy
    can charge it next turn and its side has more bows: a sensible player holds, lies down,
    stays down and does not crawl (MOVE-PRONE-06)."""
    state, model = _under_fire()
    player = HeuristicPlayer()
    assert isinstance(player.choose_move(state, model), Hold)
    assert player.lies_down(state, model)
    model.prone = True
    assert not player.stands_up(state, model) and player.crawl_to(state, model) is None


def test_heuristic_stays_up_when_an_enemy_could_charge_or_it_must_attack() -> None:
    """The same, but a fighter 4" away could charge it: lying down would be a gift. With
    fewer bows than the enemy, its side must attack: it stands up and advances."""
    state, model = _under_fire(enemy_gap=4.0)
    player = HeuristicPlayer()
    assert not player.lies_down(state, model)
    model.prone = True
    assert player.stands_up(state, model)
    outshot, fighter = _under_fire(own_bows=0)
    assert not isinstance(player.choose_move(outshot, fighter), Hold)
    fighter.prone = True
    assert player.stands_up(outshot, fighter)


def test_random_player_only_offers_legal_prone_choices() -> None:
    """RandomPlayer: crawls only to legal spots, never asks to lie down when it may not."""
    state = battle([2, 2, 1])
    model = add(state, "A1", 0, 10, 10)
    player = RandomPlayer()
    model.prone = True
    spot = player.crawl_to(state, model)
    assert spot is not None
    prone.check_crawl(state, model, spot)
    model.prone, model.stood_up = False, True
    assert player.lies_down(state, model) is False and not state.log.of_kind("refused")


@pytest.mark.parametrize(
    ("die", "friend", "expected_y", "engaged"),
    [
        (6, True, 16.0, False),  # goes on to the end of its move
        (3, True, 12 + 2 * R + 0.02, False),  # far side, not touching, stops
        (1, True, 12 - 2 * R - 0.02, False),  # over a friend the leap fails
        (1, False, 12 - 2 * R, True),  # over an enemy it must charge it
    ],
)
def test_move_prone_11_leaping_over_a_prone_model(
    die: int, friend: bool, expected_y: float, engaged: bool
) -> None:
    """MOVE-PRONE-11 (002:L677): A1 moves through the prone X1 with a Leap test: 2-6 it lands
    on the far side not touching it (2-5 stops, 6 goes on); 1: a friend's leap fails, over an
    enemy it must charge it."""
    state = battle([die])
    model = add(state, "A1", 0, 10, 10)
    lying = add(state, "X1", 0 if friend else 1, 10, 12)
    lying.prone = True
    apply_action(state, model, Move("A1", (10, 16)))
    assert model.y == pytest.approx(expected_y, abs=0.01) and model.x == pytest.approx(10)
    assert state.engaged(model) is engaged and model.leapt and model.charged is engaged


def test_move_prone_11_one_test_per_move() -> None:
    """MOVE-PRONE-11: two prone models on the way would need two Leap tests: refused; a
    standing model in the way is never leapt (MOVE-GEN-07)."""
    state = battle([])
    model = add(state, "A1", 0, 10, 10)
    add(state, "A2", 0, 10, 12).prone = True
    add(state, "A3", 0, 10, 14).prone = True
    with pytest.raises(IllegalActionError, match="PRONE-11"):
        check_action(state, model, Move("A1", (10, 15.5)))
    add(state, "A4", 0, 12, 12)
    with pytest.raises(IllegalActionError, match="GEN-07"):
        check_action(state, model, Move("A1", (12, 14)))


class Mighty(HeuristicPlayer):
    """Spends exactly the Might a test needs."""

    def spend_might(self, state: Any, model: Any, ask: Any) -> int:
        return ask.cost


def test_move_leap_07_prone_11_might_on_the_leap_over_a_prone_model() -> None:
    """MOVE-LEAP-07, MOVE-PRONE-11 (002:L677, L1530-1532): a Hero rolls 1 leaping over a
    prone enemy (it would have to charge it); 1 Might makes it 2: it lands on the far side,
    not touching it, and stops."""
    state = battle([1])
    state.players = (Mighty(), Mighty())
    hero = add(state, "A1", 0, 10, 10, profile(might=1, keywords=frozenset({"man", "hero"})))
    add(state, "B1", 1, 10, 12).prone = True
    apply_action(state, hero, Move("A1", (10, 16)))
    assert hero.y == pytest.approx(12 + 2 * R + 0.02, abs=0.01) and not state.engaged(hero)
    assert hero.might == 0 and not hero.charged

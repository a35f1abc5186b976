"""Choices the Fight phase gives the players (issue 15): the back-away direction (FIGHT-BACK-01,
002:L970, L984), the winners' strike order (FIGHT-MULTI-04, L1066) and the order of attackers
at a barrier (FIGHT-BAR-12, L1140); with several winners the loser backs away (A12 revised)."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

import pytest

from battlesim.engines.sbg.core.data import CONTACT_TOLERANCE
from battlesim.engines.sbg.core.paths import angle_to, point_distance
from battlesim.engines.sbg.core.state import BattleState, ModelState
from battlesim.engines.sbg.phases.fight import run_fight_phase
from battlesim.engines.sbg.policies.players import HeuristicPlayer, RandomPlayer
from battlesim.engines.sbg.rules.combats import Combat
from battlesim.engines.sbg.rules.fighting import resolve_combat
from tests.engines.sbg.builders import BASE_GAP, add, battle, rolls
from tests.engines.sbg.test_barriers import _held_wall

X, Y = 24.0, 24.0


class Chooser(HeuristicPlayer):
    """The heuristic, with the answers a test scripts."""

    def __init__(self, heading: float | None = None, order: Sequence[str] = ()) -> None:
        self.heading = heading
        self.order = list(order)
        self.offered: list[float] = []

    def choose_back_away(
        self,
        state: BattleState,
        loser: ModelState,
        winners: Sequence[ModelState],
        headings: Sequence[float],
        legal: Callable[[float], bool],
    ) -> float:
        self.offered = [h for h in headings if legal(h)]
        return self.offered[0] if self.heading is None else self.heading

    def strike_order(self, state: BattleState, models: Sequence[ModelState]) -> list[str]:
        return self.order or [m.uid for m in models]

    def barrier_order(self, state: BattleState, models: Sequence[ModelState]) -> list[str]:
        return self.order or [m.uid for m in models]


def _pair(dice: list[int]) -> BattleState:
    state = battle(dice)
    add(state, "A1", 0, X, Y)
    add(state, "B1", 1, X + BASE_GAP, Y)
    return state


def test_fight_back_01_the_loser_backs_away_along_the_heading_its_player_chooses() -> None:
    """FIGHT-BACK-01 (002:L970: « La direction de ce recul est au choix du joueur qui le
    contrôle, tant qu'il s'éloigne de 1" entier de son adversaire »): A1 wins 6 v 1; B1's
    player picks a heading 5 degrees off straight away; B1 ends 1" along it, a full 1" from
    A1."""
    state = _pair([6, 1, 1])
    chosen = math.radians(5)
    run_fight_phase(state, (HeuristicPlayer(), Chooser(heading=chosen)))
    b = state.models["B1"]
    start = (X + BASE_GAP, Y)
    assert point_distance(start, b.position) == pytest.approx(1.0)
    assert angle_to(start, b.position) == pytest.approx(chosen)
    assert state.distance(state.models["A1"], b) >= 1.0 - CONTACT_TOLERANCE


def test_fight_back_01_a_heading_that_ends_short_of_a_full_inch_is_refused() -> None:
    """FIGHT-BACK-01 (002:L970): 40 degrees off straight away leaves B1 less than a full 1"
    from A1; the answer is refused and the first legal heading taken."""
    state = _pair([6, 1, 1])
    run_fight_phase(state, (HeuristicPlayer(), Chooser(heading=math.radians(40))))
    assert state.log.of_kind("refused")
    b = state.models["B1"]
    assert b.y == pytest.approx(Y) and b.x == pytest.approx(X + BASE_GAP + 1.0)


def test_fight_back_01_two_winners_either_side_the_loser_backs_away_sideways() -> None:
    """A12 revised (002:L974, Bombur between two Goblins; L1060: « la figurine isolée doit
    reculer »): B1 and B2 win on either side of A1; A1 is not trapped, it backs away 1",
    farther from both and touching neither; each winner strikes once."""
    state = battle([1, 6, 1, 1, 1])
    add(state, "A1", 0, X, Y)
    add(state, "B1", 1, X + BASE_GAP, Y)
    add(state, "B2", 1, X - BASE_GAP, Y)
    chooser = Chooser()
    run_fight_phase(state, (chooser, HeuristicPlayer()))
    a, b1, b2 = (state.models[uid] for uid in ("A1", "B1", "B2"))
    assert not state.log.of_kind("trapped")
    assert point_distance((X, Y), a.position) == pytest.approx(1.0)
    assert min(state.distance(a, b1), state.distance(a, b2)) > 0.0
    assert all(abs(math.sin(h)) > 0.08 for h in chooser.offered)  # never towards either
    strikes = [dice for purpose, dice in rolls(state) if purpose.startswith("strike")]
    assert strikes == [[1], [1]]


def test_fight_trap_01_surrounded_on_three_sides_the_loser_is_still_trapped() -> None:
    """FIGHT-TRAP-01 (002:L996: « complètement encerclée par l'ennemi »): winners east, west,
    north and south leave no straight 1" line away from all of them."""
    state = battle([1, 6, 1, 1, 1, 1] + [1] * 8)
    add(state, "A1", 0, X, Y)
    for k, (dx, dy) in enumerate([(1, 0), (-1, 0), (0, 1), (0, -1)]):
        add(state, f"B{k}", 1, X + dx * BASE_GAP, Y + dy * BASE_GAP)
    combat = Combat(state.models["A1"], [state.models[f"B{k}"] for k in range(4)])
    resolve_combat(state, combat, (HeuristicPlayer(), HeuristicPlayer()))
    assert state.log.of_kind("trapped")[0].data["model"] == "A1"


def test_fight_multi_04_the_winners_strike_in_the_order_their_player_chooses() -> None:
    """FIGHT-MULTI-04 (002:L1066: « les gagnants portent leur(s) coup(s) tour à tour dans
    l'ordre choisi par le joueur les contrôlant »): B2 is named first, so it strikes first."""
    state = battle([1, 6, 1, 1, 1])
    add(state, "A1", 0, X, Y)
    add(state, "B1", 1, X + BASE_GAP, Y)
    add(state, "B2", 1, X - BASE_GAP, Y)
    run_fight_phase(state, (HeuristicPlayer(), Chooser(order=["B2", "B1"])))
    strikes = [purpose for purpose, _ in rolls(state) if purpose.startswith("strike")]
    assert strikes == ["strike B2->A1 (S3 D4)", "strike B1->A1 (S3 D4)"]


def test_fight_multi_04_an_order_naming_other_models_is_refused() -> None:
    """The phase checks the answer: an order that is not of the winners is logged as refused
    and the given order kept."""
    state = battle([1, 6, 1, 1, 1])
    add(state, "A1", 0, X, Y)
    add(state, "B1", 1, X + BASE_GAP, Y)
    add(state, "B2", 1, X - BASE_GAP, Y)
    run_fight_phase(state, (HeuristicPlayer(), Chooser(order=["B2", "A1"])))
    assert state.log.of_kind("refused")
    strikes = [purpose for purpose, _ in rolls(state) if purpose.startswith("strike")]
    assert strikes == ["strike B1->A1 (S3 D4)", "strike B2->A1 (S3 D4)"]


def test_fight_bar_12_the_attacking_player_orders_the_fights_at_a_barrier() -> None:
    """FIGHT-BAR-12 (002:L1140: « Le joueur qui attaque peut choisir l'ordre de résolution »):
    A2 is named first, so it fights the defender first."""
    state = _held_wall([1, 6, 1, 6, 1, 2], attackers=2)
    run_fight_phase(state, (Chooser(order=["A2", "A1"]), HeuristicPlayer()))
    duels = [e.data["combat"] for e in state.log.of_kind("duel")]
    assert duels == [["B1", "A2"], ["B1", "A1"]]


def test_the_random_player_backs_away_along_a_legal_heading_it_rolled_for() -> None:
    """The random player picks among the legal headings with a logged die."""
    from battlesim.engines.dice import Dice

    state = battle(Dice(seed=3))
    add(state, "A1", 0, X, Y)
    add(state, "B1", 1, X + BASE_GAP, Y)
    combat = Combat(state.models["A1"], [state.models["B1"]])
    for _ in range(20):
        if state.log.of_kind("move"):
            break
        resolve_combat(state, combat, (RandomPlayer(), RandomPlayer()))
    moved = state.log.of_kind("move")[0].data
    assert any("back away" in p for p, _ in rolls(state))
    loser, winner = state.models[moved["model"]], [m for m in state.models.values()]
    assert all(
        state.distance(loser, w) >= 1.0 - CONTACT_TOLERANCE for w in winner if w is not loser
    )

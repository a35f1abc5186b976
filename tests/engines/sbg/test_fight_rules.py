"""Fight phase rules not covered elsewhere (part 1 §6, 002:L920-1086): the four steps,
backing away through zones and terrain, prone fighters, trapped survivors, several Attacks."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from battlesim.engines.sbg.core.state import BattleState, ModelState
from battlesim.engines.sbg.core.table import Table, TerrainKind, TerrainPiece
from battlesim.engines.sbg.phases.fight import run_fight_phase
from battlesim.engines.sbg.policies.players import HeuristicPlayer
from battlesim.engines.sbg.rules.combats import Combat
from battlesim.engines.sbg.rules.fighting import resolve_combat
from tests.engines.sbg.builders import BASE_GAP, add, battle, players, profile, rolls

X, Y = 24.0, 24.0


def _kinds(state: BattleState) -> list[str]:
    out = []
    for event in state.log.events:
        purpose = event.data.get("purpose", "")
        out.append("strike" if purpose.startswith("strike") else event.kind)
    return out


def test_fight_gen_01_02_04_the_four_steps_of_a_fight() -> None:
    """FIGHT-GEN-01, FIGHT-GEN-02, FIGHT-GEN-04 (002:L924-944): the engaged pair fights a
    Duel (5 v 2), the loser backs away 1", then the winner strikes (5: wound) and the
    casualty is removed, in that order."""
    state = battle([5, 2, 5])
    add(state, "A1", 0, X, Y)
    add(state, "B1", 1, X + BASE_GAP, Y)
    run_fight_phase(state, players())
    kinds = _kinds(state)
    order = [kinds.index(k) for k in ("duel", "move", "strike", "casualty")]
    assert order == sorted(order)
    assert state.models["A1"].fought and not state.models["B1"].alive


def test_fight_gen_03_combats_are_resolved_one_at_a_time() -> None:
    """FIGHT-GEN-03 (002:L930): the first combat (Duel and strike) is over before the second
    Duel is rolled."""
    state = battle([5, 2, 1, 5, 2, 1])
    add(state, "A1", 0, X, Y)
    add(state, "B1", 1, X + BASE_GAP, Y)
    add(state, "A2", 0, X, Y + 6)
    add(state, "B2", 1, X + BASE_GAP, Y + 6)
    run_fight_phase(state, players())
    purposes = [p for p, _ in rolls(state)]
    assert purposes == ["duel A1", "duel B1", "strike A1->B1 (S3 D4)"] + [
        "duel A2",
        "duel B2",
        "strike A2->B2 (S3 D4)",
    ]


def test_fight_back_02_move_zoc_02_backing_into_an_enemy_zone() -> None:
    """FIGHT-BACK-02, MOVE-ZOC-02 (002:L984, L412): the loser backs 1" straight away into
    A2's control zone (forced, so allowed) but not into base contact."""
    state = battle([6, 1, 1])
    add(state, "A1", 0, X, Y)
    loser = add(state, "B1", 1, X + BASE_GAP, Y)
    other = add(state, "A2", 0, X + BASE_GAP + 1, Y + BASE_GAP + 0.5)
    run_fight_phase(state, players())
    assert loser.position == pytest.approx((X + BASE_GAP + 1, Y))
    assert 0 < state.distance(loser, other) < 1


def test_fight_back_03_backing_away_ignores_spent_move_and_difficult_ground() -> None:
    """FIGHT-BACK-03 (002:L988): the loser has spent its whole Move and stands in difficult
    terrain: it still backs away a full 1"."""
    scree = TerrainPiece("scree", TerrainKind.DIFFICULT, ((20, 20), (30, 20), (30, 30), (20, 30)))
    state = battle([6, 1, 1], table=Table("t", (scree,)))
    add(state, "A1", 0, X, Y)
    loser = add(state, "B1", 1, X + BASE_GAP, Y)
    loser.spent = 6.0
    run_fight_phase(state, players())
    assert loser.position == pytest.approx((X + BASE_GAP + 1, Y))


def test_fight_prone_02_back_06_a_prone_loser_backs_away_and_stays_prone() -> None:
    """FIGHT-PRONE-02, FIGHT-BACK-06 (002:L1006): the prone loser backs away 1", stays
    prone and counts as trapped: two wound dice for the one Attack."""
    state = battle([6, 1, 1, 1])
    add(state, "A1", 0, X, Y)
    loser = add(state, "B1", 1, X + BASE_GAP, Y)
    loser.prone = True
    run_fight_phase(state, players())
    assert loser.position == pytest.approx((X + BASE_GAP + 1, Y)) and loser.prone
    assert [d for p, d in rolls(state) if p.startswith("strike")] == [[1, 1]]


def test_fight_prone_03_both_prone_the_winner_may_stand_the_loser_backs_away() -> None:
    """FIGHT-PRONE-03, FIGHT-PRONE-01 (002:L1004-1008): both prone, the Duel is still
    rolled (6 v 1); the winner makes no strikes and stands up, the loser backs away."""
    state = battle([6, 1])
    winner = add(state, "A1", 0, X, Y)
    loser = add(state, "B1", 1, X + BASE_GAP, Y)
    winner.prone = loser.prone = True
    run_fight_phase(state, players())
    assert [p for p, _ in rolls(state)] == ["duel A1", "duel B1"]
    assert not winner.prone and loser.prone
    assert loser.position == pytest.approx((X + BASE_GAP + 1, Y))


def test_fight_trap_02_04_a_trapped_survivor_is_separated_after_the_strikes() -> None:
    """FIGHT-TRAP-02, FIGHT-TRAP-04 (002:L998, L1044): B1 cannot move (table edge); it stays
    in contact while A1 strikes (two dice rolled together, L1042, both fail), then A1 backs
    off slightly."""
    state = battle([6, 1, 1, 1])
    winner = add(state, "A1", 0, 2.0, Y)
    loser = add(state, "B1", 1, 2.0 - BASE_GAP, Y)
    run_fight_phase(state, players())
    assert loser.alive and loser.position == (2.0 - BASE_GAP, Y)
    assert rolls(state)[2:] == [("strike A1->B1 (S3 D4)", [1, 1])]
    assert not state.in_contact(winner, loser) and state.distance(winner, loser) < 0.1


class Allocates(HeuristicPlayer):
    """Names the target of each Attack in turn."""

    def __init__(self, targets: list[str]) -> None:
        super().__init__()
        self.targets = targets

    def choose_strike_target(
        self,
        state: BattleState,
        striker: ModelState,
        targets: Sequence[ModelState],
        trapped: frozenset[str],
    ) -> str:
        return self.targets.pop(0)


def test_fight_trap_07_aragorn_splits_attacks_between_trapped_and_free() -> None:
    """FIGHT-TRAP-07, FIGHT-TRAP-03 (002:L1070, L1074-1078): Aragorn (3 A) beats two Uruks,
    one trapped (B1, at the table edge) and one free (B2, backs away): each Attack on B1 is
    a set of two dice rolled together (L1042), each Attack on B2 a single die."""
    state = battle([6, 1, 1, 1, 1] + [1] * 5)
    add(state, "A1", 0, 2.0, Y, profile(attacks=3))
    add(state, "B1", 1, 2.0 - BASE_GAP, Y)
    add(state, "B2", 1, 2.0 + BASE_GAP, Y)
    good = Allocates(["B1", "B2", "B1"])
    resolve_combat(state, split_single(state), (good, HeuristicPlayer()))
    strikes = [(p.split(" ")[1], len(d)) for p, d in rolls(state) if p.startswith("strike")]
    assert strikes == [("A1->B1", 2), ("A1->B2", 1), ("A1->B1", 2)]


def split_single(state: BattleState) -> Combat:
    return Combat(state.models["A1"], [state.models["B1"], state.models["B2"]])


def test_fight_strike_03_multi_04_05_one_strike_per_attack_split_between_losers() -> None:
    """FIGHT-STRIKE-03, FIGHT-MULTI-04, FIGHT-MULTI-05 (002:L1036, L1082-1086): A1 (2 A)
    wins (6 v 1, 1); its first strike (5) slays B2, its second (5) slays B1: one strike per
    Attack, resolved one by one, each casualty removed."""
    state = battle([6, 1, 1, 1, 5, 5])
    add(state, "A1", 0, X, Y, profile(attacks=2))
    add(state, "B1", 1, X + BASE_GAP, Y)
    add(state, "B2", 1, X - BASE_GAP, Y)
    resolve_combat(state, split_single(state), (Allocates(["B2", "B1"]), HeuristicPlayer()))
    strikes = [p for p, _ in rolls(state) if p.startswith("strike")]
    assert strikes == ["strike A1->B2 (S3 D4)", "strike A1->B1 (S3 D4)"]
    assert state.casualties == [0, 2]


def test_fight_way_03_making_way_may_enter_an_enemy_zone() -> None:
    """FIGHT-WAY-03 (002:L1016): B2 makes way 1" sideways for B1 and ends 0.5" from the
    enemy A2, inside its control zone (allowed) but not touching it."""
    state = battle([6, 1, 1])
    add(state, "A1", 0, X, Y)
    add(state, "B1", 1, X + BASE_GAP, Y)
    friend = add(state, "B2", 1, X + 2 * BASE_GAP, Y)
    other = add(state, "A2", 0, X + 2 * BASE_GAP, Y + 1 + BASE_GAP + 0.5)
    run_fight_phase(state, players())
    assert [e.data["model"] for e in state.log.of_kind("move")][:1] == ["B2"]
    assert 0 < state.distance(friend, other) < 1
    assert not state.log.of_kind("trapped")

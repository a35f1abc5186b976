"""The Fight phase: combats, duels, backing away, trapped models, strikes, spears, banners."""

from __future__ import annotations

from battlesim.engines.sbg.core.paths import point_distance
from battlesim.engines.sbg.core.state import BattleState
from battlesim.engines.sbg.phases.fight import run_fight_phase
from battlesim.engines.sbg.rules.combats import Combat, split_combats
from battlesim.engines.sbg.rules.fighting import resolve_combat
from tests.engines.sbg.builders import BASE_GAP, add, battle, players, profile, rolls

X, Y = 24.0, 24.0


def _pair(dice: list[int], a_prof=None, b_prof=None) -> BattleState:  # type: ignore[no-untyped-def]
    state = battle(dice)
    add(state, "A1", 0, X, Y, a_prof or profile())
    add(state, "B1", 1, X + BASE_GAP, Y, b_prof or profile())
    return state


def test_winner_strikes_with_its_strength_against_defence() -> None:
    """FIGHT-STRIKE-01, SHOOT-WND-04 (002:L1026): A wins 5 v 2; the wound chart gives S3 v D4
    5+, it rolls 5: B is slain and removed as a casualty."""
    state = _pair([5, 2, 5])
    run_fight_phase(state, players())
    assert not state.models["B1"].alive
    assert state.casualties == [0, 1]


def test_loser_backs_away_a_full_inch() -> None:
    """FIGHT-BACK-01 (002:L984): the loser moves 1" directly away from the winner."""
    state = _pair([5, 2, 1])
    run_fight_phase(state, players())
    a, b = state.models["A1"], state.models["B1"]
    assert b.alive
    assert abs(state.distance(a, b) - 1.0) < 1e-6
    assert b.y == Y and b.x > X + BASE_GAP


def test_a_failed_strike_does_nothing() -> None:
    """FIGHT-STRIKE-02 (002:L1028): a failed To Wound roll (4 for S3 v D4) has no effect."""
    state = _pair([5, 2, 4])
    run_fight_phase(state, players())
    assert state.models["B1"].wounds == 1


def test_loser_against_the_table_edge_is_trapped_and_struck_twice() -> None:
    """FIGHT-TRAP-01, FIGHT-TRAP-03 (002:L996, L1040-1042): no room to back away -> a set of two
    wound dice per Attack, rolled together (« jetez les deux dés de cette attaque en même
    temps »)."""
    state = battle([6, 1, 1, 5])
    add(state, "A1", 0, 2.0, Y)
    add(state, "B1", 1, 2.0 - BASE_GAP, Y)  # B's base touches the table edge
    run_fight_phase(state, players())
    assert [r[1] for r in rolls(state)] == [[6], [1], [1, 5]]
    assert not state.models["B1"].alive
    assert state.log.of_kind("trapped")[0].data["model"] == "B1"


def test_surrounded_loser_is_trapped() -> None:
    """FIGHT-TRAP-01 (002:L996): enemies all round: it cannot back away the full 1"."""
    state = battle([1, 6, 6, 6, 6, 6] + [1] * 10)
    add(state, "A1", 0, X, Y)
    for k, (dx, dy) in enumerate([(1, 0), (-1, 0), (0, 1), (0, -1), (0.7071, 0.7071)]):
        add(state, f"B{k}", 1, X + dx * BASE_GAP, Y + dy * BASE_GAP)
    combat = Combat(state.models["A1"], [state.models[f"B{k}"] for k in range(5)])
    resolve_combat(state, combat, players())
    assert state.log.of_kind("trapped")[0].data["model"] == "A1"
    # five winners with one Attack each, each a set of two dice rolled together (L1042)
    strikes = [r for r in rolls(state) if r[0].startswith("strike")]
    assert [len(dice) for _, dice in strikes] == [2] * 5


def test_prone_winner_makes_no_strikes() -> None:
    """FIGHT-PRONE-01 (002:L1004): a prone model that wins does not strike."""
    state = _pair([6, 1])
    state.models["A1"].prone = True
    run_fight_phase(state, players())
    assert not [r for r in rolls(state) if r[0].startswith("strike")]


def test_prone_loser_counts_as_trapped() -> None:
    """FIGHT-TRAP-05 (002:L1006): strikes against a prone model are doubled."""
    state = _pair([6, 1, 1, 1])
    state.models["B1"].prone = True
    run_fight_phase(state, players())
    strikes = [r for r in rolls(state) if r[0].startswith("strike")]
    assert [dice for _, dice in strikes] == [[1, 1]]


def test_multiple_combat_rolls_every_attack_and_each_winner_strikes() -> None:
    """FIGHT-DUEL-04, FIGHT-MULTI-01, FIGHT-MULTI-03 (002:L1052-1066): two Orcs v one Man: Evil
    rolls two
    dice and each winner strikes in turn. A12 revised (L970, L984, L1060; Bombur at L974):
    two winners do not trap the lone loser; it backs away 1" in a straight line, away from
    both and touching neither, so each winner strikes once."""
    state = battle([2, 1, 5, 1, 1])
    add(state, "A1", 0, X, Y)
    add(state, "B1", 1, X + BASE_GAP, Y)
    add(state, "B2", 1, X + 0.7071 * BASE_GAP, Y + 0.7071 * BASE_GAP)
    start = state.models["A1"].position
    run_fight_phase(state, players())
    duel = state.log.of_kind("duel")[0].data
    assert duel["dice"] == [[2], [1, 5]] and duel["winner"] == 1
    assert not state.log.of_kind("trapped")
    a = state.models["A1"]
    assert abs(point_distance(start, a.position) - 1.0) < 1e-6
    for uid in ("B1", "B2"):
        assert state.distance(a, state.models[uid]) > 0.0
    strikes = [r[0] for r in rolls(state) if r[0].startswith("strike")]
    assert strikes == ["strike B1->A1 (S3 D4)", "strike B2->A1 (S3 D4)"]


def test_lone_winner_backs_both_opponents_away() -> None:
    """FIGHT-BACK-05 (002:L1060): if the lone model wins, all its opponents back away."""
    state = battle([6, 1, 1, 1])
    add(state, "A1", 0, X, Y)
    add(state, "B1", 1, X + BASE_GAP, Y)
    add(state, "B2", 1, X - BASE_GAP, Y)
    run_fight_phase(state, players())
    a = state.models["A1"]
    assert [round(state.distance(a, state.models[b]), 6) for b in ("B1", "B2")] == [1.0, 1.0]


def test_lone_winner_chooses_whom_to_strike() -> None:
    """FIGHT-MULTI-02 (002:L1064): the lone winner may strike any of its opponents."""
    state = battle([6, 1, 1, 6])
    add(state, "A1", 0, X, Y)
    add(state, "B1", 1, X + BASE_GAP, Y, profile(wounds=2))
    add(state, "B2", 1, X - BASE_GAP, Y)
    run_fight_phase(state, players())
    # the heuristic strikes the model with fewer Wounds left first
    assert not state.models["B2"].alive and state.models["B1"].alive


def test_spear_supporter_adds_a_die_and_strikes() -> None:
    """WPN-SPEAR-01 (002:L1990): a spear behind an engaged friend adds one Attack with its
    own Fight and Strength; WPN-SPEAR-06: it strikes too."""
    state = battle([1, 6, 2, 5, 5])
    add(state, "A1", 0, X, Y)
    add(state, "A2", 0, X - BASE_GAP, Y, profile(wargear=("sword", "spear"), strength=4))
    add(state, "B1", 1, X + BASE_GAP, Y, profile(wounds=3, defence=5))
    run_fight_phase(state, players())
    assert state.log.of_kind("support")[0].data == {"model": "A2", "supports": "A1"}
    assert state.log.of_kind("duel")[0].data["dice"] == [[1, 6], [2]]
    strikes = [r[0] for r in rolls(state) if r[0].startswith("strike")]
    assert strikes == ["strike A1->B1 (S3 D5)", "strike A2->B1 (S4 D5)"]
    assert state.models["B1"].wounds == 1


def test_pike_supports_from_the_second_rank() -> None:
    """WPN-PIKE-01 (002:L2008, example L2028): two pikes in file give two extra dice."""
    state = battle([1, 1, 1, 6, 1, 1, 1, 1])
    pike = profile(wargear=("pike",))
    add(state, "A1", 0, X, Y)
    add(state, "A2", 0, X - BASE_GAP, Y, pike)
    add(state, "A3", 0, X - 2 * BASE_GAP, Y, pike)
    add(state, "B1", 1, X + BASE_GAP, Y, profile(wounds=5))
    run_fight_phase(state, players())
    assert len(state.log.of_kind("support")) == 2
    assert state.log.of_kind("duel")[0].data["dice"] == [[1, 1, 1], [6]]


def test_a_model_that_shot_cannot_support() -> None:
    """WPN-SPEAR-04 (002:L1994): a spear model that shot this turn does not support."""
    state = battle([4, 2, 1])
    add(state, "A1", 0, X, Y)
    add(state, "A2", 0, X - BASE_GAP, Y, profile(wargear=("spear",))).shot = True
    add(state, "B1", 1, X + BASE_GAP, Y)
    run_fight_phase(state, players())
    assert not state.log.of_kind("support")


def test_banner_rerolls_the_losing_sides_lowest_die() -> None:
    """EQP-BAN-02 (002:L2170): a fight within 3" of a banner re-rolls one die."""
    state = battle([2, 5, 6, 1])
    add(state, "A1", 0, X, Y)
    add(state, "A9", 0, X - 2.5, Y, profile(wargear=("sword", "banner")))
    add(state, "B1", 1, X + BASE_GAP, Y)
    combat = Combat(state.models["A1"], [state.models["B1"]])
    resolve_combat(state, combat, players())
    assert rolls(state)[2] == ("banner re-roll A1", [6])
    assert state.log.of_kind("duel")[0].data["winner"] == 0


def test_banner_bearer_has_minus_one_on_duel_dice() -> None:
    """EQP-BAN-05 (002:L2178): the bearer's dice are -1: its 4 counts 3 and, tied with the
    Orc's 3, loses on Fight; then its own banner (EQP-BAN-02) re-rolls: 6 counts 5 and wins."""
    state = _pair(
        [4, 3, 6, 1], a_prof=profile(wargear=("sword", "banner")), b_prof=profile(fight=4)
    )
    run_fight_phase(state, players())
    assert rolls(state)[2] == ("banner re-roll A1", [6])
    duel = state.log.of_kind("duel")[0].data
    assert duel["dice"] == [[5], [3]] and duel["winner"] == 0


def test_two_handed_weapon_minus_one_duel() -> None:
    """WPN-2H-02 (002:L1955): -1 to the Duel dice with a two-handed weapon."""
    state = _pair([5, 1, 1], a_prof=profile(wargear=("two-handed axe",)))
    run_fight_phase(state, players())
    assert state.log.of_kind("duel")[0].data["dice"][0] == [4]


def test_star_split_follows_the_rulebook_example() -> None:
    """MOVE-SEP-07, MOVE-SEP-01 (002:L484, L498-502): Sam touches B and C, Merry touches C: Merry
    fights C,
    Sam fights B; every engaged model is in exactly one combat (MOVE-SEP-03)."""
    state = battle([])
    add(state, "B1", 1, X, Y)  # goblin B
    add(state, "B2", 1, X + 3 * BASE_GAP, Y)  # goblin C
    add(state, "A1", 0, X + 1.5 * BASE_GAP, Y + 0.866 * BASE_GAP * 1.0)  # Sam: B and C?
    sam = state.models["A1"]
    state.set_position(sam, (X + BASE_GAP * 0.5, Y + BASE_GAP * 0.866))
    add(state, "A2", 0, X + 3 * BASE_GAP, Y + BASE_GAP)  # Merry touches C only
    state.set_position(state.models["B2"], (X + BASE_GAP, Y))
    state.set_position(state.models["A2"], (X + 2 * BASE_GAP, Y))
    combats = split_combats(state)
    members = sorted(uid for c in combats for uid in c.uids())
    assert members == ["A1", "A2", "B1", "B2"]
    assert all(len(c.uids()) >= 2 for c in combats)
    pairs = {tuple(sorted(c.uids())) for c in combats}
    assert ("A2", "B2") in pairs and ("A1", "B1") in pairs


def test_a_friend_makes_way_for_the_loser() -> None:
    """FIGHT-WAY-01, FIGHT-WAY-05 (002:L1012, L1032): as Merry for Theoden, the friend behind
    moves up to 1" aside, so the
    loser backs away instead of being trapped."""
    state = battle([6, 1, 1])
    add(state, "A1", 0, X, Y)
    add(state, "B1", 1, X + BASE_GAP, Y)
    friend = add(state, "B2", 1, X + 2 * BASE_GAP, Y)
    run_fight_phase(state, players())
    make_way = [e.data for e in state.log.of_kind("move") if e.data["reason"] == "make way"]
    assert make_way and make_way[0]["model"] == "B2"
    assert not state.log.of_kind("trapped")
    start = tuple(make_way[0]["start"])  # the log's list as a point
    assert point_distance((start[0], start[1]), friend.position) <= 1.0 + 1e-6


def test_an_engaged_friend_cannot_make_way() -> None:
    """FIGHT-WAY-02 (002:L1014): the friend behind is itself engaged: the loser is trapped."""
    state = battle([6, 1, 1, 1, 1])
    add(state, "A1", 0, X, Y)
    add(state, "B1", 1, X + BASE_GAP, Y)
    add(state, "B2", 1, X + 2 * BASE_GAP, Y)
    add(state, "A2", 0, X + 2 * BASE_GAP, Y + BASE_GAP)  # engages B2
    combat = Combat(state.models["A1"], [state.models["B1"]])
    resolve_combat(state, combat, players())
    assert state.log.of_kind("trapped")[0].data["model"] == "B1"


def test_only_one_model_may_make_way() -> None:
    """FIGHT-WAY-04 (002:L1018): two friends block the way: nobody moves, it is trapped;
    WPN-PIKE-03 (002:L2010): so close ranks (phalanxes) trap their own models."""
    state = battle([6, 1, 1, 1])
    add(state, "A1", 0, X, Y)
    add(state, "B1", 1, X + BASE_GAP, Y)
    add(state, "B2", 1, X + 1.9 * BASE_GAP, Y + 0.45 * BASE_GAP)
    add(state, "B3", 1, X + 1.9 * BASE_GAP, Y - 0.45 * BASE_GAP)
    run_fight_phase(state, players())
    assert state.log.of_kind("trapped")[0].data["model"] == "B1"
    assert not [e for e in state.log.of_kind("move") if e.data["reason"] == "make way"]

"""Defensive positions behind barriers (part 1 §6.9, 002:L1092-1160).

A wall 0.8" high, 0.3" thick along y=12 (from y=11.85 to 12.15), solid cover (in the way on
4+). Men are 1.2" tall on 25 mm bases (radius R). The defender B1 stands touching the north
face; attackers come from the south.
"""

from __future__ import annotations

import pytest

from battlesim.engines.sbg.core.actions import Charge, Hold, IllegalActionError, Move
from battlesim.engines.sbg.core.state import BattleState
from battlesim.engines.sbg.core.table import Cover, Table, TerrainKind, TerrainPiece
from battlesim.engines.sbg.phases.fight import run_fight_phase
from battlesim.engines.sbg.rules.barriers import protecting_barrier
from battlesim.engines.sbg.rules.movement import apply_action, charge_options, check_action
from tests.engines.sbg.builders import add, battle, players, profile, rolls

R = 25.0 / 25.4 / 2
DEFENDER_Y = 12.15 + R + 0.01
ACROSS_Y = 11.85 - R - 0.01


def _wall(height: float = 0.8) -> Table:
    piece = TerrainPiece(
        "wall", TerrainKind.OBSTACLE, ((0, 12), (48, 12)), height, 0.3, cover=Cover.SOLID
    )
    return Table("t", (piece,))


def _held_wall(dice: list[int], attackers: int = 1) -> BattleState:
    """B1 holds the wall; A1 (and A2) fight it across, as after their charges."""
    state = battle(dice, table=_wall())
    defender = add(state, "B1", 1, 10, DEFENDER_Y)
    for k in range(attackers):
        attacker = add(state, f"A{k + 1}", 0, 10 - 0.5 * (attackers - 1) + k, ACROSS_Y)
        state.link_across(attacker, defender)
    return state


def test_fight_bar_05_a_charge_stops_at_the_barrier_within_1_inch() -> None:
    """FIGHT-BAR-05, MOVE-CHG-10 (002:L1108, L480): charging a model behind a wall, the
    charger touches the wall on its side, within 1" of the defender: engaged without base
    contact. A spot short of the wall is no charge."""
    state = battle([], table=_wall())
    defender = add(state, "B1", 1, 10, DEFENDER_Y)
    attacker = add(state, "A1", 0, 10, 8)
    with pytest.raises(IllegalActionError, match="MOVE-CHG-02"):
        check_action(state, attacker, Charge("A1", "B1", (10, ACROSS_Y - 0.3)))
    apply_action(state, attacker, Charge("A1", "B1", (10, ACROSS_Y)))
    assert state.engaged(attacker) and state.engaged(defender)
    assert not state.in_contact(attacker, defender)
    assert state.across == {"A1": "B1"}


@pytest.mark.parametrize(
    ("height", "keywords", "protects"),
    [
        (0.8, {"man"}, True),  # 0.8 >= half of 1.2 and under the eyes (1.08)
        (0.5, {"man"}, False),  # FIGHT-BAR-01: lower than half the attacker
        (1.1, {"man"}, False),  # FIGHT-BAR-01: the defender cannot see over it
        (1.05, {"ogre"}, True),  # 1.05 >= half of 2.0, and 2.0 < twice 1.05
        (0.8, {"ogre"}, False),  # FIGHT-BAR-04: 2.0 is at least twice 0.8
        (0.8, {"troll"}, False),  # FIGHT-BAR-04: 2.4 is at least twice 0.8
    ],
)
def test_fight_bar_01_04_when_a_barrier_protects(
    height: float, keywords: set[str], protects: bool
) -> None:
    """FIGHT-BAR-01/02/04 (002:L1094-1102): at least half the attacker's height, low enough
    to see over, and no protection against models at least twice its height."""
    state = battle([], table=_wall(height))
    defender = add(state, "B1", 1, 10, DEFENDER_Y)
    attacker = add(state, "A1", 0, 10, ACROSS_Y, profile(keywords=frozenset(keywords)))
    assert (protecting_barrier(state, defender, attacker) is not None) is protects


def test_fight_bar_09_11_the_attacker_strikes_through_the_barrier_then_backs_away() -> None:
    """FIGHT-BAR-09, FIGHT-BAR-11 (002:L1126, L1136): the attacker wins the Duel (6 v 1); its strike
    must pass the wall's in-the-way test (a 3 fails on 4+: no wound roll); the defender
    does not back away, the attacker does, and they are no longer engaged."""
    state = _held_wall([6, 1, 3])
    run_fight_phase(state, players())
    assert rolls(state)[2:] == [("barrier wall in the way of A1", [3])]
    assert state.models["B1"].position == (10, DEFENDER_Y)
    assert state.models["A1"].y <= ACROSS_Y - 0.99 and not state.engaged(state.models["A1"])


def test_fight_bar_09_a_slayer_crosses_the_barrier() -> None:
    """FIGHT-BAR-09 (002:L1126-1130): a strike past the wall (4) wounds (5 on S3 v D4); the
    defender is slain and the attacker crosses as on a 2-5 Leap, touching the far side."""
    state = _held_wall([6, 1, 4, 5])
    run_fight_phase(state, players())
    assert not state.models["B1"].alive
    assert state.models["A1"].y == pytest.approx(12.15 + R, abs=0.02)


def test_fight_bar_10_the_defender_strikes_normally_and_the_attacker_backs_away() -> None:
    """FIGHT-BAR-08, FIGHT-BAR-10 (002:L1122, L1134): the Duel is normal; the defender wins (6 v 1)
    and strikes with no in-the-way test; the surviving attacker backs away."""
    state = _held_wall([1, 6, 2])
    run_fight_phase(state, players())
    assert rolls(state)[2:] == [("strike B1->A1 (S3 D4)", [2])]
    assert state.models["A1"].y <= ACROSS_Y - 0.99
    assert state.models["B1"].position == (10, DEFENDER_Y)


def test_fight_bar_12_each_attacker_fights_the_defender_one_on_one() -> None:
    """FIGHT-BAR-12 (002:L1140-1142): two attackers: two separate fights. A1 loses (1 v 6),
    is struck (no wound) and backs away; A2 wins (6 v 1), its strike is stopped by the
    wall (2) and it backs away too."""
    state = _held_wall([1, 6, 1, 6, 1, 2], attackers=2)
    run_fight_phase(state, players())
    duels = [e.data["combat"] for e in state.log.of_kind("duel")]
    assert duels == [["B1", "A1"], ["B1", "A2"]]
    assert not state.across and state.models["B1"].alive


def test_fight_bar_06_a_defender_charged_across_keeps_its_zone() -> None:
    """FIGHT-BAR-06, MOVE-ZOC-06 (002:L1096, L1110): engaged across the wall, B1 still has
    a control zone: A2 may not walk up to the wall beside A1 without charging."""
    state = _held_wall([])
    walker = add(state, "A2", 0, 12, 8)
    with pytest.raises(IllegalActionError, match="ZOC-01"):
        check_action(state, walker, Move("A2", (11.1, ACROSS_Y)))
    assert check_action(state, walker, Move("A2", (12, 9)))


def test_fight_bar_05_players_are_offered_the_charge_over_the_barrier() -> None:
    """FIGHT-BAR-05 (002:L1108): the charge search offers the spot at the wall within 1" of
    the defender (base contact is impossible through the wall)."""
    state = battle([], table=_wall())
    add(state, "B1", 1, 10, DEFENDER_Y)
    attacker = add(state, "A1", 0, 10, 8)
    ((target, spot),) = charge_options(state, attacker)
    assert target.uid == "B1" and spot[1] == pytest.approx(ACROSS_Y, abs=0.05)


def test_the_heuristic_player_holds_a_wall_it_defends() -> None:
    """FIGHT-BAR-01/09 (002:L1094, L1126): a warrior touching a wall that protects it from
    an enemy 5" away holds; with no wall between them it goes for the enemy."""
    state = battle([], table=_wall())
    defender = add(state, "B1", 1, 10, DEFENDER_Y)
    add(state, "A1", 0, 10, DEFENDER_Y - 5 - 2 * R)
    assert isinstance(players()[1].choose_move(state, defender), Hold)
    open_ground = battle([])
    walker = add(open_ground, "B1", 1, 10, DEFENDER_Y)
    add(open_ground, "A1", 0, 10, DEFENDER_Y - 5 - 2 * R)
    assert not isinstance(players()[1].choose_move(open_ground, walker), Hold)


def test_fight_bar_03_no_leaping_the_barrier_onto_its_defender() -> None:
    """FIGHT-BAR-03 (002:L1100): a charge leaping the wall into base contact with the
    defender holding it is refused; the charge ends at the wall instead (FIGHT-BAR-05)."""
    state = battle([], table=_wall())
    add(state, "B1", 1, 10, DEFENDER_Y)
    attacker = add(state, "A1", 0, 12, 10.5)
    with pytest.raises(IllegalActionError, match="cannot leap wall held by B1"):
        check_action(state, attacker, Charge("A1", "B1", (10 + 2 * R, DEFENDER_Y)))


def test_fight_bar_19_faramir_against_three_attackers_fights_three_times() -> None:
    """FIGHT-BAR-19, FIGHT-BAR-12 (002:L1130, L1140): Faramir behind a wall against Gothmog
    and two Orcs: three separate one-on-one fights, in the attacking player's order; the
    defender wins them all (6 v 1; strikes fail) and stays put."""
    state = _held_wall([1, 6, 1, 1, 6, 1, 1, 6, 1], attackers=3)
    run_fight_phase(state, players())
    duels = [e.data["combat"] for e in state.log.of_kind("duel")]
    assert duels == [["B1", "A1"], ["B1", "A2"], ["B1", "A3"]]
    assert state.models["B1"].position == (10, DEFENDER_Y)


def test_fight_bar_14_13_a_supporting_defender_joins_and_the_attacker_takes_a_place() -> None:
    """FIGHT-BAR-14 (002:L1148): B2, on the defender's side, charges A1 across the wall and
    becomes a defender too. FIGHT-BAR-13 (002:L1144): A1, in the zone of two defenders,
    fights them at once as a normal multiple combat (no in-the-way test): it wins (6 v 1, 1),
    both back away, its strike (5) slays B1 and A1 takes its place across the wall."""
    state = _held_wall([6, 1, 1, 5])
    supporter = add(state, "B2", 1, 11.5, DEFENDER_Y + 0.2)
    apply_action(state, supporter, Charge("B2", "A1", (11.1, DEFENDER_Y)))
    assert state.across == {"A1": "B1", "B2": "A1"}
    run_fight_phase(state, players())
    assert [p for p, _ in rolls(state)] == [
        "duel A1",
        "duel B1",
        "duel B2",
        "strike A1->B1 (S3 D4)",
    ]
    assert not state.models["B1"].alive
    assert state.models["A1"].y == pytest.approx(12.15 + R, abs=0.02)


def test_fight_bar_16_a_defender_attacked_from_both_sides_loses_its_barrier() -> None:
    """FIGHT-BAR-16 (002:L1158, L1184): A2 charged B1 on its own side of the wall: a normal
    multiple combat, strikes without in-the-way tests; Good wins (6 v 1), B1 is slain and A1
    crosses the wall as on a 2-5 Leap."""
    state = _held_wall([6, 1, 1, 5, 5, 5, 5])
    add(state, "A2", 0, 10 + 2 * R, DEFENDER_Y)
    run_fight_phase(state, players())
    assert not any("in the way" in p for p, _ in rolls(state))
    assert not state.models["B1"].alive
    assert state.models["A1"].y > 12


def test_fight_bar_17_an_attacker_charged_from_both_sides_may_not_cross() -> None:
    """FIGHT-BAR-17 (002:L1160): B2 charged A1 on A1's side: a normal multiple combat; A1
    wins (6 v 1, 1) and slays B1 (5) but may not cross the wall."""
    state = _held_wall([6, 1, 1, 5])
    add(state, "B2", 1, 10 - 2 * R, ACROSS_Y)
    run_fight_phase(state, players())
    assert not state.models["B1"].alive and state.models["A1"].y < 12


def test_fight_bar_15_several_on_each_side_split_into_one_on_one_fights() -> None:
    """FIGHT-BAR-15, FIGHT-BAR-14 (002:L1148-1152): A1 and A2 fight B1 across the wall; B2,
    a supporting defender, charges A2 across it. Split into two one-on-one fights, both
    with the barrier steps: B1 v A1 and B2 v A2, the defenders behind the wall (the
    attackers' winning strikes roll in-the-way tests)."""
    state = _held_wall([6, 1, 1, 6, 1, 1], attackers=2)
    supporter = add(state, "B2", 1, 11.5, DEFENDER_Y + 0.4)
    spot = (10.5 + 0.6, DEFENDER_Y)
    apply_action(state, supporter, Charge("B2", "A2", spot))
    assert state.across == {"A1": "B1", "A2": "B1", "B2": "A2"}
    run_fight_phase(state, players())
    combats = sorted(sorted(c) for c in state.log.of_kind("combats")[0].data["combats"])
    assert combats == [["A1", "B1"], ["A2", "B2"]]
    in_the_way = sorted(p for p, _ in rolls(state) if "in the way" in p)
    assert in_the_way == ["barrier wall in the way of A1", "barrier wall in the way of A2"]


def test_a_traitor_within_across_a_barrier_the_winner_strikes_no_blows() -> None:
    """BSData acf8-c12d-29bb-4592 (A Traitor Within): Gríma hidden among the enemy holds the
    wall; the attacker wins the Duel (6 v 1) but strikes him no blow: no in-the-way die, no
    To Wound die, Gríma lives (the same fight without the disguise rolls the wall's 4+)."""
    from battlesim.engines.sbg.rules.armies.evil.traitor import _HIDDEN

    state = _held_wall([6, 1, 3])
    _HIDDEN.of(state)["B1"] = 0  # kept hidden from side 0
    run_fight_phase(state, players())
    assert rolls(state)[2:] == [] and state.models["B1"].alive

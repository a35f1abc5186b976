"""Move phase rules not covered elsewhere (part 1 §4, 002:L359-502): one model at a time,
move order, charges freed by a kill, zones entered together, splitting combats."""

from __future__ import annotations

import pytest

from battlesim.engines.dice import ScriptedDice
from battlesim.engines.sbg.core.actions import Charge, IllegalActionError, Move
from battlesim.engines.sbg.core.state import Removal
from battlesim.engines.sbg.policies.players import HeuristicPlayer, RandomPlayer
from battlesim.engines.sbg.rules.combats import split_combats
from battlesim.engines.sbg.rules.movement import apply_action, check_action
from tests.engines.sbg.builders import BASE_GAP, add, battle


def test_move_gen_02_a_model_finishes_its_move_before_another_and_moves_once() -> None:
    """MOVE-GEN-02 (002:L367): once A1's move is done it cannot move again this phase."""
    state = battle([])
    a = add(state, "A1", 0, 10, 10)
    apply_action(state, a, Move("A1", (10, 12)))
    with pytest.raises(IllegalActionError, match="already moved"):
        check_action(state, a, Move("A1", (10, 13)))


def test_move_chg_04_a_model_freed_before_moving_may_still_move() -> None:
    """MOVE-CHG-04 (002:L436): B1 was charged, then its charger was slain (as by a thrown
    weapon) before B1 moved: B1 is no longer engaged and may move."""
    state = battle([])
    a = add(state, "A1", 0, 10, 10)
    b = add(state, "B1", 1, 10, 14)
    apply_action(state, a, Charge("A1", "B1", (10, 14 - BASE_GAP)))
    with pytest.raises(IllegalActionError):
        check_action(state, b, Move("B1", (10, 18)))
    state.remove(a, Removal.SLAIN)
    assert check_action(state, b, Move("B1", (10, 18))) == pytest.approx(4)


def test_move_chg_05_a_charge_blocked_at_the_start_opens_when_a_blocker_is_engaged() -> None:
    """MOVE-CHG-05, MOVE-CHG-07 (002:L438, L464): A2's charge at B2 passes through B1's zone:
    refused while B1 is free; once A1 has charged B1 (cancelling its zone), allowed."""
    state = battle([])
    a1 = add(state, "A1", 0, 14, 13.5)
    a2 = add(state, "A2", 0, 10, 10)
    add(state, "B1", 1, 11.6, 13)
    add(state, "B2", 1, 10, 16)
    charge = Charge("A2", "B2", (10, 16 - BASE_GAP))
    with pytest.raises(IllegalActionError):
        check_action(state, a2, charge)
    apply_action(state, a1, Charge("A1", "B1", (11.6 + BASE_GAP, 13)))
    check_action(state, a2, charge)


def test_move_chg_06_two_zones_entered_together_the_player_chooses() -> None:
    """MOVE-CHG-06 (002:L444): straight up between B1 and B2, the path enters both zones at
    the same point: the charger may name either one as its target."""
    state = battle([])
    a = add(state, "A1", 0, 10, 10)
    d = BASE_GAP / 2 + 0.05
    add(state, "B1", 1, 10 - d, 14)
    add(state, "B2", 1, 10 + d, 14)
    spot = (10, 14 - (BASE_GAP**2 - d**2) ** 0.5)
    check_action(state, a, Charge("A1", "B1", spot))
    check_action(state, a, Charge("A1", "B2", spot))


def test_move_sep_02_a_multiple_combat() -> None:
    """MOVE-SEP-02 (002:L486): Pippin touches goblins D and E: one multiple combat."""
    state = battle([])
    add(state, "B1", 1, 10, 10)
    add(state, "B2", 1, 10 + 2 * BASE_GAP, 10)
    add(state, "A1", 0, 10 + BASE_GAP, 10)
    ((combat),) = split_combats(state)
    assert combat.center.uid == "A1" and [m.uid for m in combat.leaves] == ["B1", "B2"]


def _pippin_and_aragorn(priority: int) -> object:
    state = battle([], priority=priority)
    add(state, "B1", 1, 10, 10)  # goblin D
    add(state, "B2", 1, 10 + 2 * BASE_GAP, 10)  # goblin E
    add(state, "B3", 1, 10 + 4 * BASE_GAP, 10)  # goblin F
    add(state, "A1", 0, 10 + BASE_GAP, 10)  # Pippin, touching D and E
    add(state, "A2", 0, 10 + 3 * BASE_GAP, 10)  # Aragorn, touching E and F
    return state


def test_move_sep_04_the_priority_player_chooses_the_split() -> None:
    """MOVE-SEP-04, MOVE-SEP-07 (002:L490, L500-502): E could fight Pippin or Aragorn; both
    splits are offered to the Priority player (Evil), who puts E in Pippin's combat:
    Pippin v D+E, Aragorn v F."""
    from battlesim.engines.sbg.phases.combat_split import candidate_splits, chosen_split

    state = _pippin_and_aragorn(priority=1)
    options = [sorted(sorted(c.uids()) for c in split) for split in candidate_splits(state)]
    pippin_gets_e = [["A1", "B1", "B2"], ["A2", "B3"]]
    assert pippin_gets_e in options and len(options) == 2

    class Evil(HeuristicPlayer):
        def choose_split(self, state: object, splits: list) -> int:  # type: ignore[override]
            return [sorted(sorted(c.uids()) for c in s) for s in splits].index(pippin_gets_e)

    chosen = chosen_split(state, (HeuristicPlayer(), Evil()))
    assert sorted(sorted(c.uids()) for c in chosen) == pippin_gets_e


def test_heuristic_split_takes_the_most_outnumbering_split() -> None:
    """MOVE-SEP-04: the Heuristic Priority player picks a split where its side outnumbers
    the enemy in the most fights (the Random one any offered split)."""
    from battlesim.engines.sbg.phases.combat_split import candidate_splits, gang_ups

    state = _pippin_and_aragorn(priority=1)
    options = candidate_splits(state)
    scores = [gang_ups(state, split, 1) for split in options]
    assert scores[HeuristicPlayer().choose_split(state, options)] == max(scores)
    state.dice = ScriptedDice([2])
    assert RandomPlayer().choose_split(state, options) == 1

"""The Shoot phase and missile weapons."""

from __future__ import annotations

import pytest

from battlesim.engines.sbg.core.arms import MISSILE_WEAPONS
from battlesim.engines.sbg.core.units import Alignment
from battlesim.engines.sbg.phases.shoot import run_shoot_phase
from battlesim.engines.sbg.rules.shooting import can_shoot, legal_targets, shoot, shots_allowed
from tests.engines.sbg.builders import BASE_GAP, add, battle, players, profile, rolls

BOW = profile(wargear=("sword", "bow"))
ORC_BOW = profile(wargear=("sword", "orc bow"))


def test_missile_table_matches_the_seed() -> None:
    """MSL table (002:L2114-2130): range and Strength of every missile weapon."""
    table = {n: (w.range, w.strength) for n, w in MISSILE_WEAPONS.items()}
    assert table["crossbow"] == (24.0, 4) and table["bow"] == (24.0, 2)
    assert table["orc bow"] == (18.0, 2) and table["elf bow"] == (24.0, 3)
    assert table["throwing weapons"] == (6.0, 3) and table["sling"] == (12.0, 1)
    assert table["javelin"] == (8.0, 3) and table["blowpipe"] == (12.0, 2)
    assert table["whip"] == (2.0, 1)  # WPN-WHIP-01 (002:L2038)
    assert len(table) == 17  # and Grinnah's Scourge (test_armies_evil_retinues.py)


@pytest.mark.parametrize(("die", "hit"), [(3, False), (4, True)])
def test_hits_on_the_shoot_value(die: int, hit: bool) -> None:
    """SHOOT-HIT-01, SHOOT-HIT-02, CHAR-F-01 (002:L749-751, L775, L88-92): a 4+ shooter
    hits on 4, 5 or 6; a miss has no effect (no wound roll)."""
    state = battle([die, 1])
    a = add(state, "A1", 0, 10, 10, BOW)
    b = add(state, "B1", 1, 10, 20)
    shoot(state, a, b)
    assert state.log.of_kind("shot")[0].data["hit"] is hit
    assert len(state.log.of_kind("roll")) == (2 if hit else 1) and b.alive


def test_moving_costs_one_on_the_shoot_value() -> None:
    """SHOOT-MOVE-01, SHOOT-MOVE-04 (002:L856, L870): a 4+ shooter that moved needs 5+."""
    state = battle([4])
    a = add(state, "A1", 0, 10, 10, BOW)
    a.moved, a.spent = True, 3.0
    shoot(state, a, add(state, "B1", 1, 10, 20))
    assert state.log.of_kind("shot")[0].data["hit"] is False


def test_a_six_always_hits() -> None:
    """SHOOT-MOVE-01 and ambiguity A15 (002:L856): a 6+ shooter that moved still hits on 6."""
    state = battle([6, 1])
    a = add(state, "A1", 0, 10, 10, profile(shoot=6, wargear=("bow",)))
    a.moved = True
    shoot(state, a, add(state, "B1", 1, 10, 20))
    assert state.log.of_kind("shot")[0].data["hit"] is True


def test_shot_wounds_with_the_weapons_strength() -> None:
    """SHOOT-WND-01 (002:L876): a bow is S2: against D4 it needs 5 (a 4 fails, a 5 wounds)."""
    state = battle([5, 4])
    a = add(state, "A1", 0, 10, 10, BOW)
    b = add(state, "B1", 1, 10, 20)
    shoot(state, a, b)
    assert b.alive and rolls(state)[1][0] == "to wound A1->B1 (S2 D4)"
    state = battle([5, 5])
    a = add(state, "A1", 0, 10, 10, BOW)
    b = add(state, "B1", 1, 10, 20)
    shoot(state, a, b)
    assert not b.alive


def test_more_than_half_a_move_forbids_shooting() -> None:
    """SHOOT-ELIG-06, MSL-BOW-01 (002:L767, L2112): at most half its Move (3" of 6")."""
    state = battle([])
    a = add(state, "A1", 0, 10, 10, BOW)
    a.moved, a.spent = True, 3.0
    assert can_shoot(state, a)
    a.spent = 3.01
    assert not can_shoot(state, a)


def test_crossbow_cannot_shoot_after_moving() -> None:
    """MSL-XBOW-01 (002:L2136)."""
    state = battle([])
    a = add(state, "A1", 0, 10, 10, profile(wargear=("crossbow",)))
    assert can_shoot(state, a)
    a.moved, a.spent = True, 0.5
    assert not can_shoot(state, a)


def test_prone_or_engaged_models_cannot_shoot() -> None:
    """SHOOT-ELIG-02, SHOOT-ELIG-07, MOVE-PRONE-12 (002:L729, L767): a prone model cannot
    shoot."""
    state = battle([])
    a = add(state, "A1", 0, 10, 10, BOW)
    a.prone = True
    assert not can_shoot(state, a)
    a.prone = False
    add(state, "B1", 1, 10 + BASE_GAP, 10)
    assert not can_shoot(state, a)


def test_range_is_inclusive() -> None:
    """SHOOT-ELIG-04 (002:L761): an Orc bow reaches an enemy exactly 18" away."""
    state = battle([], alignments=(Alignment.EVIL, Alignment.GOOD))
    a = add(state, "A1", 0, 10, 10, ORC_BOW)
    add(state, "B1", 1, 10, 10 + 18 + BASE_GAP)
    add(state, "B2", 1, 20, 10 + 18.01 + BASE_GAP)
    assert [t.uid for t in legal_targets(state, a)] == ["B1"]


def test_model_in_the_way_takes_the_shot_on_a_failed_test() -> None:
    """SHOOT-ITW-02/03 (002:L797, L807): hit (5), in-the-way test 3 < 4: the Orc in the way
    is hit and wounded (bow S2 v D4 needs 5)."""
    state = battle([5, 3, 5], alignments=(Alignment.EVIL, Alignment.GOOD))
    a = add(state, "A1", 0, 10, 10, BOW)
    blocker = add(state, "B2", 1, 10, 15)
    target = add(state, "B1", 1, 10, 20)
    shoot(state, a, target)
    assert rolls(state)[1] == ("in the way B2 (4+)", [3])
    assert not blocker.alive and target.alive


def test_good_cannot_shoot_through_friends_but_evil_can() -> None:
    """SHOOT-ITW-05 (002:L809, L821): a friend partly in the line of fire."""
    state = battle([])
    a = add(state, "A1", 0, 10, 10, BOW)
    add(state, "A2", 0, 10.4, 15)
    add(state, "B1", 1, 10, 20)
    assert legal_targets(state, a) == []
    evil = battle([], alignments=(Alignment.EVIL, Alignment.GOOD))
    e = add(evil, "A1", 0, 10, 10, BOW)
    add(evil, "A2", 0, 10.4, 15)
    add(evil, "B1", 1, 10, 20)
    assert [t.uid for t in legal_targets(evil, e)] == ["B1"]


def test_friend_in_base_contact_ducks() -> None:
    """SHOOT-FRIEND-01 (002:L837-839): a friend touching the shooter is not in the way."""
    state = battle([])
    a = add(state, "A1", 0, 10, 10, BOW)
    add(state, "A2", 0, 10, 10 + BASE_GAP)
    add(state, "B1", 1, 10, 20)
    assert [t.uid for t in legal_targets(state, a)] == ["B1"]


def test_good_cannot_shoot_into_a_fight() -> None:
    """SHOOT-CMB-01 (002:L845): Good may not target an engaged enemy."""
    state = battle([])
    a = add(state, "A1", 0, 10, 10, BOW)
    add(state, "B1", 1, 10, 20)
    add(state, "A2", 0, 10 + BASE_GAP, 20)
    assert legal_targets(state, a) == []


@pytest.mark.parametrize(("die", "victim"), [(2, "B2"), (3, "B2"), (4, "A1")])
def test_evil_shooting_into_a_fight_may_hit_its_own(die: int, victim: str) -> None:
    """SHOOT-CMB-02, SHOOT-CMB-03, SHOOT-CMB-04 (002:L847-849, L866): Fimbul hits (6) Thorin
    in a fight (B2, in the fight and on the line, takes no in-the-way test); a
    special roll of 1-3 (Fimbul's 2) hits the shooter's friend in the fight, 4-6 the target."""
    state = battle([6, die, 6], alignments=(Alignment.GOOD, Alignment.EVIL))
    shooter = add(state, "B9", 1, 30, 20, ORC_BOW)
    add(state, "A1", 0, 20, 20)
    add(state, "B2", 1, 20 + BASE_GAP, 20)
    shoot(state, shooter, state.models["A1"])
    assert not state.models[victim].alive


def test_sling_shoots_twice_when_standing_still() -> None:
    """MSL-SLING-01 (002:L2162)."""
    state = battle([])
    a = add(state, "A1", 0, 10, 10, profile(wargear=("sling",)))
    assert shots_allowed(state, a) == 2
    a.moved = True
    assert shots_allowed(state, a) == 1


def test_priority_side_shoots_first() -> None:
    """SHOOT-GEN-02, TURN-04, TURN-07 (002:L697, L331, L337): the Priority player's
    shots are resolved first."""
    state = battle([1, 1], priority=1, alignments=(Alignment.EVIL, Alignment.GOOD))
    add(state, "A1", 0, 10, 10, ORC_BOW)
    add(state, "B1", 1, 10, 20, ORC_BOW)
    run_shoot_phase(state, players())
    assert [e.data["shooter"] for e in state.log.of_kind("shot")] == ["B1", "A1"]


@pytest.mark.parametrize(("wound_die", "slain"), [(5, True), (4, False)])
def test_throwing_while_charging(wound_die: int, slain: bool) -> None:
    """MSL-THROW-02/03 (002:L2142-2146): stop 1" short, throw with no moving penalty (4+
    hits on 4), then complete the charge only if the target survived."""
    from battlesim.engines.sbg.core.actions import Charge
    from battlesim.engines.sbg.rules.movement import apply_action

    state = battle([4, wound_die], alignments=(Alignment.EVIL, Alignment.GOOD))
    thrower = add(state, "A1", 0, 10, 10, profile(wargear=("sword", "throwing weapons")))
    target = add(state, "B1", 1, 10, 15)
    apply_action(state, thrower, Charge("A1", "B1", (10, 15 - BASE_GAP), throw=True))
    assert state.log.of_kind("shot")[0].data["hit"] is True
    assert target.alive is not slain
    assert state.engaged(thrower) is not slain
    if slain:
        assert state.distance(thrower, target) == pytest.approx(1.0, abs=1e-3)
    assert thrower.shot


def test_an_illegal_target_is_refused_and_logged() -> None:
    """Players choose, the rules decide: a target not offered is refused; no shot is made."""
    from battlesim.engines.sbg.policies.players import HeuristicPlayer

    class Cheat(HeuristicPlayer):
        def choose_target(self, *_: object) -> str:
            return "A2"

    state = battle([], alignments=(Alignment.EVIL, Alignment.GOOD))
    add(state, "A1", 0, 10, 10, ORC_BOW)
    add(state, "A2", 0, 30, 10)
    add(state, "B1", 1, 10, 20)
    run_shoot_phase(state, (Cheat(), Cheat()))
    assert "A2 is not a legal target" in state.log.of_kind("refused")[0].data["reason"]
    assert not state.log.of_kind("shot")


def test_any_visible_enemy_in_range_may_be_chosen_beyond_those_offered() -> None:
    """SHOOT-ELIG-03 (002:L737, « choisissez simplement un ennemi parmi eux »): the engine
    offers players the nearest few targets (a speed cap), but a fifth enemy, visible and in
    range, is a legal choice: the shot is made at it (issue 15, item 5)."""
    from battlesim.engines.sbg.policies.players import HeuristicPlayer
    from battlesim.engines.sbg.rules.shooting import TARGETS_OFFERED

    class Far(HeuristicPlayer):
        def choose_target(self, state: object, shooter: object, targets: list) -> str:
            assert "B5" not in {t.uid for t in targets}  # not offered
            return "B5"

    state = battle([4, 1], alignments=(Alignment.EVIL, Alignment.GOOD))
    add(state, "A1", 0, 10, 10, ORC_BOW)
    for k in range(1, 6):
        add(state, f"B{k}", 1, 4.0 + 3.0 * k, 14.0 + k)  # in range, nearest first
    assert TARGETS_OFFERED < 5
    run_shoot_phase(state, (Far(), Far()))
    assert state.log.of_kind("shot")[0].data["target"] == "B5"
    assert not state.log.of_kind("refused")

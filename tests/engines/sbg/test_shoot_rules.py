"""Shoot phase rules not covered elsewhere (part 1 §5, 002:L689-918): who shoots, the order
of a shot's rolls, terrain in the way, sight, one shot a turn, wounds of several-Wound
models. Men on 25 mm bases (radius R); the wall is 0.8" high along y=12."""

from __future__ import annotations

from battlesim.engines.sbg.core.table import Cover, Table, TerrainKind, TerrainPiece
from battlesim.engines.sbg.core.units import Alignment
from battlesim.engines.sbg.phases.shoot import run_shoot_phase
from battlesim.engines.sbg.rules.shooting import can_shoot, legal_targets, shoot
from tests.engines.sbg.builders import add, battle, players, profile, rolls

R = 25.0 / 25.4 / 2
BOW = profile(wargear=("sword", "bow"))
EVIL = (Alignment.EVIL, Alignment.GOOD)


def _wall() -> Table:
    wall = TerrainPiece("wall", TerrainKind.OBSTACLE, ((0, 12), (48, 12)), 0.8, 0.3, Cover.SOLID)
    return Table("t", (wall,))


def test_shoot_gen_01_elig_01_only_models_with_a_missile_weapon_shoot() -> None:
    """SHOOT-GEN-01, SHOOT-ELIG-01 (002:L693, L729): A1's bow shoots at B1; A2, with only a
    sword, does not."""
    state = battle([1, 1, 1, 1], alignments=EVIL)
    add(state, "A1", 0, 10, 10, BOW)
    add(state, "A2", 0, 14, 10)
    add(state, "B1", 1, 12, 20)
    run_shoot_phase(state, players())
    assert [p for p, _ in rolls(state)] == ["to hit A1->B1"]


def test_shoot_gen_03_itw_08_the_wall_takes_the_arrow() -> None:
    """SHOOT-GEN-03, SHOOT-ITW-08 (002:L701-725, L793-795): as Bard's arrow and the house:
    the to-hit roll (5) hits, then the in-the-way test for the wall (2 < 4) fails: the arrow
    hits the wall, no wound roll."""
    state = battle([5, 2], alignments=EVIL, table=_wall())
    shooter = add(state, "A1", 0, 10, 5, BOW)
    target = add(state, "B1", 1, 10, 12.15 + R + 0.3)
    shoot(state, shooter, target)
    assert [p for p, _ in rolls(state)] == ["to hit A1->B1", "in the way wall (4+)"]
    assert state.log.of_kind("in_the_way_hit")[0].data["obstruction"] == "wall"


def test_shoot_gen_03_a_passed_test_goes_on_to_wound() -> None:
    """SHOOT-GEN-03 (002:L701-725): hit (5), in the way passed (4), then to wound (5, S2 v
    D4): LOS and items first, then to hit, in the way, to wound, casualty."""
    state = battle([5, 4, 5], alignments=EVIL, table=_wall())
    shooter = add(state, "A1", 0, 10, 5, BOW)
    target = add(state, "B1", 1, 10, 12.15 + R + 0.3)
    shoot(state, shooter, target)
    purposes = [p for p, _ in rolls(state)]
    assert purposes == ["to hit A1->B1", "in the way wall (4+)", "to wound A1->B1 (S2 D4)"]
    assert not target.alive


def test_shoot_elig_03_the_target_must_be_seen() -> None:
    """SHOOT-ELIG-03 (002:L737, L757): B1 hides behind a house, B2 in the open: only B2
    may be targeted."""
    house = TerrainPiece(
        "house", TerrainKind.IMPASSABLE, ((8, 14), (12, 14), (12, 16), (8, 16)), 3.0
    )
    state = battle([], alignments=EVIL, table=Table("t", (house,)))
    shooter = add(state, "A1", 0, 10, 10, BOW)
    add(state, "B1", 1, 10, 18)
    add(state, "B2", 1, 16, 18)
    assert [t.uid for t in legal_targets(state, shooter)] == ["B2"]


def test_shoot_elig_05_one_shot_a_turn() -> None:
    """SHOOT-ELIG-05 (002:L763): after its shot (a miss) the bowman cannot shoot again this
    turn; next turn it can."""
    state = battle([1], alignments=EVIL)
    shooter = add(state, "A1", 0, 10, 10, BOW)
    add(state, "B1", 1, 10, 20)
    run_shoot_phase(state, players())
    assert not can_shoot(state, shooter)
    shooter.reset_turn()
    assert can_shoot(state, shooter)


def test_shoot_wnd_03_wounds_of_a_several_wound_model_are_tracked() -> None:
    """SHOOT-WND-03 (002:L896-898): a 2-Wound target loses one Wound per wound and is
    removed with its last: hit 4, wound 5; hit 4, wound 6."""
    state = battle([4, 5, 4, 6], alignments=EVIL)
    shooter = add(state, "A1", 0, 10, 10, BOW)
    target = add(state, "B1", 1, 10, 20, profile(wounds=2))
    shoot(state, shooter, target)
    assert target.alive and target.wounds == 1
    shoot(state, shooter, target)
    assert not target.alive and state.casualties == [0, 1]


def test_shoot_volley_01_shots_are_resolved_one_by_one() -> None:
    """SHOOT-VOLLEY-01 (002:L904-918): batching dice is a speed device; the engine resolves
    each shot completely (hit, then wound) before the next, which keeps every per-shot
    choice possible and gives the same distribution."""
    state = battle([4, 1, 4, 1], alignments=EVIL)
    add(state, "A1", 0, 10, 10, BOW)
    add(state, "A2", 0, 12, 10, BOW)
    add(state, "B1", 1, 11, 20)
    run_shoot_phase(state, players())
    purposes = [p for p, _ in rolls(state)]
    assert purposes == [
        "to hit A1->B1",
        "to wound A1->B1 (S2 D4)",
        "to hit A2->B1",
        "to wound A2->B1 (S2 D4)",
    ]


BEAST = profile(name="Beast", keywords=frozenset({"war beast", "monster"}), base_mm=100.0)
FLYER = profile(name="Drake", keywords=frozenset({"monster"}), rules=("Fly",), base_mm=60.0)
WALKER = profile(name="Troll", keywords=frozenset({"monster"}), base_mm=60.0)
SMALL = profile(name="Orc", keywords=frozenset({"orc", "warrior"}))


def _big_target(target_profile: object) -> object:
    """A Good bowman at y=5; a friend and an Orc between it and the target 10" away (at
    y=8 and y=11, off to each side of the line but covering part of the large base), and a
    Monster (60 mm) at y=13 on the line."""
    state = battle([6, 4, 6])
    add(state, "A1", 0, 10, 5, BOW)
    add(state, "A2", 0, 10.3, 8)
    add(state, "B2", 1, 9.7, 11, SMALL)
    add(state, "B3", 1, 10.9, 13, WALKER)
    add(state, "B1", 1, 10, 18, target_profile)
    return state


def test_shoot_itw_06_a_war_beast_or_flyer_shot_ignores_small_models() -> None:
    """SHOOT-ITW-06 (002:L823): shooting at a War Beast, or at a flying Monster, ignores every
    model that is not a Monster, Siege Engine or War Beast: the Good bowman may shoot past
    its friend (no SHOOT-ITW-05 ban) and tests only for the Monster in the way (4: goes on),
    then wounds (6)."""
    for target_profile in (BEAST, FLYER):
        state = _big_target(target_profile)
        shooter, target = state.models["A1"], state.models["B1"]
        assert target in legal_targets(state, shooter)
        shoot(state, shooter, target)
        purposes = [p for p, _ in rolls(state)]
        assert purposes[1] == "in the way B3 (4+)" and len(purposes) == 3, purposes


def test_shoot_itw_06_other_targets_keep_every_model_in_the_way() -> None:
    """SHOOT-ITW-06/05 (002:L821-823): a Monster that does not fly is not such a target: the
    Good bowman's friend in the way forbids the shot."""
    state = _big_target(WALKER)
    assert state.models["B1"] not in legal_targets(state, state.models["A1"])


def test_shoot_itw_07_an_engaged_war_beast_still_takes_the_combat_roll() -> None:
    """SHOOT-ITW-07 (002:L825): an Evil bowman shooting a War Beast engaged by a Man: the
    Orc in the way is ignored, but the in-combat roll (SHOOT-CMB-03) is still made: 2 hits
    the bowman's friend."""
    state = battle([6, 2, 6], alignments=EVIL)
    shooter = add(state, "A1", 0, 10, 5, BOW)
    add(state, "A2", 0, 9.7, 11, SMALL)
    target = add(state, "B1", 1, 10, 18, BEAST)
    add(state, "A3", 0, 10 + 100 / 25.4 / 2 + R, 18)
    shoot(state, shooter, target)
    assert [p for p, _ in rolls(state)][:2] == ["to hit A1->B1", "shooting into combat B1"]
    assert rolls(state)[2][0].startswith("to wound") and "A3" in rolls(state)[2][0]


def test_shoot_move_02_turning_on_the_spot_is_not_moving() -> None:
    """SHOOT-MOVE-02 (002:L858): a Move that ends where it started (turning on the spot) is
    no movement: the 4+ bowman keeps hitting on 4 (after a real 1" move a 4 would miss)."""
    from battlesim.engines.sbg.core.actions import Move
    from battlesim.engines.sbg.rules.movement import apply_action

    state = battle([4, 1], alignments=EVIL)
    shooter = add(state, "A1", 0, 10, 5, BOW)
    target = add(state, "B1", 1, 10, 15)
    apply_action(state, shooter, Move("A1", (10, 5)))
    assert not shooter.moved and shooter.done_moving
    shoot(state, shooter, target)
    assert state.log.of_kind("shot")[0].data["hit"] is True


def test_shoot_itw_09_a_hero_spends_might_on_the_in_the_way_test() -> None:
    """SHOOT-ITW-09 (002:L1540): a Hero's arrow hits (6) but rolls 3 for the wall in the way
    (4+); 1 Might makes it 4: the arrow goes on and wounds (6)."""
    from battlesim.engines.sbg.policies.players import HeuristicPlayer

    class Mighty(HeuristicPlayer):
        def spend_might(self, state: object, model: object, ask: object) -> int:
            return ask.cost  # type: ignore[attr-defined]

    state = battle([6, 3, 6], alignments=EVIL, table=_wall())
    state.players = (Mighty(), Mighty())
    hero = profile(wargear=("sword", "bow"), might=1, keywords=frozenset({"man", "hero"}))
    shooter = add(state, "A1", 0, 10, 5, hero)
    target = add(state, "B1", 1, 10, 12.15 + R + 0.3)
    shoot(state, shooter, target)
    assert not target.alive and shooter.might == 0
    assert not state.log.of_kind("in_the_way_hit")

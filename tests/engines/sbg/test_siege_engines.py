"""Siege Engines (checklist part 2 §11, SE-*; 002:L3020-3174), with scripted dice.

Each expected outcome is read from the French text (lines cited) or the engine rule's English
text in the BattleScribe data (rule id cited)."""

from __future__ import annotations

import math
from dataclasses import replace

import pytest

from battlesim.engines.sbg.core.units import (
    Alignment,
    SiegeEngineSpec,
    engine_profile,
    force_from_data,
    profile_from_data,
    profile_to_data,
)
from battlesim.engines.sbg.game import play_game
from battlesim.engines.sbg.rules import siege_engines as se
from battlesim.engines.sbg.rules.movement import can_move
from battlesim.engines.sbg.rules.siege_crew import beyond_tether
from battlesim.engines.sbg.samples import SAMPLE_FORCES
from tests.engines.sbg.builders import add, battle, players, profile, rolls

TREBUCHET = SiegeEngineSpec(
    "Gondor Battlecry Trebuchet", 10, 10, 3, True, ("Wall-Breaker", "Indirect Fire", "Area Effect")
)
BALLISTA = SiegeEngineSpec("Test Ballista", 9, 10, 3, False, ())
VETERAN = profile(name="Siege Veteran", keywords=frozenset({"man", "infantry", "hero"}), might=1)
ORC = profile(name="Orc", defence=4, points=5)


def _engine(state, spec=BALLISTA, x=24.0, y=4.0, crew=2):
    """The engine at (x, y) with ``crew`` crewmen in contact (the veteran first)."""
    engine = add(state, "E1", 0, x, y, engine_profile(spec))
    gap = engine.radius + 0.5
    ids = []
    for k in range(crew):
        card = VETERAN if k == 0 else profile(name="Crew")
        uid = f"C{k + 1}"
        add(state, uid, 0, x - gap + 2 * gap * k, y, card)
        ids.append(uid)
    state.engines["E1"] = ids
    return engine


def _fire(state, engine, target):
    crew = se.crewing(state, engine)
    assert crew is not None
    se.fire(state, engine, crew, target)


def test_se_prof_01_engine_card_from_data_and_back():
    """SE-PROF-01 (002:L3022-3027): Strength, Defence, Wounds; SE-VET-01: it rides on the
    veteran's card and comes on the table beside him with its crew (SE-CREW-01)."""
    data = dict(SAMPLE_FORCES["minas_tirith_trebuchet_skirmish"])
    force = force_from_data(data, prefix="A")
    (engine_id, crew), *_ = force.engines
    card = next(s.profile for s in force.models if s.uid == engine_id)
    assert (card.strength, card.defence, card.wounds) == (10, 10, 3)
    assert "siege engine" in card.keywords
    veteran = next(s.profile for s in force.models if s.uid == crew[0])
    assert veteran.siege_engine is not None and "Siege Veteran" in veteran.name
    assert len(crew) == 3
    assert profile_from_data(profile_to_data(veteran)) == veteran


def test_se_cour_01_engine_is_no_model_for_the_break():
    """SE-COUR-01 (002:L3124): the engine is no model for the army's size nor a casualty."""
    state = battle()
    engine = _engine(state)
    assert state.start_counts[0] == 2
    state.wound(engine, "test", count=3)
    assert not engine.alive and state.casualties[0] == 0
    assert state.alive_count(0) == 2


def test_se_move_01_and_crew_01_engine_stays_crew_tethered():
    """SE-MOVE-01 (002:L3037): no engine moves by itself; SE-CREW-01 (002:L3029): its crew
    may not go over 6" from it while it stands."""
    state = battle()
    engine = _engine(state)
    crewman = state.models["C1"]
    assert not can_move(state, engine)
    assert beyond_tether(state, crewman, (crewman.x, crewman.y + 8.0))
    assert not beyond_tether(state, crewman, (crewman.x, crewman.y + 5.0))
    state.wound(engine, "test", count=3)  # SE-ATK-01: destroyed, the crew act normally
    assert not beyond_tether(state, crewman, (crewman.x, crewman.y + 8.0))


def test_se_atk_03_never_prone_never_charged():
    """SE-ATK-03 (002:L3132): no control zone, never knocked down; reading 32: never
    charged."""
    from battlesim.engines.sbg.core.hooks import HookContext
    from battlesim.engines.sbg.core.permissions import May, permitted
    from battlesim.engines.sbg.rules.monsters.core import knock_prone

    state = battle()
    engine = _engine(state)
    knock_prone(state, engine, "test")
    assert not engine.prone
    assert not permitted(May.BE_CHARGED, HookContext(state, engine))


def test_se_shoot_01_02_crew_needed():
    """SE-SHOOT-01/02 (002:L3043, L3047): a Large engine needs two able crew, a Small one;
    engaged or prone crew do not count."""
    state = battle()
    large = _engine(state, TREBUCHET, crew=1)
    assert se.crewing(state, large) is None
    state = battle()
    small = _engine(state, BALLISTA, crew=1)
    assert se.crewing(state, small) is not None
    state.models["C1"].prone = True
    assert se.crewing(state, small) is None


def test_se_shoot_04_best_shoot_value_and_inexperienced_need_six():
    """SE-SHOOT-04 (002:L3051): the best Shoot value of the crew; SE-INEXP-01 (002:L3120):
    more helpers than trained crew hit only on 6."""
    state = battle()
    engine = _engine(state, TREBUCHET, crew=2)
    state.models["C2"].spec = replace(state.models["C2"].spec, profile=profile(shoot=3))
    crew = se.crewing(state, engine)
    assert crew is not None and crew.need(state) == 3
    state = battle()
    engine = _engine(state, TREBUCHET, crew=0)
    add(state, "H1", 0, engine.x - engine.radius - 0.5, engine.y)
    add(state, "H2", 0, engine.x + engine.radius + 0.5, engine.y)
    crew = se.crewing(state, engine)
    assert crew is not None and len(crew.inexperienced) == 2 and crew.need(state) == 6


def test_se_shoot_04_miss_is_a_miss():
    """SE-SHOOT-04: a failed To Hit misses; nothing else is rolled."""
    state = battle([3])
    engine = _engine(state)
    target = add(state, "B1", 1, 24.0, 30.0, ORC)
    _fire(state, engine, target)
    assert target.alive and len(rolls(state)) == 1


def test_se_wound_02_perfect_shot_kills_outright_and_knocks_prone():
    """SE-SCATTER-01 6 (002:L3092) then SE-WOUND-02 (002:L3098): the battlefield target
    wounded is slain whatever its Wounds."""
    state = battle([4, 6, 3])  # to hit 4+, scatter 6, to wound S9 v D5: 3+
    engine = _engine(state)
    target = add(state, "B1", 1, 24.0, 30.0, profile(name="Big", defence=5, wounds=3))
    _fire(state, engine, target)
    assert not target.alive


def test_se_wound_02_unwounded_target_is_still_prone():
    """SE-WOUND-02 (002:L3098): « jetée à terre » even when not wounded."""
    state = battle([4, 6, 1])
    engine = _engine(state)
    target = add(state, "B1", 1, 24.0, 30.0, ORC)
    _fire(state, engine, target)
    assert target.alive and target.prone


def test_se_wound_03_defence_ten_takes_half_wounds():
    """SE-WOUND-03 (002:L3100), reading 31: Defence 10 or 10+ Wounds: half its starting
    Wounds, rounded up, instead of the outright kill."""
    state = battle()
    big = add(state, "B1", 1, 24.0, 30.0, profile(name="Giant", defence=7, wounds=10))
    assert se.outright_wounds(big) == 5
    hard = add(state, "B2", 1, 30.0, 30.0, profile(name="Hard", defence=10, wounds=3))
    assert se.outright_wounds(hard) == 2
    soft = add(state, "B3", 1, 36.0, 30.0, profile(name="Soft", defence=5, wounds=3))
    assert se.outright_wounds(soft) == 3


def test_se_scatter_01_slight_scatter_opponent_picks_his_cheaper_model():
    """SE-SCATTER-01 2-5 (002:L3091): the opponent may move the shot to another of his
    Battlefield targets within 6" (his cheapest, by default)."""
    state = battle([4, 3, 6])
    state.players = players()
    engine = _engine(state)
    target = add(state, "B1", 1, 24.0, 30.0, replace(ORC, points=50, name="Dear"))
    cheap = add(state, "B2", 1, 27.0, 30.0, replace(ORC, points=5))
    _fire(state, engine, target)
    assert target.alive and not cheap.alive


def test_se_scatter_01_miss_onto_the_shooters_own_model():
    """SE-SCATTER-01 1 (002:L3090): the opponent may pick a model of the shooter within 6"
    of the target."""
    state = battle([4, 1, 6])
    state.players = players()
    engine = _engine(state)
    target = add(state, "B1", 1, 24.0, 30.0, ORC)
    friend = add(state, "A9", 0, 24.0, 26.0, profile(name="Friend", points=9))
    state.alignment  # noqa: B018 (Evil or Good: the Good friend is 4" off, outside 2")
    _fire(state, engine, target)
    assert target.alive and not friend.alive


def test_accurate_scatters_three_inches_only():
    """BSData Accurate (3cb0-101f-89f9-6c6a): the scatter reaches 3", not 6"."""
    state = battle([4, 1])
    state.players = players()
    spec = replace(BALLISTA, rules=("Accurate",))
    engine = _engine(state, spec)
    target = add(state, "B1", 1, 24.0, 30.0, ORC)
    friend = add(state, "A9", 0, 24.0, 25.5, profile(name="Friend"))
    _fire(state, engine, target)
    assert target.alive and friend.alive
    assert any(e.kind == "engine_missed" for e in state.log.events)


def test_area_effect_s5_hits_around_the_target():
    """BSData Area Effect (b7ec-80ee-e92d-f4f9): models within 2" of a Battlefield target
    hit suffer one S5 hit (not an outright kill)."""
    # to hit, scatter 6, to wound S10 v D4 (3+), then the neighbour's S5 v D4 (4+)
    state = battle([4, 6, 3, 4])
    state.players = players()
    spec = replace(BALLISTA, rules=("Area Effect",))
    engine = _engine(state, spec)
    target = add(state, "B1", 1, 24.0, 30.0, ORC)
    neighbour = add(state, "B2", 1, 25.5, 30.0, replace(ORC, wounds=2))
    _fire(state, engine, target)
    assert not target.alive and neighbour.alive and neighbour.wounds == 1


def test_se_tgt_01_siege_target_no_scatter_one_wound():
    """SE-TGT-01, SE-SHOOT-04 (002:L3051): a Large engine is a Siege target: no scatter;
    it loses one Wound per success."""
    state = battle([4, 6])  # to hit, to wound S9 v D10 (6/4 -> 6 then ...)
    enemy = add(state, "X1", 1, 24.0, 30.0, engine_profile(TREBUCHET))
    engine = _engine(state)
    assert se.siege_target(enemy)
    state = battle([4, 5, 4])  # S9 v D10: 5+ (wound chart), Wall-Breaker aside
    enemy = add(state, "X1", 1, 24.0, 30.0, engine_profile(TREBUCHET))
    engine = _engine(state, replace(BALLISTA, strength=10))
    _fire(state, engine, enemy)
    assert not any("scatter" in purpose for purpose, _ in rolls(state))
    assert enemy.wounds < 3


def test_indirect_fire_volley_range_twelve_to_ninety_six():
    """BSData Indirect Fire (fd67-b261-f3fd-d070), SE-VOLLEY-01 (002:L3057): volley, range
    12"-96"."""
    state = battle()
    engine = _engine(state, TREBUCHET)
    assert se.reach(engine) == (12.0, 96.0) and se.volley(engine)
    crew = se.crewing(state, engine)
    near = add(state, "B1", 1, 24.0, 10.0, ORC)
    assert not se.legal_target(state, engine, crew, near)


def test_se_upg_range_short_range_superior():
    """Short Range (d05d-2364-2774-bee4): 24"; SE-UPG-RANGE (002:L3170): +12"."""
    state = battle()
    engine = _engine(
        state, replace(BALLISTA, rules=("Short Range",), upgrades=("Superior Construction",))
    )
    assert se.reach(engine) == (0.0, 36.0)


def test_se_good_01_good_engine_may_not_fire_with_friend_in_area():
    """SE-GOOD-01 (002:L3080): a Good engine may not fire if its area of effect on the
    target holds a friend."""
    state = battle()
    engine = _engine(state, replace(BALLISTA, rules=("Area Effect",)))
    crew = se.crewing(state, engine)
    target = add(state, "B1", 1, 24.0, 30.0, ORC)
    assert se.legal_target(state, engine, crew, target)
    add(state, "A9", 0, 25.5, 30.0)
    assert not se.legal_target(state, engine, crew, target)


def test_se_upg_troll_rerolls_to_hit():
    """SE-UPG-TROLL (002:L3152): a Troll in contact re-rolls the To Hit roll, and does not
    count towards the crew."""
    state = battle([2, 5, 6, 1])
    engine = _engine(state)
    add(
        state,
        "T1",
        0,
        engine.x,
        engine.y - engine.radius - 40.0 / 25.4 / 2,
        profile(name="Troll", keywords=frozenset({"troll", "infantry"}), base_mm=40.0),
    )
    target = add(state, "B1", 1, 24.0, 30.0, ORC)
    crew = se.crewing(state, engine)
    assert crew is not None and crew.troll is not None and len(crew.operators) == 2
    se.fire(state, engine, crew, target)
    assert rolls(state)[1][0].startswith("engine to hit re-roll")


def test_se_upg_flame_rerolls_ones_against_siege_targets():
    """SE-UPG-FLAME (002:L3162): against a Siege target, To Wound 1s are re-rolled."""
    state = battle([4, 1, 6])
    enemy = add(state, "X1", 1, 24.0, 30.0, engine_profile(TREBUCHET))
    engine = _engine(state, replace(BALLISTA, strength=10, upgrades=("Flaming Ammunition",)))
    _fire(state, engine, enemy)
    assert enemy.wounds == 2


def test_wall_breaker_keeps_the_higher_of_two_dice():
    """BSData Wall-Breaker (455c-ce02-b279-7c7a): two dice To Wound a Siege target, the
    highest kept."""
    state = battle([4, 1, 6])  # to hit; wall-breaker dice 1 and 6 -> 6 wounds D10 at S10
    enemy = add(state, "X1", 1, 24.0, 30.0, engine_profile(TREBUCHET))
    engine = _engine(state, replace(TREBUCHET, rules=("Wall-Breaker",)))
    _fire(state, engine, enemy)
    assert enemy.wounds == 2


def test_rapid_fire_d6_shots_no_outright_kill():
    """BSData Rapid Fire (587f-bed7-9efd-eafb): D6 shots, each hit or miss, no outright
    kill nor knock-down; SE-UPG-RELOAD (002:L3174): 2D6, the highest."""
    state = battle([1, 2, 4, 5, 3])  # 2D6 1 and 2: 2 shots; hit 4, wound 5; miss 3
    spec = replace(BALLISTA, strength=7, rules=("Rapid Fire",), upgrades=("Swift Reload",))
    engine = _engine(state, spec)
    target = add(state, "B1", 1, 24.0, 30.0, replace(ORC, wounds=3))
    _fire(state, engine, target)
    shots = [p for p, _ in rolls(state) if p.startswith("shots of")]
    assert shots and rolls(state)[0][1] == [1, 2]
    assert target.alive and not target.prone and target.wounds == 2


def test_engine_fires_in_a_battle():
    """A sample force with its Trebuchet: the engine fires in the Shoot phase."""
    result = play_game(
        seed=3, options={"forces": ["minas_tirith_trebuchet_skirmish", "mordor_skirmish"]}
    )
    kinds = [e.kind for e in result.log.events]
    assert "engine_fires" in kinds
    assert result.summary["ignored"] == [[], []]


@pytest.mark.parametrize("seed", range(3))
def test_engine_battles_with_random_players_end(seed):
    result = play_game(
        seed=seed,
        options={
            "forces": ["minas_tirith_trebuchet_skirmish", "mordor_skirmish"],
            "players": ["random", "random"],
        },
    )
    assert result.summary["turns"] >= 1


def test_piercing_shot_flings_the_target_over_others():
    """BSData Piercing Shot (9ab3-1e2b-0a19-417b): a target of Strength 5 or less not slain
    is flung D6" directly away from the engine; a model passed over is knocked Prone and
    takes one S6 hit."""
    # to hit 4, scatter 6, to wound S9 v D4 fails on 1, flung 3", S6 v D4 on the passed: 5
    state = battle([4, 6, 1, 3, 5])
    state.players = players()
    engine = _engine(state, replace(BALLISTA, rules=("Piercing Shot",)))
    target = add(state, "B1", 1, 24.0, 30.0, ORC)
    passed = add(state, "B2", 1, 24.0, 31.6, ORC)
    _fire(state, engine, target)
    assert target.alive and target.prone and target.y == pytest.approx(33.0, abs=0.05)
    assert not passed.alive


def test_se_upg_heads_s3_hits_and_courage_tests():
    """SE-UPG-HEADS (002:L3166): the target and each model within 2" take one S3 hit (no
    knock-down); each enemy hit that fails its Courage test is removed."""
    # to hit 4, scatter 6; S3 v D4 (5+): B1 5 (slain), B2 1, B3 1; Courage B2 1+1 fails,
    # B3 6+6 passes
    state = battle([4, 6, 5, 1, 1, 1, 1, 6, 6])
    state.players = players()
    engine = _engine(state, replace(BALLISTA, upgrades=("Severed Heads",)))
    target = add(state, "B1", 1, 24.0, 30.0, ORC)
    fled = add(state, "B2", 1, 25.6, 30.0, ORC)
    brave = add(state, "B3", 1, 22.4, 30.0, ORC)
    _fire(state, engine, target)
    assert not target.alive and not fled.alive and brave.alive and not brave.prone


class _Pusher:
    """A player that pushes the engine to ``point`` and answers the rest by default."""

    def __init__(self, point):
        self.point = point

    def decide(self, state, decision):
        from battlesim.engines.sbg.rules.siege_moves import PushEngine

        return self.point if isinstance(decision, PushEngine) else decision.default(state)


def test_se_move_01_three_push_full_move_two_push_half():
    """SE-MOVE-01 (002:L3037): three models in contact move it up to the slowest's Move
    (6"), two up to half (3"), one not at all; the pushers move with it; it may not fire."""
    from battlesim.engines.sbg.rules import siege_moves

    state = battle()
    engine = _engine(state, TREBUCHET, crew=2)
    assert siege_moves.push_allowance(siege_moves.pushers(state, engine)) == 3.0
    add(state, "C3", 0, engine.x, engine.y - engine.radius - 0.5)
    assert siege_moves.push_allowance(siege_moves.pushers(state, engine)) == 6.0
    siege_moves.push_engines(state, _Pusher((24.0, 10.0)), 0)
    assert engine.position == (24.0, 10.0) and engine.moved
    assert state.in_contact(state.models["C1"], engine)
    assert se.crewing(state, engine) is None  # SE-SHOOT-01: it moved this turn


def test_se_move_01_too_far_is_refused():
    from battlesim.engines.sbg.rules import siege_moves

    state = battle()
    engine = _engine(state, TREBUCHET, crew=2)
    siege_moves.push_engines(state, _Pusher((24.0, 10.0)), 0)  # 6" with two: half is 3"
    assert engine.position == (24.0, 4.0)


def test_se_atk_02_enemy_a_whole_turn_in_contact_puts_it_out():
    """SE-ATK-02 (002:L3130): an enemy a whole turn in base contact, doing nothing else,
    makes the engine inoperable; SE-ATK-03: touching it does not engage."""
    from battlesim.engines.sbg.core.state import Phase, Tick, tick

    state = battle()
    engine = _engine(state, BALLISTA, crew=1)
    enemy = add(state, "B1", 1, engine.x, engine.y + engine.radius + 0.5, ORC)
    assert state.in_contact(enemy, engine) and not state.engaged(enemy)
    tick(state, Tick.TURN_START)
    state.begin_phase(Phase.END)
    assert not engine.alive
    state = battle()
    engine = _engine(state, BALLISTA, crew=1)
    enemy = add(state, "B1", 1, engine.x, engine.y + engine.radius + 0.5, ORC)
    tick(state, Tick.TURN_START)
    enemy.shot = True  # it did something else this turn
    state.begin_phase(Phase.END)
    assert engine.alive


def test_wb_sht_01_a_scatter_at_a_howdah_model_hits_the_war_beast():
    """WB-SHT-01 (002:L1907), reading 9: a siege engine's shot at a howdah model that
    scatters (any result but 6) hits the War Beast."""
    from battlesim.engines.sbg.rules.howdah import howdah

    state = battle([4, 3])
    state.players = players()
    engine = _engine(state)
    beast = add(
        state,
        "B1",
        1,
        24.0,
        30.0,
        profile(
            name="Beast",
            keywords=frozenset({"war beast", "monster"}),
            wounds=10,
            defence=7,
            base_mm=100.0,
        ),
    )
    rider = add(state, "B2", 1, 24.0, 30.0, ORC)
    howdah(rider).riding = beast.uid
    assert se.siege_target(beast)
    assert se._scatter(state, engine, se.crewing(state, engine), rider) is beast


class _SpendsMight:
    """A player that spends one Might point whenever asked, the rest by default."""

    def decide(self, state, decision):
        from battlesim.engines.sbg.rules.might import SpendMight

        return 1 if isinstance(decision, SpendMight) else decision.default(state)


def test_se_vet_01_the_veteran_spends_might_on_the_engine_to_hit():
    """SE-VET-01 (002:L3033): the Siege Veteran may use Might on the engine's To Hit roll
    (a 3 raised to the 4 it needs); an ordinary crewman has none to spend."""
    state = battle([3, 6, 1])  # to hit 3 (+1 Might: 4), scatter 6, to wound 1
    state.players = (_SpendsMight(), _SpendsMight())
    engine = _engine(state)
    state.models["C1"].might = 1
    target = add(state, "B1", 1, 24.0, 30.0, ORC)
    _fire(state, engine, target)
    assert state.models["C1"].might == 0 and target.prone  # hit: knocked down


def test_se_wound_04_cavalry_rider_and_mount_both_hit():
    """SE-WOUND-04 (002:L3102): a Cavalry model hit: mount and rider each rolled To Wound;
    the mount wounded is slain outright."""
    # hit 4, perfect shot 6, mount S9 v D4: 5 slays it, thrown rider 6, rider: 1 fails
    state = battle([4, 6, 5, 6, 1, 6, 6])
    state.players = players()
    engine = _engine(state)
    card = profile_to_data(replace(ORC, keywords=frozenset({"orc", "infantry", "warrior"})))
    rider = add(state, "B1", 1, 24.0, 30.0, profile_from_data({**card, "options": ["horse"]}))
    assert rider.mount is not None
    _fire(state, engine, rider)
    assert any(e.kind == "mount_slain" for e in state.log.events)
    purposes = [purpose for purpose, _ in rolls(state) if purpose.startswith("engine to wound")]
    assert len(purposes) == 2  # the mount's roll, then the rider's


def test_se_deploy_03_an_engine_holds_no_objective():
    """SE-DEPLOY-03 (002:L3144): an engine never counts towards holding an objective."""
    from battlesim.engines.sbg.rules import scenario_play

    state = battle()
    _engine(state, BALLISTA, crew=0)
    assert scenario_play.within(state, (24.0, 4.0), 3.0) == [0, 0]


def test_se_crew_02_a_crewman_of_another_engine_of_the_army_is_trained():
    """SE-CREW-02 (002:L3110): a crewman may operate any engine his army fields, as trained
    crew; a friend who crews none counts as inexperienced (SE-INEXP-01)."""
    state = battle()
    engine = _engine(state, TREBUCHET, crew=0)
    other = add(state, "E2", 0, 40.0, 4.0, engine_profile(BALLISTA))
    state.engines["E2"] = ["K1"]
    add(state, "K1", 0, engine.x - engine.radius - 0.5, engine.y)
    add(state, "H1", 0, engine.x + engine.radius + 0.5, engine.y)
    crew = se.crewing(state, engine)
    assert other.alive and crew is not None
    assert [m.uid for m in crew.trained] == ["K1"] and [m.uid for m in crew.inexperienced] == ["H1"]


def test_se_crew_03_three_engines_deploy_each_crew_in_contact_with_its_own():
    """SE-CREW-03 (002:L3116) and SE-DEPLOY-01 (002:L3138): every engine of a force stands at
    the back of its zone with its crew in base contact; a second and a third engine find room
    for their crews beside the first (they once failed: "no room beside its engine")."""
    from battlesim.engines.sbg.samples import _TREBUCHET

    force = dict(SAMPLE_FORCES["minas_tirith_trebuchet_skirmish"])
    force["units"] = [*force["units"], {**_TREBUCHET, "count": 2}]
    result = play_game(
        seed=1, options={"forces": [force, "mordor_skirmish"], "players": ["random", "random"]}
    )
    setup = next(e.data for e in result.log.events if e.kind == "setup")
    positions, radii = setup["positions"], setup["bases"]
    ours = [uid for uid in positions if uid.startswith("A")]
    engines = [uid for uid in ours if radii[uid] == max(radii[u] for u in ours)]
    assert len(engines) == 3
    for engine in engines:
        crew = [
            uid for uid in positions if uid != engine and _touching(positions, radii, uid, engine)
        ]
        assert len(crew) >= 3, engine  # the veteran and two crewmen around each engine
    placed = list(positions)
    for i, first in enumerate(placed):
        for second in placed[i + 1 :]:
            gap = _distance(positions[first], positions[second])
            assert gap >= radii[first] + radii[second] - 1e-3, (first, second)


def _distance(a, b) -> float:
    return ((a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2) ** 0.5


def _touching(positions, radii, a, b) -> bool:
    return _distance(positions[a], positions[b]) <= radii[a] + radii[b] + 0.05


def test_se_shoot_03_range_forty_eight_inches():
    """SE-SHOOT-03 (002:L3049): « une portée de 48" » unless the card says otherwise: an
    enemy 48" away (base to base, across the table's diagonal) is a target, 49" is not."""
    for reach_, legal in ((48.0 - 0.01, True), (49.0, False)):
        state = battle()
        engine = _engine(state, BALLISTA, x=2.0, y=2.0, crew=1)
        crew = se.crewing(state, engine)
        step = (reach_ + engine.radius + 0.49) / math.sqrt(2)
        target = add(state, "B1", 1, 2.0 + step, 2.0 + step, ORC)
        assert se.reach(engine) == (0.0, 48.0)
        assert crew is not None and se.legal_target(state, engine, crew, target) is legal


def test_se_wound_01_engine_strength_against_the_targets_defence():
    """SE-WOUND-01 (002:L3096): « la Force de l'engin contre la Défense de la cible »: the
    ballista's S9 against Defence 9 wounds on 4+: a 3 leaves the target alive (Prone,
    SE-WOUND-02), a 4 slays it."""
    hard = profile(name="Hard", defence=9, wounds=2)
    state = battle([4, 6, 3])  # to hit, perfect shot, to wound 3
    target = add(state, "B1", 1, 24.0, 30.0, hard)
    _fire(state, _engine(state), target)
    assert target.alive and target.prone
    assert any("(S9 D9)" in purpose for purpose, _ in rolls(state))
    state = battle([4, 6, 4])
    target = add(state, "B1", 1, 24.0, 30.0, hard)
    _fire(state, _engine(state), target)
    assert not target.alive


def test_se_wound_05_without_a_rule_of_its_own_nothing_near_the_target_is_hurt():
    """SE-WOUND-05 (002:L3104-3106): what the models near the target suffer is the engine's
    own rules' (Area Effect: test_area_effect_s5_hits_around_the_target); a ballista with
    none hurts only the model it falls on: the neighbour 1" away is untouched, no roll."""
    state = battle([4, 6, 3])
    state.players = players()
    engine = _engine(state, BALLISTA)
    target = add(state, "B1", 1, 24.0, 30.0, ORC)
    neighbour = add(state, "B2", 1, 25.5, 30.0, ORC)
    _fire(state, engine, target)
    assert not target.alive and neighbour.alive and not neighbour.prone
    assert len(rolls(state)) == 3


def _line_scene(dice, spec):
    """The engine at (24, 4), its target at (24, 30) and an enemy model halfway on the line
    from the crewman who shoots (C1, left of the engine) to the target."""
    state = battle(dice)
    state.players = players()
    engine = _engine(state, spec)
    target = add(state, "B1", 1, 24.0, 30.0, ORC)
    crewman = state.models["C1"]
    between = add(state, "B2", 1, (crewman.x + 24.0) / 2, 17.0, ORC)
    return state, engine, target, between


def test_se_inway_01_a_ballista_rolls_in_the_way_after_the_scatter():
    """SE-INWAY-01 (002:L3078): an engine that does not volley tests In The Way once the
    Scatter roll gave the victim (a perfect shot, 6): the enemy between fails its test (1)
    and takes the shot (S9 against D4: 3)."""
    state, engine, target, between = _line_scene([4, 6, 1, 3], BALLISTA)
    _fire(state, engine, target)
    purposes = [purpose for purpose, _ in rolls(state)]
    assert purposes[1].startswith("scatter") and purposes[2].startswith("in the way B2")
    assert target.alive and not between.alive


def test_se_volley_02_a_volley_makes_no_in_the_way_test():
    """SE-VOLLEY-02 (002:L3057, L3076): a trebuchet's volley makes no In The Way test for
    the model between: the perfect shot lands on the target (S10 against D4: 3)."""
    state, engine, target, between = _line_scene([4, 6, 3], TREBUCHET)
    state.engines["E1"] = ["C1", "C2"]
    _fire(state, engine, target)
    assert not any(purpose.startswith("in the way") for purpose, _ in rolls(state))
    assert not target.alive and between.alive


def test_se_shoot_05_a_fight_hit_falls_on_the_shooters_friend_on_one_to_three():
    """SE-SHOOT-05 (002:L3051; SHOOT-CMB-03, L849): the model hit is in a fight: 1-3 the
    shooter's friend in it nearest the shooter is hit instead (an Evil engine may shoot
    into a fight): a 2, then S9 against D4 (3) slays the friend."""
    state = battle([4, 6, 2, 3], alignments=(Alignment.EVIL, Alignment.GOOD))
    state.players = players()
    engine = _engine(state, BALLISTA)
    target = add(state, "B1", 1, 24.0, 30.0, ORC)
    friend = add(state, "A9", 0, 24.0, 30.0 - 0.98, ORC)
    assert state.engaged(target)
    _fire(state, engine, target)
    assert target.alive and not friend.alive


def test_se_upg_engcapt_the_engineer_captain_spends_might_on_the_scatter():
    """SE-UPG-ENGCAPT (002:L3158): the Engineer Captain, a Hero replacing the veteran, may use
    Might on the engine's To Hit, To Wound and Scatter rolls: the Scatter's 5 raised to a
    perfect shot (6), then S9 against D4 (3) slays the target, one Might spent."""
    state = battle([4, 5, 3])
    state.players = (_SpendsMight(), _SpendsMight())
    engine = _engine(state)
    captain = profile(
        name="Captain of Minas Tirith", keywords=frozenset({"man", "infantry", "hero"}), might=2
    )
    crewman = state.models["C1"]
    crewman.spec = replace(crewman.spec, profile=captain)
    crewman.might = 2
    target = add(state, "B1", 1, 24.0, 30.0, ORC)
    _fire(state, engine, target)
    assert crewman.might == 1 and not target.alive

"""The Iron Hills Ballista's own rules, from the BattleScribe text (rule ids cited), with
scripted dice: Reliable (07e9-d548-6806-d492), Tremendous Impact (c8f1-e8b8-1755-4a12) and
The Old Twirly Whirlies (a4dc-4e53-02a8-ca97)."""

from __future__ import annotations

from dataclasses import replace

from battlesim.engines.sbg.core.units import (
    SiegeEngineSpec,
    force_from_data,
    profile_from_data,
    profile_to_data,
)
from battlesim.engines.sbg.coverage import profile_coverage
from battlesim.engines.sbg.rules import shooting, shot_lines
from battlesim.engines.sbg.rules import siege_engines as se
from tests.engines.sbg.builders import add, battle, players, profile, rolls
from tests.engines.sbg.test_siege_engines import ORC, _engine, _fire

IRON_HILLS = SiegeEngineSpec("Iron Hills Ballista", 8, 10, 4, False, ())
RELIABLE = replace(IRON_HILLS, rules=("Reliable",))
IMPACT = replace(IRON_HILLS, rules=("Tremendous Impact (Active)",))
TWIRLY = replace(IRON_HILLS, rules=("The Old Twirly Whirlies (Active)",))
ARCHER = profile(name="Archer", wargear=("sword", "bow"))


def test_reliable_rerolls_a_one_to_hit():
    """07e9-d548-6806-d492: "the Iron Hills Crew may re-roll 1s to hit"."""
    state = battle([1, 4, 6, 3])  # to hit 1, re-roll 4, scatter 6, S8 v D4 3+
    state.players = players()
    engine = _engine(state, RELIABLE)
    target = add(state, "B1", 1, 24.0, 30.0, ORC)
    _fire(state, engine, target)
    assert not target.alive
    assert any("reliable" in purpose for purpose, _ in rolls(state))


def test_without_reliable_a_one_misses():
    """The same dice without the rule: the 1 is a miss, nothing else is rolled."""
    state = battle([1, 4, 6, 3])
    state.players = players()
    engine = _engine(state, IRON_HILLS)
    target = add(state, "B1", 1, 24.0, 30.0, ORC)
    _fire(state, engine, target)
    assert target.alive and len(rolls(state)) == 1


def test_reliable_scatters_three_inches_only():
    """07e9-d548-6806-d492: "the shot will only scatter 3", rather than 6"": on a 1 the
    opponent finds no model of the shooter's within 3" (the friend stands 4.5" off)."""
    state = battle([4, 1])
    state.players = players()
    engine = _engine(state, RELIABLE)
    target = add(state, "B1", 1, 24.0, 30.0, ORC)
    friend = add(state, "A9", 0, 24.0, 25.5, profile(name="Friend"))
    _fire(state, engine, target)
    assert target.alive and friend.alive
    assert any(e.kind == "engine_missed" for e in state.log.events)


def test_tremendous_impact_knocks_down_and_hits_within_two_inches():
    """c8f1-e8b8-1755-4a12: a hit on a Battlefield target knocks the Man-sized models within
    2" to the ground, and each suffers a Strength 4 hit (S4 v D4: 4+)."""
    # to hit 4, scatter 6, S8 v D4 3+ slays the target; the neighbour's S4 hit: 4 wounds
    state = battle([4, 6, 3, 4])
    state.players = players()
    engine = _engine(state, IMPACT)
    target = add(state, "B1", 1, 24.0, 30.0, ORC)
    near = add(state, "B2", 1, 25.5, 30.0, replace(ORC, wounds=2))
    far = add(state, "B3", 1, 28.5, 30.0, ORC)
    _fire(state, engine, target)
    assert not target.alive
    assert near.prone and near.wounds == 1
    assert far.alive and not far.prone


def test_tremendous_impact_throws_cavalry_riders():
    """c8f1-e8b8-1755-4a12: "Cavalry models within 2" must take a Thrown Rider test"."""
    # to hit 4, scatter 6, S8 v D4 slays the target (3); thrown rider 6 (lands on its
    # feet); the riderless horse's Courage 3+3 passes; the S4 hit on the rider: 1 fails
    state = battle([4, 6, 3, 6, 3, 3, 1])
    state.players = players()
    engine = _engine(state, IMPACT)
    target = add(state, "B1", 1, 24.0, 30.0, ORC)
    card = profile_to_data(replace(ORC, keywords=frozenset({"orc", "infantry", "warrior"})))
    rider = add(state, "B2", 1, 25.8, 30.0, profile_from_data({**card, "options": ["horse"]}))
    _fire(state, engine, target)
    assert rider.alive and rider.mount is None and not rider.prone
    assert any(e.kind == "thrown_off" for e in state.log.events)


def test_no_tremendous_impact_without_the_rule():
    state = battle([4, 6, 3, 4])
    state.players = players()
    engine = _engine(state, IRON_HILLS)
    target = add(state, "B1", 1, 24.0, 30.0, ORC)
    near = add(state, "B2", 1, 25.5, 30.0, replace(ORC, wounds=2))
    _fire(state, engine, target)
    assert not target.alive and not near.prone and near.wounds == 2


def test_twirly_whirlies_volley_fire():
    """a4dc-4e53-02a8-ca97: "the Ballista follows the rules for Volley Fire"."""
    state = battle()
    assert se.volley(_engine(state, TWIRLY))
    assert not se.volley(_engine(battle(), IRON_HILLS))


def test_twirly_whirlies_line_screens_weak_shots_this_turn():
    """a4dc-4e53-02a8-ca97: after a hit, shooting attacks of Strength 6 or less cannot
    target a model within 3" of the line from the Ballista to the target."""
    state = battle([4, 6, 1])  # hit, no scatter, S8 v D4 fails: the target lives
    state.players = players()
    engine = _engine(state, TWIRLY)
    target = add(state, "B1", 1, 24.0, 30.0, replace(ORC, wounds=3))
    archer = add(state, "A5", 0, 10.0, 20.0, ARCHER)
    beside = add(state, "B2", 1, 26.0, 20.0, ORC)  # 2" from the line x = 24
    assert shooting.is_legal_target(state, archer, beside)
    _fire(state, engine, target)
    assert any(e.kind == "shot_line" for e in state.log.events)
    assert not shooting.is_legal_target(state, archer, beside)
    assert beside not in shooting.legal_targets(state, archer)
    engine.reset_turn()  # the End phase removes the marker
    assert shooting.is_legal_target(state, archer, beside)


def test_twirly_whirlies_line_forbids_weak_shots_crossing_it():
    """a4dc-4e53-02a8-ca97: "shooting attacks that are Strength 6 or less cannot be made
    if they cross the line at any point"."""
    state = battle([4, 6, 1])
    state.players = players()
    engine = _engine(state, TWIRLY)
    target = add(state, "B1", 1, 24.0, 30.0, replace(ORC, wounds=3))
    archer = add(state, "A5", 0, 16.0, 20.0, ARCHER)
    across = add(state, "B2", 1, 32.0, 20.0, ORC)  # 8" off the line, the shot crosses it
    _fire(state, engine, target)
    assert not shooting.is_legal_target(state, archer, across)


def test_twirly_whirlies_line_stops_strong_shots_on_five():
    """a4dc-4e53-02a8-ca97: a shooting attack of Strength 7 or more meeting the line rolls
    a D6: on a 5+ it is prevented."""
    state = battle([4, 6, 1, 5])
    state.players = players()
    engine = _engine(state, TWIRLY)
    target = add(state, "B1", 1, 24.0, 30.0, replace(ORC, wounds=3))
    shooter = add(state, "B9", 1, 16.0, 20.0, ARCHER)
    beside = add(state, "A7", 0, 26.0, 20.0, ORC)
    _fire(state, engine, target)
    assert shot_lines.stopped(state, shooter, beside, 7)
    assert not shot_lines.screened(state, shooter, beside, 7)


def test_twirly_whirlies_fires_as_a_heroic_shoot():
    """a4dc-4e53-02a8-ca97: "always counts as declaring a Heroic Shoot": only such an
    engine fires in the Heroic Shoot step, before the Priority order."""
    state = battle([4, 6, 3])
    state.players = players()
    engine = _engine(state, IRON_HILLS)
    add(state, "B1", 1, 24.0, 30.0, ORC)
    se.fire_engines(state, 0, heroic=True)
    assert not engine.shot
    state = battle([4, 6, 3])
    state.players = players()
    engine = _engine(state, TWIRLY)
    add(state, "B1", 1, 24.0, 30.0, ORC)
    se.fire_engines(state, 0, heroic=True)
    assert engine.shot


def test_the_crew_upgrade_marks_the_warband_that_crews_the_engine():
    """BSData 6909-2331-47e0-554d: the Iron Hills Dwarf Crew's "Crew" upgrade, sold only in
    a Ballista's warband: that warband is the engine's crew (SE-CREW-01), and the name is
    played (the coverage lists nothing of the crewman's card as ignored)."""
    crewman = profile_to_data(profile(name="Iron Hills Dwarf Crew", wargear=("sword", "Crew")))
    veteran = {
        **profile_to_data(profile(name="Iron Hills Siege Veteran", might=1)),
        "keywords": ["dwarf", "iron hills", "infantry", "hero"],
        "siege_engine": {
            "name": "Iron Hills Ballista",
            "strength": 8,
            "defence": 10,
            "wounds": 4,
            "rules": ["Reliable"],
        },
    }
    unit = {"profile": veteran, "count": 1, "crew": [{"profile": crewman, "count": 2}]}
    force = force_from_data(
        {"name": "Iron Hills", "alignment": "good", "units": [unit]}, prefix="A"
    )
    (_engine_id, crew), *_ = force.engines
    assert len(crew) == 3
    card = next(s.profile for s in force.models if s.profile.name == "Iron Hills Dwarf Crew")
    assert not profile_coverage(card).ignored


def test_reliable_never_rerolls_a_rerolled_die():
    """07e9-d548-6806-d492 with a Troll's re-roll (SE-UPG-TROLL): one re-roll only; the
    Troll's re-roll of the 1 rolls a 1 again, and Reliable does not roll it a third time."""
    state = battle([1, 1, 6, 6])
    state.players = players()
    engine = _engine(state, RELIABLE)
    troll = profile(name="Troll", keywords=frozenset({"troll", "infantry"}), base_mm=40.0)
    add(state, "T1", 0, engine.x, engine.y - engine.radius - 40.0 / 25.4 / 2, troll)
    target = add(state, "B1", 1, 24.0, 30.0, ORC)
    _fire(state, engine, target)
    assert target.alive and len(rolls(state)) == 2

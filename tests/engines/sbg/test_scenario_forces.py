"""A scenario's share of the points (rules/scenario_forces.py, ScenarioSpec.points_share): the
sieges' defender fields a share of its list (an assumption of each siege's data)."""

from __future__ import annotations

from battlesim.engines.dice import Dice
from battlesim.engines.sbg.core.units import force_from_data
from battlesim.engines.sbg.game import play_game, setup_from_options
from battlesim.engines.sbg.rules.scenario_forces import fielded
from battlesim.engines.sbg.rules.scenario_library import LIBRARY
from battlesim.engines.sbg.samples import SAMPLE_FORCES

SKIRMISH = force_from_data(SAMPLE_FORCES["minas_tirith_skirmish"], prefix="A")


def test_a_full_share_fields_the_whole_list() -> None:
    assert fielded(SKIRMISH, 1.0) is SKIRMISH


def test_a_share_drops_warriors_of_the_most_numerous_kind_first() -> None:
    """Five shield warriors, three spears, two bows, a banner: 0.9 of 182 points drops two
    shields then, three of each left, a spear (the kind listed later)."""
    force = fielded(SKIRMISH, 0.9)
    assert force.points <= 0.9 * SKIRMISH.points
    gone = [s.uid for s in SKIRMISH.models if s not in force.models]
    assert gone == ["A05", "A06", "A09"]
    assert force.points > 0.9 * SKIRMISH.points - 10  # one warrior less would have done


def test_heroes_and_the_leader_are_never_dropped() -> None:
    force = fielded(SKIRMISH, 0.01)
    assert [s.uid for s in force.models] == ["A01"]
    assert force.leader == "A01"


def test_each_defender_fields_its_share_and_the_attacker_all() -> None:
    """The sieges and the Night Raid cut side 1 (their data say why); no other scenario."""
    for spec in LIBRARY.values():
        if not (spec.siege or spec.sentries is not None):
            assert spec.points_share == (1.0, 1.0), spec.name
            continue
        options = {"forces": ["minas_tirith_skirmish"] * 2, "scenario": spec.name}
        attacker, defender = setup_from_options(options, Dice(1)).forces
        assert attacker.points == SKIRMISH.points, spec.name
        assert defender.points <= spec.points_share[1] * SKIRMISH.points, spec.name
        assert any("points" in text for text in spec.assumptions), spec.name


def test_the_log_and_summary_name_the_models_a_share_leaves_out() -> None:
    """Storm the Gate's defender fields 90% of its list: the set-up event and the summary say
    so and name the models left out (the replay and the job page tell it)."""
    options = {
        "forces": ["minas_tirith_skirmish", "mordor_skirmish"],
        "scenario": "storm_the_gate",
        "turn_limit": 1,
    }
    result = play_game(seed=3, options=options)
    setup = next(e for e in result.log.to_json() if e["kind"] == "setup")
    facts = setup["points_share"]
    assert facts == result.summary["points_share"]
    assert facts["shares"] == [1.0, 0.9]
    attacker, defender = facts["left_out"]
    assert attacker == {} and defender, facts
    fielded_ids = set(setup["forces"][1]["models"])
    assert not fielded_ids & set(defender)
    listed = force_from_data(SAMPLE_FORCES["mordor_skirmish"], prefix="B")
    assert facts["list_points"] == [SKIRMISH.points, listed.points]
    names = {s.uid: s.profile.name for s in listed.models}
    assert defender == {uid: names[uid] for uid in defender}


def test_a_whole_list_logs_no_share() -> None:
    """Scenarios without a share (the hashed battles) log and sum up as before."""
    options = {"forces": ["minas_tirith_skirmish", "mordor_skirmish"], "turn_limit": 1}
    result = play_game(seed=3, options=options)
    setup = next(e for e in result.log.to_json() if e["kind"] == "setup")
    assert "points_share" not in setup and "points_share" not in result.summary

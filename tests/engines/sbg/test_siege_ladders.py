"""Siege ladders (checklist part 2 §12.4, SIEGE-LADDER-01..04; 002:L3351-3375, reading 37),
scripted dice. The walled keep's west curtain wall runs along y = 31 (0.6" thick, 2" high)."""

from __future__ import annotations

import pytest

from battlesim.engines.sbg.core.actions import Charge, IllegalActionError, Move
from battlesim.engines.sbg.core.state import Happening, On, Phase, Tick, notify, tick
from battlesim.engines.sbg.core.tables_more import walled_keep
from battlesim.engines.sbg.rules import objects
from battlesim.engines.sbg.rules import siege_ladders as sl
from battlesim.engines.sbg.rules.falling import falling_hits, terrain_height
from battlesim.engines.sbg.rules.movement import apply_action, check_action
from tests.engines.sbg.builders import add, battle, players, profile, rolls

LADDER = "siege ladder 1"
FOOT_Y = 30.21  # a 25 mm base touching the wall's south face (30.7)


def _raised(dice=()):
    """A ladder carried by A1 into contact with the wall, raised there."""
    state = battle(dice, table=walled_keep())
    carrier = add(state, "A1", 0, 12.0, 28.0)
    sl.place_ladders(state, [(12.0, 27.0)])
    objects.give(state, LADDER, carrier)
    apply_action(state, carrier, Move("A1", (12.0, FOOT_Y)))
    return state, carrier


def test_siege_ladder_01_raised_automatically_when_its_carrier_reaches_the_wall():
    """SIEGE-LADDER-01 (002:L3353): a Heavy object; at the wall it is raised at once."""
    state, carrier = _raised()
    found = sl.raised_ladders(state)[LADDER]
    assert found.wall == "curtain wall west" and found.side == 0
    assert found.foot == pytest.approx((12.0, 30.7)) and found.top == pytest.approx((12.0, 31.3))
    assert objects.where(state, LADDER) is None  # it stands against the wall now
    assert sl.on_ladder(state, LADDER) == [carrier]


def test_siege_wall_01_without_a_ladder_the_wall_cannot_be_climbed():
    """SIEGE-WALL-01 (002:L3230-3232): no holds; the raised ladder is the only way up."""
    state = battle(table=walled_keep())
    model = add(state, "A1", 0, 20.0, FOOT_Y)
    with pytest.raises(IllegalActionError):
        check_action(state, model, Move("A1", (20.0, 31.9)))


def test_siege_ladder_02_climbed_like_any_ladder_no_test_height_in_move():
    """SIEGE-LADDER-02, MOVE-CLIMB-08 (002:L3359, L615): no Climb test, not difficult: over
    the 2" wall by the ladder costs 1.69" of ground + 2" = 3.69", and the model stands on
    the rampart behind; with less Move left it stays at the foot."""
    state, carrier = _raised()
    carrier.reset_turn()
    apply_action(state, carrier, Move("A1", (12.0, 31.9)))
    assert carrier.position == (12.0, 31.9)
    assert carrier.spent == pytest.approx(3.69) and not carrier.leapt and not rolls(state)
    state2, climber = _raised()
    climber.reset_turn()
    climber.spent = 3.0  # 3" left: not enough for 1.69" + 2"
    with pytest.raises(IllegalActionError):
        check_action(state2, climber, Move("A1", (12.0, 31.9)))


def test_siege_ladder_02_cavalry_cannot_climb_it():
    """MOVE-CLIMB-08 (002:L1310): cavalry cannot use ladders."""
    state, _ = _raised()
    rider = add(state, "A2", 0, 12.0, 29.0, profile(keywords=frozenset({"Cavalry"})))
    with pytest.raises(IllegalActionError):
        check_action(state, rider, Move("A2", (12.0, 31.9)))


def _climbers_and_defender(state):
    first = state.models["A1"]
    first.x = 11.5
    second = add(state, "A2", 0, 12.5, FOOT_Y)
    defender = add(state, "B1", 1, 12.0, 31.8)
    return first, second, defender


def test_siege_ladder_04_push_down_with_modifiers_climbers_fall():
    """SIEGE-LADDER-04 (002:L3373-3375): one defender, two attackers on the ladder: 6 - 2 = 4,
    the ladder falls; reading 37: its climbers fall with it (a 2" fall: one S3 hit each,
    MOVE-FALL-02, rolled 1)."""
    state, _ = _raised([6, 1, 1])
    first, second, defender = _climbers_and_defender(state)
    assert sl.pushers_at(state, LADDER) == [defender]
    assert sl.push_ladder(state, LADDER, [defender])
    assert LADDER not in sl.raised_ladders(state)
    assert objects.where(state, LADDER) == pytest.approx((12.0, 30.7))  # on the ground again
    assert first.prone and second.prone and defender.moved
    assert falling_hits(2.0, terrain_height(first)) == 1
    assert sum(1 for p, _ in rolls(state) if p.startswith("fall")) == 2


def test_siege_ladder_04_push_fails_below_four():
    """SIEGE-LADDER-04: 5 - 2 = 3: the ladder stands."""
    state, _ = _raised([5])
    _, _, defender = _climbers_and_defender(state)
    assert not sl.push_ladder(state, LADDER, [defender])
    assert LADDER in sl.raised_ladders(state)


def test_siege_ladder_04_modifiers_helpers_and_monsters():
    """+1 per extra defender, -1 per climber, a Monster counts 3 either way."""
    state, _ = _raised()
    first, second, defender = _climbers_and_defender(state)
    helper = add(state, "B2", 1, 13.0, 31.8)
    troll = add(state, "B3", 1, 11.0, 31.8, profile(keywords=frozenset({"monster"})))
    assert sl.push_modifier([defender, helper], [first, second]) == -1
    assert sl.push_modifier([defender, troll], [first]) == 2
    assert sl.push_modifier([troll], [first]) == 1


def test_siege_ladder_04_no_push_with_an_attacker_at_the_top():
    """« tant qu'il n'y a pas d'attaquant en haut de l'échelle »."""
    state, _ = _raised()
    add(state, "B1", 1, 12.6, 31.8)
    add(state, "A3", 0, 11.4, 31.8)
    assert sl.pushers_at(state, LADDER) == []


def test_siege_ladder_04_the_move_phase_end_asks_the_defender():
    """PushLadder through the Player: default yes when a 5 or less is needed (one climber:
    4 + 1 = 5); the die 4 - 1 = 3 fails."""
    state, _ = _raised([4])
    state.players = players()
    add(state, "B1", 1, 12.0, 31.8)
    state.phase = Phase.MOVE
    tick(state, Tick.PHASE_END)
    assert [p for p, _ in rolls(state)] == ["push siege ladder 1 (-1)"]
    state2, _ = _raised()
    state2.players = players()
    _climbers_and_defender(state2)  # two climbers: a 6 is needed, the default declines
    state2.phase = Phase.MOVE
    tick(state2, Tick.PHASE_END)
    assert not rolls(state2)


def test_siege_ladder_03_loser_falls_on_1_to_3_and_those_below_roll():
    """SIEGE-LADDER-03 (002:L3361): the loser on the ladder rolls 2: falls (one S3 hit, 1);
    the model below rolls 3: falls too (one hit, 1)."""
    state, _ = _raised([2, 1, 3, 1])
    first, second, defender = _climbers_and_defender(state)
    second.y = FOOT_Y - 0.01  # a little further from the foot: below the first
    happening = Happening(defender, models=(first, defender), winner=1)
    notify(state, On.DUEL_ROLLED, happening)
    assert first.prone and second.prone
    purposes = [p for p, _ in rolls(state)]
    assert (
        purposes[0] == "A1 loses on siege ladder 1" and purposes[2] == "A2 below on siege ladder 1"
    )


def test_siege_ladder_03_loser_holds_on_4_plus():
    state, _ = _raised([4])
    first, second, defender = _climbers_and_defender(state)
    notify(state, On.DUEL_ROLLED, Happening(defender, models=(first, defender), winner=1))
    assert not first.prone and not second.prone


def test_siege_ladder_02_charge_from_the_top_of_the_ladder_across_the_wall():
    """SIEGE-LADDER-02 (002:L3359): a model on the ladder charges the defender at its top
    (a barrier fight); away from a ladder the 2" wall hides him (MOVE-CHG-01)."""
    state, climber = _raised()
    climber.reset_turn()
    add(state, "B1", 1, 12.0, 31.8)
    check_action(state, climber, Charge("A1", "B1", climber.position))
    other = add(state, "A2", 0, 20.0, FOOT_Y)
    add(state, "B2", 1, 20.0, 31.8)
    with pytest.raises(IllegalActionError):
        check_action(state, other, Charge("A2", "B2", other.position))


def test_storm_the_gate_attackers_raise_their_ladders_and_climb():
    """Storm the Gate gives the attacker two ladders (SIEGE-LADDER-01); the siege policy
    carries them to the wall, where they are raised, and climbs them (SIEGE-LADDER-02); the
    defenders nearest a ladder's top go there and push it (SIEGE-LADDER-04). A push
    needs a defender waiting unmoved at the top before the climbers go over, which happens
    in some battles only: it is looked for over four."""
    from battlesim.engines.sbg.game import play_game
    from battlesim.engines.sbg.rules.scenario_library import STORM_THE_GATE

    assert len(STORM_THE_GATE.ladders) == 2
    battles = [
        play_game(
            seed=seed,
            options={
                "forces": ["minas_tirith_skirmish", "mordor_skirmish"],
                "scenario": "storm_the_gate",
            },
        ).log.events
        for seed in range(4)
    ]
    for events in battles:
        raised = [e for e in events if e.kind == "ladder_raised"]
        assert {e.data["name"] for e in raised} == {"siege ladder 1", "siege ladder 2"}
        assert all(e.data["wall"].startswith("curtain wall") for e in raised)
        assert any(e.kind == "ladder" for e in events)  # someone went up a ladder
    # defenders went to a top and pushed
    assert any(e.kind == "ladder_push" for events in battles for e in events)


def test_push_ladder_default_follows_the_needed_roll():
    """PushLadder's heuristic: push when the die needs 5 or less (modifier -1 or better)."""
    state, carrier = _raised()
    assert sl.PushLadder(carrier, LADDER, -1).default(state)
    assert not sl.PushLadder(carrier, LADDER, -2).default(state)


def test_siege_ladder_01_unguarded_ladder_attacked_defence_8_two_wounds():
    """SIEGE-LADDER-01 (002:L3353): unguarded, it loses the Duel automatically; Defence 8,
    2 Wounds: S8 v D8 wounds on 4+, rolled 4 and 5: broken, gone."""
    state, climber = _raised([4, 5])
    state.players = players()
    defender = add(state, "B1", 1, 12.0, 31.8, profile(strength=8, attacks=2))
    assert sl.ladder_attackers(state, LADDER) == []  # A1 is on it: guarded
    climber.y = 25.0
    assert sl.ladder_attackers(state, LADDER) == [defender]
    state.phase = Phase.FIGHT
    tick(state, Tick.PHASE_END)
    assert LADDER not in sl.raised_ladders(state) and defender.fought
    assert any(e.kind == "ladder_broken" for e in state.log.events)


def test_siege_ladder_01_one_wound_leaves_it_standing():
    state, climber = _raised([4, 3])
    climber.y = 25.0
    defender = add(state, "B1", 1, 12.0, 31.8, profile(strength=8, attacks=2))
    sl.attack_ladder(state, defender, LADDER)
    assert LADDER in sl.raised_ladders(state)

"""Chariots (rules/chariots.py, phases/chariot_run.py), from the BattleScribe texts (rule ids
cited), with scripted dice: the Khandish Chariot (5f8c-40ec-984d-614e Chariot Charge,
46de-374e-1d91-8aff Defensive Bulwark, 2d04-12f6-f278-6d1f Stable Platform, 3edc-8429-
ce12-df4c The Chariot and Magic) and the Iron Hills Chariot (8340-4dcc-3a79-17d6 Chariot
Charge, a68c-6cf6-cbc4-de16 The Chariot in Combat, 8991-23cc-7087-1f3b Large War Machine,
92e6-a212-0722-1171 Iron Hills Captain)."""

from __future__ import annotations

import math
from dataclasses import replace

import pytest

from battlesim.engines.sbg.core.actions import IllegalActionError
from battlesim.engines.sbg.core.state import Phase
from battlesim.engines.sbg.core.table import moving_through
from battlesim.engines.sbg.core.units import profile_from_data, profile_to_data
from battlesim.engines.sbg.coverage import profile_coverage
from battlesim.engines.sbg.phases import chariot_run, model_move
from battlesim.engines.sbg.phases.chariot_run import ChariotPlan, ChooseChariotRun, Leg
from battlesim.engines.sbg.rules import cavalry, chariots, shooting, water
from battlesim.engines.sbg.rules.heroic_actions import HEROIC_COMBAT, refusal
from battlesim.engines.sbg.rules.kinds import immovable
from battlesim.engines.sbg.rules.monsters.core import knock_prone
from tests.engines.sbg.builders import add, battle, players, profile
from tests.engines.sbg.test_magic import cast_at, caster_profile
from tests.engines.sbg.test_water import TABLE as WATER_TABLE

ORC = profile(name="Orc", defence=4, keywords=frozenset({"orc", "infantry", "warrior"}))
_MAN = {
    **profile_to_data(profile(name="Khandish Charioteer", wargear=("hand-and-a-half axe",))),
    "keywords": ["man", "khandish", "cavalry", "warrior"],
}
CHARIOTEER = profile_from_data({**_MAN, "wargear": ["Armour", "Khandish Chariot", "Bow"]})
_CAPTAIN = {
    **profile_to_data(profile(name="Iron Hills Chariot Captain", fight=5, attacks=2, wounds=2)),
    "keywords": ["dwarf", "iron hills", "infantry", "hero"],
    "might": 2,
    "will": 1,
    "fate": 1,
    "rules": ["Iron Hills Captain", "Shieldwall"],
}
CAPTAIN = profile_from_data(
    {**_CAPTAIN, "wargear": ["Sword", "Heavy Armour", "Iron Hills Chariot"]}
)
EAST = 0.0  # the chariots below face along +x


def _chariot(state, card=CHARIOTEER, x=10.0, y=24.0, uid="A1"):
    model = add(state, uid, 0, x, y, card)
    chariots.face(model, EAST)
    return model


def test_khandish_chariot_card_from_the_data():
    """BSData ba9e-83fc-e9b2-02fc: the chariot's card (M10, D7, W3) as the rider's mount;
    5f8c-40ec-984d-614e: "A Khandish Chariot has the Monstrous Charge special rule"."""
    state = battle()
    model = _chariot(state)
    assert model.mount is not None and model.mount.wounds == 3 and model.mount.defence == 7
    assert model.profile.move == 10.0
    assert "monstrous charge" in model.triggers
    assert chariots.chariot_of(model) is chariots.KHANDISH


def test_khandish_run_hits_twice_at_s4_and_goes_on_over_the_slain():
    """5f8c-40ec-984d-614e: a model met suffers two Strength 4 hits; slain, the chariot
    goes on; a survivor stops it, charged (Monstrous Charge)."""
    state = battle([4, 1, 1, 1])  # first Orc: S4 v D4 4 wounds; second: 1, 1, fails
    state.players = players()
    model = _chariot(state)
    first = add(state, "B1", 1, 14.0, 24.0, ORC)
    second = add(state, "B2", 1, 18.0, 24.0, ORC)
    chariot_run.run(state, model, ChariotPlan((Leg(0.0, 10.0),)))
    hit_rolls = [e for e in state.log.of_kind("roll") if "run down" in e.data["purpose"]]
    assert len(hit_rolls) == 3  # one hit slays the first Orc; two on the second
    assert not first.alive and second.alive
    assert state.in_contact(model, second) and model.charged
    assert model.x < 18.0 and model.done_moving


def test_khandish_run_hits_friends_too():
    """5f8c-40ec-984d-614e: "Any models the Chariot comes into contact with"."""
    state = battle([4, 1])
    state.players = players()
    model = _chariot(state)
    friend = add(state, "A2", 0, 14.0, 24.0, ORC)
    chariot_run.run(state, model, ChariotPlan((Leg(0.0, 6.0),)))
    assert not friend.alive and not model.charged
    assert model.x == pytest.approx(16.0)


def test_cavalry_met_are_hit_on_rider_and_mount():
    """5f8c-40ec-984d-614e: "Cavalry models suffer two hits on both the rider and mount"."""
    state = battle([1, 1, 1, 1])
    state.players = players()
    model = _chariot(state)
    card = profile_from_data({**profile_to_data(ORC), "options": ["horse"]})
    rider = add(state, "B1", 1, 14.0, 24.0, card)
    chariot_run.run(state, model, ChariotPlan((Leg(0.0, 10.0),)))
    hit_rolls = [e for e in state.log.of_kind("roll") if "run down" in e.data["purpose"]]
    assert len(hit_rolls) == 4 and rider.alive


def test_khandish_pivots_45_at_the_start_and_after_each_full_three_inches():
    """5f8c-40ec-984d-614e: up to 45 degrees at the start, a further 45 after each full
    3"; at most 10"."""
    state = battle()
    state.players = players()
    model = _chariot(state)
    ok = ChariotPlan((Leg(45.0, 3.0), Leg(-45.0, 3.0), Leg(-45.0, 4.0)))
    chariot_run.check_plan(state, model, ok)
    for bad in (
        ChariotPlan((Leg(60.0, 3.0),)),
        ChariotPlan((Leg(0.0, 2.0), Leg(45.0, 3.0))),
        ChariotPlan((Leg(0.0, 3.0), Leg(0.0, 3.0), Leg(0.0, 4.5))),
    ):
        with pytest.raises(IllegalActionError):
            chariot_run.check_plan(state, model, bad)


def test_iron_hills_run_three_s6_hits_one_pivot_after_four_inches():
    """8340-4dcc-3a79-17d6: 4", a 45 degree pivot after a full 4", 4" more; three
    Strength 6 hits on each model met (S6 v D4: 3+)."""
    state = battle([3, 1, 1])
    state.players = players()
    model = _chariot(state, CAPTAIN)
    orc = add(state, "B1", 1, 13.0, 24.0, replace(ORC, wounds=3))
    chariot_run.check_plan(state, model, ChariotPlan((Leg(0.0, 4.0), Leg(45.0, 4.0))))
    with pytest.raises(IllegalActionError):
        chariot_run.check_plan(state, model, ChariotPlan((Leg(0.0, 3.0), Leg(45.0, 4.0))))
    with pytest.raises(IllegalActionError):  # one pivot only
        twice = ChariotPlan((Leg(0.0, 4.0), Leg(45.0, 2.0), Leg(45.0, 2.0)))
        chariot_run.check_plan(state, model, twice)
    chariot_run.run(state, model, ChariotPlan((Leg(0.0, 8.0),)))
    assert orc.alive and orc.wounds == 2 and model.charged


def test_forgo_the_move_to_face_any_direction():
    """5f8c-40ec-984d-614e: "The Chariot may instead choose to forgo its movement to face
    any direction"."""
    state = battle()
    model = _chariot(state)
    chariot_run.run(state, model, ChariotPlan(face=math.pi))
    assert chariots.heading(state, model) == math.pi and not model.moved
    with pytest.raises(IllegalActionError):  # 180 degrees is no pivot of a run
        chariot_run.check_plan(state, model, ChariotPlan((Leg(90.0, 3.0),)))


def test_defensive_bulwark_strikes_at_the_rider_hit_the_chariot_on_1_to_4():
    """46de-374e-1d91-8aff: "any model that wishes to Strike the rider must roll a D6. On a
    1-4, the model must Strike the Chariot. On a 5+, they may Strike the rider"."""
    state = battle([4, 5])
    model = _chariot(state)
    foe = add(state, "B1", 1, 12.0, 24.0, ORC)
    player = players()[1]
    assert cavalry.strike_part(state, player, foe, model) == cavalry.MOUNT
    assert cavalry.strike_part(state, player, foe, model) == cavalry.RIDER


def test_chariot_in_combat_strikes_at_the_crew_hit_them_on_a_4():
    """a68c-6cf6-cbc4-de16: "On a 4+, the Strike hits the crew member ... anything else hits
    the Chariot"."""
    state = battle([3, 4])
    model = _chariot(state, CAPTAIN)
    foe = add(state, "B1", 1, 12.0, 24.0, ORC)
    player = players()[1]
    assert cavalry.strike_part(state, player, foe, model) == cavalry.MOUNT
    assert cavalry.strike_part(state, player, foe, model) == cavalry.RIDER


def test_in_the_way_of_the_rider_the_chariot_is_hit_on_1_to_4():
    """46de-374e-1d91-8aff, 8991-23cc-7087-1f3b: a shot hits the chariot on a 1-4."""
    state = battle([4, 5])
    model = _chariot(state)
    assert cavalry.shot_part(state, model) == cavalry.MOUNT
    assert cavalry.shot_part(state, model) == cavalry.RIDER


def test_stable_platform_bow_after_a_full_move():
    """2d04-12f6-f278-6d1f: "A model riding a Chariot can still fire a bow after moving its
    full distance"; not so an Iron Hills Chariot (no such rule)."""
    state = battle()
    model = _chariot(state)
    model.moved, model.spent = True, 10.0
    assert shooting.can_shoot(state, model)
    other = _chariot(state, replace(CAPTAIN, wargear=(*CAPTAIN.wargear, "bow")), y=40.0, uid="A2")
    other.moved, other.spent = True, 8.0
    assert not shooting.can_shoot(state, other)


def test_iron_hills_chariot_is_never_knocked_down_and_its_crew_go_with_it():
    """8991-23cc-7087-1f3b: "cannot be Barged, Hurled or knocked Prone for any reason";
    a68c-6cf6-cbc4-de16: "If the Chariot is slain, then the crew inside are lost"."""
    state = battle()
    model = _chariot(state, CAPTAIN)
    assert immovable(model)
    knock_prone(state, model, "test")
    assert model.mount is not None and not model.prone
    for _ in range(5):
        cavalry.wound_mount(state, model, "test")
        if not model.alive:
            break
    assert not model.alive
    khandish = _chariot(battle(), uid="A2")
    assert not immovable(khandish)


def test_iron_hills_captain_drives_as_the_hero_he_is():
    """92e6-a212-0722-1171: the Captain replaces the driver with his rules; the Chariot
    counts as a Hero and may lead."""
    state = battle()
    model = _chariot(state, CAPTAIN)
    assert model.profile.is_hero and model.might == 2 and "shieldwall" in model.triggers
    assert not profile_coverage(CAPTAIN).ignored  # the rule is played, by construction
    assert not profile_coverage(CHARIOTEER).ignored


def test_default_run_charges_the_nearest_enemy_and_spares_friends():
    """ChooseChariotRun's heuristic: pivots toward the nearest enemy and runs at it,
    stopping short of a friend in the way."""
    state = battle([6, 6])
    state.players = players()
    model = _chariot(state)
    foe = add(state, "B1", 1, 18.0, 27.0, ORC)
    plan = ChooseChariotRun(model).default(state)
    assert plan.legs and plan.legs[0].turn > 0
    chariot_run.run(state, model, plan)
    assert not foe.alive or state.in_contact(model, foe)
    state = battle()
    model = _chariot(state)
    add(state, "A2", 0, 13.0, 24.0, ORC)
    add(state, "B1", 1, 19.0, 24.0, ORC)
    plan = ChooseChariotRun(model).default(state)
    assert sum(leg.length for leg in plan.legs) < 2.0


def test_the_chariot_and_magic_no_move_no_knock_down_by_blast_wrath_or_winds():
    """3edc-8429-ce12-df4c: "Sorcerous Blast, Nature's Wrath and Call Winds will not move
    the Chariot or Knock it Prone, although they will still inflict any damage"."""
    state = battle([4, 6])  # Nature's Wrath cast on a 4; no resistance
    wizard = add(state, "w", 1, 10, 10, caster_profile(("Nature's Wrath", 4, 0.0)))
    model = _chariot(state, x=10.0, y=12.5)
    cast_at(state, wizard, "nature's wrath", wizard, 1)
    assert model.mount is not None and not model.prone
    state = battle([5, 1])  # Sorcerous Blast cast on a 5; its S5 hit: 1 fails
    wizard = add(state, "w", 1, 10, 10, caster_profile(("Sorcerous Blast", 5, 12.0)))
    model = _chariot(state, x=10.0, y=14.0)
    cast_at(state, wizard, "sorcerous blast", model, 1)
    assert model.mount is not None and (model.x, model.y) == (10.0, 14.0)


def test_no_heroic_combat_from_an_iron_hills_chariot():
    """a68c-6cf6-cbc4-de16: "No model that is riding on an Iron Hills Chariot can declare a
    Heroic Combat"; the Khandish text says nothing of it."""
    state = battle()
    captain = _chariot(state, replace(CAPTAIN, rules=(*CAPTAIN.rules, "Heroic Combat")))
    king = profile_from_data(
        {
            **_CAPTAIN,
            "name": "Khandish King",
            "rules": ["Heroic Combat"],
            "wargear": ["Khandish Chariot"],
        }
    )
    khandish = _chariot(state, king, y=40.0, uid="A2")
    assert "forbid" in (refusal(state, 0, Phase.FIGHT, (captain.uid, HEROIC_COMBAT)) or "")
    assert refusal(state, 0, Phase.FIGHT, (khandish.uid, HEROIC_COMBAT)) is None


def test_a_chariot_rider_is_never_offered_to_dismount():
    """READINGS "Chariots": neither text lets the crew step down (CAV-DISM-01 not offered)."""

    class Eager:
        def decide(self, state, decision):
            return True

    state = battle()
    model = _chariot(state)
    model_move._maybe_dismount(state, Eager(), model)
    assert model.mount is not None


def test_shallow_water_unimpeded_deep_water_refused():
    """8991-23cc-7087-1f3b: the Iron Hills Chariot is "completely unimpeded" by shallow
    water (open ground to a rider, ADV-WATER-02); it makes no Swim test, so no chariot
    ends a leg in deep water (READINGS "Chariots")."""
    state = battle([], table=WATER_TABLE)
    state.players = players()
    captain = _chariot(state, CAPTAIN, x=6.0, y=16.0)
    chariots.face(captain, math.pi / 2)
    with moving_through(water.open_water(state, captain)):  # as the Move phase runs it
        chariot_run.run(state, captain, ChariotPlan((Leg(0.0, 8.0),)))
    assert captain.y == pytest.approx(24.0)
    khandish = _chariot(state, x=36.0, y=10.0, uid="A2")
    chariots.face(khandish, math.pi / 2)
    with pytest.raises(IllegalActionError):
        chariot_run.check_plan(state, khandish, ChariotPlan((Leg(0.0, 10.0),)))

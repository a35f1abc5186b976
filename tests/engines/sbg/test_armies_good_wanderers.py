"""Tom Bombadil's and Goldberry's rules (rules/armies/good/wanderers.py, issue 18): Tom is
Master (BSData b106-f127-a9e9-ce9f), River-daughter (2d59-3255-94a5-3ccf), Hey! Come Merry
Dol! (5691-f194-f8fd-74d7) and their "?" characteristics. Each test scripts the dice, derives
its outcome from the rule's English text and fails without the rule's unit."""

from __future__ import annotations

import os
import re
from dataclasses import replace
from pathlib import Path

import pytest

from battlesim.engines.sbg.core.hooks import HookContext
from battlesim.engines.sbg.core.permissions import May, permitted
from battlesim.engines.sbg.core.state import Happening, On, Phase, Tick, intercept, tick
from battlesim.engines.sbg.core.units import PowerSpec, is_stand_in
from battlesim.engines.sbg.rules import objects
from battlesim.engines.sbg.rules.combats import Combat
from battlesim.engines.sbg.rules.courage import courage_test
from battlesim.engines.sbg.rules.crossing import _test_die
from battlesim.engines.sbg.rules.fighting import resolve_combat
from battlesim.engines.sbg.rules.magic.casting import options
from battlesim.engines.sbg.rules.might import MightRoll
from battlesim.engines.sbg.rules.shooting import is_legal_target
from battlesim.engines.sbg.rules.water import Swim, swim_test
from tests.engines.sbg.builders import BASE_GAP, WARRIOR, add, battle, players, profile, rolls

HERO = WARRIOR.keywords | {"hero", "spirit"}
TOM = replace(
    WARRIOR,
    name="Tom Bombadil",
    keywords=HERO,
    will=15,
    rules=("Tom is Master (Passive)", "Hey! Come Merry Dol! (Passive)"),
)
GOLDBERRY = replace(
    WARRIOR,
    name="Goldberry",
    keywords=HERO,
    will=10,
    rules=("River-daughter (Passive)", "Hey! Come Merry Dol! (Passive)"),
)
ARCHER = profile(name="Orc Archer", wargear=("sword", "bow"))


def _rule_text(rule_id: str) -> str:
    """The rule's English text in the BattleScribe data (skipped when the data is absent)."""
    root = Path(os.environ.get("SBG_BSDATA_DIR", "../shared/bsdata"))
    if not root.is_dir():
        pytest.skip(f"BattleScribe data not found in {root} (set SBG_BSDATA_DIR)")
    for path in sorted(root.glob("*.gst")) + sorted(root.glob("*.cat")):
        found = re.search(
            rf'<rule id="{rule_id}"[^>]*>\s*<description>(.*?)</description>',
            path.read_text(encoding="utf-8"),
            re.S,
        )
        if found:
            return " ".join(found.group(1).split())
    pytest.skip(f"rule {rule_id} not in the data")


@pytest.mark.parametrize(
    ("rule_id", "reach"), [("b106-f127-a9e9-ce9f", 3), ("2d59-3255-94a5-3ccf", 6)]
)
def test_the_data_text_gives_the_courage_reach_the_tests_use(rule_id: str, reach: int) -> None:
    """The reaches below (3" for Tom, 6" for Goldberry) are the data's own words."""
    text = _rule_text(rule_id)
    assert f'within {reach}" of' in text.replace("&quot;", '"')
    assert "automatically win any Fight" in text and "may make Strikes" in text


def test_no_shooting_attack_may_target_tom_or_goldberry() -> None:
    """ "cannot be directly targeted by ... Shooting attacks"."""
    state = battle([])
    archer = add(state, "B1", 1, 10, 10, ARCHER)
    tom = add(state, "A1", 0, 10, 20, TOM)
    goldberry = add(state, "A2", 0, 14, 20, GOLDBERRY)
    hobbit = add(state, "A3", 0, 18, 20)
    assert not is_legal_target(state, archer, tom)
    assert not is_legal_target(state, archer, goldberry)
    assert is_legal_target(state, archer, hobbit)


def test_no_magical_power_may_target_tom() -> None:
    """ "Magical Powers ... that would affect Tom count as being automatically Resisted"."""
    state = battle([])
    caster = replace(WARRIOR, keywords=HERO, will=3, powers=(PowerSpec("Transfix", 3, 12.0),))
    shaman = add(state, "B1", 1, 10, 10, caster)
    shaman.will = 3
    tom = add(state, "A1", 0, 10, 16, TOM)
    hobbit = add(state, "A2", 0, 14, 16)
    targets = {o.target for o in options(state, shaman) if o.power.name == "transfix"}
    assert hobbit.uid in targets and tom.uid not in targets


def test_toms_side_wins_the_fight_and_no_one_strikes() -> None:
    """ "his side will automatically win any Fight that Tom is involved in, however neither
    Tom nor any model in the same Fight may make Strikes of any kind": no Duel die, no To
    Wound die; the Orc, beaten, backs away unharmed."""
    state = battle([])  # any die rolled would raise
    tom = add(state, "A1", 0, 10, 10, TOM)
    friend = add(state, "A2", 0, 10, 10 + BASE_GAP)
    orc = add(state, "B1", 1, 10 + BASE_GAP, 10, profile(fight=9, attacks=3))
    before = orc.position
    resolve_combat(state, Combat(orc, [tom, friend]), players())
    assert rolls(state) == []
    assert orc.alive and tom.alive and friend.alive and orc.position != before
    duel = state.log.of_kind("duel")[-1].data
    assert duel["winner"] == 0 and duel.get("auto")


def test_friends_near_tom_and_goldberry_pass_courage_without_rolling() -> None:
    """ "Tom and all friendly models within 3\" of him" ("within 6\" of" Goldberry)
    "automatically pass Courage tests"; a friend beyond rolls (1 + 1 + Courage 3 fails)."""
    state = battle([1, 1])
    tom = add(state, "A1", 0, 10, 10, TOM)
    add(state, "A2", 0, 30, 10, GOLDBERRY)
    near_tom = add(state, "A3", 0, 10 + 1 + 2 * WARRIOR_RADIUS, 10)
    near_goldberry = add(state, "A4", 0, 30, 10 + 5 + 2 * WARRIOR_RADIUS)
    far = add(state, "A5", 0, 20, 40)
    assert courage_test(state, tom, "test") and courage_test(state, near_tom, "test")
    assert courage_test(state, near_goldberry, "test")
    assert not courage_test(state, far, "test")


WARRIOR_RADIUS = 0.5  # a 25 mm base, near enough for the 3"/6" margins above


def test_tom_may_not_be_charged() -> None:
    """ "No models may move into Tom's Control Zone ... unless his controlling player allows
    it": the enemy may not charge him (nor Goldberry)."""
    state = battle([])
    tom = add(state, "A1", 0, 10, 10, TOM)
    goldberry = add(state, "A2", 0, 20, 10, GOLDBERRY)
    hobbit = add(state, "A3", 0, 30, 10)
    for model, chargeable in ((tom, False), (goldberry, False), (hobbit, True)):
        assert permitted(May.BE_CHARGED, HookContext(state, model)) is chargeable


def test_tom_counts_a_six_on_climb_and_swim_tests_and_goldberry_never_drowns() -> None:
    """Tom "always counts as having rolled a 6 on any Jump, Leap, Climb or Swim tests";
    Goldberry "automatically passes any Swim tests"; a plain model drowns on a 1."""
    state = battle([1, 1, 1, 1])
    tom = add(state, "A1", 0, 10, 10, TOM)
    goldberry = add(state, "A2", 0, 20, 10, GOLDBERRY)
    hobbit = add(state, "A3", 0, 30, 10)
    assert _test_die(state, tom, "climb", MightRoll.CLIMB) == 6
    assert swim_test(state, tom) is Swim.FAST
    assert swim_test(state, goldberry) is Swim.SWIM
    assert swim_test(state, hobbit) is Swim.DROWNED


def test_tom_never_carries_an_objective_and_suffers_no_effects() -> None:
    """ "Tom may never carry objectives"; "he will suffer no effects" of what is forced at
    him: no blow, fall or knock-down reaches him."""
    state = battle([])
    tom = add(state, "A1", 0, 10, 10, TOM)
    hobbit = add(state, "A2", 0, 20, 10)
    assert not objects.may_pick_up(tom) and objects.may_pick_up(hobbit)
    for moment in (On.WOUNDING, On.FALLING, On.KNOCKED_DOWN):
        assert intercept(state, moment, Happening(tom, count=1, amount=3.0, source="test"))
    assert not intercept(state, On.FALLING, Happening(hobbit, amount=0.5, source="test"))


def test_hey_come_merry_dol_costs_a_will_point_per_turn_fought() -> None:
    """ "must give up a point of Will at the end of each turn in which they participated in
    a Fight"; at 0 Will Tom wanders home (removed as a casualty)."""
    state = battle([])
    tom = add(state, "A1", 0, 10, 10, TOM)
    goldberry = add(state, "A2", 0, 20, 10, GOLDBERRY)
    add(state, "A3", 0, 30, 10)
    tom.will, goldberry.will = 2, 1
    tom.fought = True
    state.phase = Phase.END
    tick(state, Tick.TURN_END)
    assert tom.will == 1 and tom.alive and goldberry.will == 1 and goldberry.alive
    for model in (tom, goldberry):
        model.reset_turn()
    tick(state, Tick.TURN_END)  # Tom has not fought again this turn
    assert tom.will == 1
    tom.fought = goldberry.fought = True
    tick(state, Tick.TURN_END)
    assert not tom.alive and not goldberry.alive


def test_hey_come_merry_dol_sends_them_home_with_no_other_friends() -> None:
    """ "or there are no other friendly models other than Tom Bombadil and Goldberry"."""
    state = battle([])
    tom = add(state, "A1", 0, 10, 10, TOM)
    goldberry = add(state, "A2", 0, 20, 10, GOLDBERRY)
    add(state, "B1", 1, 40, 40)
    tick(state, Tick.TURN_END)
    assert not tom.alive and not goldberry.alive


def test_a_question_mark_is_no_stand_in_on_toms_and_goldberrys_cards() -> None:
    """data.ASSUMPTIONS "question-mark": their rules leave the "?" values unread."""
    assert not is_stand_in("fight", "?", ["Tom is Master (Passive)"])
    assert not is_stand_in("wounds", "?", ["River-daughter (Passive)"])
    assert is_stand_in("fight", "?", ["Stalk Unseen"]) and is_stand_in("fight", "*")

"""Good army rules of bowmen (rules/armies/good/archers.py, issue 18). Each test cites the
BattleScribe rule id whose English text is the spec, scripts the dice and fails when the
rule's unit is removed."""

from __future__ import annotations

from dataclasses import replace

from battlesim.engines.sbg.core.hooks import HookContext
from battlesim.engines.sbg.core.permissions import May, permitted
from battlesim.engines.sbg.core.rerolls import Reroll, Roll, allowed
from battlesim.engines.sbg.core.state import BattleState, Phase
from battlesim.engines.sbg.core.units import Profile, profile_from_data, profile_to_data
from battlesim.engines.sbg.rules.might import MightRoll, budget, pay_might
from battlesim.engines.sbg.rules.shooting import shoot
from tests.engines.sbg.builders import WARRIOR, add, battle, rolls

HERO = replace(WARRIOR, name="Test Hero", keywords=WARRIOR.keywords | {"hero"})
TOUGH = replace(WARRIOR, name="Orc", wounds=9, keywords=frozenset({"orc", "infantry"}))


def armed(*wargear: str, rules: tuple[str, ...] = (), **changes: object) -> Profile:
    data = {**profile_to_data(HERO), "wargear": list(wargear), "rules": list(rules), **changes}
    return profile_from_data(data)


def hits_rolled(state: BattleState) -> int:
    return sum(1 for purpose, _ in rolls(state) if purpose.startswith("to hit"))


# --- Rapid Fire (1c6b-6633-1c99-37bc) ---------------------------------------------------------


def _volley(bard: Profile) -> int:
    """Every shot hits on a 5 and fails To Wound on a 1; Rapid Fire stops at three."""
    state = battle([5, 1] * 4)
    shooter = add(state, "A1", 0, 10, 10, bard)
    add(state, "B1", 1, 10, 20, TOUGH)
    shoot(state, shooter, state.models["B1"])
    return hits_rolled(state)


def test_rapid_fire_shoots_again_after_each_hit_up_to_three_shots() -> None:
    assert _volley(armed("Great Bow", "Sword", rules=("Rapid Fire",))) == 3
    assert _volley(armed("Great Bow", "Sword")) == 1


def test_rapid_fire_stops_at_a_miss_and_needs_a_great_bow() -> None:
    state = battle([5, 1, 2])
    bard = add(state, "A1", 0, 10, 10, armed("Great Bow", rules=("Rapid Fire",)))
    add(state, "B1", 1, 10, 20, TOUGH)
    shoot(state, bard, state.models["B1"])
    assert hits_rolled(state) == 2  # the second shot missed
    assert _volley(armed("Bow", rules=("Rapid Fire",))) == 1


# --- Deadeye (f284-c076-6eb6-7624) and the Slingshot -------------------------------------------


def test_deadeye_wounds_on_a_natural_six_to_hit_without_rolling_to_wound() -> None:
    state = battle([6])
    ori = add(state, "A1", 0, 10, 10, armed("Slingshot", "Dagger", rules=("Deadeye",)))
    orc = add(state, "B1", 1, 10, 20, replace(TOUGH, wounds=1))
    assert ori.missile is not None and ori.missile.name == "sling"
    shoot(state, ori, orc)
    assert not orc.alive and len(rolls(state)) == 1
    plain = battle([6, 1])
    other = add(plain, "A1", 0, 10, 10, armed("Slingshot", "Dagger"))
    orc2 = add(plain, "B1", 1, 10, 20, replace(TOUGH, wounds=1))
    shoot(plain, other, orc2)
    assert orc2.alive


# --- Lethal Aim (8f6b-5307-7c2b-5a69) ---------------------------------------------------------


def test_lethal_aim_gives_one_free_might_point_a_turn_when_shooting() -> None:
    state = battle()
    state.phase = Phase.SHOOT
    anborn = add(state, "A1", 0, 10, 10, armed("Bow", rules=("Lethal Aim",), might=0))
    assert budget(state, anborn, MightRoll.TO_HIT) == 1
    assert budget(state, anborn, MightRoll.DUEL) == 0
    pay_might(state, anborn, 1, MightRoll.TO_WOUND)
    assert anborn.might == 0 and budget(state, anborn, MightRoll.TO_HIT) == 0
    state.turn = 2
    assert budget(state, anborn, MightRoll.IN_THE_WAY) == 1
    state.phase = Phase.FIGHT
    assert budget(state, anborn, MightRoll.TO_WOUND) == 0  # a To Wound roll of a fight


# --- "Archers, This Way!" (fe71-0dc2-5ac4-0466) ------------------------------------------------


def test_percy_and_militia_near_him_reroll_ones_to_hit_with_bows() -> None:
    state = battle()
    percy = add(state, "A1", 0, 10, 10, armed("Bow", rules=('"Archers, This Way!"',)))
    militia = armed("Bow", name="Lake-town Militia")
    near = add(state, "A2", 0, 14, 10, militia)
    far = add(state, "A3", 0, 30, 10, militia)
    swordsman = add(state, "A4", 0, 12, 10, armed("Sword", name="Lake-town Militia"))
    answers = [allowed(Roll.TO_HIT, HookContext(state, m)) for m in (percy, near, far, swordsman)]
    assert answers == [Reroll.ONES, Reroll.ONES, Reroll.NONE, Reroll.NONE]


# --- Birdcalls (5849-b676-34f8-3bf9) ---------------------------------------------------------


def test_birdcalls_give_rangers_near_mablung_stealth_and_see_stalkers() -> None:
    state = battle()
    mablung = add(state, "A1", 0, 10, 10, armed("Bow", rules=("Birdcalls",)))
    ranger = add(state, "A2", 0, 14, 10, armed("Bow", name="Ranger of Gondor"))
    far = add(state, "A3", 0, 30, 10, armed("Bow", name="Ranger of Gondor"))
    stalker = add(state, "B1", 1, 20, 30, armed("Bow", rules=("Stalk Unseen",)))
    stealthy = [permitted(May.BE_STEALTHY, HookContext(state, m)) for m in (mablung, ranger, far)]
    assert stealthy == [True, True, False]
    state.phase = Phase.SHOOT
    assert permitted(May.SEE_STEALTHY, HookContext(state, ranger, stalker))
    assert not permitted(May.SEE_STEALTHY, HookContext(state, far, stalker))

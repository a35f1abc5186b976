"""Courage tests, broken armies and "Stand Fast!" (checklist part 1 §7, 002:L1198-1256)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from battlesim.engines.sbg.core import effects
from battlesim.engines.sbg.core.data import COURAGE_PASS, STAND_FAST_RANGE
from battlesim.engines.sbg.core.decisions import Decision
from battlesim.engines.sbg.core.effects import Bar
from battlesim.engines.sbg.core.hooks import Hook, HookContext, modifier
from battlesim.engines.sbg.core.overrides import Stat, value
from battlesim.engines.sbg.core.permissions import May, permitted
from battlesim.engines.sbg.core.rerolls import Roll, allowed
from battlesim.engines.sbg.core.state import (
    BattleState,
    Happening,
    ModelState,
    On,
    Removal,
    notify,
    subscribed,
)
from battlesim.engines.sbg.core.units import PlayerId
from battlesim.engines.sbg.rules.challenges import challenge
from battlesim.engines.sbg.rules.combat import clamp_stat
from battlesim.engines.sbg.rules.game_types import narrative
from battlesim.engines.sbg.rules.howdah import riding
from battlesim.engines.sbg.rules.might import DIE_MAX, MightRoll, boost
from battlesim.engines.sbg.rules.pools import Pool, available, spend_pooled
from battlesim.engines.sbg.rules.sight import can_see


def courage_value(state: BattleState, model: ModelState, reason: str = "") -> int:
    """Courage with its modifiers (war horn, special rules), clamped to 1..10; ``reason``:
    what the value is for (a test's reason, "blades of the dead"), a detail rules may read."""
    context = HookContext(state, model, details={"reason": reason} if reason else {})
    base = value(Stat.COURAGE, context, model.profile.courage)  # rules that set it
    return clamp_stat(base + modifier(Hook.COURAGE, context))


# MAGIC-P-AURACMD, MAGIC-P-FURY: an effect with this mark passes every Courage test
PASSES_COURAGE = "passes courage tests"


def courage_test(
    state: BattleState,
    model: ModelState,
    reason: str,
    drop_highest: bool = False,
    penalty: int = 0,
) -> bool:
    """COUR-TEST-01 (002:L1200): 2D6 + Courage >= 10 passes; a Hero may add Will and Might
    (COUR-TEST-05, HERO-MIGHT-06 item 5, ``heroic_courage``), the War Beast's Panic test
    (WB-DMG-02) included. ``drop_highest``: 3D6 less the highest (channelled Instill Fear
    and Terrifying Aura, MAGIC-P-FEAR, MAGIC-P-TERRAURA)."""
    if permitted(May.PASS_COURAGE_UNTESTED, HookContext(state, model, details={"reason": reason})):
        state.log.emit("courage", model=model.uid, reason=reason, passed=True, auto="fearless")
        return _tested(state, model, reason, True)
    if effects.marked(state, model, PASSES_COURAGE) is not None:
        state.log.emit("courage", model=model.uid, reason=reason, passed=True, auto="power")
        return _tested(state, model, reason, True)
    if drop_highest:
        dice = sorted(state.roll(3, f"courage {model.uid} ({reason}, 3D6 less the highest)"))[:2]
    else:
        dice = state.roll(2, f"courage {model.uid} ({reason})")
    total = sum(dice) + courage_value(state, model, reason) - penalty  # MAGIC-P-SHROUD: -1"
    if (
        total < COURAGE_PASS
        and not drop_highest
        and allowed(Roll.COURAGE, HookContext(state, model))
    ):
        dice = state.roll(2, f"courage {model.uid} ({reason}, re-roll of a failed test)")
        total = sum(dice) + courage_value(state, model, reason) - penalty  # DICE-REROLL-02
    total -= sum(rule(state, model, total) for rule in AFTER_COURAGE_DICE)
    total += heroic_courage(state, model, total, sum(dice))
    passed = total >= COURAGE_PASS
    state.log.emit("courage", model=model.uid, reason=reason, total=total, passed=passed)
    return _tested(state, model, reason, passed)


# Rules of other models that lower a Courage test's total once its dice are known, before
# the tester's own Will and Might (the Golden King's Riches Beyond Renown): each returns
# the points it takes off
AFTER_COURAGE_DICE: list[Callable[[BattleState, ModelState, int], int]] = []


def _tested(state: BattleState, model: ModelState, reason: str, passed: bool) -> bool:
    if subscribed(On.COURAGE_TEST):
        notify(state, On.COURAGE_TEST, Happening(model, reason=reason, passed=passed))
    return passed


def heroic_courage(state: BattleState, model: ModelState, total: int, dice: int) -> int:
    """COUR-TEST-05, HERO-WILL-04 (002:L1548, L1756-1760): after failing, a Hero may add +1
    per Will point and +1 per Might point (combined); returns the points added.

    Will is spent first, and only when it covers the shortfall with the Might the player
    adds: a point that cannot turn the test into a pass would be wasted (data.ASSUMPTIONS
    "will"). Might cannot lift the two dice past 12 (DICE-MOD-01).
    """
    shortfall = COURAGE_PASS - total
    if shortfall <= 0:
        return 0
    store = available(state, model, Pool.WILL)  # its own, and any lent (A Good Sort Really)
    will = store if store > 0 and _offers_will(state, model, shortfall) else 0
    if shortfall <= will:
        return _spend_will(state, model, shortfall)
    with_will = total + will
    ceiling = with_will + 2 * DIE_MAX - dice
    raised = boost(state, model, MightRoll.COURAGE, with_will, COURAGE_PASS, ceiling=ceiling)
    might_points = raised - with_will
    if raised < COURAGE_PASS:
        return might_points
    return might_points + _spend_will(state, model, shortfall - might_points)


@dataclass(frozen=True, slots=True)
class SpendWillOnCourage(Decision[bool]):
    """HERO-WILL-04 (002:L1756: « peut dépenser des points de Volonté »): whether the Hero
    that failed a Courage test by ``shortfall`` offers its Will (only what the pass needs is
    spent, with any Might the player adds)."""

    model: ModelState
    shortfall: int

    def default(self, state: BattleState) -> bool:
        return True


def _offers_will(state: BattleState, model: ModelState, shortfall: int) -> bool:
    if state.players is None:
        return True
    return bool(state.players[model.player].decide(state, SpendWillOnCourage(model, shortfall)))


def _spend_will(state: BattleState, model: ModelState, points: int) -> int:
    if points > 0:
        if not spend_pooled(state, model, Pool.WILL, points):
            state.log.emit("cancelled", model=model.uid, deed="will on courage")
            return 0  # the points add nothing (pools.SPENT)
        state.log.emit("will", model=model.uid, points=points, will_left=model.will)
    return points


def break_point(state: BattleState, player: PlayerId) -> float:
    """COUR-BRK-01 (002:L1238): half the starting models, possibly fractional."""
    return state.start_counts[player] / 2


def update_broken(state: BattleState) -> None:
    """COUR-BRK-02 (002:L1240): at the start of a turn, casualties > break point -> Broken.
    GAME-NARR-03 (002:L3411): a narrative game ignores the Break rules."""
    if narrative(state):
        return
    for player in (0, 1):
        if state.broken[player]:
            continue
        if state.casualties[player] > break_point(state, player):
            state.broken[player] = True
            state.log.emit("broken", player=player, casualties=state.casualties[player])


def stand_fast_hero(state: BattleState, model: ModelState) -> ModelState | None:
    """COUR-SF-02 (002:L1248): a friendly Hero within 6" that passed its test this turn and
    that the Warrior can see (part 1 §7.3 reading), measured from where the Hero now is."""
    for hero in state.living(model.player):
        if hero is model:
            continue
        rallying = hero.profile.is_hero and hero.tested and not state.engaged(hero)
        # MAGIC-P-TRANSFIX (002:L2537): a held Hero may not call it
        rallying = rallying and not effects.barred(state, hero, Bar.STAND_FAST)
        rallying = (
            rallying and challenge(hero).declined_from is None
        )  # HERO-HCHAL-03: lost for good
        if not rallying or hero is model or not _rallies(state, hero, model):
            continue
        reach = STAND_FAST_RANGE + modifier(Hook.STAND_FAST_REACH, HookContext(state, hero, model))
        if state.distance(hero, model) <= reach and can_see(state, model, hero):
            return hero
    return None


def _rallies(state: BattleState, hero: ModelState, model: ModelState) -> bool:
    """Whether ``hero``'s Stand Fast! may reach ``model``: a Warrior unless the Hero's rules
    ban it; another Hero only when its rules say so (army rules such as Voice of Curunír)."""
    context = HookContext(state, hero, model)
    may = May.RALLY_HERO if model.profile.is_hero else May.RALLY
    return permitted(may, context)


def broken_test(state: BattleState, model: ModelState) -> bool:
    """COUR-BRK-03/04: a Broken army's model tests at the start of its move; fail -> flees.

    Engaged models do not test (COUR-BRK-03, COUR-SF-03). Returns True if the model stays.
    """
    if not state.broken[model.player] or state.engaged(model):
        return True
    if "war beast" in model.profile.keywords or riding(model) is not None:
        state.log.emit("courage", model=model.uid, reason="broken", passed=True, auto="WB-GEN-03")
        return True  # WB-GEN-03 (002:L1868): War Beasts and their riders always pass
    hero = stand_fast_hero(state, model)
    if hero is not None:
        state.log.emit("stand_fast", model=model.uid, hero=hero.uid)
        return True
    passed = courage_test(state, model, "broken")
    model.tested = passed
    if not passed:
        state.remove(model, Removal.FLED)
    return passed

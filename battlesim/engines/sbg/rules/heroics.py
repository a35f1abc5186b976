"""The Fate save (HERO-FATE-*): Heroes' Fate points against the wounds they take.

Which wounds deserve Fate is the side's choice (``FatePolicy``): the default spends Fate only
on a wound that would slay the model, where a point matters most.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from battlesim.engines.sbg.core.decisions import Decision
from battlesim.engines.sbg.core.hooks import HookContext
from battlesim.engines.sbg.core.rerolls import Roll, allowed
from battlesim.engines.sbg.core.state import Happening, On, on
from battlesim.engines.sbg.core.status import Lasting, Status
from battlesim.engines.sbg.rules import might
from battlesim.engines.sbg.rules.pools import Pool, available, spend_pooled

if TYPE_CHECKING:
    from battlesim.engines.sbg.core.state import BattleState, ModelState

FATE_SAVE = 4  # HERO-FATE-01 (002:L1768-1770): 4-6 on the D6 ignores the wound


# Does the side spend a Fate point against a blow of ``count`` wounds on this model?
FatePolicy = Callable[["ModelState", int], bool]


def fate_when_slain(model: ModelState, count: int = 1) -> bool:
    """Default policy: spend Fate only on a blow that would slay the model."""
    return model.wounds <= count


def fate_saves(state: BattleState, model: ModelState, policy: FatePolicy, count: int = 1) -> bool:
    """HERO-FATE-01/02 (002:L1768-1774): one point and one D6 at a time, 4+ ignores the wound.

    HERO-FATE-03 (002:L1776): Might may raise a failed Fate roll, decided before the next
    Fate point. HERO-FATE-04 (002:L1778): one success stops the whole blow (``count`` wounds).
    """
    while available(state, model, Pool.FATE) > 0 and _spends_fate(state, model, policy, count):
        if not spend_pooled(state, model, Pool.FATE):  # its own, then a lender's
            state.log.emit("cancelled", model=model.uid, deed="fate save")
            continue  # no roll for this point (pools.SPENT); another may be spent
        (die,) = state.roll(1, f"fate save for {model.uid}")
        if die < FATE_SAVE and allowed(Roll.FATE, HookContext(state, model)):
            (die,) = state.roll(1, f"fate save for {model.uid} (re-roll)")  # Narya, Vilya...
        score = might.boost(state, model, might.MightRoll.FATE, die, FATE_SAVE)
        saved = score >= FATE_SAVE
        state.log.emit(
            "fate", model=model.uid, die=die, score=score, saved=saved, fate_left=model.fate
        )
        if saved:
            return True
    return False


@dataclass(frozen=True, slots=True)
class SpendFate(Decision[bool]):
    """HERO-FATE-01/02 (002:L1768: « le joueur la contrôlant peut décider de dépenser des
    points de Destin »; L1772 again after a failed roll): spend a point against this blow of
    ``count`` wounds? The default is the battle's Fate policy."""

    model: ModelState
    count: int
    policy: FatePolicy

    def default(self, state: BattleState) -> bool:
        return self.policy(self.model, self.count)


def _spends_fate(state: BattleState, model: ModelState, policy: FatePolicy, count: int) -> bool:
    if state.players is None:
        return policy(model, count)
    return bool(state.players[model.player].decide(state, SpendFate(model, count, policy)))


# The policy each battle follows (a rule-owned status of the battle; tests may replace it).
FATE_POLICY: Status[FatePolicy] = Status("fate policy", lambda: fate_when_slain, Lasting.BATTLE)


def fate_policy(state: BattleState) -> FatePolicy:
    return FATE_POLICY.of(state)


@on(On.WOUNDING, "fate", order=20)
def _fate_save(state: BattleState, blow: Happening) -> bool:
    """HERO-FATE-04 (002:L1778): one successful Fate roll prevents the whole blow;
    HERO-FATE-05: any wound, whatever its source (falls included), may be saved."""
    model = blow.model
    if available(state, model, Pool.FATE) <= 0:
        return False
    return fate_saves(state, model, fate_policy(state), blow.count)

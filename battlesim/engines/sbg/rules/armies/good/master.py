"""The Master of Lake-town's rules: Moneybags (paid Guards fight better) and Dragon-sickness
(the gold an enemy Hero carries may kill him)."""

from __future__ import annotations

from dataclasses import dataclass

from battlesim.engines.sbg.core.decisions import Decision
from battlesim.engines.sbg.core.hooks import Hook, HookContext, register
from battlesim.engines.sbg.core.permissions import May, grant_by_effect
from battlesim.engines.sbg.core.registry import REGISTRY, Kind
from battlesim.engines.sbg.core.state import (
    BattleState,
    ModelState,
    Phase,
    Removal,
    Tick,
    every,
)
from battlesim.engines.sbg.core.status import Lasting, Status
from battlesim.engines.sbg.core.units import ModelId
from battlesim.engines.sbg.rules.armies.good.near import named
from battlesim.engines.sbg.rules.courage import courage_test
from battlesim.engines.sbg.rules.fighting import ask
from battlesim.engines.sbg.rules.might import pay_might

# --- Moneybags (BSData 8296-d6d5-9ca3-0191) ---------------------------------------------------

MONEYBAGS = "moneybags"
_GUARDS = ("braga", "lake-town guard")  # Braga, Lake-town Guard Captains, Lake-town Guard
_REACH = 6.0
_PAID: Status[list[bool]] = Status("moneybags paid", list, Lasting.PHASE)


@dataclass(frozen=True, slots=True)
class PayTheGuard(Decision[bool]):
    """Moneybags: the Master spends a Might point at the start of the Fight phase. The
    heuristic pays when a Guard within 6" of him is Engaged."""

    model: ModelState
    guards: tuple[ModelState, ...]

    def default(self, state: BattleState) -> bool:
        return any(state.engaged(m) for m in self.guards)


def _guards_near(state: BattleState, master: ModelState) -> tuple[ModelState, ...]:
    return tuple(
        m
        for m in state.living(master.player)
        if named(m, _GUARDS) and state.distance(m, master) <= _REACH
    )


@every(Tick.PHASE_START, MONEYBAGS, order=40)
def _moneybags(state: BattleState) -> None:
    """At the start of the Fight phase the Master may expend a Might point: Braga, Lake-town
    Guard Captains and Lake-town Guard within 6" have +1 Fight and count as in range of a
    banner until the end of the phase."""
    if state.phase is not Phase.FIGHT:
        return
    for master in state.living():
        if MONEYBAGS not in master.triggers or master.might <= 0:
            continue
        guards = _guards_near(state, master)
        if not guards:
            continue
        if ask(state, master, PayTheGuard(master, guards)):
            if not pay_might(state, master, 1):
                continue  # the deed is cancelled (pools.SPENT)
            _PAID.of(master).append(True)
            state.log.emit("paid", model=master.uid, rule=MONEYBAGS, might_left=master.might)


def _paid_near(context: HookContext) -> bool:
    model, state = context.model, context.state
    if not named(model, _GUARDS):
        return False
    return any(
        _PAID.peek(m) and state.distance(m, model) <= _REACH
        for m in state.living(model.player)
        if MONEYBAGS in m.triggers
    )


@register(Hook.FIGHT, "any")
def _moneybags_fight(context: HookContext) -> int:
    return 1 if _paid_near(context) else 0


@grant_by_effect(May.COUNT_AS_IN_BANNER_RANGE)
def _moneybags_banner(context: HookContext) -> bool | None:
    return True if _paid_near(context) else None


REGISTRY.register(MONEYBAGS, kind=Kind.RULE, source="BSData 8296-d6d5-9ca3-0191")


# --- Dragon-sickness (BSData 1d9e-9ba9-112c-2863) ---------------------------------------------

SICKNESS = "dragon-sickness"
_GOLD: Status[list[ModelId]] = Status("bearer of the gold", list, Lasting.BATTLE)


@dataclass(frozen=True, slots=True)
class ChooseGoldBearer(Decision["ModelId | None"]):
    """Dragon-sickness: the opponent picks one of its Heroes to carry a large sum of gold
    (None: none). The heuristic gives it to its Hero with the best Fight value."""

    model: ModelState  # the Master
    heroes: tuple[ModelState, ...]

    def default(self, state: BattleState) -> ModelId | None:
        return max(self.heroes, key=lambda m: (m.profile.fight, m.uid)).uid


@every(Tick.TURN_START, SICKNESS, order=41)
def _gold(state: BattleState) -> None:
    """At the start of the game the opponent may select one of its Heroes as the bearer."""
    if state.turn != 1:
        return
    for master in state.living():
        if SICKNESS not in master.triggers or _GOLD.of(master):
            continue
        heroes = tuple(m for m in state.enemies(master) if m.profile.is_hero)
        if not heroes:
            continue
        decision = ChooseGoldBearer(master, heroes)
        players = state.players
        choice = (
            decision.default(state)
            if players is None
            else players[1 - master.player].decide(state, decision)
        )
        bearer = next((m for m in heroes if m.uid == choice), None)
        if bearer is not None:
            _GOLD.of(master).append(bearer.uid)
            state.log.emit("gold_bearer", model=bearer.uid, rule=SICKNESS)


@every(Tick.PHASE_END, SICKNESS, order=41)
def _sickness(state: BattleState) -> None:
    """If the Master is in base contact with the bearer at the end of a Move phase, he must
    pass a Courage test or be removed as if he had lost his last Wound (no Fate: READINGS)."""
    if state.phase is not Phase.MOVE:
        return
    for master in list(state.living()):
        gold = _GOLD.peek(master)
        bearer = state.models.get(gold[0]) if gold else None
        if bearer is None or not bearer.alive or not state.in_contact(master, bearer):
            continue
        if not courage_test(state, master, SICKNESS):
            state.remove(master, Removal.SLAIN, SICKNESS)


REGISTRY.register(SICKNESS, kind=Kind.RULE, source="BSData 1d9e-9ba9-112c-2863")

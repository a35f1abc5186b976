"""Evil heroes' abilities called at the start of a phase, most of them for a Will point (the
Ringwraiths of Mordor and Harad, Khamûl, Zagdûsh), from the BattleScribe rule text. Each call
is a player's decision (``UseArmyRule``) whose default is the heuristic's answer."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from battlesim.engines.sbg.core import effects
from battlesim.engines.sbg.core.decisions import Decision
from battlesim.engines.sbg.core.effects import Effect, Until
from battlesim.engines.sbg.core.hooks import Hook, HookContext
from battlesim.engines.sbg.core.registry import REGISTRY, Kind
from battlesim.engines.sbg.core.rerolls import Reroll, Roll, reroll_by_effect
from battlesim.engines.sbg.core.state import (
    BattleState,
    Happening,
    ModelState,
    On,
    Phase,
    Tick,
    every,
    on,
)
from battlesim.engines.sbg.core.status import Lasting, Status
from battlesim.engines.sbg.rules import equipment
from battlesim.engines.sbg.rules.pools import Pool, spend

ABILITY_RANGE = 6.0


@dataclass(frozen=True, slots=True)
class UseArmyRule(Decision[bool]):
    """Does ``model`` call its ``rule`` now (spending a Will point when ``costs_will``)?
    ``worth``: the heuristic's count of friends or foes the call would help (its default
    calls when it helps at least ``ENOUGH``)."""

    model: ModelState
    rule: str
    costs_will: bool
    worth: int

    def default(self, state: BattleState) -> bool:
        return self.worth >= ENOUGH


ENOUGH = 2


def ask(state: BattleState, decision: UseArmyRule) -> bool:
    players = state.players
    if players is None:
        return decision.default(state)
    return players[decision.model.player].decide(state, decision)


@dataclass(frozen=True, slots=True)
class PhaseAbility:
    """A rule called at the start of ``phase``; ``worth`` counts what it would help."""

    rule: str
    phase: Phase
    costs_will: bool
    worth: Callable[[BattleState, ModelState], int]
    source: str


_CALLED: Status[dict[tuple[str, str], int]] = Status("army rules called", dict, Lasting.TURN)


def called(state: BattleState, rule: str) -> list[ModelState]:
    """The living carriers that called ``rule`` this turn."""
    uids = [uid for (uid, name) in _CALLED.of(state) if name == rule]
    return [state.models[u] for u in uids if state.models[u].alive]


def _near(state: BattleState, carrier: ModelState, model: ModelState) -> bool:
    return model is carrier or state.distance(carrier, model) <= ABILITY_RANGE + 1e-9


def _friends_near(
    state: BattleState, carrier: ModelState, test: Callable[[ModelState], bool]
) -> int:
    return sum(1 for m in state.living(carrier.player) if test(m) and _near(state, carrier, m))


MASTER_OF_POISONS = "master of poisons"
RULE_THROUGH_FEAR = "rule through fear"
ESSENCE_LEECH = "essence leech"
RECKLESS = "reckless fighter"


def _poisoned(model: ModelState) -> bool:
    return bool({"poisoned weapon", "poisoned arrows"} & model.triggers)


def _warrior(model: ModelState) -> bool:
    return not model.profile.is_hero


ABILITIES = (
    PhaseAbility(
        MASTER_OF_POISONS,
        Phase.MOVE,
        True,
        lambda s, m: _friends_near(s, m, _poisoned),
        "BSData 380b-e493-1cf9-0c72, 06e9-d682-63e1-9238 (Master of Poisons)",
    ),
    PhaseAbility(
        RULE_THROUGH_FEAR,
        Phase.FIGHT,
        True,
        lambda s, m: _friends_near(s, m, lambda f: _warrior(f) and s.engaged(f)),
        "BSData 01df-5529-4cac-afd2, a11c-cbfa-6190-70c6 (Rule Through Fear)",
    ),
    PhaseAbility(
        RECKLESS,
        Phase.FIGHT,
        False,  # free; the heuristic trades Defence for Strength whenever he is engaged
        lambda s, m: ENOUGH * len(s.contacts(m)),
        "BSData 363e-db2f-0aa2-58da (Reckless Fighter)",
    ),
)


@every(Tick.PHASE_START, "evil phase abilities", order=45)
def _phase_abilities(state: BattleState) -> None:
    for ability in ABILITIES:
        if ability.phase is not state.phase:
            continue
        for carrier in state.living():
            if ability.rule not in carrier.triggers or (ability.costs_will and carrier.will < 1):
                continue
            if ability.rule == RECKLESS and not state.engaged(carrier):
                continue
            decision = UseArmyRule(
                carrier, ability.rule, ability.costs_will, ability.worth(state, carrier)
            )
            if not ask(state, decision):
                continue
            if ability.costs_will and not spend(state, carrier, Pool.WILL):
                continue  # the deed is cancelled (pools.SPENT)
            _CALLED.of(state)[(carrier.uid, ability.rule)] = state.turn
            state.log.emit("army_rule", model=carrier.uid, rule=ability.rule, will=carrier.will)
            if ability.rule == RECKLESS:
                _reckless(state, carrier)


for _ability in ABILITIES:
    REGISTRY.register(_ability.rule, kind=Kind.RULE, source=_ability.source)


@reroll_by_effect(Roll.TO_WOUND_IN_COMBAT)
@reroll_by_effect(Roll.TO_WOUND_SHOOTING)
def _master_of_poisons(context: HookContext) -> Reroll:
    """Master of Poisons: until the End phase, friendly models with Poisoned Weapons within
    6" of the Betrayer re-roll all failed To Wound rolls made with those weapons."""
    model = context.model
    if not _poisoned(model):
        return Reroll.NONE
    for betrayer in called(context.state, MASTER_OF_POISONS):
        if betrayer.player == model.player and _near(context.state, betrayer, model):
            return Reroll.FAILED
    return Reroll.NONE


def _fear_banner(state: BattleState, members: list[ModelState]) -> ModelState | None:
    """Rule Through Fear: friendly Warriors within 6" of the Dark Marshal count as in range
    of a banner until the End phase."""
    for marshal in called(state, RULE_THROUGH_FEAR):
        if marshal.player != members[0].player:
            continue
        if any(_warrior(m) and _near(state, marshal, m) for m in members):
            return marshal
    return None


equipment.BANNER_RULES.append(_fear_banner)


def _reckless(state: BattleState, zagdush: ModelState) -> None:
    """Reckless Fighter: -1 Defence and +1 Strength until the end of the fight (the Fight
    phase: READINGS)."""
    for hook, change in ((Hook.STRENGTH, 1), (Hook.DEFENCE, -1)):
        effects.add(state, Effect(RECKLESS, zagdush.uid, hook, change, Until.END_OF_TURN, RECKLESS))


# Essence Leech (BSData 4323-6bab-ddc6-37b7): every Wound Khamûl's Strikes cause (not saved
# by Fate or the like) gives back a Will point spent earlier, never above 12; at the start
# of the Fight phase he may spend a Will point for +1 Fight, Strength or Attacks that phase.
WILL_CAP = 12


@on(On.WOUNDED, ESSENCE_LEECH, order=55)
def _leech_wounded(state: BattleState, blow: Happening) -> None:
    _leech(state, blow.source, blow.count)


@on(On.REMOVED, ESSENCE_LEECH, order=56)
def _leech_slain(state: BattleState, happening: Happening) -> None:
    if happening.reason == "slain":
        _leech(state, happening.source, 1)


def _leech(state: BattleState, source: str, wounds: int) -> None:
    if not source.startswith("struck by "):
        return
    khamul = state.models.get(source.removeprefix("struck by "))
    if khamul is None or ESSENCE_LEECH not in khamul.triggers or not khamul.alive:
        return
    cap = min(WILL_CAP, khamul.profile.will)
    regained = min(wounds, cap - khamul.will)
    if regained > 0:
        khamul.will += regained
        state.log.emit("will_regained", model=khamul.uid, rule=ESSENCE_LEECH, will=khamul.will)


@dataclass(frozen=True, slots=True)
class ChooseLeechBoost(Decision[Hook | None]):
    """Essence Leech: which of Fight, Strength or Attacks Khamûl raises by 1 for a Will
    point this Fight phase (None: none). Heuristic: Attacks when engaged and Will is left."""

    khamul: ModelState

    def default(self, state: BattleState) -> Hook | None:
        engaged = state.engaged(self.khamul)
        return Hook.ATTACKS if engaged and self.khamul.will >= 1 else None


@every(Tick.PHASE_START, ESSENCE_LEECH, order=46)
def _leech_boost(state: BattleState) -> None:
    if state.phase is not Phase.FIGHT:
        return
    for khamul in state.living():
        if ESSENCE_LEECH not in khamul.triggers or khamul.will < 1:
            continue
        decision = ChooseLeechBoost(khamul)
        players = state.players
        hook = (
            decision.default(state)
            if players is None
            else players[khamul.player].decide(state, decision)
        )
        if hook not in (Hook.FIGHT, Hook.STRENGTH, Hook.ATTACKS):
            continue
        if not spend(state, khamul, Pool.WILL):
            continue  # the deed is cancelled (pools.SPENT)
        effects.add(
            state, Effect(ESSENCE_LEECH, khamul.uid, hook, 1, Until.END_OF_TURN, ESSENCE_LEECH)
        )


REGISTRY.register(ESSENCE_LEECH, kind=Kind.RULE, source="BSData 4323-6bab-ddc6-37b7")

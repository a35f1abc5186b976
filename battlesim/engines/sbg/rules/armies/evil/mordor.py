"""Rules of Mordor's captains (Gothmog, Goroth), from the BattleScribe rule text."""

from __future__ import annotations

from dataclasses import dataclass

from battlesim.engines.sbg.core.auras import Affects, aura
from battlesim.engines.sbg.core.decisions import Decision
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
from battlesim.engines.sbg.rules.heroic_actions import ACTION_WILL_PAYERS, HEROIC_MOVE
from battlesim.engines.sbg.rules.magic import powers_aura

MORDOR_ORC = frozenset({"mordor", "orc"})


def _mordor_orc(model: ModelState) -> bool:
    return model.profile.keywords >= MORDOR_ORC


# The Age of Men is Over (BSData 0090-71a9-2707-5aed): Gothmog and friendly Mordor Orcs
# within 3" of him have Hatred (Man): +1 To Wound against Men in combat (SR-HATRED).
@aura(
    Hook.WOUND_ROLL,
    "the age of men is over",
    reach=3.0,
    affects=Affects.FRIENDS,
    group="hatred (man)",
    source="BSData 0090-71a9-2707-5aed (The Age of Men is Over)",
)
def _age_of_men(context: HookContext, carrier: ModelState) -> int:
    model, target = context.model, context.other
    if target is None or context.details.get("missile") or "man" not in target.profile.keywords:
        return 0
    return 1 if model is carrier or _mordor_orc(model) else 0


# The Time of the Orc has Come (BSData d062-742a-cfd5-2c9c): once per game, at the start of a
# Fight phase, Gothmog may declare it: for the rest of the turn friendly Mordor Orcs within
# 12" of him re-roll failed To Wound rolls when making Strikes.
TIME_OF_THE_ORC = "the time of the orc has come"
ORC_TIME_RANGE = 12.0
_DECLARED: Status[dict[str, int]] = Status("time of the orc", dict, Lasting.BATTLE)


@dataclass(frozen=True, slots=True)
class DeclareTimeOfTheOrc(Decision[bool]):
    """Does Gothmog call The Time of the Orc has Come this Fight phase (once per game)?
    Heuristic: when at least ``ENGAGED_ENOUGH`` friendly Mordor Orcs within 12" are
    engaged."""

    gothmog: ModelState
    engaged_orcs: int

    def default(self, state: BattleState) -> bool:
        return self.engaged_orcs >= ENGAGED_ENOUGH


ENGAGED_ENOUGH = 3


@every(Tick.PHASE_START, TIME_OF_THE_ORC, order=40)
def _time_of_the_orc(state: BattleState) -> None:
    if state.phase is not Phase.FIGHT:
        return
    declared = _DECLARED.of(state)
    for gothmog in state.living():
        if TIME_OF_THE_ORC not in gothmog.triggers or gothmog.uid in declared:
            continue
        engaged = sum(
            1
            for m in state.living(gothmog.player)
            if _mordor_orc(m) and state.engaged(m) and _near(state, gothmog, m)
        )
        ask = DeclareTimeOfTheOrc(gothmog, engaged)
        players = state.players
        yes = ask.default(state) if players is None else players[gothmog.player].decide(state, ask)
        if yes:
            declared[gothmog.uid] = state.turn
            state.log.emit("army_rule", model=gothmog.uid, rule=TIME_OF_THE_ORC, turn=state.turn)


def _near(state: BattleState, gothmog: ModelState, model: ModelState) -> bool:
    return model is gothmog or state.distance(gothmog, model) <= ORC_TIME_RANGE + 1e-9


@reroll_by_effect(Roll.TO_WOUND_IN_COMBAT)
def _orcs_reroll(context: HookContext) -> Reroll:
    declared = _DECLARED.of(context.state)
    if not declared or not _mordor_orc(context.model):
        return Reroll.NONE
    for uid, turn in declared.items():
        gothmog = context.state.models[uid]
        live = gothmog.alive and turn == context.state.turn
        if (
            live
            and gothmog.player == context.model.player
            and _near(context.state, gothmog, context.model)
        ):
            return Reroll.FAILED
    return Reroll.NONE


REGISTRY.register(TIME_OF_THE_ORC, kind=Kind.RULE, source="BSData d062-742a-cfd5-2c9c")


# "Come here Maggot!" (BSData f67c-bbd3-31d2-eb32): a Wound that would slay Goroth after
# Fate points: a D6, on a 2+ a friendly Mordor Orc within 1" suffers it instead.
MAGGOT = "come here maggot!"
MAGGOT_RANGE = 1.0
_PASSING: set[str] = set()


@dataclass(frozen=True, slots=True)
class ChooseMaggot(Decision[str | None]):
    """Which friendly Mordor Orc within 1" takes Goroth's Wound (None: none). Heuristic:
    the Orc with the fewest Wounds left, then by id."""

    goroth: ModelState
    orcs: tuple[ModelState, ...]

    def default(self, state: BattleState) -> str | None:
        if not self.orcs:
            return None
        return min(self.orcs, key=lambda m: (m.profile.is_hero, m.wounds, m.uid)).uid


@on(On.WOUNDING, MAGGOT, order=25, trigger=MAGGOT)
def _come_here_maggot(state: BattleState, blow: Happening) -> bool:
    """After Fate (order 20): only a blow that would slay him; the Orc may use Fate."""
    goroth = blow.model
    if goroth.uid in _PASSING or blow.at_mount or goroth.wounds > blow.count:
        return False
    orcs = tuple(
        m
        for m in state.living(goroth.player)
        if m is not goroth and _mordor_orc(m) and state.distance(goroth, m) <= MAGGOT_RANGE
    )
    if not orcs:
        return False
    (die,) = state.roll(1, f"come here maggot {goroth.uid}")
    if die < 2:
        return False
    ask = ChooseMaggot(goroth, orcs)
    players = state.players
    chosen = ask.default(state) if players is None else players[goroth.player].decide(state, ask)
    if chosen is None:
        return False
    state.log.emit("wound_passed", model=goroth.uid, to=chosen, rule=MAGGOT)
    _PASSING.add(goroth.uid)
    no_fury = powers_aura._PASSED_ON  # the Orc "may not benefit from the Fury" (its save)
    no_fury.add(chosen)
    try:
        state.wound(
            state.models[chosen], blow.source, False, blow.count, after_saves=blow.after_saves
        )
    finally:
        _PASSING.discard(goroth.uid)
        no_fury.discard(chosen)
    return True


REGISTRY.register(MAGGOT, kind=Kind.RULE, source="BSData f67c-bbd3-31d2-eb32")


# Gothmog's Right Hand (BSData 9b2c-732a-9fbc-4596): if Gothmog's Enforcer is within 3" of
# Gothmog at the start of a turn, Gothmog may spend one of the Enforcer's Will points to
# declare a Heroic Move instead of one of his own Might points (the player's choice:
# heroic_actions.PayWithWill). Read when the Heroic Move is declared (READINGS).
RIGHT_HAND = "gothmog's right hand"
RIGHT_HAND_REACH = 3.0


def _gothmog(model: ModelState) -> bool:
    return model.profile.name.casefold().startswith("gothmog,")


def _right_hand(state: BattleState, hero: ModelState) -> ModelState | None:
    if not _gothmog(hero):
        return None
    for enforcer in state.living(hero.player):
        near = state.distance(enforcer, hero) <= RIGHT_HAND_REACH + 1e-9
        if RIGHT_HAND in enforcer.triggers and enforcer.will > 0 and near:
            return enforcer
    return None


ACTION_WILL_PAYERS.setdefault(HEROIC_MOVE, []).append(_right_hand)
REGISTRY.register(RIGHT_HAND, kind=Kind.RULE, source="BSData 9b2c-732a-9fbc-4596")

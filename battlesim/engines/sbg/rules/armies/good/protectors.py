"""Army rules of models that rush to another's side or must charge: Sam's "Let him go or I'll
have you, Longshanks!", the Shieldbearer's In Defence of the King, Faramir's "Is there a
Captain here...?" and Dáin's Fiery Temper."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from battlesim.engines.sbg.core.decisions import Decision
from battlesim.engines.sbg.core.hooks import HookContext
from battlesim.engines.sbg.core.permissions import May, grant
from battlesim.engines.sbg.core.registry import REGISTRY, Kind
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
from battlesim.engines.sbg.rules.armies.good.duels import DEFENCE_OF_THE_KING, hurins_text
from battlesim.engines.sbg.rules.armies.good.near import named
from battlesim.engines.sbg.rules.armies.good.regain import slayer_of
from battlesim.engines.sbg.rules.fighting import ask
from battlesim.engines.sbg.rules.heroic_actions import (
    FREE_ACTIONS,
    HEROIC_COMBAT,
    heroic_turn,
    tier,
)
from battlesim.engines.sbg.rules.movement import MUST_APPROACH, MUST_CHARGE

EnemyTest = Callable[[ModelState], bool]


def _joining(state: BattleState, model: ModelState, ward: ModelState | None) -> EnemyTest | None:
    """After its Heroic Combat, the model must use its move to join ``ward``'s combat: it
    must charge an enemy fighting the ward (READINGS: if none can be reached, its own move
    stands)."""
    if ward is None or not ward.alive or state.phase is not Phase.FIGHT:
        return None
    if not heroic_turn(model).combat_moved:
        return None
    foes = {m.uid for m in state.contacts(ward)}
    return (lambda enemy: enemy.uid in foes) if foes else None


def _ward_after_heroic_combat(
    state: BattleState, model: ModelState, ward: ModelState | None
) -> ModelState | None:
    """The ward to move as close as possible to when no enemy of its fight can be charged."""
    if _joining(state, model, ward) is None:
        return None
    return ward


def _ward_in_a_fight(
    state: BattleState, model: ModelState, ward: ModelState | None, reach: float
) -> bool:
    return (
        ward is not None
        and ward.alive
        and state.engaged(ward)
        and state.distance(model, ward) <= reach
    )


# --- "Let him go or I'll have you, Longshanks!" (BSData 02c7-6da8-eb75-543f) ------------------

LONGSHANKS = "let him go or i'll have you, longshanks!"
_FRODO = ("frodo",)


def _frodo(state: BattleState, sam: ModelState) -> ModelState | None:
    return next((m for m in state.living(sam.player) if named(m, _FRODO)), None)


def _longshanks_free(state: BattleState, hero: ModelState, name: str) -> bool:
    """If Frodo is Engaged in a Fight within 6" of Sam, Sam may call a Heroic Combat
    without using Might ..."""
    if LONGSHANKS not in hero.triggers or name != HEROIC_COMBAT:
        return False
    return _ward_in_a_fight(state, hero, _frodo(state, hero), 6.0)


def _longshanks_join(state: BattleState, sam: ModelState) -> EnemyTest | None:
    """... and if it succeeds, Sam must use the following move to join Frodo's combat."""
    if LONGSHANKS not in sam.triggers:
        return None
    return _joining(state, sam, _frodo(state, sam))


FREE_ACTIONS.append(_longshanks_free)
MUST_CHARGE.append(_longshanks_join)
MUST_APPROACH.append(
    lambda state, sam: (
        _ward_after_heroic_combat(state, sam, _frodo(state, sam))
        if LONGSHANKS in sam.triggers
        else None
    )
)
REGISTRY.register(LONGSHANKS, kind=Kind.RULE, source="BSData 02c7-6da8-eb75-543f")


# --- In Defence of the King: the Shieldbearer (BSData b5f9-c765-f288-4dbb) --------------------

_WARD: Status[list[str]] = Status("shieldbearer's nominated hero", list, Lasting.BATTLE)


@dataclass(frozen=True, slots=True)
class NominateWard(Decision[str]):
    """In Defence of the King: the Dwarf Hero of the highest Heroic Tier the Shieldbearer
    protects (the heuristic: the one with the most Might, Will and Fate among them)."""

    model: ModelState
    heroes: tuple[ModelState, ...]

    def default(self, state: BattleState) -> str:
        return max(self.heroes, key=lambda m: (m.might + m.will + m.fate, m.uid)).uid


def _shieldbearer(model: ModelState) -> bool:
    return DEFENCE_OF_THE_KING in model.triggers and not hurins_text(model)


@every(Tick.TURN_START, "in defence of the king", order=40)
def _nominate(state: BattleState) -> None:
    """At the start of the game, each Shieldbearer nominates a single Dwarf Hero with the
    highest Heroic Tier of its army (several Shieldbearers may protect different ones)."""
    if state.turn != 1:
        return
    for bearer in state.living():
        if not _shieldbearer(bearer) or _WARD.of(bearer):
            continue
        heroes = [
            m
            for m in state.living(bearer.player)
            if m is not bearer and m.profile.is_hero and "dwarf" in m.triggers
        ]
        if not heroes:
            continue
        top = max(tier(m) for m in heroes)
        highest = tuple(m for m in heroes if tier(m) == top)
        choice = ask(state, bearer, NominateWard(bearer, highest))
        ward = next((m for m in highest if m.uid == choice), highest[0])
        _WARD.of(bearer).append(ward.uid)
        state.log.emit("nominated", model=bearer.uid, ward=ward.uid, rule=DEFENCE_OF_THE_KING)


def _ward(state: BattleState, bearer: ModelState) -> ModelState | None:
    chosen = _WARD.peek(bearer)
    return state.models.get(chosen[0]) if chosen else None


def _shieldbearer_free(state: BattleState, hero: ModelState, name: str) -> bool:
    """If the nominated Hero is Engaged in a Fight within 3", the Shieldbearer may call a
    Heroic Combat without using Might ..."""
    if not _shieldbearer(hero) or name != HEROIC_COMBAT:
        return False
    return _ward_in_a_fight(state, hero, _ward(state, hero), 3.0)


def _shieldbearer_join(state: BattleState, bearer: ModelState) -> EnemyTest | None:
    """... and if it succeeds, must use the following move to join the Hero's combat."""
    return _joining(state, bearer, _ward(state, bearer)) if _shieldbearer(bearer) else None


FREE_ACTIONS.append(_shieldbearer_free)
MUST_CHARGE.append(_shieldbearer_join)
MUST_APPROACH.append(
    lambda state, bearer: (
        _ward_after_heroic_combat(state, bearer, _ward(state, bearer))
        if _shieldbearer(bearer)
        else None
    )
)
REGISTRY.register(
    DEFENCE_OF_THE_KING,
    kind=Kind.RULE,
    source="BSData 3bb6-4033-89ba-3876 (Húrin), b5f9-c765-f288-4dbb (Shieldbearer)",
)


# --- "Is there a Captain here ...?" (BSData ef7a-b8a3-4fb5-ed55) ------------------------------

CAPTAIN = "is there a captain here who still has the courage to do his lord's will?"


def _denethor_on_the_field(state: BattleState, model: ModelState) -> bool:
    return any(named(m, ("denethor",)) for m in state.living(model.player))


@grant(May.PASS_COURAGE_UNTESTED, CAPTAIN, source="BSData ef7a-b8a3-4fb5-ed55")
def _faramir_fearless(context: HookContext) -> bool:
    """While Denethor (of the same army) is alive and on the battlefield, Faramir passes
    every Courage test he is forced to make ..."""
    return _denethor_on_the_field(context.state, context.model)


def _faramir_charges(state: BattleState, model: ModelState) -> EnemyTest | None:
    """... but must always Charge an enemy model if he is able to."""
    if CAPTAIN not in model.triggers or not _denethor_on_the_field(state, model):
        return None
    return lambda enemy: True


MUST_CHARGE.append(_faramir_charges)


# --- Fiery Temper (BSData 158b-419f-6b9e-e6d4) ------------------------------------------------

FIERY = "fiery temper"
_ROUSED: Status[list[bool]] = Status("fiery temper roused", list, Lasting.BATTLE)


@on(On.REMOVED, FIERY, order=57)
def _rouse(state: BattleState, happening: Happening) -> None:
    """As soon as Dáin kills an enemy model ..."""
    slayer = slayer_of(state, happening)
    if slayer is not None and FIERY in slayer.triggers and not _ROUSED.of(slayer):
        _ROUSED.of(slayer).append(True)
        state.log.emit("roused", model=slayer.uid, rule=FIERY)


def _fiery_charges(state: BattleState, model: ModelState) -> EnemyTest | None:
    """... for the rest of the game, he must Charge if he is in range and able to."""
    if FIERY not in model.triggers or not _ROUSED.peek(model):
        return None
    return lambda enemy: True


MUST_CHARGE.append(_fiery_charges)
REGISTRY.register(FIERY, kind=Kind.RULE, source="BSData 158b-419f-6b9e-e6d4")

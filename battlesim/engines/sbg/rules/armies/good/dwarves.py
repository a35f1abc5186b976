"""Army rules of two Dwarf Heroes: Bifur's Embedded Axe-blade and Thorin III's Cool-headed."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from battlesim.engines.sbg.core.decisions import Decision
from battlesim.engines.sbg.core.hooks import HookContext
from battlesim.engines.sbg.core.overrides import Stat, override
from battlesim.engines.sbg.core.registry import REGISTRY, Kind
from battlesim.engines.sbg.core.state import (
    BattleState,
    Happening,
    ModelState,
    On,
    Phase,
    on,
)
from battlesim.engines.sbg.core.status import Lasting, Status
from battlesim.engines.sbg.rules.fighting import ask
from battlesim.engines.sbg.rules.heroic_actions import (
    ACTIONS,
    ANSWERS,
    FREE_ACTIONS,
    HEROIC_MOVE,
    Declaration,
    declarations,
    refusal,
)

# --- Embedded Axe-blade (BSData 41fe-0509-62da-e214) ------------------------------------------

AXE_BLADE = "embedded axe-blade"
_HEADBUTTING: Status[list[bool]] = Status("axe-blade headbutt", list, Lasting.FIGHT)
_REMOVED: Status[list[bool]] = Status("axe-blade removed", list, Lasting.BATTLE)


@dataclass(frozen=True, slots=True)
class HeadbuttWithTheAxe(Decision[bool]):
    """Embedded Axe-blade: Bifur, winning, makes a single Strike instead of his Strikes (a
    wound pulls the axe out). The heuristic does so while the axe is still embedded."""

    model: ModelState

    def default(self, state: BattleState) -> bool:
        return not _REMOVED.peek(self.model)


@on(On.DUEL_WON, AXE_BLADE, order=40, trigger=AXE_BLADE)
def _choose_headbutt(state: BattleState, happening: Happening) -> None:
    """If Bifur wins a fight, he may headbutt his enemy with the axe-blade in his skull."""
    bifur = happening.model
    if ask(state, bifur, HeadbuttWithTheAxe(bifur)):
        _HEADBUTTING.of(bifur).append(True)
        state.log.emit("headbutt", model=bifur.uid, rule=AXE_BLADE)


@override(Stat.ATTACKS, AXE_BLADE, source="BSData 41fe-0509-62da-e214")
def _single_strike(context: HookContext, value: int) -> int | None:
    """... making a single Strike instead of striking normally (the Duel is already rolled)."""
    return 1 if _HEADBUTTING.peek(context.model) else None


@on(On.WOUNDING, AXE_BLADE, order=1)
def _axe_out(state: BattleState, blow: Happening) -> None:
    """If the headbutt wounds (READINGS: its To Wound roll succeeds, saved or not), the axe
    is out for the rest of the game."""
    if not blow.source.startswith("struck by "):
        return
    bifur = state.models.get(blow.source.removeprefix("struck by "))
    if bifur is not None and _HEADBUTTING.peek(bifur) and not _REMOVED.peek(bifur):
        _REMOVED.of(bifur).append(True)
        state.log.emit("axe_removed", model=bifur.uid, rule=AXE_BLADE)


def _free_heroic_move(state: BattleState, hero: ModelState, name: str) -> bool:
    """Once the axe-blade is removed, Bifur may call a Heroic Move each turn without Might."""
    return name == HEROIC_MOVE and AXE_BLADE in hero.triggers and bool(_REMOVED.peek(hero))


FREE_ACTIONS.append(_free_heroic_move)


# --- Cool-headed (BSData 1327-e9ba-5a08-a30e) -------------------------------------------------

COOL = "cool-headed"


def _cool_refund(
    state: BattleState, players: Sequence[Any], phase: Phase, declaration: Declaration
) -> None:
    """Whenever Thorin declares a Heroic Action, roll a D6: on a 5+ no Might is spent (the
    point just paid comes back, never above his card's store)."""
    hero = state.models[declaration.hero]
    if COOL not in hero.triggers:
        return
    (die,) = state.roll(1, f"cool-headed {hero.uid} (5+)")
    if die >= 5 and hero.might < hero.profile.might:
        hero.might += 1
        state.log.emit("free_heroic_action", model=hero.uid, rule=COOL, might_left=hero.might)


@dataclass(frozen=True, slots=True)
class ChangeHeroicAction(Decision["str | None"]):
    """Cool-headed: after an enemy's declaration, Thorin may change his declared Heroic
    Action to one of ``options`` (None keeps it; the heuristic keeps it)."""

    model: ModelState
    declared: str
    options: tuple[str, ...]

    def default(self, state: BattleState) -> str | None:
        return None


def _cool_change(
    state: BattleState, players: Sequence[Any], phase: Phase, declaration: Declaration
) -> None:
    """If Thorin has declared and an enemy then declares, Thorin may change his action's
    type (READINGS: to one he may declare now with no effect on declaring, from one with
    none)."""
    for mine in list(declarations(state)):
        hero = state.models[mine.hero]
        if mine.side == declaration.side or COOL not in hero.triggers or mine.cancelled:
            continue
        if ACTIONS[mine.action].on_declare is not None:
            continue
        at = declarations(state).index(mine)
        declarations(state).remove(mine)
        options = tuple(
            name
            for name, action in ACTIONS.items()
            if name != mine.action
            and action.on_declare is None
            and (action.universal or name in hero.triggers)
            and refusal(state, hero.player, phase, (hero.uid, name), free=True) is None
        )
        declarations(state).insert(at, mine)
        if not options:
            continue
        choice = ask(state, hero, ChangeHeroicAction(hero, mine.action, options))
        if choice in options:
            state.log.emit("heroic_action_changed", hero=hero.uid, was=mine.action, now=choice)
            mine.action = choice


ANSWERS.append(_cool_refund)
ANSWERS.append(_cool_change)
REGISTRY.register(COOL, kind=Kind.RULE, source="BSData 1327-e9ba-5a08-a30e")

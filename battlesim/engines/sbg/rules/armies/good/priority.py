"""Army rules on the Priority roll: the Ring of Durin (one re-roll a game), Balin's Longbeard
and the Young Sage (a Will point for a re-roll), Elrond's Foresight of the Eldar (points that
move his side's die). Each is asked only of the side that is losing the roll."""

from __future__ import annotations

from dataclasses import dataclass

from battlesim.engines.sbg.core.decisions import Decision
from battlesim.engines.sbg.core.registry import REGISTRY, Kind
from battlesim.engines.sbg.core.state import BattleState, ModelState, Phase, Tick, every
from battlesim.engines.sbg.core.status import Lasting, Status
from battlesim.engines.sbg.core.units import ModelId, PlayerId
from battlesim.engines.sbg.rules.fighting import ask
from battlesim.engines.sbg.rules.pools import Pool, spend
from battlesim.engines.sbg.rules.priority_rules import PriorityDice, priority_adjuster

RING = "the ring of durin"
WILL_REROLL = ("longbeard", "the young sage")
FORESIGHT = "foresight of the eldar"


@dataclass(frozen=True, slots=True)
class RerollPriority(Decision[bool]):
    """Whether ``model`` uses ``rule`` to re-roll its side's losing Priority die."""

    model: ModelState
    rule: str
    die: int

    def default(self, state: BattleState) -> bool:
        return self.die < 4  # a re-roll is worth it when the die is low


_RING_USED: Status[list[bool]] = Status("ring of durin used", list, Lasting.BATTLE)


@priority_adjuster
def _ring_of_durin(state: BattleState, side: PlayerId, dice: PriorityDice) -> int:
    """The Ring of Durin (BSData 1429-1355-81b8-ae93): once per game, the bearer may re-roll
    a single Priority roll."""
    for model in state.living(side):
        if RING not in model.triggers or _RING_USED.of(model):
            continue
        if ask(state, model, RerollPriority(model, RING, dice[side])):
            _RING_USED.of(model).append(True)
            return state.roll(1, f"priority side {side} (re-roll: {RING})")[0]
    return dice[side]


@priority_adjuster
def _will_reroll(state: BattleState, side: PlayerId, dice: PriorityDice) -> int:
    """Longbeard (BSData 26d2-4ad0-8b10-dbc9), The Young Sage (ba41-a80b-1f0f-aa0d): Balin
    may spend a Will point to re-roll his side's Priority die."""
    for model in state.living(side):
        rule = next((r for r in WILL_REROLL if r in model.triggers), None)
        if rule is None or model.will <= 0:
            continue
        if ask(state, model, RerollPriority(model, rule, dice[side])):
            if not spend(state, model, Pool.WILL):
                return dice[side]  # the re-roll is cancelled (pools.SPENT)
            state.log.emit("will", model=model.uid, points=1, will_left=model.will, rule=rule)
            return state.roll(1, f"priority side {side} (re-roll: {rule})")[0]
    return dice[side]


_POINTS: Status[list[int]] = Status("foresight points", list, Lasting.BATTLE)


@dataclass(frozen=True, slots=True)
class SpendForesight(Decision[int]):
    """How many Foresight points Elrond spends to raise his side's die (each +1, up to 6)."""

    model: ModelState
    die: int
    rival: int
    points: int

    def default(self, state: BattleState) -> int:
        """Just enough to beat the rival die, if the points reach."""
        need = self.rival + 1 - self.die
        return need if 0 < need <= self.points and self.rival < 6 else 0


@priority_adjuster
def _foresight(state: BattleState, side: PlayerId, dice: PriorityDice) -> int:
    """Foresight of the Eldar (BSData 79fa-1b58-9993-551f): D6 points rolled for the battle
    (at the first Priority roll they could serve, READINGS); after the roll, each point moves
    his side's die by one, between 1 and 6 (only up: his side is losing)."""
    for model in state.living(side):
        if FORESIGHT not in model.triggers:
            continue
        store = _POINTS.of(model)
        if not store:
            store.append(state.roll(1, f"foresight of the eldar {model.uid}")[0])
        offer = SpendForesight(model, dice[side], dice[1 - side], store[0])
        points = max(0, min(int(ask(state, model, offer)), store[0], 6 - dice[side]))
        if points:
            store[0] -= points
            state.log.emit("foresight", model=model.uid, points=points, left=store[0])
            return dice[side] + points
    return dice[side]


for _rule, _id, _kind in (
    (RING, "1429-1355-81b8-ae93", Kind.WARGEAR),
    ("longbeard", "26d2-4ad0-8b10-dbc9", Kind.RULE),
    ("the young sage", "ba41-a80b-1f0f-aa0d", Kind.RULE),
    (FORESIGHT, "79fa-1b58-9993-551f", Kind.RULE),
):
    REGISTRY.register(_rule, kind=_kind, source=f"BSData {_id}")


# --- Dubious Counsel (BSData 605b-ae6a-4e75-1c7b) ---------------------------------------------

COUNSEL = "dubious counsel"


@dataclass(frozen=True, slots=True)
class GiveCounsel(Decision[ModelId | None]):
    """Dubious Counsel: the Lake-town Hero Alfrid counsels with his next Will point, or None
    to stop. The heuristic counsels the Hero with the least Might while it keeps one Will
    point (a 1 in 6 costs the Hero a point)."""

    model: ModelState
    heroes: tuple[ModelState, ...]

    def default(self, state: BattleState) -> ModelId | None:
        if self.model.will <= 1 or not self.heroes:
            return None
        return min(self.heroes, key=lambda h: (h.might, h.uid)).uid


@every(Tick.PHASE_START, COUNSEL, order=40)
def _dubious_counsel(state: BattleState) -> None:
    """At the start of the Priority phase, before any die, Alfrid may spend any number of Will
    points; for each, a friendly Lake-town Hero within 6" rolls a D6: 2+ gains a Might point
    (even beyond its starting store), 1 loses one to Alfrid."""
    if state.phase is not Phase.PRIORITY:
        return
    for alfrid in [m for m in state.living() if COUNSEL in m.triggers]:
        while alfrid.alive and alfrid.will > 0:
            heroes = tuple(_lake_town_heroes(state, alfrid))
            choice = ask(state, alfrid, GiveCounsel(alfrid, heroes))
            hero = next((h for h in heroes if h.uid == choice), None)
            if hero is None:
                break
            if not spend(state, alfrid, Pool.WILL):
                continue  # the counsel is cancelled (pools.SPENT)
            (die,) = state.roll(1, f"dubious counsel {alfrid.uid}->{hero.uid}")
            if die >= 2:
                hero.might += 1
            elif hero.might > 0:
                hero.might -= 1
                alfrid.might += 1
            state.log.emit("counsel", model=alfrid.uid, hero=hero.uid, die=die)


def _lake_town_heroes(state: BattleState, alfrid: ModelState) -> list[ModelState]:
    return [
        m
        for m in state.living(alfrid.player)
        if m is not alfrid
        and m.profile.is_hero
        and "lake-town" in m.triggers
        and state.distance(alfrid, m) <= 6.0
    ]


REGISTRY.register(COUNSEL, kind=Kind.RULE, source="BSData 605b-ae6a-4e75-1c7b")

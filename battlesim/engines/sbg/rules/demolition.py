"""Demolition charges (checklist part 2 §11.8, DEMO-*; 002:L3182-3216): a Heavy object of
its army (``objects.place_object``, named "demolition charge N"), lit at the start of the Fight
phase once dropped, and what its explosion does.

Which side owns a charge is kept here (``CHARGES``); ``place_charge`` puts one on the table.
Not played yet (data.ASSUMPTIONS "demolition"): shooting a charge (DEMO-07/08/09: objects are
no targets here), charges bought in a list (the Uruk-hai Demolition Team's), and the players
carrying one to a gate and dropping it.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from battlesim.engines.sbg.core.decisions import Decision
from battlesim.engines.sbg.core.objectives import Point
from battlesim.engines.sbg.core.registry import REGISTRY, Kind
from battlesim.engines.sbg.core.state import BattleState, ModelState, Phase, Tick, every
from battlesim.engines.sbg.core.status import Lasting, Status
from battlesim.engines.sbg.rules import objects
from battlesim.engines.sbg.rules.courage import courage_test

CHARGE = "demolition charge"
TORCHES = frozenset({"flaming brand", "torch"})  # DEMO-03: « une torche »
BLAST = 2.0  # DEMO-03/05 (002:L3192, L3202): 2"
ENEMIES_NEEDED = 2  # DEMO-03: at least two enemy models, or one enemy Siege target
SLOW_FUSE, TITANIC = 1, 6  # DEMO-04 (002:L3196-3200)

REGISTRY.register(CHARGE, kind=Kind.RULE, source="DEMO-01..10 (002:L3182-3216)")


@dataclass(slots=True)
class _Charges:
    owner: dict[str, int] = field(default_factory=dict)
    slow: dict[str, int] = field(default_factory=dict)  # DEMO-04 "Long feu": name -> bonus


CHARGES: Status[_Charges] = Status("demolition charges", _Charges, Lasting.BATTLE)


def place_charge(state: BattleState, point: Point, owner: int) -> str:
    """DEMO-02 (002:L3188): a Heavy object of ``owner``'s army lying at ``point``."""
    charges = CHARGES.of(state)
    name = f"{CHARGE} {len(charges.owner) + 1}"
    charges.owner[name] = owner
    objects.place_object(state, name, point, heavy=True)
    return name


def lying(state: BattleState) -> list[tuple[str, Point]]:
    """The charges dropped on the ground (DEMO-03: « elle doit d'abord être posée »)."""
    charges = CHARGES.peek(state)
    if charges is None:
        return []
    found = []
    for name in sorted(charges.owner):
        spot = objects.where(state, name)
        if spot is not None and objects.carrier(state, name) is None:
            found.append((name, spot))
    return found


def _touching(state: BattleState, spot: Point, player: int) -> list[ModelState]:
    near = state.near(spot[0], spot[1], objects.OBJECT_RADIUS + 2.0, player)
    return [
        m
        for m in near
        if m.uid not in state.structures
        and math.dist(m.position, spot) - m.radius - objects.OBJECT_RADIUS <= objects.CONTACT
    ]


def _in_blast(state: BattleState, spot: Point) -> list[ModelState]:
    """Every model and structure (gates) within 2" of the charge (DEMO-05)."""
    near = state.near(spot[0], spot[1], BLAST + objects.OBJECT_RADIUS + state.largest_radius)
    return [
        m for m in near if math.dist(m.position, spot) - m.radius - objects.OBJECT_RADIUS <= BLAST
    ]


def worth_lighting(state: BattleState, spot: Point, owner: int) -> bool:
    """DEMO-03: at least two enemy models, or one enemy Siege target (a great gate, a Large
    engine, a Mûmak), within the 2" area."""
    from battlesim.engines.sbg.rules.siege_engines import siege_target  # noqa: PLC0415

    enemies = [m for m in _in_blast(state, spot) if m.player != owner]
    big = any(siege_target(m) for m in enemies)
    models = [m for m in enemies if m.uid not in state.structures]
    return big or len(models) >= ENEMIES_NEEDED


# --- DEMO-03/06: lighting the charge ---------------------------------------------------------


@every(Tick.PHASE_START, "demolition charges", 30)
def _light_charges(state: BattleState) -> None:
    """At the start of the Fight phase: a slow fuse goes on (DEMO-04), else an unengaged
    model with a torch in contact may light the charge (DEMO-03), else the army's models in
    contact may try a desperate detonation (DEMO-06)."""
    if state.phase is not Phase.FIGHT or CHARGES.peek(state) is None:
        return
    charges = CHARGES.of(state)
    for name, spot in lying(state):
        owner = charges.owner[name]
        if name in charges.slow:
            detonate(state, name, spot, bonus=charges.slow.pop(name))
            continue
        if not worth_lighting(state, spot, owner):
            continue
        ready = [m for m in _touching(state, spot, owner) if not state.engaged(m)]
        torch = next((m for m in ready if m.triggers & TORCHES), None)
        if torch is not None:
            if _asks(state, torch, name) and courage_test(state, torch, "light the charge"):
                detonate(state, name, spot)
            continue
        _desperate(state, name, spot, ready)


def _asks(state: BattleState, model: ModelState, name: str) -> bool:
    if state.players is None:
        return True
    return bool(state.players[model.player].decide(state, LightCharge(model, name)))


def _desperate(state: BattleState, name: str, spot: Point, ready: list[ModelState]) -> None:
    """DEMO-06 (002:L3206): each model trying passes a Courage test, then one D6 each: any 6
    sets it off."""
    trying = [m for m in ready if _asks(state, m, name)]
    brave = [m for m in trying if courage_test(state, m, "desperate detonation")]
    if not brave:
        return
    dice = state.roll(len(brave), f"desperate detonation {name}")
    if 6 in dice:
        detonate(state, name, spot)


def detonate(state: BattleState, name: str, spot: Point, bonus: int = 0) -> None:
    """DEMO-04 (002:L3196-3200): 1 slow fuse (again next turn at +1, reading 34), 2-5 it
    explodes, 6 a titanic explosion (2D6 Wounds); a modified 6 is titanic (reading 34)."""
    (die,) = state.roll(1, f"detonation {name}")
    score = min(6, die + bonus)
    state.log.emit("detonation", charge=name, die=die, score=score)
    if score <= SLOW_FUSE:
        CHARGES.of(state).slow[name] = 1
        return
    explode(state, name, spot, titanic=score >= TITANIC)


def explode(state: BattleState, name: str, spot: Point, *, titanic: bool = False) -> None:
    """DEMO-05 (002:L3202): everything within 2" (gates, doors, friends and foes) takes the
    same D6 Wounds (2D6 titanic), whatever its Defence; Fate saves each Wound apart; a
    Cavalry model's rider and mount both take them. Walls are untouched (SIEGE-WALL-02)."""
    struck = _in_blast(state, spot)
    count = sum(state.roll(2 if titanic else 1, f"explosion {name} wounds"))
    state.log.emit(
        "explosion", charge=name, wounds=count, titanic=titanic, struck=[m.uid for m in struck]
    )
    _remove(state, name)
    for model in struck:
        _wounds(state, model, count, f"blown up by {name}")


def _wounds(state: BattleState, model: ModelState, count: int, source: str) -> None:
    if model.mount is not None and not model.mount.slain:
        for _ in range(count):
            if model.alive and model.mount is not None and not model.mount.slain:
                state.wound(model, source, at_mount=True)
    for _ in range(count):
        if model.alive:
            state.wound(model, source)


def _remove(state: BattleState, name: str) -> None:
    placed = objects.OBJECTS.of(state).placed
    placed.pop(name, None)
    charges = CHARGES.of(state)
    charges.owner.pop(name, None)
    charges.slow.pop(name, None)


# --- DEMO-10: an enemy disables it ------------------------------------------------------------


@every(Tick.PHASE_END, "demolition charges disabled", 30)
def _disable(state: BattleState) -> None:
    """DEMO-10 (002:L3216): an enemy that spends its Fight phase in contact with the charge,
    not engaged, removes it."""
    if state.phase is not Phase.FIGHT or CHARGES.peek(state) is None:
        return
    charges = CHARGES.of(state)
    for name, spot in lying(state):
        enemies = _touching(state, spot, 1 - charges.owner[name])
        if any(not state.engaged(m) and not m.fought for m in enemies):
            state.log.emit("charge_disabled", charge=name)
            _remove(state, name)


# Decisions this module asks a player (core/decisions.py).


@dataclass(frozen=True, slots=True)
class LightCharge(Decision[bool]):
    """DEMO-03/06: does the model try to set the charge off (its area holds enough enemies,
    and perhaps friends)? Default: yes when no more friends than enemies would be caught."""

    model: ModelState
    charge: str

    def default(self, state: BattleState) -> bool:
        spot = objects.where(state, self.charge)
        if spot is None:
            return False
        caught = [m for m in _in_blast(state, spot) if m.uid not in state.structures]
        friends = sum(1 for m in caught if m.player == self.model.player)
        return friends <= len(caught) - friends or any(
            m.uid in state.structures and m.player != self.model.player
            for m in _in_blast(state, spot)
        )

"""Demolition charges (checklist part 2 §11.8, DEMO-*; 002:L3182-3216): a Heavy object of
its army (``objects.place_object``, named "demolition charge N"), lit at the start of the Fight
phase once dropped, and what its explosion does.

Which side owns a charge is kept here (``CHARGES``); ``place_charge`` puts one on the table,
carried only by its own side's models (DEMO-01). A charge lying on the ground can be shot
(DEMO-07/08/09, ``shootable``/``shoot_charge``; the Shoot phase offers it through the
``ShootCharge`` decision). Not played yet (data.ASSUMPTIONS "demolition"): charges bought in
a list (the Uruk-hai Demolition Team's), and the players carrying one to a gate and dropping
it.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from battlesim.engines.sbg.core import geometry
from battlesim.engines.sbg.core.decisions import Decision
from battlesim.engines.sbg.core.objectives import Point
from battlesim.engines.sbg.core.paths import circle_base
from battlesim.engines.sbg.core.registry import REGISTRY, Kind
from battlesim.engines.sbg.core.state import BattleState, ModelState, Phase, Tick, every
from battlesim.engines.sbg.core.status import Lasting, Status
from battlesim.engines.sbg.rules import objects
from battlesim.engines.sbg.rules.courage import courage_test
from battlesim.engines.sbg.rules.sight import terrain_lets_see

CHARGE = "demolition charge"
TORCHES = frozenset({"flaming brand", "torch"})  # DEMO-03: « une torche »
BLAST = 2.0  # DEMO-03/05 (002:L3192, L3202): 2"
ENEMIES_NEEDED = 2  # DEMO-03: at least two enemy models, or one enemy Siege target
SLOW_FUSE, TITANIC = 1, 6  # DEMO-04 (002:L3196-3200)
DEFENCE, WOUNDS = 7, 3  # DEMO-07 (002:L3210): « une Défense 7 et 3 PV »
IGNITES, IGNITES_BY_CHARGE = 6, 4  # DEMO-07/08: per Wound, 6 (4+ by another charge)
MARKER_HEIGHT = 0.5  # inches of the charge a shooter must see (reading: a low marker)

REGISTRY.register(CHARGE, kind=Kind.RULE, source="DEMO-01..10 (002:L3182-3216)")


@dataclass(slots=True)
class _Charges:
    owner: dict[str, int] = field(default_factory=dict)
    slow: dict[str, int] = field(default_factory=dict)  # DEMO-04 "Long feu": name -> bonus
    wounds: dict[str, int] = field(default_factory=dict)  # DEMO-07: Wounds left, once hurt


CHARGES: Status[_Charges] = Status("demolition charges", _Charges, Lasting.BATTLE)


def place_charge(state: BattleState, point: Point, owner: int) -> str:
    """DEMO-02 (002:L3188): a Heavy object of ``owner``'s army lying at ``point``; DEMO-01
    (002:L3184): only that army's models may carry it."""
    charges = CHARGES.of(state)
    number = len(charges.owner) + 1
    while f"{CHARGE} {number}" in charges.owner:
        number += 1  # one already removed left a gap below
    name = f"{CHARGE} {number}"
    charges.owner[name] = owner
    objects.place_object(state, name, point, heavy=True, side=owner)
    return name


def lying(state: BattleState) -> list[tuple[str, Point]]:
    """The charges dropped on the ground (DEMO-03: « elle doit d'abord être posée »)."""
    found = _charges_at(state)
    return [(name, spot) for name, spot in found if objects.carrier(state, name) is None]


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
    near = [other for other, at in _charges_at(state) if math.dist(at, spot) <= BLAST + 1e-9]
    for model in struck:
        _wounds(state, model, count, f"blown up by {name}")
    for other in near:  # DEMO-08 (002:L3212): another charge in the blast
        harm(state, other, count, by_charge=True)


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
    charges.wounds.pop(name, None)


def _charges_at(state: BattleState) -> list[tuple[str, Point]]:
    """Every charge on the table (lying or carried) and where it is."""
    charges = CHARGES.peek(state)
    if charges is None:
        return []
    found = []
    for name in sorted(charges.owner):
        spot = objects.where(state, name)
        if spot is not None:
            found.append((name, spot))
    return found


# --- DEMO-07/08/09: a charge that is wounded ------------------------------------------------


def harm(state: BattleState, name: str, count: int, *, by_charge: bool = False) -> None:
    """DEMO-07 (002:L3210): one D6 per Wound, a 6 sets it alight (the Detonation table at
    once); DEMO-08 (L3212): 4+ when another charge wounded it; DEMO-09 (L3214): brought to
    0 Wounds without exploding it is broken and removed, harmlessly."""
    charges = CHARGES.of(state)
    spot = objects.where(state, name)
    if name not in charges.owner or spot is None:
        return
    need = IGNITES_BY_CHARGE if by_charge else IGNITES
    dice = state.roll(count, f"{name} ignites on {need}+")
    left = charges.wounds.get(name, WOUNDS) - count
    charges.wounds[name] = max(0, left)
    state.log.emit("charge_wounded", charge=name, wounds=count, dice=list(dice), left=left)
    if any(die >= need for die in dice):
        detonate(state, name, spot)
    elif left <= 0:
        state.log.emit("charge_broken", charge=name)  # DEMO-09
        _remove(state, name)


def shootable(state: BattleState, shooter: ModelState) -> list[str]:
    """DEMO-07: the enemy charges lying on the ground that ``shooter`` could shoot: in its
    weapon's range and seen past the terrain (reading: a carried charge is not shot apart
    from its carrier; models in between make no In The Way test at a marker)."""
    charges = CHARGES.peek(state)
    weapon = shooter.missile
    if charges is None or weapon is None:
        return []
    found = []
    for name, spot in lying(state):
        if charges.owner[name] == shooter.player:
            continue
        gap = math.dist(shooter.position, spot) - shooter.radius - objects.OBJECT_RADIUS
        if gap <= weapon.range + 1e-9 and _sees(state, shooter, spot):
            found.append(name)
    return found


def _sees(state: BattleState, shooter: ModelState, spot: Point) -> bool:
    body = geometry.Body("charge", spot, circle_base(objects.OBJECT_RADIUS), MARKER_HEIGHT)
    return terrain_lets_see(state, shooter, body)


def shoot_charge(state: BattleState, shooter: ModelState, name: str) -> None:
    """DEMO-07: shot « de manière normale »: the shooter's To Hit roll, then its weapon's
    Strength against Defence 7; each Wound is one more D6 to ignite it (``harm``)."""
    from battlesim.engines.sbg.rules.combat import roll_to_wound  # noqa: PLC0415
    from battlesim.engines.sbg.rules.shooting import to_hit_need  # noqa: PLC0415

    weapon = shooter.missile
    assert weapon is not None
    shooter.shot = True
    need = to_hit_need(state, shooter)
    (die,) = state.roll(1, f"to hit {shooter.uid}->{name}")
    hit = die == 6 or die >= need
    state.log.emit("shot", shooter=shooter.uid, target=name, hit=hit)
    if not hit:
        return
    purpose = f"to wound {shooter.uid}->{name} (S{weapon.strength} D{DEFENCE})"
    if roll_to_wound(state, weapon.strength, DEFENCE, 0, purpose, roller=shooter):
        harm(state, name, 1)


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


@dataclass(frozen=True, slots=True)
class ShootCharge(Decision[str | None]):
    """DEMO-07: does the shooter shoot at an enemy charge lying on the ground (its name) or
    at a model (None)? Default: the first charge whose blast holds none of the shooter's
    side (set alight, it would hurt only the enemy; broken, it is gone)."""

    shooter: ModelState
    charges: tuple[str, ...]

    def default(self, state: BattleState) -> str | None:
        for name in self.charges:
            spot = objects.where(state, name)
            if spot is None:
                continue
            caught = _in_blast(state, spot)
            if not any(m.player == self.shooter.player for m in caught):
                return name
        return None

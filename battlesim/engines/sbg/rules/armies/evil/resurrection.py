"""The Nazgûl of Dol Guldur's Unholy Ressurrection (BSData 6147-c70c-de62-50e3, spelt so in
the data) and the Necromancer's Master of the Nazgûl (BSData 482a-9776-34c8-dd60), from the
BattleScribe rule text.

A slain model with Unholy Ressurrection leaves a marker where it stood. In the next Priority
phase, after Priority is rolled, a D6: 3+ it regains 1 Wound and is placed within 6" of the
marker, not in base contact with an enemy (Might and Will spent stay spent); 1-2 it is
banished. A slaying Wound from a Magical Power or an Elven-made weapon gives -1; the
Necromancer alive on the board gives his army's Nazgûl of Dol Guldur +1. While the marker is
in play the model is no casualty for Broken and counts as on the board for a force reduced to
a quarter; a marker still in play when the game ends counts as slain for the victory
conditions (scenarios.HELD_OFF)."""

from __future__ import annotations

import math
from dataclasses import dataclass

from battlesim.engines.sbg.core.decisions import Decision
from battlesim.engines.sbg.core.paths import Point, point_distance, terrain_fits
from battlesim.engines.sbg.core.registry import REGISTRY, Kind
from battlesim.engines.sbg.core.state import (
    BattleState,
    Happening,
    ModelState,
    On,
    Phase,
    Removal,
    Tick,
    every,
    on,
)
from battlesim.engines.sbg.core.status import Lasting, Status
from battlesim.engines.sbg.core.units import PlayerId
from battlesim.engines.sbg.rules.fighting import ask
from battlesim.engines.sbg.rules.scenarios import HELD_OFF

UNHOLY = "unholy ressurrection"  # the data's spelling
MASTER_OF_THE_NAZGUL = "master of the nazgûl"
_UNHOLY_SOURCE = "BSData 6147-c70c-de62-50e3 (Unholy Ressurrection)"
_MASTER_SOURCE = "BSData 482a-9776-34c8-dd60 (Master of the Nazgûl, the Necromancer)"
RETURN_NEED = 3
REACH = 6.0
_SLACK = 0.05


@dataclass(slots=True)
class Marker:
    uid: str
    point: Point
    penalty: int  # -1: slain by a Magical Power or an Elven-made weapon
    turn: int  # the turn it was slain: it rolls in a later turn's Priority phase


_MARKERS: Status[list[Marker]] = Status("unholy ressurrection: markers", list, Lasting.BATTLE)


def markers(state: BattleState) -> list[Marker]:
    return _MARKERS.peek(state) or []


def _slayer(state: BattleState, source: str) -> ModelState | None:
    """The model a Wound's source names ("struck by A01", "shot by A01"), if any."""
    for word in ("struck by ", "shot by "):
        if source.startswith(word):
            return state.models.get(source[len(word) :].split()[0])
    return None


def _penalty(state: BattleState, source: str) -> int:
    """-1 when the slaying Wound came from a Magical Power ("cast by ...") or a striker or
    shooter with an Elven-made weapon."""
    if source.startswith("cast by"):
        return -1
    slayer = _slayer(state, source)
    return -1 if slayer is not None and "elven-made" in slayer.triggers else 0


@on(On.REMOVED, UNHOLY, order=30, trigger=UNHOLY)
def _slain(state: BattleState, happening: Happening) -> None:
    model = happening.model
    if happening.reason != Removal.SLAIN.value:
        return
    marker = Marker(model.uid, model.position, _penalty(state, happening.source), state.turn)
    _MARKERS.of(state).append(marker)
    if _one_casualty(model):
        state.casualties[state.army_of(model)] -= 1  # "counts as on the board" for Broken
    state.log.emit("army_rule", model=model.uid, rule=UNHOLY, marker=list(model.position))


def master_bonus(state: BattleState, nazgul: ModelState) -> int:
    """+1 while a Necromancer of the Nazgûl's army is alive on the board (READINGS: every
    model with Unholy Ressurrection is a Nazgûl of Dol Guldur)."""
    army = state.army_of(nazgul)
    return int(
        any(MASTER_OF_THE_NAZGUL in m.triggers and state.army_of(m) == army for m in state.living())
    )


@dataclass(frozen=True, slots=True)
class PlaceRisen(Decision[Point]):
    """Where the risen model stands, among ``spots`` (within 6" of its marker, touching no
    enemy). Heuristic: the spot nearest an enemy."""

    model: ModelState
    spots: tuple[Point, ...]

    def default(self, state: BattleState) -> Point:
        enemies = state.living(1 - state.army_of(self.model))
        if not enemies:
            return self.spots[0]
        return min(self.spots, key=lambda p: min(point_distance(p, e.position) for e in enemies))


def return_spots(state: BattleState, model: ModelState, marker: Marker) -> list[Point]:
    found: list[Point] = []
    for gap in (0.0, 1.0, 2.0, 3.0, 4.0, 5.0, REACH):
        count = 1 if gap == 0.0 else 16
        for k in range(count):
            angle = 2 * math.pi * k / count
            point = (
                marker.point[0] + gap * math.cos(angle),
                marker.point[1] + gap * math.sin(angle),
            )
            if _free(state, model, point):
                found.append(point)
    return found


def _free(state: BattleState, model: ModelState, point: Point) -> bool:
    if not terrain_fits(state.table, point, model.radius, state.width, state.depth):
        return False
    army = state.army_of(model)
    for other in state.living():
        gap = point_distance(point, other.position) - model.radius - other.radius
        if gap < 0 or (state.army_of(other) != army and gap < _SLACK):
            return False
    return True


def _one_casualty(model: ModelState) -> bool:
    """A model on foot was counted as one casualty (a rider's is counted by halves, CAV-BRK-01:
    READINGS, left as counted)."""
    return model.mount is None and not model.unhorsed and not model.loose


def _banish(state: BattleState, model: ModelState, why: str) -> None:
    if _one_casualty(model):
        state.casualties[state.army_of(model)] += 1
    state.log.emit("army_rule", model=model.uid, rule=UNHOLY, banished=why)


def _rise(state: BattleState, marker: Marker) -> None:
    model = state.models[marker.uid]
    (die,) = state.roll(1, f"{UNHOLY} {model.uid}")
    bonus = master_bonus(state, model)
    score = die + marker.penalty + bonus
    if score < RETURN_NEED:
        _banish(state, model, f"rolled {die}")
        return
    spots = return_spots(state, model, marker)
    if not spots:
        _banish(state, model, "no room")  # READINGS: nowhere to stand: it stays gone
        return
    chosen = ask(state, model, PlaceRisen(model, tuple(spots)))
    spot = chosen if chosen in spots else spots[0]
    model.alive, model.wounds, model.prone = True, 1, False
    model.reset_turn()
    state.bring_on(model, spot)
    at = [round(spot[0], 3), round(spot[1], 3)]
    state.log.emit("army_rule", model=model.uid, rule=UNHOLY, risen=at, die=die)


@every(Tick.PHASE_END, UNHOLY, order=20)
def _priority_rolls(state: BattleState) -> None:
    """After Priority is rolled (the Priority phase's end), each earlier marker rolls."""
    if state.phase is not Phase.PRIORITY or not markers(state):
        return
    due = [m for m in markers(state) if m.turn < state.turn]
    _MARKERS.put(state, [m for m in markers(state) if m.turn >= state.turn])
    for marker in due:
        _rise(state, marker)


def _held_off(state: BattleState, player: PlayerId) -> int:
    """The models of ``player``'s army whose marker is in play (those on foot: a rider's
    casualty halves are left as counted, READINGS)."""
    return sum(
        1
        for marker in markers(state)
        if state.army_of(state.models[marker.uid]) == player
        and _one_casualty(state.models[marker.uid])
    )


HELD_OFF.append(_held_off)
REGISTRY.register(UNHOLY, kind=Kind.RULE, source=_UNHOLY_SOURCE)
REGISTRY.register(MASTER_OF_THE_NAZGUL, kind=Kind.RULE, source=_MASTER_SOURCE)

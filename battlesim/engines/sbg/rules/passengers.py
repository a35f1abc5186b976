"""Passengers (checklist part 2 §10.3, ADV-PASS-01..08; 002:L2966-2996).

A foot model may ride behind a friendly Cavalry model. The rules are not used in competitive
games (ADV-PASS-01, GAME-COMP-02): the engine offers them in narrative games only.

- Mounting (ADV-PASS-03): when a move ends with a foot model and a friendly Cavalry model
  (neither engaged, the rider with no passenger) in base contact, the one that moved is asked
  (``TakeSeat``); the foot model takes a Leap test (« test de franchissement »): 1 it stays
  on foot and neither moves again this turn; 2-5 it rides and neither moves again; 6 it
  rides and the Cavalry model may go on with its Move less the greater of the distances it
  and the passenger have moved (reading 30).
- On the mount's base (ADV-PASS-02): the passenger leaves the table while it rides (no base,
  no zone, no contact of its own) and goes where its rider goes.
- Dismounting (ADV-PASS-04): at the end of the rider's move (``SetDown``), the passenger is
  put on foot in base contact and moves no more this turn.
- Hits (ADV-PASS-05..07): it neither shoots nor fights; a shot hitting the rider hits it on
  1-3 (``shot_at_rider``); a striker may aim a blow at it (``StrikePassenger``).
- ADV-PASS-08: the rider thrown, slain, dismounted or gone: the passenger is thrown and takes
  a Thrown Rider test.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from battlesim.engines.sbg.core.decisions import Decision
from battlesim.engines.sbg.core.registry import REGISTRY, Kind
from battlesim.engines.sbg.core.state import BattleState, Happening, ModelState, On, on
from battlesim.engines.sbg.core.status import Lasting, Status
from battlesim.engines.sbg.rules import cavalry, crossing
from battlesim.engines.sbg.rules.footing import keeps_footing
from battlesim.engines.sbg.rules.game_types import narrative
from battlesim.engines.sbg.rules.rider_status import rider_turns

if TYPE_CHECKING:
    from battlesim.engines.sbg.core.decisions import Player

PASSENGERS = "passengers"
SEATED_FROM, GOES_ON = 2, 6  # ADV-PASS-03: 1 fails, 2-5 rides, 6 rides and the horse goes on
HIT_PASSENGER_UP_TO = 3  # ADV-PASS-06: 1-3 the passenger, 4-6 the rider
THROWN_FALL, THROWN_STOP = 1, 5  # CAV-THROWN-01..03 (002:L1357-1359)
NEAR_ENEMY = 6.0  # inches: the heuristic sets a passenger down this near an enemy

REGISTRY.register(PASSENGERS, kind=Kind.RULE, source="ADV-PASS-01..08 (002:L2966-2996)")


@dataclass(slots=True)
class _Seats:
    riding: dict[str, str] = field(default_factory=dict)  # rider id -> passenger id
    goes_on: set[str] = field(default_factory=set)  # riders that may move on (a 6)


SEATS: Status[_Seats] = Status("passengers", _Seats, Lasting.BATTLE)


def passenger_of(state: BattleState, rider: ModelState) -> ModelState | None:
    seats = SEATS.peek(state)
    if seats is None or rider.uid not in seats.riding:
        return None
    return state.models[seats.riding[rider.uid]]


def _may_carry(state: BattleState, rider: ModelState) -> bool:
    """A living Cavalry model, unengaged, with no passenger yet (one behind each rider)."""
    return (
        rider.alive
        and rider.mount is not None
        and not rider.mount.slain
        and not state.engaged(rider)
        and passenger_of(state, rider) is None
    )


def _may_ride(state: BattleState, model: ModelState) -> bool:
    """A foot model (no Cavalry, Monster, engine or structure), unengaged."""
    keywords = model.profile.keywords
    return (
        model.alive
        and model.mount is None
        and "infantry" in keywords
        and not keywords & {"monster", "siege engine", "war beast"}
        and model.uid not in state.structures
        and not state.engaged(model)
    )


# --- ADV-PASS-03: mounting -------------------------------------------------------------------


@on(On.MOVE_ENDED, "passenger mounts or dismounts", 92)
def _after_move(state: BattleState, happening: Happening) -> None:
    """ADV-PASS-01: narrative games only. A rider with a passenger may set it down
    (ADV-PASS-04), and it goes where its rider goes; a model that ended its move touching
    a friend it could ride with may mount (ADV-PASS-03)."""
    if not narrative(state) or state.players is None:
        return
    model = happening.model
    passenger = passenger_of(state, model)
    if passenger is not None:
        passenger.x, passenger.y = model.x, model.y  # ADV-PASS-02: on the mount's base
        if state.players[model.player].decide(state, SetDown(model, passenger)):
            set_down(state, model)
        return
    for rider, rides in _pairs(state, model):
        if state.players[model.player].decide(state, TakeSeat(rides, rider)):
            mount_up(state, rider, rides)
            return


def _pairs(state: BattleState, model: ModelState) -> list[tuple[ModelState, ModelState]]:
    """(rider, passenger) pairs the model that moved belongs to, touching friends."""
    near = state.near(model.x, model.y, model.radius + 2.0, model.player)
    touching = [m for m in near if m is not model and state.in_contact(m, model)]
    if _may_ride(state, model):
        return [(m, model) for m in touching if _may_carry(state, m)]
    if _may_carry(state, model):
        return [(model, m) for m in touching if _may_ride(state, m)]
    return []


def mount_up(state: BattleState, rider: ModelState, passenger: ModelState) -> bool:
    """ADV-PASS-03 (002:L2982): the Leap test; True if the passenger rides."""
    die = crossing.leap_test_die(state, passenger, f"passenger {passenger.uid} on {rider.uid}")
    state.log.emit("passenger_mounts", rider=rider.uid, passenger=passenger.uid, die=die)
    passenger.done_moving = True
    if die < SEATED_FROM:
        rider.done_moving = True
        return False
    SEATS.of(state).riding[rider.uid] = passenger.uid
    passenger.x, passenger.y = rider.x, rider.y
    state.take_off(passenger)  # ADV-PASS-02: on the mount's base, no base of its own
    if die >= GOES_ON:
        rider.spent = max(rider.spent, passenger.spent)  # reading 30: the greater distance
        rider.done_moving = rider.spent >= rider.profile.move
        if not rider.done_moving:
            SEATS.of(state).goes_on.add(rider.uid)
    else:
        rider.done_moving = True
    return True


def goes_on(state: BattleState, rider: ModelState) -> bool:
    """True once after a 6 to mount: the rider that moved may be asked for the rest of its
    Move (model_move.py)."""
    seats = SEATS.peek(state)
    if seats is None or rider.uid not in seats.goes_on:
        return False
    seats.goes_on.discard(rider.uid)
    return rider.alive and not rider.done_moving


# --- ADV-PASS-04/08: off the mount -----------------------------------------------------------


def _alight(state: BattleState, rider: ModelState) -> ModelState | None:
    """The passenger back on the table in base contact with its rider (as close as there is
    room, as a riderless mount is placed), no longer riding."""
    seats = SEATS.peek(state)
    if seats is None or rider.uid not in seats.riding:
        return None
    passenger = state.models[seats.riding.pop(rider.uid)]
    spot = cavalry.room_near(state, rider, passenger.radius) or rider.position
    state.bring_on(passenger, spot)
    return passenger


def set_down(state: BattleState, rider: ModelState) -> None:
    """ADV-PASS-04 (002:L2986): placed on foot touching the rider; no more moving this turn."""
    passenger = _alight(state, rider)
    if passenger is not None:
        passenger.done_moving = True
        state.log.emit("passenger_dismounts", rider=rider.uid, passenger=passenger.uid)


def throw(state: BattleState, rider: ModelState, cause: str) -> None:
    """ADV-PASS-08 (002:L2996): the rider thrown, slain or dismounted: the passenger is
    thrown and takes a Thrown Rider test (CAV-THROWN-01..03: 1 a flying leap, 2-5 nothing
    more this turn, 6 no harm)."""
    passenger = _alight(state, rider)
    if passenger is None:
        return
    die = cavalry.thrown_rider_die(state, passenger)
    state.log.emit("passenger_thrown", rider=rider.uid, passenger=passenger.uid, cause=cause)
    state.log.emit("thrown_rider", model=passenger.uid, roll=die)
    if die == THROWN_FALL and not keeps_footing(state, passenger, "thrown passenger"):
        cavalry.flying_leap(state, passenger)
    elif THROWN_FALL < die <= THROWN_STOP:
        rider_turns(passenger).thrown_turn = state.turn


def _on_foot(state: BattleState, rider: ModelState) -> None:
    throw(state, rider, "rider on foot")


def _rider_lost(state: BattleState, rider: ModelState) -> None:
    throw(state, rider, "rider slain")


cavalry.ON_FOOT.append(_on_foot)  # thrown, knocked down, dismounted, its mount slain
cavalry.RIDER_LOST.append(_rider_lost)  # its last Wound (a riderless mount may stay)


@on(On.LEAVING, "passenger of a removed rider", 40)
def _rider_removed(state: BattleState, happening: Happening) -> None:
    """ADV-PASS-08: the rider leaves the table (slain outright, fled): its passenger is
    thrown where it stood."""
    if SEATS.peek(state) is not None and happening.model.uid in SEATS.of(state).riding:
        throw(state, happening.model, "rider removed")


# --- ADV-PASS-05..07: hitting the passenger ----------------------------------------------------


def shot_at_rider(state: BattleState, rider: ModelState) -> ModelState:
    """ADV-PASS-06 (002:L2992): a shot that hits the rider of a Cavalry model carrying a
    passenger: D6, 1-3 the passenger is hit, 4-6 the rider."""
    passenger = passenger_of(state, rider)
    if passenger is None:
        return rider
    (die,) = state.roll(1, f"passenger or rider {rider.uid}")
    return passenger if die <= HIT_PASSENGER_UP_TO else rider


@contextmanager
def exposed(state: BattleState, model: ModelState) -> Iterator[None]:
    """While a blow or shot lands on a passenger, it stands on the table beside its rider
    (a slain model leaves the table as any other); alive and still seated, it rides on."""
    rider = _rider_of(state, model)
    if rider is None:
        yield
        return
    spot = cavalry.room_near(state, rider, model.radius) or rider.position
    state.bring_on(model, spot)
    try:
        yield
    finally:
        if model.alive and _rider_of(state, model) is rider:
            model.x, model.y = rider.x, rider.y
            state.take_off(model)
        elif model.alive:
            pass  # thrown meanwhile: it stays on the table where it was put
        elif rider.uid in SEATS.of(state).riding:
            SEATS.of(state).riding.pop(rider.uid)


def _rider_of(state: BattleState, model: ModelState) -> ModelState | None:
    seats = SEATS.peek(state)
    if seats is None:
        return None
    found = next((r for r, p in seats.riding.items() if p == model.uid), None)
    return state.models[found] if found is not None else None


def struck_part(
    state: BattleState, player: Player, striker: ModelState, target: ModelState
) -> ModelState:
    """ADV-PASS-07 (002:L2994): a blow at a Cavalry model carrying a passenger may be aimed
    at the passenger, the striker's player's choice."""
    passenger = passenger_of(state, target)
    if passenger is None:
        return target
    aim = player.decide(state, StrikePassenger(striker, target, passenger))
    return passenger if aim else target


# Decisions this module asks a player (core/decisions.py).


@dataclass(frozen=True, slots=True)
class TakeSeat(Decision[bool]):
    """ADV-PASS-03: does ``passenger`` try to ride behind ``rider``? Default: no (the
    heuristic players plan no lifts)."""

    passenger: ModelState
    rider: ModelState

    def default(self, state: BattleState) -> bool:
        return False


@dataclass(frozen=True, slots=True)
class SetDown(Decision[bool]):
    """ADV-PASS-04: does the rider set its passenger down at the end of its move? Default:
    yes once an enemy is within 6" (a passenger cannot fight)."""

    rider: ModelState
    passenger: ModelState

    def default(self, state: BattleState) -> bool:
        distance, enemy = state.nearest_enemy(self.rider)
        return enemy is not None and distance <= NEAR_ENEMY


@dataclass(frozen=True, slots=True)
class StrikePassenger(Decision[bool]):
    """ADV-PASS-07: does the striker aim this blow at the passenger rather than the rider
    or mount? Default: when its Defence is lower than the rider's."""

    striker: ModelState
    target: ModelState
    passenger: ModelState

    def default(self, state: BattleState) -> bool:
        return self.passenger.profile.defence < self.target.profile.defence

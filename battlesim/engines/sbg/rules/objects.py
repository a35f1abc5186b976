"""Carrying Light objects (checklist part 2 §10.2, ADV-LIGHT-01/02, 002:L2946-2950).

A scenario puts named objects on the table (``place_object``); a model that moves into base
contact with one lying on the ground picks it up if its player wants it (``TakeUp``), and it
goes where its carrier goes; an unengaged carrier may put it down as its move begins
(``PutDown``, ADV-LIGHT-02). When
the carrier is slain in a fight, the model that slew it takes the object if it was in base
contact; otherwise (shot, fled, or its killer gone) the object is dropped where the carrier
stood. Cavalry cannot pick an object up from the ground unless Expert Riders (ADV-LIGHT-02).
Passing an object to a friend (ADV-LIGHT-01) is never chosen by the engine's players, so it
is not offered: data.ASSUMPTIONS "objects".

Heavy objects (ADV-HEAVY-01/02, 002:L2956-2958): Cavalry cannot carry one; a Monster carries
it as a Light object, a Burly model at its full Move (SR-BURLY, 002:L2751); anyone else
carrying it alone moves at half its Move, with a friend in base contact helping at its full
Move (reading: the helper is the second carrier). A carrier drops it before charging, and
one that is charged puts it down beside it.

A model carried by another (ADV-CARRYMODEL-01, 002:L2964) is an object of the scenario with
a Defence (``place_object(defence=...)``): a Light object for a carrier whose Strength is at
least twice that Defence, a Heavy one for any other (``heavy_for``), so the same captive is
carried at a full Move by one model and at half by another.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from battlesim.engines.sbg.core import effects
from battlesim.engines.sbg.core.decisions import Decision
from battlesim.engines.sbg.core.effects import Effect, Until
from battlesim.engines.sbg.core.geometry import CONTACT_TOLERANCE
from battlesim.engines.sbg.core.hooks import Hook
from battlesim.engines.sbg.core.objectives import Point
from battlesim.engines.sbg.core.state import BattleState, Happening, ModelState, On, on
from battlesim.engines.sbg.core.status import Lasting, Status
from battlesim.engines.sbg.core.units import PlayerId
from battlesim.engines.sbg.rules.characteristics import strength_value
from battlesim.engines.sbg.rules.war_beasts import WAR_BEAST

if TYPE_CHECKING:
    from battlesim.engines.sbg.core.decisions import Player

OBJECT_RADIUS = 0.49  # a 25 mm marker (data.ASSUMPTIONS "objects")
CONTACT = CONTACT_TOLERANCE  # inches: a base touching a piece (core.geometry)


@dataclass(slots=True)
class Carried:
    """Where an object is: ``carrier`` (a model id) or ``point`` on the ground."""

    point: Point
    carrier: str | None = None
    heavy: bool = False
    side: int | None = None  # only that side's models may carry it (DEMO-01); None: any
    defence: int = 0  # ADV-CARRYMODEL-01: a carried model's Defence (0: not a model)


@dataclass(slots=True)
class Objects:
    placed: dict[str, Carried] = field(default_factory=dict)


OBJECTS: Status[Objects] = Status("objects", Objects, Lasting.BATTLE)


def place_object(
    state: BattleState,
    name: str,
    point: Point,
    *,
    heavy: bool = False,
    side: int | None = None,
    defence: int = 0,
) -> None:
    """Put an object on the table; ``defence``: it is a model (ADV-CARRYMODEL-01)."""
    OBJECTS.of(state).placed[name] = Carried(point, heavy=heavy, side=side, defence=defence)
    point_data = [round(point[0], 3), round(point[1], 3)]
    if defence:
        state.log.emit("object", name=name, point=point_data, heavy=heavy, defence=defence)
    else:
        state.log.emit("object", name=name, point=point_data, heavy=heavy)


def heavy_for(state: BattleState, found: Carried, model: ModelState) -> bool:
    """ADV-CARRYMODEL-01 (002:L2964): a carried model is a Light object if its Defence is at
    most half the carrier's Strength, else a Heavy one; any other object is what it is."""
    if not found.defence:
        return found.heavy
    return 2 * found.defence > strength_value(state, model)


def where(state: BattleState, name: str) -> Point | None:
    """The object's position (its carrier's when carried); None if not on the table."""
    objects = OBJECTS.peek(state)
    if objects is None or name not in objects.placed:
        return None
    found = objects.placed[name]
    if found.carrier is None:
        return found.point
    return state.models[found.carrier].position


def carrier(state: BattleState, name: str) -> ModelState | None:
    objects = OBJECTS.peek(state)
    found = objects.placed.get(name) if objects is not None else None
    if found is None or found.carrier is None:
        return None
    return state.models[found.carrier]


def carried_by(state: BattleState, model: ModelState) -> list[str]:
    objects = OBJECTS.peek(state)
    if objects is None:
        return []
    return [name for name, found in objects.placed.items() if found.carrier == model.uid]


def holder_side(state: BattleState, name: str) -> PlayerId | None:
    """The side whose living model on the table carries the object."""
    model = carrier(state, name)
    if model is None or not model.alive or model not in state.living(model.player):
        return None
    return model.player


def give(state: BattleState, name: str, model: ModelState) -> None:
    objects = OBJECTS.of(state)
    old = objects.placed.get(name) or Carried(model.position)
    objects.placed[name] = Carried(model.position, model.uid, old.heavy, old.side, old.defence)
    state.log.emit("object_taken", name=name, model=model.uid)
    if heavy_for(state, old, model) and burdened(model):
        half = int(model.profile.move) // 2
        effects.add(
            state,
            Effect(
                "heavy object",
                model.uid,
                Hook.MOVE,
                -half,
                Until.WHILE,
                "ADV-HEAVY-01 (002:L2956)",
                holds=lambda s: _alone_with(s, model, name),
            ),
        )


def drop(state: BattleState, name: str, point: Point) -> None:
    objects = OBJECTS.of(state)
    old = objects.placed.get(name) or Carried(point)
    objects.placed[name] = Carried(point, heavy=old.heavy, side=old.side, defence=old.defence)
    state.log.emit("object_dropped", name=name, point=[round(point[0], 3), round(point[1], 3)])


def burdened(model: ModelState) -> bool:
    """ADV-HEAVY-02: a Monster carries a Heavy object as a Light one; SR-BURLY at full Move."""
    return "monster" not in model.profile.keywords and "burly" not in model.triggers


def _alone_with(state: BattleState, model: ModelState, name: str) -> bool:
    """ADV-HEAVY-01: still its only carrier (no unengaged friend in base contact helps)."""
    if carrier(state, name) is not model or not model.alive:
        return False
    return not any(
        friend is not model
        and state.distance(friend, model) <= CONTACT
        and not state.engaged(friend)
        for friend in state.living(model.player)
    )


# Army rules whose carrier may never carry objectives (the rule module adds its name)
NEVER_CARRIES: set[str] = set()


def may_carry(model: ModelState) -> bool:
    """Army rules (Tom is Master, River-daughter) never carry objectives; WB-GEN-07
    (002:L1872): War Beasts carry no object."""
    return model.triggers.isdisjoint(NEVER_CARRIES) and WAR_BEAST not in model.profile.keywords


def may_pick_up(model: ModelState, heavy: bool = False) -> bool:
    """ADV-LIGHT-02: Cavalry must dismount to pick an object up, unless Expert Riders;
    ADV-HEAVY-02: Cavalry never carries a Heavy object."""
    if not may_carry(model):
        return False
    if heavy:
        return model.mount is None
    return model.mount is None or "expert rider" in model.triggers


@on(On.MOVE_ENDED, "light object pick up", 90)
def _pick_up(state: BattleState, happening: Happening) -> None:
    """ADV-LIGHT-01: moving into base contact with an object on the ground picks it up
    (ADV-HEAVY-01 « peut porter »: the player may leave it, ``TakeUp``)."""
    objects = OBJECTS.peek(state)
    model = happening.model
    if objects is None or not model.alive:
        return
    for name, found in list(objects.placed.items()):
        if found.carrier is not None or not may_pick_up(model, heavy_for(state, found, model)):
            continue
        if found.side is not None and found.side != model.player:
            continue  # DEMO-01: only its army's models carry a demolition charge
        gap = math.dist(model.position, found.point) - model.radius - OBJECT_RADIUS
        if gap <= CONTACT and _takes_up(state, model, name):
            give(state, name, model)
            return


def _takes_up(state: BattleState, model: ModelState, name: str) -> bool:
    if state.players is None:
        return True
    return bool(state.players[model.player].decide(state, TakeUp(model, name)))


def put_down(state: BattleState, player: Player, model: ModelState) -> None:
    """ADV-LIGHT-02 (002:L2950): a model not engaged may drop what it carries, as its move
    begins (``PutDown``): the object lies where it stands."""
    if OBJECTS.peek(state) is None or state.engaged(model):
        return
    for name in carried_by(state, model):
        if player.decide(state, PutDown(model, name)):
            drop(state, name, model.position)


# Decisions this module asks a player (core/decisions.py).


@dataclass(frozen=True, slots=True)
class TakeUp(Decision[bool]):
    """ADV-LIGHT-01, ADV-HEAVY-01: does the model, touching the object on the ground, take
    it up? Default: yes."""

    model: ModelState
    name: str

    def default(self, state: BattleState) -> bool:
        return True


@dataclass(frozen=True, slots=True)
class PutDown(Decision[bool]):
    """ADV-LIGHT-02: does the model drop the object as its move begins? Default: no."""

    model: ModelState
    name: str

    def default(self, state: BattleState) -> bool:
        return False


@on(On.CHARGE_DECLARED, "heavy object put down", 90)
def _charge(state: BattleState, happening: Happening) -> None:
    """ADV-HEAVY-01: a carrier drops a Heavy object before charging; a charged carrier puts
    it down in base contact (where it stands: the reading of data.ASSUMPTIONS "objects")."""
    objects = OBJECTS.peek(state)
    if objects is None:
        return
    for model in (happening.model, happening.other):
        if model is None:
            continue
        for name in carried_by(state, model):
            if heavy_for(state, objects.placed[name], model):
                drop(state, name, model.position)


@on(On.REMOVED, "light object dropped", 90)
def _carrier_removed(state: BattleState, happening: Happening) -> None:
    """ADV-LIGHT-02: slain in a fight, the object goes to the killer in base contact;
    otherwise it is dropped where the carrier stood."""
    if OBJECTS.peek(state) is None:
        return
    model = happening.model
    killer = None
    if happening.source.startswith("struck by "):
        killer = state.models.get(happening.source.removeprefix("struck by "))
    for name in carried_by(state, model):
        if killer is not None and _takes_from_slain(state, killer, model, name):
            give(state, name, killer)
        else:
            drop(state, name, model.position)


def _takes_from_slain(state: BattleState, killer: ModelState, slain: ModelState, name: str) -> bool:
    """The killer in base contact takes it, if it may carry it at all (ADV-HEAVY-02: no
    Cavalry with a Heavy object; WB-GEN-07: no War Beast)."""
    if not killer.alive or state.distance(killer, slain) > CONTACT or not may_carry(killer):
        return False
    return killer.mount is None or not heavy_for(state, OBJECTS.of(state).placed[name], killer)

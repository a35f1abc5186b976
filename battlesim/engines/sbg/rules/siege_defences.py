"""Defensive siege equipment used from the walls (checklist part 2 §12.3, SIEGE-ROCKS-01,
SIEGE-BOIL-01; 002:L3297-3335; READINGS).

A pile of rocks (a 25 mm marker) and a cauldron of boiling water (40 mm) stand where the
scenario sets them on the rampart, for the besieged side (SIEGE-DEF-GEN-01). The text calls
them Light and Heavy objects; the engine's players never carry them off, so they are kept as
markers, not as objects to pick up (data.ASSUMPTIONS "siege-defences").

In the Shoot phase (reading: at its start, before any model shoots; each use is the
model's shot of the phase), every defender touching a pile of rocks may throw one at an
enemy within 1" of a fortified wall and 8" of it: a hit on 4+ whatever its Shoot value, one
Strength 6 hit; a model on a siege ladder that is hit falls on a further 4+. Two defenders
touching a cauldron may pour it on such an enemy within 8" of both: a hit on 4+, one
Strength 8 hit on it and one Strength 4 hit on every model within 2" of it; a ladder climber
hit falls on 3+; after each use a 1 on a D6 empties it for the rest of the battle.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field

from battlesim.engines.sbg.core.decisions import Decision
from battlesim.engines.sbg.core.geometry import CONTACT_TOLERANCE
from battlesim.engines.sbg.core.objectives import Point
from battlesim.engines.sbg.core.paths import circle_base
from battlesim.engines.sbg.core.registry import REGISTRY, Kind
from battlesim.engines.sbg.core.state import BattleState, ModelState, Phase, Tick, every
from battlesim.engines.sbg.core.status import Lasting, Status
from battlesim.engines.sbg.core.units import STRUCTURES, ModelId, PlayerId
from battlesim.engines.sbg.rules import characteristics, siege_ladders
from battlesim.engines.sbg.rules.combat import roll_to_wound
from battlesim.engines.sbg.rules.falling import fall

ROCKS = "rocks"
CAULDRON = "boiling water"
ROCKS_RADIUS = 25 / 25.4 / 2  # SIEGE-ROCKS-01 (002:L3329): a 25 mm base
CAULDRON_RADIUS = 40 / 25.4 / 2  # SIEGE-BOIL-01 (002:L3335): a 40 mm base
WALL_REACH = 1.0  # « à moins de 1" des murs »
THROW_RANGE = 8.0  # « à moins de 8" »
TO_HIT = 4  # « toujours considérées comme ayant une Valeur au Tir de 4+ »
ROCK_STRENGTH, ROCK_FALL = 6, 4  # SIEGE-ROCKS-01: S6; off the ladder on 4+
WATER_STRENGTH, SPLASH_STRENGTH, SPLASH_REACH = 8, 4, 2.0  # SIEGE-BOIL-01
WATER_FALL = 3  # SIEGE-BOIL-01: a ladder climber falls on 3+
POURERS = 2  # « Si deux figurines ... sont en contact »
EMPTY_ON = 1  # « Sur un résultat de 1, les réserves d'eau sont épuisées »
CONTACT = CONTACT_TOLERANCE  # inches: a base touching a piece (core.geometry)

REGISTRY.register(ROCKS, kind=Kind.RULE, source="SIEGE-ROCKS-01 (002:L3329)")
REGISTRY.register(CAULDRON, kind=Kind.RULE, source="SIEGE-BOIL-01 (002:L3335)")


@dataclass(slots=True)
class Piece:
    kind: str  # ROCKS or CAULDRON
    point: Point
    owner: PlayerId
    empty: bool = False  # SIEGE-BOIL-01: the water is spent

    @property
    def radius(self) -> float:
        return ROCKS_RADIUS if self.kind == ROCKS else CAULDRON_RADIUS


@dataclass(slots=True)
class Defences:
    pieces: dict[str, Piece] = field(default_factory=dict)


DEFENCES: Status[Defences] = Status("siege defences", Defences, Lasting.BATTLE)


def place_defences(
    state: BattleState, rocks: Sequence[Point], cauldrons: Sequence[Point], owner: PlayerId = 1
) -> None:
    """SIEGE-DEF-GEN-01 (002:L3303): the besieged side's equipment, where the scenario says."""
    for kind, points in ((ROCKS, rocks), (CAULDRON, cauldrons)):
        for k, point in enumerate(points, start=1):
            name = f"{kind} {k}"
            DEFENCES.of(state).pieces[name] = Piece(kind, point, owner)
            state.log.emit("siege_defence", name=name, owner=owner, point=[*point])


def pieces(state: BattleState) -> dict[str, Piece]:
    found = DEFENCES.peek(state)
    return found.pieces if found is not None else {}


def touching(state: BattleState, name: str) -> list[ModelState]:
    """The owner's models touching the piece that may use it now: standing, unengaged,
    not yet shot this phase."""
    piece = pieces(state)[name]
    reach = piece.radius + state.largest_radius + CONTACT
    near = state.near(piece.point[0], piece.point[1], reach, piece.owner)
    return [
        m
        for m in near
        if math.dist(m.position, piece.point) - m.radius - piece.radius <= CONTACT
        and not (m.triggers & STRUCTURES)
        and not m.prone
        and not m.shot
        and not state.engaged(m)
    ]


def near_walls(state: BattleState, model: ModelState) -> bool:
    """« à moins de 1" des murs »: within 1" of a fortified wall (those on its ladders too)."""
    if state.table is None:
        return False
    found = state.table.touching(model.position, circle_base(model.radius), WALL_REACH)
    return any(siege_ladders.is_fortified_wall(piece) for piece in found)


def targets(state: BattleState, users: Sequence[ModelState]) -> list[ModelState]:
    """Enemies of the users within 1" of the walls and 8" of every user, nearest first."""
    if not users:
        return []
    first = users[0]
    near = state.near(first.x, first.y, THROW_RANGE + first.radius + state.largest_radius)
    found = [
        m
        for m in near
        if m.player != first.player
        and not (m.triggers & STRUCTURES)
        and all(state.distance(u, m) <= THROW_RANGE + 1e-9 for u in users)
        and near_walls(state, m)
    ]
    return sorted(found, key=lambda m: (state.distance(first, m), m.uid))


def on_a_ladder(state: BattleState, model: ModelState) -> float | None:
    """The height of the raised siege ladder the model is on, if any."""
    for name, found in sorted(siege_ladders.raised_ladders(state).items()):
        if model in siege_ladders.on_ladder(state, name):
            return found.height
    return None


def _hit(state: BattleState, model: ModelState, strength: int, source: str) -> None:
    defence = characteristics.defence_value(state, model)
    purpose = f"{source} -> {model.uid} (S{strength} D{defence})"
    if roll_to_wound(state, strength, defence, 0, purpose, target=model):
        state.wound(model, source)


def _knock_off(state: BattleState, model: ModelState, height: float | None, on: int) -> None:
    """A ladder climber that was hit falls on ``on``+ (falling damage, MOVE-FALL)."""
    if height is None or not model.alive:
        return
    (die,) = state.roll(1, f"{model.uid} off the ladder ({on}+)")
    if die >= on:
        fall(state, model, height, "knocked off a siege ladder")


def throw_rock(state: BattleState, thrower: ModelState, target: ModelState) -> bool:
    """SIEGE-ROCKS-01 (002:L3329): 4+ hits; one S6 hit; off a ladder on a further 4+."""
    thrower.shot = True
    height = on_a_ladder(state, target)
    (die,) = state.roll(1, f"rock {thrower.uid}->{target.uid} (4+)")
    state.log.emit("rock", model=thrower.uid, target=target.uid, roll=die)
    if die < TO_HIT:
        return False
    _hit(state, target, ROCK_STRENGTH, f"rock of {thrower.uid}")
    _knock_off(state, target, height, ROCK_FALL)
    return True


def pour_water(
    state: BattleState, name: str, pourers: Sequence[ModelState], target: ModelState
) -> bool:
    """SIEGE-BOIL-01 (002:L3335): 4+ hits: S8 on the target, S4 on every model within 2"
    of it; the target, on a ladder, falls on 3+; then a 1 empties the cauldron."""
    for model in pourers:
        model.shot = True
    height = on_a_ladder(state, target)
    (die,) = state.roll(1, f"boiling water {name}->{target.uid} (4+)")
    state.log.emit(
        "boiling_water", name=name, pourers=[m.uid for m in pourers], target=target.uid, roll=die
    )
    hit = die >= TO_HIT
    if hit:
        around = _around(state, target)
        _hit(state, target, WATER_STRENGTH, f"{name} of {pourers[0].uid}")
        for model in around:
            if model.alive:
                _hit(state, model, SPLASH_STRENGTH, f"splash of {name}")
        _knock_off(state, target, height, WATER_FALL)
    (left,) = state.roll(1, f"{name} left (1: empty)")
    if left <= EMPTY_ON:
        pieces(state)[name].empty = True
        state.log.emit("boiling_water_spent", name=name)
    return hit


def _around(state: BattleState, target: ModelState) -> list[ModelState]:
    """« toute figurine à moins de 2" d'elle »: every model, either side, the target not."""
    reach = SPLASH_REACH + target.radius + state.largest_radius
    near = state.near(target.x, target.y, reach)
    found = [
        m
        for m in near
        if m is not target
        and not (m.triggers & STRUCTURES)
        and state.distance(m, target) <= SPLASH_REACH + 1e-9
    ]
    return sorted(found, key=lambda m: (round(state.distance(m, target), 6), m.uid))


def splash_worth(state: BattleState, target: ModelState, side: PlayerId) -> int:
    """Enemies the pour would hit (the target counts two) less the user's own models."""
    around = _around(state, target)
    return 2 + sum(1 if m.player != side else -1 for m in around)


@every(Tick.PHASE_START, "siege defences used", 35)
def _use_defences(state: BattleState) -> None:
    """At the Shoot phase's start the besieged use their equipment, asked through the Player."""
    if state.phase is not Phase.SHOOT or state.players is None or not pieces(state):
        return
    for name in sorted(pieces(state)):
        piece = pieces(state)[name]
        player = state.players[piece.owner]
        if piece.kind == ROCKS:
            for thrower in touching(state, name):
                offered = targets(state, [thrower])
                if not offered:
                    continue
                choice = player.decide(state, ThrowRock(thrower, tuple(offered)))
                chosen = state.models.get(choice) if choice is not None else None
                if chosen is not None and chosen in offered:
                    throw_rock(state, thrower, chosen)
        elif not piece.empty:
            users = touching(state, name)[:POURERS]
            offered = targets(state, users) if len(users) == POURERS else []
            if not offered:
                continue
            choice = player.decide(state, PourWater(name, tuple(users), tuple(offered)))
            chosen = state.models.get(choice) if choice is not None else None
            if chosen is not None and chosen in offered:
                pour_water(state, name, users, chosen)


# Decisions this module asks a player (core/decisions.py).


@dataclass(frozen=True, slots=True)
class ThrowRock(Decision[ModelId | None]):
    """SIEGE-ROCKS-01: at whom does the defender throw a rock (None: no throw, it may shoot
    its own weapon)? Default: a ladder climber first (it may fall), the nearest first."""

    model: ModelState
    targets: tuple[ModelState, ...]

    def default(self, state: BattleState) -> ModelId | None:
        if self.model.missile is not None and self.model.profile.shoot <= TO_HIT - 1:
            return None  # a better shot with its own bow (3+ or better)
        climbers = [m for m in self.targets if on_a_ladder(state, m) is not None]
        return (climbers or list(self.targets))[0].uid


@dataclass(frozen=True, slots=True)
class PourWater(Decision[ModelId | None]):
    """SIEGE-BOIL-01: on whom do the two defenders pour the cauldron (None: not now)?
    Default: the target whose splash hits the most enemies for the fewest friends, if it
    hits more enemies than friends."""

    name: str
    pourers: tuple[ModelState, ...]
    targets: tuple[ModelState, ...]

    def default(self, state: BattleState) -> ModelId | None:
        side = self.pourers[0].player
        best = max(
            self.targets, key=lambda m: (splash_worth(state, m, side), -self.targets.index(m))
        )
        return best.uid if splash_worth(state, best, side) > 0 else None

"""Mercenary Ambush (Goblin Mercenaries: Azog's Legion, Goblin-town), from the BattleScribe
rule text: a warband led by a Goblin Mercenary Captain and made only of Goblin Mercenaries
may be kept off the table; from turn 2 the Captain tests his Courage in the Move phase (a
pass: his player chooses whether they arrive; a failure: the opponent chooses); arriving,
the warband is placed fully within one eligible piece of terrain, out of every enemy's
Control Zone, and that is its move for the turn; if it cannot be placed whole it arrives as
Reinforcements from a table edge (rules/reinforcements.py).

Readings (READINGS.md): the choice to keep the warband back is made as the battle's first
turn starts; the test is taken as the Move phase starts; "eligible terrain" is a piece of
difficult or elevated ground that is not water."""

from __future__ import annotations

import math
from dataclasses import dataclass

from shapely.geometry import Point as ShapelyPoint
from shapely.geometry import Polygon

from battlesim.engines.sbg.core.decisions import Decision
from battlesim.engines.sbg.core.paths import Point
from battlesim.engines.sbg.core.registry import REGISTRY, Kind
from battlesim.engines.sbg.core.state import BattleState, ModelState, Phase, Tick, every
from battlesim.engines.sbg.core.status import Lasting, Status
from battlesim.engines.sbg.core.table import WATER, TerrainKind, TerrainPiece
from battlesim.engines.sbg.rules.courage import courage_test
from battlesim.engines.sbg.rules.reinforcements import Reserve, spot_free

AMBUSH = "mercenary ambush"
MERCENARY = "goblin mercenary"
FIRST_TURN = 2
_GROUND = frozenset({TerrainKind.DIFFICULT, TerrainKind.ELEVATED})


@dataclass(slots=True)
class Ambush:
    player: int
    captain: str
    models: tuple[str, ...]  # the Captain first


_WAITING: Status[list[Ambush]] = Status("mercenary ambush", list, Lasting.BATTLE)


@dataclass(frozen=True, slots=True)
class KeepInAmbush(Decision[bool]):
    """Is the Mercenary warband kept off the table (Mercenary Ambush)? Heuristic: yes when
    the table has a piece of terrain it could arrive in."""

    captain: ModelState
    places: int

    def default(self, state: BattleState) -> bool:
        return self.places > 0


@dataclass(frozen=True, slots=True)
class MercenariesArrive(Decision[bool]):
    """Do the Mercenaries arrive now? Asked of the Captain's player after a passed test, of
    the opponent after a failed one. Heuristic: the Captain's side says yes, the opponent no."""

    captain: ModelState
    chooser: int

    def default(self, state: BattleState) -> bool:
        return self.chooser == self.captain.player


def _mercenary_warband(state: BattleState, captain: ModelState) -> tuple[str, ...] | None:
    for hero, followers in state.forces[captain.player].warbands:
        if hero != captain.uid:
            continue
        models = [state.models[uid] for uid in followers]
        if all(MERCENARY in m.profile.name.lower() for m in models):
            return (captain.uid, *followers)
    return None


def _places(state: BattleState) -> list[TerrainPiece]:
    table = state.table
    if table is None:
        return []
    return [p for p in table.pieces if p.kind in _GROUND and WATER not in p.features]


def _ask(state: BattleState, side: int, ask: Decision[bool]) -> bool:
    players = state.players
    return ask.default(state) if players is None else players[side].decide(state, ask)


@every(Tick.TURN_START, AMBUSH, order=3)
def _keep_back(state: BattleState) -> None:
    if state.turn != 1:
        return
    waiting = _WAITING.of(state)
    for captain in [m for m in state.living() if AMBUSH in m.triggers and m.profile.is_hero]:
        models = _mercenary_warband(state, captain)
        if models is None or not _ask(
            state, captain.player, KeepInAmbush(captain, len(_places(state)))
        ):
            continue
        for uid in models:
            state.take_off(state.models[uid])
        waiting.append(Ambush(captain.player, captain.uid, models))
        state.log.emit("reserve", player=captain.player, models=list(models), rule=AMBUSH)


@every(Tick.PHASE_START, AMBUSH, order=45)
def _arrival(state: BattleState) -> None:
    if state.phase is not Phase.MOVE or state.turn < FIRST_TURN:
        return
    waiting = _WAITING.of(state)
    for ambush in list(waiting):
        captain = state.models[ambush.captain]
        passed = courage_test(state, captain, AMBUSH)
        chooser = ambush.player if passed else 1 - ambush.player
        if not _ask(state, chooser, MercenariesArrive(captain, chooser)):
            continue
        waiting.remove(ambush)
        _arrive(state, ambush)


def _arrive(state: BattleState, ambush: Ambush) -> None:
    models = [state.models[uid] for uid in ambush.models]
    best: tuple[float, list[Point]] | None = None
    for piece in _places(state):
        spots = _fit(state, models, piece)
        if spots is None:
            continue
        gap = _enemy_gap(state, ambush.player, spots[0])
        if best is None or gap < best[0]:
            best = (gap, spots)
    if best is None:  # no room: Reinforcements from a table edge this turn
        state.reserves.append(Reserve(ambush.player, ambush.models, state.turn))
        state.log.emit("reserve_delayed", player=ambush.player, models=list(ambush.models))
        return
    for model, spot in zip(models, best[1], strict=True):
        state.bring_on(model, spot)
        model.done_moving = True  # its placing is its move this turn
        state.log.emit("arrive", model=model.uid, at=[round(spot[0], 3), round(spot[1], 3)])


def _enemy_gap(state: BattleState, player: int, spot: Point) -> float:
    enemies = state.living(1 - player)
    return min((math.dist(spot, e.position) for e in enemies), default=0.0)


def _fit(state: BattleState, models: list[ModelState], piece: TerrainPiece) -> list[Point] | None:
    """Spots fully inside the piece for every model, free of bases and enemy zones (placed
    one by one, the nearest to the enemy first); None if the warband does not fit."""
    shape = Polygon(piece.points)
    xs, ys = [p[0] for p in piece.points], [p[1] for p in piece.points]
    grid = [
        (x + 0.5, y + 0.5)
        for x in range(int(min(xs)), int(max(xs)) + 1)
        for y in range(int(min(ys)), int(max(ys)) + 1)
    ]
    grid.sort(key=lambda p: (_enemy_gap(state, models[0].player, p), p))
    placed: list[tuple[Point, float]] = []
    spots: list[Point] = []
    for model in models:
        inner = shape.buffer(-model.radius)
        spot = next(
            (
                p
                for p in grid
                if inner.contains(ShapelyPoint(p))
                and spot_free(state, model, p)
                and all(math.dist(p, q) >= model.radius + r for q, r in placed)
            ),
            None,
        )
        if spot is None:
            return None
        placed.append((spot, model.radius))
        spots.append(spot)
    return spots


REGISTRY.register(AMBUSH, kind=Kind.RULE, source="BSData Mercenary Ambush (Goblin Mercenaries)")

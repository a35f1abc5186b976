"""Moving a Siege Engine and putting one out of action (checklist part 2 §11.2, §11.6;
002:L3037, L3130): pushers, and sabotage by an enemy in contact for a whole turn."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from battlesim.engines.sbg.core.data import CONTROL_ZONE
from battlesim.engines.sbg.core.decisions import Decision, Player
from battlesim.engines.sbg.core.paths import (
    Point,
    point_distance,
    terrain_cost,
    terrain_crossings,
    terrain_fits,
    toward,
)
from battlesim.engines.sbg.core.state import (
    BattleState,
    Happening,
    ModelState,
    On,
    Removal,
    Tick,
    every,
    on,
)
from battlesim.engines.sbg.core.status import Lasting, Status
from battlesim.engines.sbg.rules.movement import can_move
from battlesim.engines.sbg.rules.siege_crew import is_structure

MONSTER_PUSHERS = 3  # SE-MOVE-01 (002:L3037): « Un Monstre compte comme trois figurines »


def pushers(state: BattleState, engine: ModelState) -> list[ModelState]:
    """SE-MOVE-01: friends on foot in base contact, free to move and not engaged."""
    near = state.near(engine.x, engine.y, engine.radius + 2.0, engine.player)
    return [
        m
        for m in near
        if m is not engine
        and not is_structure(m)
        and m.mount is None
        and not m.prone
        and can_move(state, m)
        and state.in_contact(m, engine)
    ]


def push_allowance(models: Sequence[ModelState]) -> float:
    """SE-MOVE-01: three models (a Monster counts three) move it up to the slowest one's
    Move; two, half of it (reading: the slower's); one cannot."""
    hands = sum(MONSTER_PUSHERS if "monster" in m.triggers else 1 for m in models)
    if hands < 2 or not models:
        return 0.0
    slowest = min(m.profile.move for m in models)
    return slowest if hands >= 3 else slowest / 2


def _legal_push(
    state: BattleState, engine: ModelState, movers: Sequence[ModelState], end: Point
) -> bool:
    """SE-MOVE-01: never through difficult terrain nor over an obstacle; every base fits,
    overlaps no other and enters no enemy control zone (MOVE-ZOC-01)."""
    dx, dy = end[0] - engine.x, end[1] - engine.y
    moving = {engine.uid, *(m.uid for m in movers)}
    for model in (engine, *movers):
        start, stop = model.position, (model.x + dx, model.y + dy)
        if not terrain_fits(state.table, stop, model.radius, state.width, state.depth):
            return False
        cost = terrain_cost(state.table, start, stop, model.radius)
        if cost > point_distance(start, stop) + 1e-6 or terrain_crossings(
            state.table, start, stop, 0.0
        ):
            return False
        for other in state.near(stop[0], stop[1], model.radius + 3.0):
            if other.uid in moving:
                continue
            gap = point_distance(stop, other.position) - model.radius - other.radius
            zone = CONTROL_ZONE if other.player != engine.player and not is_structure(other) else 0
            if gap < zone - 1e-6:
                return False
    return True


def push_engines(state: BattleState, player: Player, side: int) -> None:
    """SE-MOVE-01: before its models move, the side may push each engine with the models in
    contact with it as the Move phase starts; they move with it, and it may not fire this
    turn (SE-SHOOT-01)."""
    for engine_id in sorted(state.engines):
        engine = state.models[engine_id]
        if engine.player != side or not engine.alive:
            continue
        movers = pushers(state, engine)
        allowance = push_allowance(movers)
        if allowance <= 0:
            continue
        end = player.decide(state, PushEngine(engine, tuple(movers), allowance))
        if end is None:
            continue
        if point_distance(end, engine.position) > allowance + 1e-6 or not _legal_push(
            state, engine, movers, end
        ):
            state.log.emit("refused", model=engine.uid, reason="not a legal push (SE-MOVE-01)")
            continue
        _carry(state, engine, movers, end)


def _carry(
    state: BattleState, engine: ModelState, movers: Sequence[ModelState], end: Point
) -> None:
    dx, dy = end[0] - engine.x, end[1] - engine.y
    distance = point_distance(end, engine.position)
    for model in (engine, *movers):
        state.move_to(model, (model.x + dx, model.y + dy), "pushing the siege engine")
        model.moved = True
        model.spent += distance
        model.done_moving = True
    state.log.emit("engine_pushed", engine=engine.uid, pushers=[m.uid for m in movers])


# --- SE-ATK-02: sabotage --------------------------------------------------------------------


@dataclass(slots=True)
class _Watch:
    """Enemies in contact with each engine when the turn began."""

    at_start: dict[str, frozenset[str]] = field(default_factory=dict)


WATCH: Status[_Watch] = Status("siege engine watch", _Watch, Lasting.BATTLE)
CAST = Status("cast this turn", lambda: [False], Lasting.TURN)


@on(On.SPELL_CAST, "siege sabotage: cast", order=90)
def _cast(state: BattleState, happening: Happening) -> None:
    if state.engines:
        CAST.of(happening.model)[0] = True


def _in_contact(state: BattleState, engine: ModelState) -> frozenset[str]:
    near = state.near(engine.x, engine.y, engine.radius + 2.0, 1 - engine.player)
    return frozenset(m.uid for m in near if state.in_contact(m, engine))


@every(Tick.TURN_START, "siege sabotage: contacts", 50)
def _note_contacts(state: BattleState) -> None:
    if not state.engines:
        return
    watch = WATCH.of(state)
    watch.at_start = {
        uid: _in_contact(state, state.models[uid])
        for uid in state.engines
        if state.models[uid].alive
    }


@every(Tick.PHASE_START, "siege sabotage: end phase", 50)
def _sabotage(state: BattleState) -> None:
    """SE-ATK-02 (002:L3130): an enemy that spent the whole turn in base contact with the
    engine doing nothing else (no shot, spell or fight) puts it out of action."""
    if not state.engines or state.phase.value != "end":
        return
    watch = WATCH.of(state)
    for uid, before in sorted(watch.at_start.items()):
        engine = state.models[uid]
        if not engine.alive:
            continue
        for other_id in sorted(before & _in_contact(state, engine)):
            other = state.models[other_id]
            if other.shot or other.fought or CAST.of(other)[0]:
                continue
            state.log.emit("sabotage", engine=uid, model=other_id)
            state.remove(engine, Removal.SLAIN, f"sabotaged by {other_id}")
            break


# Decisions this module asks a player (core/decisions.py).


@dataclass(frozen=True, slots=True)
class PushEngine(Decision[Point | None]):
    """SE-MOVE-01: where to push the engine (its centre), or None to leave it. Default: only
    when no enemy stands within 48" of it, as far as allowed towards the nearest enemy (an
    engine that moved does not fire)."""

    engine: ModelState
    movers: tuple[ModelState, ...]
    allowance: float

    def default(self, state: BattleState) -> Point | None:
        enemies = state.enemies(self.engine)
        if not enemies:
            return None
        nearest = min(enemies, key=lambda e: (state.distance(self.engine, e), e.uid))
        if state.distance(self.engine, nearest) <= 48.0:
            return None
        end = toward(self.engine.position, nearest.position, self.allowance)
        return end if _legal_push(state, self.engine, self.movers, end) else None

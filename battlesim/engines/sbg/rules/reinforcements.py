"""Reinforcements (part 1 §4.11, 002:L679-687): models that enter from a table edge.

A scenario names its reserves (``Scenario.reserves``): a side, the models (a warband: the
Hero first, then its followers, MOVE-REINF-03) and the turn they arrive. They are taken off
the table at deployment, still counted in the army's starting strength (COUR-BRK-01), and
enter after their side has moved every model already on the table (MOVE-REINF-01): the
player chooses a point on a table edge, each model is placed there touching the edge and
makes a normal move from it, but may not charge (MOVE-CHG-12).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from battlesim.engines.sbg.core.actions import ChooseMove, Hold, IllegalActionError
from battlesim.engines.sbg.core.data import CONTROL_ZONE
from battlesim.engines.sbg.core.decisions import Decision
from battlesim.engines.sbg.core.paths import Point, point_distance, terrain_fits
from battlesim.engines.sbg.core.state import BattleState, ModelState
from battlesim.engines.sbg.core.units import ModelId, PlayerId
from battlesim.engines.sbg.rules.courage import broken_test
from battlesim.engines.sbg.rules.movement import apply_action

if TYPE_CHECKING:
    from battlesim.engines.sbg.core.decisions import Player

_EDGE_SLACK = 1e-6


@dataclass(frozen=True, slots=True)
class Reserve:
    """Models of ``player`` entering together from turn ``turn`` (MOVE-REINF-02); ``edge``:
    only by the table edge at that y (an army entering by its own edge, SE-DEPLOY-02)."""

    player: PlayerId
    models: tuple[ModelId, ...]
    turn: int
    edge: float | None = None


def hold_back(state: BattleState, reserves: tuple[Reserve, ...]) -> None:
    """Take the reserves off the table after deployment; they wait for their turn."""
    for reserve in reserves:
        for uid in reserve.models:
            state.take_off(state.models[uid])
        state.reserves.append(reserve)
        state.log.emit("reserve", player=reserve.player, models=list(reserve.models))


def on_edge(state: BattleState, point: Point) -> bool:
    """MOVE-REINF-01: the entry point lies on a table edge."""
    x, y = point
    e = _EDGE_SLACK
    if not (-e <= x <= state.width + e and -e <= y <= state.depth + e):
        return False
    return min(abs(x), abs(x - state.width), abs(y), abs(y - state.depth)) <= e


def on_its_edge(reserve: Reserve, point: Point) -> bool:
    """The point lies on the reserve's own edge, if it has one (SE-DEPLOY-02)."""
    return reserve.edge is None or abs(point[1] - reserve.edge) <= _EDGE_SLACK


def entry_spot(state: BattleState, model: ModelState, point: Point) -> Point:
    """Where the model stands on entering: its base touching the edge at ``point``."""
    x, y = point
    r = model.radius
    spots = [
        (abs(x), (r, y)),
        (abs(x - state.width), (state.width - r, y)),
        (abs(y), (x, r)),
        (abs(y - state.depth), (x, state.depth - r)),
    ]
    return min(spots)[1]


def spot_free(state: BattleState, model: ModelState, spot: Point) -> bool:
    """No other base there, no enemy zone, terrain that fits the base."""
    if not terrain_fits(state.table, spot, model.radius, state.width, state.depth):
        return False
    for other in state.living():
        gap = point_distance(spot, other.position) - model.radius - other.radius
        if gap < 0 or (other.player != model.player and gap < CONTROL_ZONE):
            return False
    return True


def entry_points(state: BattleState, reserve: Reserve, step: float = 2.0) -> list[Point]:
    """Edge points (every ``step`` inches) where the warband's first model can enter (for
    players; the engine still checks the choice)."""
    first = state.models[reserve.models[0]]
    points: list[Point] = []
    for k in range(1, int(state.width / step)):
        points += [(k * step, 0.0), (k * step, state.depth)]
    for k in range(1, int(state.depth / step)):
        points += [(0.0, k * step), (state.width, k * step)]
    points = [p for p in points if on_its_edge(reserve, p)]
    return [p for p in points if spot_free(state, first, entry_spot(state, first, p))]


def arrive(state: BattleState, player: Player, side: PlayerId) -> None:
    """MOVE-REINF-01/02: after the side's moves, its due reserves enter, one at a time."""
    for reserve in [r for r in state.reserves if r.player == side and r.turn <= state.turn]:
        state.reserves.remove(reserve)
        waiting = _enter(state, player, reserve)
        if waiting:  # MOVE-REINF-02: no room for the whole warband: it comes next turn
            state.reserves.append(Reserve(side, waiting, state.turn + 1, reserve.edge))
            state.log.emit("reserve_delayed", player=side, models=list(waiting))


def _enter(state: BattleState, player: Player, reserve: Reserve) -> tuple[ModelId, ...]:
    """Bring the warband in through one point; return the models that could not enter."""
    point = player.decide(state, ChooseEntry(reserve))
    if not on_edge(state, point) or not on_its_edge(reserve, point):
        error = IllegalActionError(f"{point} is not on a table edge (MOVE-REINF-01)")
        state.log.emit("refused", model=reserve.models[0], reason=str(error))
        return reserve.models
    for index, uid in enumerate(reserve.models):
        model = state.models[uid]
        spot = entry_spot(state, model, point)
        if not spot_free(state, model, spot):
            return reserve.models[index:]
        state.bring_on(model, spot)
        model.arriving = True
        state.log.emit("arrive", model=uid, at=[round(spot[0], 3), round(spot[1], 3)])
        if broken_test(state, model):  # COUR-BRK-03: every model of a Broken army tests
            _move(state, player, model)
    return ()


def _move(state: BattleState, player: Player, model: ModelState) -> None:
    """A normal move from the entry spot, without charging (MOVE-CHG-12)."""

    action = player.decide(state, ChooseMove(model))
    try:
        apply_action(state, model, action)
    except IllegalActionError as error:
        state.log.emit("refused", model=model.uid, reason=str(error))
        apply_action(state, model, Hold(model.uid))


# Decisions this module asks a player (core/decisions.py).


@dataclass(frozen=True, slots=True)
class ChooseEntry(Decision[Point]):
    """MOVE-REINF-01: where a reserve enters the table."""

    reserve: Reserve

"""Matched-play scenarios: deployment, objectives, end conditions and victory points.

The Matched Play Guide is not among the shared sources: the facts used here are listed in
``data.ASSUMPTIONS`` ("to-the-death", "domination", "turn-limit"). A scenario is a small
class overriding named hooks (``deployment_zone``, ``ended``, ``victory_points``), so a new
scenario is a new subclass, never an ``if`` in the play loop.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Final

from battlesim.engines.sbg.core.data import DEFAULT_TURN_LIMIT, TABLE_SIZE
from battlesim.engines.sbg.core.outcome import Termination
from battlesim.engines.sbg.core.paths import Point
from battlesim.engines.sbg.core.state import BattleState
from battlesim.engines.sbg.core.units import PlayerId
from battlesim.engines.sbg.rules.reinforcements import Reserve

Rect = tuple[float, float, float, float]
DEPLOYMENT_DEPTH: Final = 12.0
OBJECTIVE_RANGE: Final = 3.0


class UnknownScenarioError(ValueError):
    """No scenario has that name."""


@dataclass(frozen=True, slots=True)
class Scenario:
    """To the Death! (the default): fight until a force is reduced to a quarter."""

    name: str = "to_the_death"
    turn_limit: int = DEFAULT_TURN_LIMIT
    width: float = TABLE_SIZE
    depth: float = TABLE_SIZE

    def deployment_zone(self, player: PlayerId) -> Rect:
        """Player 0 deploys along the bottom edge, player 1 along the top edge."""
        if player == 0:
            return (0.0, 0.0, self.width, DEPLOYMENT_DEPTH)
        return (0.0, self.depth - DEPLOYMENT_DEPTH, self.width, self.depth)

    def objectives(self) -> tuple[Point, ...]:
        return ()

    def reserves(self) -> tuple[Reserve, ...]:
        """Reinforcements entering from a table edge later (MOVE-REINF-01); none here."""
        return ()

    def ended(self, state: BattleState) -> Termination | None:
        """Checked at the end of each turn."""
        alive = [state.alive_count(p) for p in (0, 1)]
        if min(alive) == 0:
            return Termination.WIPED_OUT
        if any(alive[p] <= state.start_counts[p] / 4 for p in (0, 1)):
            return Termination.QUARTER
        if state.turn >= self.turn_limit:
            return Termination.TURN_LIMIT
        return None

    def victory_points(self, state: BattleState) -> tuple[int, int]:
        return (self._points(state, 0), self._points(state, 1))

    def _points(self, state: BattleState, player: PlayerId) -> int:
        enemy = 1 - player
        broken = _reduced_below_half(state, enemy)
        points = (5 if not _reduced_below_half(state, player) else 3) if broken else 0
        points += _leader_points(state, enemy, slain=3, wounded=1)
        return points + _banners_lost(state, enemy) + _attrition(state, player)


@dataclass(frozen=True, slots=True)
class Domination(Scenario):
    """Five objectives; each is held by the side with more models within 3"."""

    name: str = "domination"

    def objectives(self) -> tuple[Point, ...]:
        cx, cy, d = self.width / 2, self.depth / 2, 12.0 / 2**0.5
        return ((cx, cy), (cx - d, cy - d), (cx + d, cy - d), (cx - d, cy + d), (cx + d, cy + d))

    def _points(self, state: BattleState, player: PlayerId) -> int:
        enemy = 1 - player
        held = sum(1 for point in self.objectives() if holder(state, point) == player)
        points = 3 * held + (1 if _reduced_below_half(state, enemy) else 0)
        return points + _leader_points(state, enemy, slain=1, wounded=0)


def holder(state: BattleState, point: Point) -> PlayerId | None:
    """The side with more living models within 3" of the objective, if any."""
    counts = [0, 0]
    for model in state.living():
        gap = ((model.x - point[0]) ** 2 + (model.y - point[1]) ** 2) ** 0.5 - model.radius
        if gap <= OBJECTIVE_RANGE:
            counts[model.player] += 1
    if counts[0] == counts[1]:
        return None
    return 0 if counts[0] > counts[1] else 1


def _reduced_below_half(state: BattleState, player: PlayerId) -> bool:
    return state.casualties[player] > state.start_counts[player] / 2


def _leader_points(state: BattleState, player: PlayerId, *, slain: int, wounded: int) -> int:
    leader = state.forces[player].leader
    if leader is None:
        return 0
    model = state.models[leader]
    if not model.alive or model.loose:  # CAV-STRIKE-03: a riderless mount is not the leader
        return slain
    return wounded if leader in state.wounded_leaders else 0


def _attrition(state: BattleState, player: PlayerId) -> int:
    """1 VP to the side that destroyed the greater share of the other (data.ASSUMPTIONS)."""
    enemy = 1 - player
    mine = state.casualties[enemy] / max(1, state.start_counts[enemy])
    theirs = state.casualties[player] / max(1, state.start_counts[player])
    return 1 if mine > theirs else 0


def _banners_lost(state: BattleState, player: PlayerId) -> int:
    return sum(
        1
        for m in state.models.values()
        if m.player == player and not m.alive and "banner" in m.triggers
    )


SCENARIOS: Final[Mapping[str, Scenario]] = MappingProxyType(
    {"to_the_death": Scenario(), "domination": Domination()}
)


def scenario_named(name: str, turn_limit: int | None = None) -> Scenario:
    try:
        scenario = SCENARIOS[name]
    except KeyError as error:
        known = ", ".join(sorted(SCENARIOS))
        raise UnknownScenarioError(f"unknown scenario {name!r}; known: {known}") from error
    if turn_limit is None:
        return scenario
    if turn_limit < 1:
        raise UnknownScenarioError(f"turn limit must be at least 1, not {turn_limit}")
    return type(scenario)(name=scenario.name, turn_limit=turn_limit)

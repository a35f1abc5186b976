"""Armies entering by their table edge (SE-DEPLOY-02, 002:L3140-3142).

A scenario whose ``Deployment.by_edge`` is set deploys no force: every model enters from its
side's table edge as a reinforcement (``reinforcements.Reserve`` with its ``edge``), a
warband at a time, in turn 1 (the rulebook's *Maelström de bataille*; when each warband
arrives is the scenario's, here all in turn 1: scenario_library ASSUMPTION). Siege Engines
are the exception: before the battle both players roll a D6 (a tie is rolled again), the
higher chooses his table edge (``ChooseEdge``; the opponent has the opposite one) and deploys
his engines at once within 6" of it (SE-DEPLOY-01), then the opponent deploys his. They were
deployed, not moved: they do not count as having moved in turn 1 (they may shoot). A player
who alone has engines wins the roll without rolling.

``choose_edges`` settles the edges (``own_edge`` reads them: a carrier brings its load home
to its own edge), ``engine_zone`` is the strip its engines stand in, ``reserves`` the models
that enter from the edge.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from battlesim.engines.sbg.core.decisions import Decision, Player
from battlesim.engines.sbg.core.state import BattleState
from battlesim.engines.sbg.core.status import Lasting, Status
from battlesim.engines.sbg.core.units import ModelId, PlayerId
from battlesim.engines.sbg.rules.reinforcements import Reserve

ENGINE_DEPTH = 6.0  # SE-DEPLOY-01 (002:L3138): « à moins de 6" du bord de table du joueur »
ENTRY_TURN = 1  # scenario_library ASSUMPTION: every warband enters in turn 1


@dataclass(slots=True)
class Edges:
    """Each side's table edge (its y coordinate) once the roll settled them."""

    edge: dict[PlayerId, float] = field(default_factory=dict)


EDGES: Status[Edges] = Status("table edges", Edges, Lasting.BATTLE)


def default_edge(state: BattleState, side: PlayerId) -> float:
    """Side 0's edge is y = 0, side 1's y = depth (as for a deployment zone)."""
    return 0.0 if side == 0 else state.depth


def own_edge(state: BattleState, side: PlayerId) -> float | None:
    """The side's table edge when the armies entered by their edges; else None."""
    edges = EDGES.peek(state)
    return None if edges is None else edges.edge.get(side)


def _has_engines(state: BattleState, side: PlayerId) -> bool:
    return bool(state.forces[side].engines)


def roll_off(state: BattleState) -> PlayerId:
    """SE-DEPLOY-02: the higher D6 chooses (a tie is rolled again); a player who alone has
    Siege Engines wins without a roll."""
    armed = [side for side in (0, 1) if _has_engines(state, side)]
    if len(armed) == 1:
        return armed[0]
    while True:
        first, second = state.roll(2, "table edge roll-off (SE-DEPLOY-02)")
        if first != second:
            return 0 if first > second else 1


def choose_edges(state: BattleState, players: Sequence[Player]) -> PlayerId:
    """Settle both edges; return the side that won the roll (it deploys its engines
    first). Without an engine on the table no roll is made: each side keeps its own edge."""
    edges = EDGES.of(state)
    if not any(_has_engines(state, side) for side in (0, 1)):
        edges.edge = {side: default_edge(state, side) for side in (0, 1)}
        return 0
    winner = roll_off(state)
    options = (0.0, state.depth)
    chosen = players[winner].decide(state, ChooseEdge(winner, options))
    if chosen not in options:
        chosen = ChooseEdge(winner, options).default(state)
    other = state.depth if chosen == 0.0 else 0.0
    edges.edge = {winner: chosen, 1 - winner: other}
    state.log.emit("table_edge", player=winner, edge=chosen, other=other)
    return winner


def engine_zone(state: BattleState, side: PlayerId) -> tuple[float, float, float, float]:
    """SE-DEPLOY-01/02: the strip within 6" of the side's edge."""
    edge = own_edge(state, side)
    if edge is None:
        edge = default_edge(state, side)
    if edge == 0.0:
        return (0.0, 0.0, state.width, ENGINE_DEPTH)
    return (0.0, edge - ENGINE_DEPTH, state.width, edge)


def reserves(state: BattleState, placed: set[ModelId]) -> tuple[Reserve, ...]:
    """Every model not deployed (``placed``: the engines and their crews) enters by its
    side's edge in turn 1, a warband at a time (its Hero first, MOVE-REINF-03), the models
    of no warband last."""
    found: list[Reserve] = []
    for side in (0, 1):
        edge = own_edge(state, side)
        force = state.forces[side]
        left = [spec.uid for spec in force.models if spec.uid not in placed]
        for hero, followers in force.warbands:
            band = tuple(uid for uid in (hero, *followers) if uid in left)
            if band:
                found.append(Reserve(side, band, ENTRY_TURN, edge))
                left = [uid for uid in left if uid not in band]
        if left:
            found.append(Reserve(side, tuple(left), ENTRY_TURN, edge))
    return tuple(found)


# Decisions this module asks a player (core/decisions.py).


@dataclass(frozen=True, slots=True)
class ChooseEdge(Decision[float]):
    """SE-DEPLOY-02: the roll's winner chooses his table edge (``options``: the y of the
    two edges). Default: his usual edge."""

    player: PlayerId
    options: tuple[float, float]

    def default(self, state: BattleState) -> float:
        return default_edge(state, self.player)

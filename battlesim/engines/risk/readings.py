"""Board readings the stronger strategies share: reach through enemy land, mission routes.

Pure questions about the state (no choice is made here): how many enemy territories a stack
standing on a territory could roll through, and how far each territory lies from a site of
power in steps over the map (003:L94: a mission is done by a leader on its site).
"""

from __future__ import annotations

from battlesim.engines.risk.data import AdventureKind, Seat, TerritoryName
from battlesim.engines.risk.state import GameState


def enemy_reach(state: GameState, seat: Seat, start: TerritoryName, depth: int) -> int:
    """Enemy territories within ``depth`` steps of ``start``, walking through enemy land only."""
    side, owner, players = state.players[seat].side, state.owner, state.players
    seen, frontier = {start}, [start]
    for _ in range(depth):
        found = [
            near
            for here in frontier
            for near in state.board.ordered_neighbours[here]
            if players[owner[near]].side is not side
        ]
        frontier = [t for t in dict.fromkeys(found) if t not in seen]
        seen.update(frontier)
    return len(seen) - 1


def steps_to(state: GameState, site: TerritoryName) -> dict[TerritoryName, int]:
    """Steps from every territory to ``site`` over the whole map (the board's table)."""
    return state.board.steps[site]


def mission_sites(state: GameState, seat: Seat) -> list[TerritoryName]:
    """The sites of the missions in the player's hand."""
    cards = state.players[seat].adventures
    return [c.territory for c in cards if c.kind is AdventureKind.MISSION and c.territory]


Route = tuple[int, TerritoryName, dict[TerritoryName, int]]


def nearest_mission(state: GameState, seat: Seat, most: int) -> Route | None:
    """(steps, leader's territory, steps map) of the mission site nearest one of the player's
    leaders, if it is at most ``most`` steps away."""
    best: Route | None = None
    leaders = state.leaders_of(seat)
    for site in mission_sites(state, seat):
        dist = steps_to(state, site)
        for leader in leaders:
            if dist[leader] <= most and (best is None or dist[leader] < best[0]):
                best = (dist[leader], leader, dist)
    return best

"""Final scoring (003:L134-144) and the winner: a team or, in the 3-player split, a player."""

from __future__ import annotations

from dataclasses import dataclass

from battlesim.engines.risk.data import Seat, Side
from battlesim.engines.risk.state import GameState


@dataclass(frozen=True, slots=True)
class Score:
    territories: int
    strongholds: int
    adventures: int
    regions: int

    @property
    def total(self) -> int:
        return self.territories + self.strongholds + self.adventures + self.regions


def regions_held(state: GameState, seat: Seat) -> list[str]:
    """Return the regions whose every territory the player controls (003:L60)."""
    shares = state.region_shares(seat)  # kept by the state until the seat's land changes
    return [name for name, _, members in state.board.sorted_regions if shares[members] == 1]


def held_region_bonus(state: GameState, seat: Seat) -> int:
    """The bonuses of the regions ``regions_held`` names, summed (no list of names)."""
    shares, total = state.region_shares(seat), 0
    for _, bonus, members in state.board.sorted_regions:
        if shares[members] == 1:
            total += bonus
    return total


def score(state: GameState, seat: Seat) -> Score:
    points = state.board.rules["points"]
    owned = state.territories_of(seat)
    strongholds = [t for t in owned if state.board.territories[t].stronghold]
    return Score(
        territories=points["territory"] * len(owned),
        strongholds=points["stronghold"] * len(strongholds),
        adventures=sum(card.points for card in state.players[seat].played),
        regions=held_region_bonus(state, seat),
    )


def side_totals(state: GameState) -> dict[Side, int]:
    totals = {side: 0 for side in Side}
    for player in state.players:
        totals[player.side] += score(state, player.seat).total
    return totals


def winner(state: GameState) -> str | None:
    """Return the winning side (team scoring) or colour (player scoring); None on a tie."""
    if state.scoring == "team":
        totals = side_totals(state)
        ranked = sorted(totals.items(), key=lambda item: -item[1])
        return None if ranked[0][1] == ranked[1][1] else ranked[0][0].value
    totals_by_seat = {p.colour: score(state, p.seat).total for p in state.players}
    best = max(totals_by_seat.values())
    leaders = [colour for colour, total in totals_by_seat.items() if total == best]
    return leaders[0] if len(leaders) == 1 else None

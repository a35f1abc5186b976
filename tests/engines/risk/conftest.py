"""Builders for hand-made Risk positions: every territory owned, scripted dice, fixed players."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from battlesim.engines.dice import Dice, ScriptedDice
from battlesim.engines.log import EventLog
from battlesim.engines.risk.data import AdventureCard, TerritoryCard, adventure_cards
from battlesim.engines.risk.data import territory_cards as all_territory_cards
from battlesim.engines.risk.players import STRATEGIES, Player
from battlesim.engines.risk.setup import new_state
from battlesim.engines.risk.state import GameState


def position(
    dice: Iterable[int] | Dice = (),
    strategies: Sequence[str] = ("aggressive",) * 4,
    owner: int = 1,
    armies: int = 1,
) -> GameState:
    """Return a mid-game state: every territory held by ``owner`` with ``armies`` battalions.

    Tests then hand territories to other seats; stocks and accounts start at zero.
    """
    source = dice if isinstance(dice, Dice) else ScriptedDice(dice)
    state = new_state(source, EventLog(), strategies)
    for player in state.players:
        player.reserve = player.gained = 0
    for name in sorted(state.board.territories):
        state.set_owner(name, owner)
        state.armies[name] = armies
    state.current = 0
    return state


def give(state: GameState, seat: int, armies: int, *territories: str) -> None:
    for name in territories:
        state.set_owner(name, seat)
        state.armies[name] = armies


def players_for(state: GameState) -> dict[int, Player]:
    return {p.seat: STRATEGIES[p.strategy](state.dice) for p in state.players}


def card(name: str) -> TerritoryCard:
    return next(c for c in all_territory_cards() if c.territory == name)


def wild() -> TerritoryCard:
    return next(c for c in all_territory_cards() if c.territory is None)


def adventure(name: str) -> AdventureCard:
    return next(c for c in adventure_cards() if c.name == name)

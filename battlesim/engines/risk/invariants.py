"""Checks that must hold all through a game; tests and the bench run them on seeded games."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from battlesim.engines.log import Event, EventLog
from battlesim.engines.risk.game import parse_options, run, start
from battlesim.engines.risk.outcome import Termination
from battlesim.engines.risk.setup import set_up
from battlesim.engines.risk.state import GameState


class InvariantError(AssertionError):
    """The state broke a rule that holds at every step of every game."""


def check_no_empty_territory(state: GameState) -> None:
    """No territory can ever be left empty (003:L90)."""
    empty = sorted(t for t, n in state.armies.items() if n < 1)
    if empty:
        raise InvariantError(f"empty territories: {empty}")


def check_battalion_accounts(state: GameState) -> None:
    """Battalions on the board plus the reserve equal all taken in minus all lost."""
    for player in state.players:
        on_board = state.battalions_of(player.seat)
        if on_board + player.reserve != player.gained - player.lost:
            raise InvariantError(
                f"seat {player.seat}: board {on_board} + reserve {player.reserve} != "
                f"gained {player.gained} - lost {player.lost}"
            )


def check_leaders(state: GameState) -> None:
    """Leaders stand on their owner's territories, at most two per player (003:L10, L22)."""
    for territory, seat in state.leaders.items():
        if state.owner.get(territory) != seat:
            raise InvariantError(f"leader of seat {seat} on {territory} it does not own")
    each = state.board.rules["leaders_per_player"]
    for player in state.players:
        if len(state.leaders_of(player.seat)) + player.leaders_in_pool != each:
            raise InvariantError(f"seat {player.seat} does not have two leaders in all")


def check_all(state: GameState) -> None:
    check_no_empty_territory(state)
    check_battalion_accounts(state)
    check_leaders(state)


def watched_game(seed: int, options: Mapping[str, Any]) -> tuple[GameState, Termination, int]:
    """Play one game checking every invariant after every settled event.

    Return the final state, how the game ended and how many states were checked. Between
    the last throw of a conquest and the move-in the target is empty by design, so the
    combat loss events are not checked; every other event is.
    """
    settings = parse_options(options)
    box: list[GameState] = []
    checked = [0]

    def listener(event: Event) -> None:
        if box and not (event.kind == "battalions" and event.data["reason"] == "combat"):
            check_all(box[0])
            checked[0] += 1

    state, players = start(seed, settings, EventLog(listeners=[listener]))
    box.append(state)
    set_up(state, players, settings.leaders_at_setup)
    return state, run(state, players, settings.turn_limit), checked[0]

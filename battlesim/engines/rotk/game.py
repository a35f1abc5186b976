"""Play one game: build the players and the state, loop until it ends, summarise.

>>> result = play_game(seed=3, options={"players": 3, "strategies": ["racer"]})
>>> result.termination in {"ring", "black_gate", "gollum", "round_limit"}
True
>>> len(result.summary["victory_points"])
3
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from battlesim.engines.dice import Dice
from battlesim.engines.log import Event, EventLog
from battlesim.engines.registry import GameResult
from battlesim.engines.rotk.data import Material, load_material
from battlesim.engines.rotk.outcome import Termination
from battlesim.engines.rotk.players import Player, RandomPlayer, Strategy, make_player
from battlesim.engines.rotk.rules import apply
from battlesim.engines.rotk.setup import new_game
from battlesim.engines.rotk.state import Entry, Rules, State

OPTION_NAMES = frozenset({"players", "strategies", "variant", "entry"})


class BadOptionError(ValueError):
    """An option of ``play_game`` has a value the game does not accept."""


def validate_options(options: Mapping[str, Any] | None) -> None:
    """Check options before a job is queued (registry contract); raise ``BadOptionError``."""
    parse_rules(options or {})


def parse_rules(options: Mapping[str, Any]) -> tuple[Rules, list[Strategy]]:
    """Check the JSON options: ``players`` (3 or 4), ``strategies`` (one, or one per seat),
    ``variant`` (Gollum one space a failure, sharing a space), ``entry`` (``"once"``: the
    pawn enters once and stays; ``"each_turn"``: it starts every turn on the start row)."""
    unknown = sorted(set(options) - OPTION_NAMES)
    if unknown:
        raise BadOptionError(
            f"unknown option(s) {', '.join(unknown)}; known: {sorted(OPTION_NAMES)}"
        )
    players = options.get("players", 4)
    if players not in (3, 4) or isinstance(players, bool):
        raise BadOptionError(f"option players must be 3 or 4, not {players!r}")
    variant = options.get("variant", False)
    if not isinstance(variant, bool):
        raise BadOptionError(f"option variant must be true or false, not {variant!r}")
    entries = [e.value for e in Entry]
    entry = options.get("entry", Entry.ONCE.value)
    if entry not in entries:
        raise BadOptionError(f"option entry must be one of {entries}, not {entry!r}")
    rules = Rules(players, variant, Entry(entry))
    return rules, _strategies(options.get("strategies", ["greedy"]), players)


def _strategies(raw: Any, players: int) -> list[Strategy]:
    names = [raw] if isinstance(raw, str) else list(raw) if isinstance(raw, Sequence) else None
    known = [s.value for s in Strategy]
    if not names or len(names) not in (1, players) or any(n not in known for n in names):
        raise BadOptionError(
            f"option strategies must be one of {known} or one per seat, not {raw!r}"
        )
    return [Strategy(names[seat % len(names)]) for seat in range(players)]


def play_game(
    *,
    seed: int,
    options: Mapping[str, Any] | None = None,
    listener: Callable[[Event], None] | None = None,
    material: Material | None = None,
) -> GameResult:
    """Play one whole game from ``seed`` and return the outcome, the log and a summary."""
    rules, strategies = parse_rules(options or {})
    dice, log = Dice(seed), EventLog()
    if listener is not None:
        log.listeners.append(listener)
    log.emit("start", seed=seed, strategies=[s.value for s in strategies])
    state = new_game(material or load_material(), rules, dice, log)
    play(state, [make_player(s, dice) for s in strategies])
    return GameResult(
        winner_name(state), _termination(state).value, log, summarise(state, strategies)
    )


def play(state: State, players: Sequence[Player | RandomPlayer]) -> None:
    """Ask the player whose decision it is, and apply, until the game is over."""
    while not state.is_over:
        apply(state, players[state.current].act(state))


def _termination(state: State) -> Termination:
    assert state.outcome is not None
    return state.outcome.termination


def winner_name(state: State) -> str | None:
    """``"gollum"`` when he wins, ``"P<n>"`` for the one seat with most points, else None."""
    outcome = state.outcome
    assert outcome is not None
    if outcome.termination is Termination.GOLLUM:
        return "gollum"
    return None if outcome.winner is None else f"P{outcome.winner + 1}"


def summarise(state: State, strategies: Sequence[Strategy]) -> dict[str, Any]:
    """The JSON figures the statistics need."""
    outcome = state.outcome
    assert outcome is not None
    return {
        "players": state.rules.players,
        "variant": state.rules.variant,
        "entry": state.rules.entry.value,
        "strategies": [s.value for s in strategies],
        "termination": outcome.termination.value,
        "players_win": outcome.players_win,
        "gollum_wins": outcome.termination is Termination.GOLLUM,
        "victory_points": list(outcome.victory_points),
        "leaders": list(outcome.leaders),
        "rounds": state.round,
        "frodo": {"on_mountain": state.frodo.on_mountain, "index": state.frodo.index},
        "gollum": state.gollum,
        "ring_destroyed": state.ring_destroyed,
        "gate_fallen": state.gate_fallen,
        "tiles_left": len(state.board_tiles),
        "attacks": len(state.log.of_kind("attack")),
        "failures": sum(1 for e in state.log.of_kind("resolve") if not e.data["success"]),
    }

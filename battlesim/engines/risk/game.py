"""Play one game of Risk LOTR: the registry entry point ``play_game``.

>>> result = play_game(seed=3, options={"players": ["aggressive", "defensive"]})
>>> result.termination in {"ring_destroyed", "turn_limit"}
True
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from battlesim.engines.dice import Dice, QuietDice
from battlesim.engines.log import Event, EventLog, NullLog
from battlesim.engines.registry import GameResult
from battlesim.engines.risk.actions import BadOptionError
from battlesim.engines.risk.outcome import Termination
from battlesim.engines.risk.players import STRATEGIES, Strategy
from battlesim.engines.risk.scoring import regions_held, score, side_totals, winner
from battlesim.engines.risk.setup import new_state, set_up
from battlesim.engines.risk.state import GameState
from battlesim.engines.risk.turn import play_turn

DEFAULT_PLAYERS = ("aggressive", "region", "defensive", "random")


@dataclass(frozen=True, slots=True)
class Options:
    """The JSON options: 2-4 strategy names (seats Yellow, Red, Green, Black in that order;
    3 players: Yellow, Red, Black), a safety turn limit, leaders placed at set-up (1 or 2)
    and the scoring ("team" or "player"; default team, player for 3 players); the optional
    2002 rule of 2 battalions on a traded card's territory is off unless asked for."""

    players: tuple[str, ...] = DEFAULT_PLAYERS
    turn_limit: int = 300
    leaders_at_setup: int = 1
    scoring: str | None = None
    card_territory_bonus: bool = False


_DEFAULTS: dict[str, Any] = {
    name: getattr(Options(), name) for name in Options.__dataclass_fields__
}


def validate_options(raw: Mapping[str, Any] | None) -> None:
    """Check options before a job is queued (registry contract); raise ``BadOptionError``."""
    parse_options(raw)


def parse_options(raw: Mapping[str, Any] | None) -> Options:
    """Check the JSON options; a bad value raises ``BadOptionError`` naming the option."""
    raw = dict(raw or {})
    unknown = sorted(set(raw) - set(Options.__dataclass_fields__))
    if unknown:
        raise BadOptionError(f"unknown option(s): {', '.join(unknown)}")
    # The raw values are checked before ``Options`` holds them: a compiled build (mypyc)
    # checks a dataclass field's type when it is set.
    value = {**_DEFAULTS, **raw}
    _check_players(value["players"])
    _check_int("turn_limit", value["turn_limit"], 1, 10_000)
    _check_int("leaders_at_setup", value["leaders_at_setup"], 1, 2)
    if not isinstance(value["card_territory_bonus"], bool):
        raise BadOptionError("card_territory_bonus must be true or false")
    if value["scoring"] not in (None, "team", "player"):
        raise BadOptionError(f"scoring must be 'team' or 'player', not {value['scoring']!r}")
    return Options(**{**value, "players": tuple(value["players"])})


def _check_players(players: Any) -> None:
    if not isinstance(players, list | tuple) or not 2 <= len(players) <= 4:
        raise BadOptionError("players must be a list of 2 to 4 strategy names")
    for name in players:
        if name not in STRATEGIES:
            known = ", ".join(sorted(STRATEGIES))
            raise BadOptionError(f"players: unknown strategy {name!r}; known: {known}")


def _check_int(name: str, value: Any, low: int, high: int) -> None:
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise BadOptionError(f"{name} must be an integer from {low} to {high}, not {value!r}")


def play_game(
    *,
    seed: int,
    options: Mapping[str, Any] | None = None,
    listener: Callable[[Event], None] | None = None,
) -> GameResult:
    """Play one seeded game and return its outcome, log and summary."""
    return _played(seed, options, EventLog(listeners=[listener] if listener else []), Dice)


def play_unlogged(*, seed: int, options: Mapping[str, Any] | None = None) -> GameResult:
    """The same game as ``play_game`` from the same seed (same outcome, turns and summary),
    with no event log and no dice record: a study's batch needs only the results, and a
    replay is played again from the seed. Its log is an empty ``NullLog``."""
    return _played(seed, options, NullLog(), QuietDice)


def _played(
    seed: int, options: Mapping[str, Any] | None, log: EventLog, dice: type[Dice]
) -> GameResult:
    settings = parse_options(options)
    state, players = start(seed, settings, log, dice)
    set_up(state, players, settings.leaders_at_setup)
    termination = run(state, players, settings.turn_limit)
    summary = summarise(state, termination, seed)
    state.log.emit("game_over", **{k: summary[k] for k in ("winner", "termination", "scores")})
    return GameResult(summary["winner"], termination.value, state.log, summary)


def start(
    seed: int, settings: Options, log: EventLog, dice_type: type[Dice] = Dice
) -> tuple[GameState, dict[int, Strategy]]:
    """Seat the players around one ``Dice(seed)``; the set-up comes next."""
    dice = dice_type(seed)
    log.emit("game", game="risk", seed=seed, options=_options_json(settings))
    state = new_state(dice, log, settings.players, settings.scoring)
    state.card_territory_bonus = settings.card_territory_bonus
    return state, {p.seat: STRATEGIES[p.strategy](dice) for p in state.players}


def run(state: GameState, players: dict[int, Strategy], turn_limit: int) -> Termination:
    """Play turns until the Ring is destroyed (003:L38, L134) or the safety limit."""
    while state.turn < turn_limit:
        play_turn(state, players)
        if state.is_over():
            return Termination.RING_DESTROYED
    return Termination.TURN_LIMIT


def _options_json(settings: Options) -> dict[str, Any]:
    return {
        "players": list(settings.players),
        "turn_limit": settings.turn_limit,
        "leaders_at_setup": settings.leaders_at_setup,
        "scoring": settings.scoring,
        "card_territory_bonus": settings.card_territory_bonus,
    }


def summarise(state: GameState, termination: Termination, seed: int) -> dict[str, Any]:
    """The JSON figures for statistics: winner, seats, sides, scores, regions, Ring turn."""
    seats = [_seat_summary(state, p.seat) for p in state.players]
    return {
        "game": "risk",
        "seed": seed,
        "winner": winner(state),
        "winning_side": _winning_side(state),
        "scoring": state.scoring,
        "termination": termination.value,
        "turns": state.turn,
        "rounds": -(-state.turn // len(state.players)),
        "ring_destroyed_turn": state.ring_destroyed_turn,
        "fellowship_territory": state.fellowship_territory(),
        "side_scores": {side.value: total for side, total in side_totals(state).items()},
        "scores": {s["colour"]: s["score"] for s in seats},
        "regions_held": {s["colour"]: s["regions"] for s in seats},
        "seats": seats,
    }


def _winning_side(state: GameState) -> str | None:
    """The camp of the winner: the winner itself in team scoring, else the winner's side."""
    won = winner(state)
    by_colour = {p.colour: p.side.value for p in state.players}
    return by_colour.get(won or "", won)


def _seat_summary(state: GameState, seat: int) -> dict[str, Any]:
    player = state.players[seat]
    parts = score(state, seat)
    return {
        "seat": seat,
        "colour": player.colour,
        "side": player.side.value,
        "strategy": player.strategy,
        "score": parts.total,
        "score_parts": {
            "territories": parts.territories,
            "strongholds": parts.strongholds,
            "adventures": parts.adventures,
            "regions": parts.regions,
        },
        "territories": len(state.territories_of(seat)),
        "battalions": state.battalions_of(seat),
        "regions": regions_held(state, seat),
        "eliminated": player.eliminated,
    }

"""Play one game of Monopoly LOTR from a seed: the ``play_game`` entry point of the registry.

>>> result = play_game(seed=3, options={"variant": "quick"})
>>> result.termination in {"second_bankruptcy", "last_player", "round_limit"}
True
>>> result.summary["strategies"]
['acquisitive', 'cautious', 'hunter', 'builder']
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from itertools import compress
from typing import Any

from battlesim.engines.dice import Dice, QuietDice
from battlesim.engines.log import Event, EventLog, NullLog
from battlesim.engines.monopoly.actions import BadOptionError
from battlesim.engines.monopoly.data import ASSUMPTIONS, BOARD_SIZE, GROUPS, QUICK_DEAL, Seat
from battlesim.engines.monopoly.movement import roll_pair
from battlesim.engines.monopoly.outcome import Termination
from battlesim.engines.monopoly.players import STRATEGIES, Player
from battlesim.engines.monopoly.rules import ClassicRules, OneRingRules, deal_deeds
from battlesim.engines.monopoly.state import TERRITORY_GROUPS, GameState, Variant
from battlesim.engines.registry import GameResult

DEFAULT_PLAYERS = ("acquisitive", "cautious", "hunter", "builder")
VARIANTS = ("classic", "quick", "time_limited")
OPTION_KEYS = {
    "players",
    "variant",
    "one_ring",
    "time_limit_rounds",
    "max_rounds",
    "all_rich_cash",
}


def validate_options(options: Mapping[str, Any] | None) -> None:
    """Check options before a job is queued (registry contract); raise ``BadOptionError``."""
    parse_options(options)


def parse_options(options: Mapping[str, Any] | None) -> tuple[list[str], Variant]:
    """Validate the JSON options; a bad one raises ``BadOptionError`` naming it."""
    options = dict(options or {})
    unknown = set(options) - OPTION_KEYS
    if unknown:
        raise BadOptionError(f"unknown option(s): {', '.join(sorted(unknown))}")
    players = list(options.get("players", DEFAULT_PLAYERS))
    if not 2 <= len(players) <= 6:  # 6 tokens in the box (001:L72)
        raise BadOptionError(f"players: 2 to 6 strategies, not {len(players)}")
    for name in players:
        if name not in STRATEGIES:
            raise BadOptionError(f"players: unknown strategy {name!r}; known: {sorted(STRATEGIES)}")
    return players, _variant(options)


def _variant(options: dict[str, Any]) -> Variant:
    variant = options.get("variant", "classic")
    if variant not in VARIANTS:
        raise BadOptionError(f"variant: one of {', '.join(VARIANTS)}, not {variant!r}")
    limit = _positive(options, "time_limit_rounds", 100 if variant == "time_limited" else None)
    if variant != "time_limited" and limit is not None:
        raise BadOptionError("time_limit_rounds: only with variant 'time_limited'")
    max_rounds = _positive(options, "max_rounds", 500)
    one_ring = options.get("one_ring", False)
    if not isinstance(one_ring, bool):
        raise BadOptionError("one_ring: true or false")
    assert max_rounds is not None
    all_rich = _positive(options, "all_rich_cash", None)
    return Variant(variant == "quick", one_ring, limit, max_rounds, all_rich)


def _positive(options: dict[str, Any], key: str, default: int | None) -> int | None:
    value = options.get(key, default)
    if value is not None and (isinstance(value, bool) or not isinstance(value, int) or value < 1):
        raise BadOptionError(f"{key}: a positive whole number, not {value!r}")
    return value


def new_rules(
    strategies: Sequence[str], variant: Variant, dice: Dice, log: EventLog | None
) -> ClassicRules:
    """Build the state, the players and the rules object for one game."""
    state = GameState(strategies, variant)
    players: list[Player] = [STRATEGIES[name](dice) for name in strategies]
    rules_class = OneRingRules if variant.one_ring else ClassicRules
    return rules_class(state, players, dice, log)


def set_up(rules: ClassicRules) -> None:
    """Shuffle, choose who starts (001:L150), deal deeds in the quick and timed games."""
    state = rules.state
    rules.emit(
        "setup",
        strategies=[p.strategy for p in state.players],
        assumptions=sorted(ASSUMPTIONS),
        variant=_variant_json(state.variant),
        ring=state.ring,
    )
    rules.shuffle_decks()
    first = starting_seat(rules)
    seats = list(range(len(state.players)))
    state.order = seats[first:] + seats[:first]  # then to the left (001:L150)
    rules.emit("order", order=state.order)
    if state.variant.deals_deeds:
        deal_deeds(rules, QUICK_DEAL)


def starting_seat(rules: ClassicRules) -> Seat:
    """Everyone rolls both dice; the highest starts; ties roll again."""
    contenders = list(range(len(rules.state.players)))
    while len(contenders) > 1:
        totals = {seat: roll_pair(rules.dice, "order").total for seat in contenders}
        rules.emit("order_roll", totals={str(s): t for s, t in totals.items()})
        best = max(totals.values())
        contenders = [seat for seat in contenders if totals[seat] == best]
    return contenders[0]


def run(rules: ClassicRules) -> None:
    """Play rounds until a rule ends the game or a round limit is reached."""
    state = rules.state
    while state.termination is None:  # is_over, read directly (a hot loop)
        state.round += 1
        for seat in list(state.order):
            # ``is_over``: the loop's test narrows ``termination`` to None for mypy, and a
            # compiled build (mypyc) would check that narrowed type at run time
            if not state.players[seat].bankrupt and not state.is_over:
                play_one_turn(rules, seat)
        _check_round_limits(rules)


def play_one_turn(rules: ClassicRules, seat: Seat) -> None:
    state = rules.state
    state.current = seat
    rules.emit_lazy("turn", _turn, state, seat)
    rules.play_turn(seat)
    state.turns += 1
    if not state.players[seat].bankrupt and state.termination is None:
        rules.manage(seat)
    rules.manage_between_turns(seat)
    rules.emit_lazy("turn_end", _turn_end, state, seat)


# Payloads made only by a log that keeps them (``emit_lazy``): two a turn, one a table.
def _turn(state: GameState, seat: Seat) -> dict[str, Any]:
    return {"seat": seat, "round": state.round, "position": state.players[seat].position}


def _turn_end(state: GameState, seat: Seat) -> dict[str, Any]:
    return {"seat": seat, **table_snapshot(state)}


def table_snapshot(state: GameState) -> dict[str, Any]:
    """Money, stock and tokens after a turn: enough to check and to draw the board."""
    return {
        "cash": [p.cash for p in state.players],
        "positions": [p.position for p in state.players],
        "bank": state.bank_cash,
        "houses_left": state.houses_left,
        "hotels_left": state.hotels_left,
        "houses_built": state.houses_on_board(),
        "hotels_built": state.hotels_on_board(),
        "owner": list(state.owner),
        "level": list(state.level),
        "mortgaged": list(compress(range(BOARD_SIZE), state.mortgaged)),
        "ring": state.ring,
    }


def _check_round_limits(rules: ClassicRules) -> None:
    variant, state = rules.state.variant, rules.state
    if variant.time_limit_rounds is not None and state.round >= variant.time_limit_rounds:
        rules.finish(Termination.TIME_LIMIT)  # 001:L307
    elif state.round >= variant.max_rounds:
        rules.finish(Termination.ROUND_LIMIT)
    elif variant.all_rich_cash is not None and all(
        state.players[seat].cash > variant.all_rich_cash for seat in state.active_seats()
    ):
        rules.finish(Termination.ALL_RICH)


def summarise(state: GameState) -> dict[str, Any]:
    """JSON figures for statistics: winner, strategies, length, values, landings, groups."""
    winner = state.winner
    return {
        "winner_seat": winner,
        "winner_strategy": None if winner is None else state.players[winner].strategy,
        "termination": None if state.termination is None else state.termination.value,
        "strategies": [p.strategy for p in state.players],
        "order": state.order,
        "rounds": state.round,
        "turns": state.turns,
        "values": [state.valuation(p.seat) for p in state.players],
        "cash": [p.cash for p in state.players],
        "bankrupt_order": state.bankrupt_order,
        "landings": list(state.landings),
        "winner_deeds": [] if winner is None else state.deeds_of(winner),
        "winner_groups": [] if winner is None else _groups(state, winner),
        "variant": _variant_json(state.variant),
        "ring": state.ring,
    }


def _groups(state: GameState, seat: Seat) -> list[str]:
    return [g.value for g in GROUPS if g in TERRITORY_GROUPS and state.owns_group(seat, g)]


def _variant_json(variant: Variant) -> dict[str, Any]:
    return {
        "quick": variant.quick,
        "one_ring": variant.one_ring,
        "time_limit_rounds": variant.time_limit_rounds,
        "max_rounds": variant.max_rounds,
        "all_rich_cash": variant.all_rich_cash,
    }


def play_game(
    *,
    seed: int,
    options: Mapping[str, Any] | None = None,
    listener: Callable[[Event], None] | None = None,
) -> GameResult:
    """Play one whole game from ``seed`` and return the outcome, the log and the summary."""
    log = EventLog(listeners=[listener] if listener else [])
    return _played(options, Dice(seed), log)


def play_unlogged(*, seed: int, options: Mapping[str, Any] | None = None) -> GameResult:
    """The same game as ``play_game`` from the same seed (same outcome, turns and summary),
    with no event log, no dice record and no table snapshots: a study's batch needs only the
    results, and a replay is played again from the seed. Its log is an empty ``NullLog``."""
    return _played(options, QuietDice(seed), NullLog())


def _played(options: Mapping[str, Any] | None, dice: Dice, log: EventLog) -> GameResult:
    strategies, variant = parse_options(options)
    rules = new_rules(strategies, variant, dice, log)
    set_up(rules)
    run(rules)
    summary = summarise(rules.state)
    winner = summary["winner_seat"]
    label = None if winner is None else f"seat {winner}: {summary['winner_strategy']}"
    return GameResult(label, summary["termination"], log, summary)

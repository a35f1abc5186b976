"""Unlogged board games (a study's batch: no event log, no dice record) play the very game
of the logged mode from the same seed: same winner, turns, summary and final state."""

from __future__ import annotations

from typing import Any

import pytest

from battlesim.engines.dice import Dice, QuietDice
from battlesim.engines.log import EventLog, NullLog
from battlesim.engines.monopoly import game as monopoly
from battlesim.engines.registry import play_function
from battlesim.engines.risk import game as risk

# The set-ups of bench/board_log_hashes.py: every strategy, variants, several player counts.
MONOPOLY_SETUPS: list[dict[str, Any]] = [
    {},
    {"one_ring": True},
    {"variant": "quick"},
    {"players": ["hunter", "random", "builder"]},
    {"players": ["cautious", "acquisitive"], "all_rich_cash": 3000},
    {"all_rich_cash": 5000},
]
RISK_SETUPS: list[dict[str, Any]] = [
    {"players": ["aggressive", "defensive", "region", "random"]},
    {"players": ["strategist", "aggressive", "region"]},
    {"players": ["random", "strategist"]},
    {"players": ["aggressive", "defensive", "region", "strategist"]},
]
SEEDS = range(12)  # the final state compared on each
ENTRY_SEEDS = range(3)  # the public entry points compared on these


def _monopoly_final(seed: int, options: dict[str, Any], quiet: bool) -> Any:
    strategies, variant = monopoly.parse_options(options)
    dice, log = (QuietDice(seed), None) if quiet else (Dice(seed), EventLog())
    rules = monopoly.new_rules(strategies, variant, dice, log)
    monopoly.set_up(rules)
    monopoly.run(rules)
    state = rules.state
    players = [(p.cash, p.position, p.in_jail, p.jail_cards, p.bankrupt) for p in state.players]
    decks = {deck: list(pile.cards) for deck, pile in rules.decks.items()}
    summary = monopoly.summarise(state)
    return summary, monopoly.table_snapshot(state), players, decks, state.round, state.turns


def _risk_final(seed: int, options: dict[str, Any], quiet: bool) -> Any:
    settings = risk.parse_options(options)
    log, dice = (NullLog(), QuietDice) if quiet else (EventLog(), Dice)
    state, players = risk.start(seed, settings, log, dice)
    risk.set_up(state, players, settings.leaders_at_setup)
    termination = risk.run(state, players, settings.turn_limit)
    summary = risk.summarise(state, termination, seed)
    decks = (state.territory_deck, state.territory_discard, state.adventure_deck)
    return summary, dict(state.owner), state.armies, state.leaders, decks, state.players


CASES = [(monopoly, _monopoly_final, options) for options in MONOPOLY_SETUPS] + [
    (risk, _risk_final, options) for options in RISK_SETUPS
]


CASE_IDS = [f"{engine.__name__.split('.')[-2]}-{options}" for engine, _, options in CASES]


@pytest.mark.parametrize(("engine", "final", "options"), CASES, ids=CASE_IDS)
def test_unlogged_play_is_the_logged_game(engine: Any, final: Any, options: dict[str, Any]) -> None:
    for seed in ENTRY_SEEDS:
        logged = engine.play_game(seed=seed, options=options)
        unlogged = engine.play_unlogged(seed=seed, options=options)
        assert (unlogged.winner, unlogged.termination) == (logged.winner, logged.termination)
        assert unlogged.summary == logged.summary
        assert len(unlogged.log) == 0 and len(logged.log) > 0
    for seed in SEEDS:
        assert final(seed, options, quiet=True) == final(seed, options, quiet=False)


def test_quiet_dice_draw_what_dice_draw_and_keep_no_record() -> None:
    dice, quiet = Dice(11), QuietDice(11)
    for draw in (
        lambda d: d.roll(6, "x"),
        lambda d: d.d6s(3, "x"),
        lambda d: d.choice("abcde", "x"),
        lambda d: d.roll(20, "x"),
    ):
        assert [draw(quiet) for _ in range(50)] == [draw(dice) for _ in range(50)]
    assert quiet.rolls == [] and len(dice.rolls) > 0


def test_the_registry_gives_unlogged_play_where_an_engine_has_it() -> None:
    assert play_function("monopoly", logged=False) is monopoly.play_unlogged
    assert play_function("risk", logged=False) is risk.play_unlogged
    assert play_function("risk") is risk.play_game
    assert play_function("sbg", logged=False) is play_function("sbg")

"""The conformance suite every engine must pass (STYLE example 9, issue 28).

For each game, through its public ``play_game`` (the registry): the same seed gives the same
log; every game ends with one of its terminations; a golden playthrough replays exactly; bad
options are refused by name. For the three board games, through their rules: only legal
actions are offered and an illegal one is refused without a change of state; the game's
invariants hold after every step; the folders share one shape and have no import circle.

SBG joins the legality and invariant checks through its read-only API
(``battlesim.engines.sbg.checks``): the Move phase's own refusal and the battle's invariants.

Regenerate the golden digests after an intended change with
``python -m tests.engines.test_conformance`` and say why in the commit.
"""

from __future__ import annotations

import ast
import copy
import hashlib
import json
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from battlesim.engines.dice import Dice
from battlesim.engines.log import EventLog
from battlesim.engines.monopoly import actions as mono_actions
from battlesim.engines.monopoly import game as mono_game
from battlesim.engines.monopoly.data import DEEDS
from battlesim.engines.monopoly.state import GameState, Variant
from battlesim.engines.registry import GameResult, play_function, validate_options
from battlesim.engines.risk import actions as risk_actions
from battlesim.engines.risk import game as risk_game
from battlesim.engines.risk import invariants as risk_invariants
from battlesim.engines.risk import setup as risk_setup
from battlesim.engines.risk import state as risk_state
from battlesim.engines.risk.combat import attack_options, check_attack, max_dice
from battlesim.engines.risk.fortify import check_fortify
from battlesim.engines.risk.turn import play_turn
from battlesim.engines.rotk import actions as rotk_actions
from battlesim.engines.rotk.data import load_material
from battlesim.engines.rotk.players import Strategy, make_player
from battlesim.engines.rotk.rules import apply, legal_actions
from battlesim.engines.rotk.setup import new_game
from battlesim.engines.rotk.state import Entry, Rules, State
from battlesim.engines.sbg import checks as sbg_checks
from battlesim.engines.sbg import game as sbg_game
from battlesim.engines.sbg.core import actions as sbg_actions
from battlesim.engines.sbg.core.decisions import Player as SbgPlayer
from battlesim.engines.sbg.core.state import BattleState
from battlesim.engines.sbg.policies import roster as sbg_players
from tests.engines.monopoly.test_invariants import TableChecker
from tests.engines.rotk import test_invariants as rotk_invariants

ENGINES = Path(__file__).resolve().parents[2] / "battlesim" / "engines"
GOLDEN = Path(__file__).parent / "playthroughs" / "conformance_goldens.json"
RISK_GOLDEN = Path(__file__).parent / "playthroughs" / "risk_strategies_seed3.json"
BOARD_GAMES = ("rotk", "monopoly", "risk")
SHAPE = {"__init__", "__main__", "actions", "data", "game", "outcome", "players", "state"}


@dataclass(frozen=True)
class Case:
    """A game as the suite sees it: small options that play fast, and how games may end."""

    game: str
    options: dict[str, Any]
    random_options: dict[str, Any]
    terminations: frozenset[str]
    bad_options: dict[str, Any] = field(default_factory=lambda: {"no_such_option": 1})


CASES = {
    "sbg": Case(
        game="sbg",
        options={
            "forces": ["minas_tirith_skirmish", "mordor_skirmish"],
            "players": ["heuristic_v1", "heuristic_v1"],  # pinned: the golden follows rules
            "turn_limit": 4,
        },
        random_options={
            "forces": ["minas_tirith_skirmish", "mordor_skirmish"],
            "players": ["random", "random"],
            "turn_limit": 3,
        },
        terminations=frozenset({"reduced_to_quarter", "wiped_out", "turn_limit"}),
        # SBG accepts unknown option keys today (see the report); a bad value is refused.
        bad_options={"forces": ["nowhere", "mordor_skirmish"]},
    ),
    "rotk": Case(
        "rotk",
        {"players": 4, "strategies": ["greedy", "gate", "racer", "greedy"], "entry": "each_turn"},
        {"players": 3, "strategies": ["random"]},
        frozenset({"ring", "black_gate", "gollum", "round_limit"}),
    ),
    "monopoly": Case(
        "monopoly",
        {"max_rounds": 200},
        {"players": ["random", "random", "random", "random"], "max_rounds": 60},
        frozenset(
            {"last_player", "second_bankruptcy", "time_limit", "ring_at_mount_doom"}
            | {"round_limit", "all_rich"}
        ),
    ),
    "risk": Case(
        "risk",
        {"players": ["strategist", "aggressive", "region", "defensive"]},
        {"players": ["random", "random", "random"], "turn_limit": 120},
        frozenset({"ring_destroyed", "turn_limit"}),
    ),
}
GAMES = sorted(CASES)


def play(game: str, seed: int, options: dict[str, Any]) -> GameResult:
    return play_function(game)(seed=seed, options=options)


def digest(result: GameResult) -> dict[str, Any]:
    text = result.log.dumps()
    return {
        "events": len(result.log),
        "log_sha256": hashlib.sha256(text.encode()).hexdigest(),
        "termination": result.termination,
        "winner": result.winner,
    }


# --- through play_game: every engine, SBG included ---------------------------------------
@pytest.mark.parametrize("game", GAMES)
def test_the_same_seed_gives_the_same_log(game: str) -> None:
    case = CASES[game]
    for options in (case.options, case.random_options):
        first, second = play(game, 5, options), play(game, 5, options)
        assert first.log.dumps() == second.log.dumps()
        assert (first.winner, first.termination) == (second.winner, second.termination)


@pytest.mark.parametrize("game", GAMES)
def test_every_game_ends_with_one_of_its_terminations(game: str) -> None:
    case = CASES[game]
    for seed in range(3):
        for options in (case.options, case.random_options):
            result = play(game, seed, options)
            assert result.termination in case.terminations, (seed, options)
            assert len(result.log) > 10


@pytest.mark.parametrize("game", GAMES)
def test_bad_options_are_refused_with_a_value_error(game: str) -> None:
    with pytest.raises(ValueError):
        validate_options(game, CASES[game].bad_options)
        play(game, 1, CASES[game].bad_options)  # engines without a validator refuse here


@pytest.mark.parametrize("game", GAMES)
def test_the_golden_playthrough_replays_exactly(game: str) -> None:
    """(seed, options) -> the stored digest of the whole event log."""
    stored = json.loads(GOLDEN.read_text(encoding="utf-8"))[game]
    result = play(game, stored["seed"], stored["options"])
    assert digest(result) == {
        k: stored[k] for k in ("events", "log_sha256", "termination", "winner")
    }


def test_the_risk_golden_playthrough_replays_event_by_event() -> None:
    """Risk's golden game kept whole, so a change shows the first event that differs."""
    stored = json.loads(RISK_GOLDEN.read_text(encoding="utf-8"))
    replayed = json.loads(json.dumps(play("risk", stored["seed"], stored["options"]).log.to_json()))
    for index, (expected, actual) in enumerate(zip(stored["log"], replayed, strict=False)):
        assert actual == expected, f"first difference at event {index}"
    assert len(replayed) == len(stored["log"])


# --- through the rules: the board games, and SBG through its checks API -------------------
def _rotk_legality(seed: int) -> int:

    def snapshot(state: State) -> str:
        seats = [([c.id for c in s.hand], s.pawn, [t.id for t in s.trophies]) for s in state.seats]
        tiles = sorted((h, t.id) for h, t in state.board_tiles.items())
        return repr((state.phase, state.order, seats, tiles, len(state.log), state.frodo))

    dice = Dice(seed)
    state = new_game(load_material(), Rules(3, entry=Entry.EACH_TURN), dice, EventLog())
    players = [make_player(Strategy.RANDOM, dice) for _ in range(3)]
    checked = 0
    for decision in range(400):
        if state.is_over:
            break
        if decision % 9 == 0:
            for action in legal_actions(state)[:12]:
                apply(copy.deepcopy(state), action)
            before = snapshot(state)
            wrong = (
                rotk_actions.EndTurn()
                if state.phase.value == "recruit"
                else rotk_actions.ChooseLot(0)
            )
            with pytest.raises(rotk_actions.IllegalActionError):
                apply(state, wrong)
            assert snapshot(state) == before
            checked += 1
        apply(state, players[state.current].act(state))
    return checked


def _monopoly_legality(seed: int) -> int:

    def snapshot(state: GameState) -> str:
        cash = [p.cash for p in state.players]
        return repr((cash, state.owner, state.level, state.mortgaged, state.bank_cash))

    lineup = ["random", "acquisitive", "builder", "hunter"]
    rules = mono_game.new_rules(lineup, Variant(), Dice(seed), EventLog())
    mono_game.set_up(rules)
    state, checked = rules.state, 0
    for _ in range(60):
        if state.is_over:
            break
        for seat in state.active_seats():
            for action in state.legal_actions(seat):
                copy.deepcopy(state).apply(seat, action)
            before = snapshot(state)
            unowned = next(s for s in DEEDS if state.owner[s] != seat)
            for wrong in (mono_actions.Build(unowned), mono_actions.Mortgage(unowned)):
                with pytest.raises(mono_actions.IllegalActionError):
                    state.check(seat, wrong)
                with pytest.raises(mono_actions.IllegalActionError):
                    state.apply(seat, wrong)
            assert snapshot(state) == before
            checked += 1
        if state.is_over:
            break
        state.round += 1
        for seat in list(state.order):
            if not state.players[seat].bankrupt and not state.is_over:
                mono_game.play_one_turn(rules, seat)
    return checked


def _risk_legality(seed: int) -> int:

    def snapshot(state: risk_state.GameState) -> str:
        return repr((sorted(state.owner.items()), sorted(state.armies.items()), len(state.log)))

    settings = risk_game.parse_options(
        {"players": ["random", "strategist", "aggressive", "defensive"]}
    )
    state, players = risk_game.start(seed, settings, EventLog())
    risk_setup.set_up(state, players, settings.leaders_at_setup)
    checked = 0
    while state.turn < 40 and not state.is_over():
        seat = state.current
        for source, target in attack_options(state, seat):
            check_attack(
                state,
                seat,
                risk_actions.Attack(source, target, max_dice(state, seat, source, target)),
            )
        before = snapshot(state)
        mine = state.territories_of(seat)
        theirs = [t for t in sorted(state.owner) if state.owner[t] != seat]
        far = next(t for t in theirs if t not in state.board.neighbours[mine[0]])
        for wrong in (
            risk_actions.Attack(theirs[0], mine[0], 1),
            risk_actions.Attack(mine[0], far, 1),
        ):
            with pytest.raises(risk_actions.IllegalActionError):
                check_attack(state, seat, wrong)
        with pytest.raises(risk_actions.IllegalActionError):
            check_fortify(state, seat, risk_actions.Fortify(mine[0], theirs[0], 1))
        assert snapshot(state) == before
        checked += 1
        play_turn(state, players)
    return checked


class _SbgWatch:
    """Wraps an SBG player: before each model's move, an impossible move (the far side of
    the table) must be refused by the engine's check, and asking must change nothing."""

    def __init__(self, inner: SbgPlayer) -> None:
        self.inner = inner
        self.checked = 0

    def decide(self, state: BattleState, decision: Any) -> Any:
        if isinstance(decision, sbg_actions.ChooseMove):
            model = decision.model
            far = (state.width - model.x, state.depth - model.y)
            if abs(far[0] - model.x) + abs(far[1] - model.y) < 30:
                far = (0.0, 0.0) if model.x + model.y > 30 else (state.width, state.depth)
            before = _sbg_snapshot(state)
            assert sbg_checks.move_refusal(state, sbg_actions.Move(model.uid, far)) is not None
            assert sbg_checks.move_refusal(state, sbg_actions.Hold("no-such-model")) is not None
            assert _sbg_snapshot(state) == before
            self.checked += 1
        return self.inner.decide(state, decision)


def _sbg_snapshot(state: BattleState) -> str:
    models = [(m.uid, m.x, m.y, m.wounds, m.moved, m.spent, m.alive) for m in state.models.values()]
    return repr((models, len(state.log)))


def _sbg_battle(seed: int, check_each_turn: Callable[[BattleState], None]) -> int:
    """Play the suite's random SBG battle turn by turn; return the moves checked."""
    dice, options = Dice(seed), CASES["sbg"].random_options
    setup = sbg_game.setup_from_options(options, dice)
    watches = [_SbgWatch(sbg_players.PLAYERS[name](setup.scenario)) for name in setup.players]
    players = (watches[0], watches[1])
    state = sbg_game.new_battle(setup, dice, EventLog())
    sbg_game.deploy(state, setup.scenario, players)
    state.players = players
    while True:
        sbg_game.play_turn(state, players)
        check_each_turn(state)
        if setup.scenario.ended(state) is not None:
            return sum(watch.checked for watch in watches)


def _sbg_legality(seed: int) -> int:
    return _sbg_battle(seed, lambda state: None)


def _sbg_invariants(seed: int) -> None:
    def holds(state: BattleState) -> None:
        assert sbg_checks.invariant_breaches(state) == []

    _sbg_battle(seed, holds)


LEGALITY: dict[str, Callable[[int], int]] = {
    "sbg": _sbg_legality,
    "rotk": _rotk_legality,
    "monopoly": _monopoly_legality,
    "risk": _risk_legality,
}


# The Monopoly check copies a state with copy.deepcopy, which a compiled class whose
# ``__init__`` takes arguments cannot do: with the compiled engines it runs on the pure path.
LEGALITY_GAMES = [
    pytest.param(game, marks=pytest.mark.pure_python) if game == "monopoly" else game
    for game in GAMES
]


@pytest.mark.parametrize("game", LEGALITY_GAMES)
def test_only_legal_actions_are_offered_and_an_illegal_one_changes_nothing(game: str) -> None:
    assert LEGALITY[game](3) > 5


def _rotk_invariants(seed: int) -> None:

    assert rotk_invariants.watched_game(seed).is_over


def _monopoly_invariants(seed: int) -> None:

    checker = TableChecker()
    mono_game.play_game(seed=seed, options=CASES["monopoly"].random_options, listener=checker)
    assert checker.turns > 10


def _risk_invariants(seed: int) -> None:

    _, _, checked = risk_invariants.watched_game(seed, CASES["risk"].options)
    assert checked > 100


INVARIANTS: dict[str, Callable[[int], None]] = {
    "sbg": _sbg_invariants,
    "rotk": _rotk_invariants,
    "monopoly": _monopoly_invariants,
    "risk": _risk_invariants,
}


@pytest.mark.parametrize("game", GAMES)
def test_the_game_invariants_hold_after_every_step(game: str) -> None:
    for seed in range(2):
        INVARIANTS[game](seed)


# --- one shape -----------------------------------------------------------------------------
@pytest.mark.parametrize("game", BOARD_GAMES)
def test_every_board_game_folder_has_the_same_modules(game: str) -> None:
    modules = {p.stem for p in (ENGINES / game).glob("*.py")}
    assert modules >= SHAPE, sorted(SHAPE - modules)


def _imports(game: str) -> dict[str, set[str]]:
    """Module -> the modules of the same package it imports (type-checking imports too)."""
    package, found = f"battlesim.engines.{game}", {}
    for path in (ENGINES / game).glob("*.py"):
        names: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module == package:
                names |= {alias.name for alias in node.names}
            elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith(package + "."):
                names.add(node.module.removeprefix(package + ".").split(".")[0])
        found[path.stem] = names
    return found


@pytest.mark.parametrize("game", BOARD_GAMES)
def test_no_board_game_module_takes_part_in_an_import_circle(game: str) -> None:
    graph = _imports(game)

    def reaches(start: str, goal: str, seen: set[str]) -> bool:
        for nxt in graph.get(start, set()) & set(graph):
            if nxt == goal or (nxt not in seen and reaches(nxt, goal, seen | {nxt})):
                return True
        return False

    circles = sorted(m for m in graph if m != "__main__" and reaches(m, m, {m}))
    assert not circles


def regenerate() -> None:
    """Write the golden digests (and Risk's whole log) from the current engines."""
    goldens = {}
    for game in GAMES:
        options = CASES[game].options
        goldens[game] = {"seed": 3, "options": options, **digest(play(game, 3, options))}
    GOLDEN.write_text(json.dumps(goldens, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    risk = {"seed": 3, "options": CASES["risk"].options}
    risk["log"] = play("risk", 3, CASES["risk"].options).log.to_json()
    RISK_GOLDEN.write_text(json.dumps(risk, ensure_ascii=False, indent=0) + "\n", encoding="utf-8")


if __name__ == "__main__":
    regenerate()

"""The registry contract, the options, the summary and the command line."""

from __future__ import annotations

import copy
import doctest
import json
import subprocess
import sys
from pathlib import Path

import pytest

from battlesim.engines.dice import Dice
from battlesim.engines.log import Event, EventLog
from battlesim.engines.registry import play_function
from battlesim.engines.rotk.__main__ import main
from battlesim.engines.rotk.data import load_material
from battlesim.engines.rotk.game import BadOptionError, play, play_game
from battlesim.engines.rotk.players import Strategy, make_player
from battlesim.engines.rotk.replay import replay
from battlesim.engines.rotk.rules import apply, legal_actions
from battlesim.engines.rotk.setup import new_game
from battlesim.engines.rotk.state import Rules, State


def test_the_registry_finds_the_engine() -> None:
    assert play_function("rotk") is play_game


def test_the_engine_imports_no_django() -> None:
    code = "import sys, battlesim.engines.rotk.game; assert 'django' not in sys.modules"
    root = Path(__file__).resolve().parents[3]
    subprocess.run([sys.executable, "-c", code], check=True, cwd=root)


def test_the_summary_gives_the_figures_for_statistics() -> None:
    result = play_game(seed=4, options={"players": 3, "strategies": ["racer"]})
    summary = result.summary
    assert summary["termination"] == result.termination
    assert summary["players_win"] == (result.termination in ("ring", "black_gate"))
    assert summary["gollum_wins"] == (result.winner == "gollum")
    assert len(summary["victory_points"]) == 3 and summary["rounds"] >= 1
    assert {"frodo", "gollum", "strategies", "variant"} <= set(summary)
    json.dumps(summary)  # JSON-ready


def test_the_winner_is_the_seat_with_most_points_when_the_players_win() -> None:
    """Seed L420-422."""
    for seed in range(6):
        result = play_game(seed=seed)
        points = result.summary["victory_points"]
        if result.summary["players_win"] and points.count(max(points)) == 1:
            assert result.winner == f"P{points.index(max(points)) + 1}"


def test_the_listener_sees_every_event_and_the_log_is_json() -> None:
    seen: list[Event] = []
    result = play_game(seed=2, listener=seen.append)
    assert seen == result.log.events and seen[-1].kind == "game_over"
    assert json.loads(result.log.dumps())[0]["kind"] == "start"


@pytest.mark.parametrize(
    "options",
    [{"players": 5}, {"strategies": ["greedy", "racer"]}, {"strategies": "clever"}, {"speed": 1}],
)
def test_bad_options_are_refused_with_their_name(options: dict[str, object]) -> None:
    with pytest.raises(BadOptionError, match=next(iter(options))):
        play_game(seed=1, options=options)


def test_the_cli_prints_an_account_and_writes_json(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "game.json"
    assert main(["--seed", "5", "--players", "3", "--strategy", "gate", "--json", str(out)]) == 0
    printed = capsys.readouterr().out
    assert "Round 1: lots laid out" in printed and "Game over" in printed
    assert json.loads(out.read_text())["summary"]["players"] == 3


def test_the_cli_refuses_a_bad_argument_with_exit_code_2() -> None:
    with pytest.raises(SystemExit) as stopped:
        main(["--seed", "x"])
    assert stopped.value.code == 2
    with pytest.raises(SystemExit) as stopped:
        main(["--seed", "1", "--players", "4", "--strategy", "gate", "--strategy", "racer"])
    assert stopped.value.code == 2


@pytest.mark.parametrize("seed", [3, 8])
def test_the_log_alone_replays_the_board_and_the_mountain(seed: int) -> None:
    """The replay reads the stored log; it never reruns the engine."""
    dice = Dice(seed)
    state = new_game(load_material(), Rules(4), dice, EventLog())
    players = [make_player(Strategy.RACER, dice) for _ in range(4)]
    play(state, players)
    last = replay(state.log)[-1]
    assert dict(last.tiles) == {h: t.id for h, t in state.board_tiles.items()}
    assert last.pawns == tuple(seat.pawn for seat in state.seats)
    assert (last.frodo, last.gollum, last.gate_fallen) == (
        state.frodo,
        state.gollum,
        state.gate_fallen,
    )
    assert last.trolls == tuple(t.id for t in state.trolls)


def test_the_doctest_of_the_entry_point_holds() -> None:
    from battlesim.engines.rotk import game

    failures, tried = doctest.testmod(game)
    assert tried >= 3 and failures == 0


def light_copy(state: State) -> State:
    """A deep copy sharing the (frozen) material, with a fresh log and dice."""
    shared = {id(state.material): state.material, id(state.log): EventLog()}
    shared[id(state.dice)] = Dice(0)
    copied: State = copy.deepcopy(state, memo=shared)
    return copied


@pytest.mark.parametrize("seed", [1, 2])
def test_every_listed_legal_action_is_accepted(seed: int) -> None:
    """legal_actions and apply agree: each listed action applies to a copy of the state."""
    dice = Dice(seed)
    state = new_game(load_material(), Rules(3), dice, EventLog())
    players = [make_player(Strategy.RANDOM, dice) for _ in range(3)]
    decisions = 0
    while not state.is_over and decisions < 250:
        if decisions % 7 == 0:
            actions = legal_actions(state)
            for action in actions[:: max(1, len(actions) // 25)]:
                apply(light_copy(state), action)
        apply(state, players[state.current].act(state))
        decisions += 1
    assert decisions > 50

"""The ``play_game`` contract of the registry, the JSON summary and the CLI."""

from __future__ import annotations

import doctest
import json
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

from battlesim.engines.log import Event
from battlesim.engines.registry import play_function
from battlesim.engines.risk import combat, game
from battlesim.engines.risk.__main__ import main
from battlesim.engines.risk.actions import BadOptionError
from battlesim.engines.risk.game import play_game

ROOT = Path(__file__).resolve().parents[3]


def test_it_is_registered_and_returns_a_summary_for_statistics() -> None:
    seen: list[Event] = []
    result = play_function("risk")(
        seed=5, options={"players": ["region", "random"]}, listener=seen.append
    )
    summary = result.summary
    assert len(seen) == len(result.log) > 0
    assert result.termination == summary["termination"] == "ring_destroyed"
    assert summary["ring_destroyed_turn"] == summary["turns"]
    assert [s["strategy"] for s in summary["seats"]] == ["region", "random"]
    assert {s["side"] for s in summary["seats"]} == {"good", "evil"}
    assert set(summary["regions_held"]) == {"Yellow", "Red"}
    json.dumps(summary)
    json.loads(result.log.dumps())


def test_the_winner_has_the_most_points() -> None:
    """003:L144: the team with the highest number of points wins."""
    result = play_game(seed=9)
    sides = result.summary["side_scores"]
    if result.winner is not None:
        assert sides[result.winner] == max(sides.values())


@pytest.mark.parametrize(
    ("options", "named"),
    [
        ({"players": ["random"]}, "players"),
        ({"players": ["random", "chess"]}, "players"),
        ({"turn_limit": 0}, "turn_limit"),
        ({"leaders_at_setup": 3}, "leaders_at_setup"),
        ({"scoring": "solo"}, "scoring"),
        ({"card_territory_bonus": "yes"}, "card_territory_bonus"),
        ({"colour": "blue"}, "colour"),
    ],
)
def test_bad_options_are_refused_by_name(options: dict, named: str) -> None:
    with pytest.raises(BadOptionError, match=named):
        play_game(seed=1, options=options)
    assert issubclass(BadOptionError, ValueError)


@pytest.mark.parametrize("module", [combat, game])
def test_the_docstring_examples_run(module: ModuleType) -> None:
    assert doctest.testmod(module).failed == 0


def test_the_engine_imports_no_django() -> None:
    code = "import sys, battlesim.engines.risk.game; assert 'django' not in sys.modules"
    subprocess.run([sys.executable, "-c", code], check=True, cwd=ROOT)


def test_cli_prints_an_account_and_writes_json(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / "game.json"
    assert main(["--seed", "3", "--players", "aggressive,defensive", "--json", str(target)]) == 0
    out = capsys.readouterr().out
    assert "-- Turn 1:" in out and "Result: winner" in out
    payload = json.loads(target.read_text(encoding="utf-8"))
    assert payload["summary"]["seed"] == 3 and payload["log"][0]["kind"] == "game"


def test_cli_bad_argument_exits_with_code_2(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["--seed", "3", "--players", "aggressive,wizard"])
    assert exit_info.value.code == 2
    assert "unknown strategy 'wizard'" in capsys.readouterr().err

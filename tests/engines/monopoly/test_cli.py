"""The command line: one game, a readable account, JSON output, clear errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from battlesim.engines.monopoly.__main__ import main


def test_it_prints_an_account_and_writes_json(tmp_path: Path, capsys) -> None:
    out = tmp_path / "game.json"
    assert main(["--seed", "5", "--one-ring", "--json", str(out)]) == 0
    printed = capsys.readouterr().out
    assert "Vainqueur" in printed and "l'Anneau Unique avance" in printed
    payload = json.loads(out.read_text(encoding="utf-8"))
    assert payload["summary"]["termination"] == "ring_at_mount_doom"
    assert payload["log"][0]["kind"] == "setup"


@pytest.mark.parametrize(
    "argv", [["--seed", "x"], ["--seed", "1", "--players", "acquisitive"], ["--variant", "quick"]]
)
def test_a_bad_argument_exits_with_code_2(argv: list[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(argv)
    assert exit_info.value.code == 2

"""The breadth command per side (issue 18): ``--side good|evil`` keeps the factions whose
catalogue links its entries to the game system's "Good Army" or "Evil Army" category; the
text and JSON forms name each faction's side."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from battlesim.engines.sbg.coverage import main
from tests.engines.sbg.test_coverage_command import GST, catalogue, model


@pytest.fixture
def two_sides(tmp_path: Path) -> Path:
    """A Good catalogue (one model, played in full) and an Evil one (one made-up rule)."""
    good = [model("cap", "Test Captain", hero=True, wargear=("Sword",))]
    evil = model("orc", "Test Orc", rules=("Made-up Rule of Doom",)).replace(
        'targetId="good"', 'targetId="evil"'
    )
    (tmp_path / "game.gst").write_text(GST, encoding="utf-8")
    (tmp_path / "good.cat").write_text(catalogue("cat-g", "Test Good", good), "utf-8")
    (tmp_path / "evil.cat").write_text(catalogue("cat-e", "Test Evil", [evil]), "utf-8")
    return tmp_path


def figures(capsys: pytest.CaptureFixture[str], *args: str) -> dict[str, Any]:
    assert main([*args, "--json"]) == 0
    result: dict[str, Any] = json.loads(capsys.readouterr().out)
    return result


def test_each_faction_carries_its_side(two_sides: Path, capsys: pytest.CaptureFixture[str]) -> None:
    found = figures(capsys, str(two_sides))
    assert {f["name"]: f["side"] for f in found["factions"]} == {
        "Test Evil": "evil",
        "Test Good": "good",
    }
    assert (found["fully_played"], found["total"]) == (1, 2)


def test_side_filter_keeps_one_side_and_its_names(
    two_sides: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    good = figures(capsys, str(two_sides), "--side", "good")
    assert [f["name"] for f in good["factions"]] == ["Test Good"]
    assert (good["fully_played"], good["total"], good["unplayed"]) == (1, 1, [])
    evil = figures(capsys, str(two_sides), "--side", "evil")
    assert [f["name"] for f in evil["factions"]] == ["Test Evil"]
    assert [n["name"] for n in evil["unplayed"]] == ["made-up rule of doom"]
    assert main([str(two_sides), "--side", "evil"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert any(line.split() == ["Test", "Evil", "0/1", "evil"] for line in lines)


def test_an_unknown_side_is_a_usage_error(
    two_sides: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exit_:
        main([str(two_sides), "--side", "neutral"])
    assert exit_.value.code == 2
    assert "invalid choice" in capsys.readouterr().err

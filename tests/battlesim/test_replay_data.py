"""Board data handed to the replay page: Monopoly's squares and Risk's reconstructed map."""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml
from django.contrib.auth.models import User
from django.test import Client

from battlesim import replay_data, services
from battlesim.engines.risk.data import load_board
from battlesim.replay_data import (
    MapLayoutError,
    monopoly_board,
    replay_board,
    risk_board,
    risk_layout,
)

Cell = list[int]


@pytest.fixture
def fresh_layout() -> Iterator[None]:
    risk_layout.cache_clear()
    risk_board.cache_clear()
    yield
    risk_layout.cache_clear()
    risk_board.cache_clear()


def write_layout(tmp_path: Path, cells: dict[str, Any]) -> Path:
    path = tmp_path / "map.yaml"
    path.write_text(yaml.safe_dump({"grid": {"columns": 10, "rows": 10}, "cells": cells}))
    return path


def touching(a: Cell, b: Cell) -> bool:
    """Cells touch side by side, one above the other, or corner to corner."""
    (c1, r1, w1), (c2, r2, w2) = a, b
    return abs(r1 - r2) <= 1 and c1 <= c2 + w2 and c2 <= c1 + w1


def test_the_monopoly_board_lists_the_forty_squares_in_board_order() -> None:
    """001 board (data.py): 40 squares from Départ (0) to Montagne du Destin (39); the Ring's
    path starts on Cul-de-Sac (001:L82) and a fortress follows 4 strongholds, 3 in the quick
    game (001:L241, L289). Issue 26: French names for a French reader, the English LOTR
    names of the same edition otherwise."""
    board = monopoly_board("fr")
    assert [s["index"] for s in board["squares"]] == list(range(40))
    assert board["squares"][0]["name"] == "Départ"
    assert board["squares"][39] == {
        "index": 39,
        "name": "Montagne du Destin",
        "kind": "territory",
        "group": "dark_blue",
        "price": 400,
    }
    english = [s["name"] for s in monopoly_board("en-gb")["squares"]]
    assert english[0] == "GO" and english[1] == "Bag End" and english[39] == "Mount Doom"
    assert monopoly_board()["squares"][35]["name"] == "Shadowfax"  # Gripoil in French
    assert board["ring_path"][0] == 1
    assert board["fortress_level"] == {"classic": 5, "quick": 4}
    assert board["start_cash"] == 1500  # 001:L141


def test_the_risk_map_places_every_territory_once_inside_its_grid() -> None:
    """003 board (data.yaml): the 64 territories, each in one cell, with region, stronghold
    and site of power copied from the engine's board."""
    board = risk_board()
    engine = load_board()
    assert sorted(t["name"] for t in board["territories"]) == sorted(engine.territories)
    for territory in board["territories"]:
        column, row, width = territory["cell"]
        assert column >= 0 and column + width <= 10 and 0 <= row < 10
        assert territory["region"] == engine.territories[territory["name"]].region
    assert board["path"][0] == "The Shire" and board["path"][-1] == "Mount Doom"  # 003:L128


def test_every_territory_touches_one_of_its_neighbours_on_the_map() -> None:
    """The schematic map keeps each territory beside at least one territory it borders
    (data.yaml borders), so that a reader can follow an attack on the map."""
    board = risk_board()
    cells = {t["name"]: t["cell"] for t in board["territories"]}
    neighbours: dict[str, set[str]] = defaultdict(set)
    for a, b in board["borders"]:
        neighbours[a].add(b)
        neighbours[b].add(a)
    alone = [n for n in cells if not any(touching(cells[n], cells[o]) for o in neighbours[n])]
    assert alone == []


def test_a_layout_missing_a_territory_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, fresh_layout: None
) -> None:
    cells = dict(yaml.safe_load(replay_data.RISK_MAP_FILE.read_text())["cells"])
    del cells["Mount Doom"]
    monkeypatch.setattr(replay_data, "RISK_MAP_FILE", write_layout(tmp_path, cells))
    with pytest.raises(MapLayoutError, match="Mount Doom"):
        risk_layout()


def test_a_layout_with_two_territories_in_one_cell_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, fresh_layout: None
) -> None:
    cells = dict(yaml.safe_load(replay_data.RISK_MAP_FILE.read_text())["cells"])
    cells["Mount Doom"] = cells["Forodwaith"][:2]  # inside Forodwaith's wide cell
    monkeypatch.setattr(replay_data, "RISK_MAP_FILE", write_layout(tmp_path, cells))
    with pytest.raises(MapLayoutError, match="share the cell"):
        risk_layout()


def test_games_drawn_from_their_log_alone_get_no_board() -> None:
    assert replay_board("sbg") is None


@pytest.mark.django_db
def test_the_replay_page_carries_the_board_of_its_game(
    client: Client, django_capture_on_commit_callbacks: Callable[..., Any]
) -> None:
    """The replay view puts the board beside the log, as JSON the renderer reads."""
    owner = User.objects.create_user("frodo", password="pw-frodo-123")
    with django_capture_on_commit_callbacks(execute=True):
        job = services.job_queue(owner=owner, game="risk", options={}, battles=1, seed=5)
    client.force_login(owner)
    response = client.get(f"/jobs/{job.pk}/battles/0/")
    assert response.status_code == 200
    body = response.content.decode()
    start = body.index('id="board-data"')
    data = body[body.index(">", start) + 1 : body.index("</script>", start)]
    assert len(json.loads(data)["territories"]) == 64
    assert "replay-boards.css" in body

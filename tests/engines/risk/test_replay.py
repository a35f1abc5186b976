"""The stored log is enough to redraw the board (STYLE example 5: replay from the log)."""

from __future__ import annotations

import json

import pytest

from battlesim.engines.risk.invariants import watched_game
from battlesim.engines.risk.replay import boards, final_board


@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5])
def test_the_log_rebuilds_the_final_board(seed: int) -> None:
    """Owners, battalions, leaders and the Fellowship rebuilt from the JSON log alone."""
    state, _, _ = watched_game(seed, {"players": ["random", "aggressive", "region", "defensive"]})
    records = json.loads(state.log.dumps())
    view = final_board(records)
    assert view.owner == state.owner
    assert view.armies == state.armies
    assert view.leaders == state.leaders
    assert view.fellowship == state.fellowship_territory()
    assert view.ring_destroyed is state.is_over()


def test_no_replayed_territory_is_empty_after_a_turn_starts() -> None:
    """003:L90 seen from the replay: at each turn start every territory holds battalions."""
    state, _, _ = watched_game(8, {})
    starts = [
        min(view.armies.values())
        for record, view in boards(json.loads(state.log.dumps()))
        if record["kind"] == "turn"
    ]
    assert starts and min(starts) >= 1

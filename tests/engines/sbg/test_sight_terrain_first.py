"""The terrain-first count of the bows seeing a model (speed) gives the slow path's answer:
``terrain_may_show`` is False only where ``can_see`` is False (LOS-01..06: terrain is its
first test), so a model hidden by the terrain from all but two bows is never under heavy
fire, whatever stands in between."""

from __future__ import annotations

import random
from collections.abc import Iterator

from battlesim.engines.sbg.core.state import BattleState, ModelState
from battlesim.engines.sbg.core.tables_preset import forest_and_ruins, village
from battlesim.engines.sbg.policies.players import HEAVY_FIRE, _seen_by
from battlesim.engines.sbg.rules.sight import can_see, terrain_may_show
from tests.engines.sbg.builders import add, battle


def _crowds(rng: random.Random, count: int) -> Iterator[tuple[BattleState, list[ModelState]]]:
    """``count`` models of both sides on random spots of the village, then of the forest."""
    for table in (village(), forest_and_ruins()):
        state = battle(table=table)
        spots = [(rng.uniform(2, 46), rng.uniform(2, 46)) for _ in range(count)]
        yield state, [add(state, f"M{k}", k % 2, x, y) for k, (x, y) in enumerate(spots)]


def test_terrain_first_never_says_hidden_where_a_sight_line_passes() -> None:
    for state, models in _crowds(random.Random(21), 70):
        shown = hidden = 0
        for viewer in models[:30]:
            for target in models:
                if target is viewer:
                    continue
                for prone in (False, True):
                    may = terrain_may_show(state, viewer, target, target_prone=prone)
                    sees = can_see(state, viewer, target, target_prone=prone)
                    assert may or not sees
                    shown += sees
                    hidden += not may
        assert shown and hidden  # both answers met on each table


def test_heavy_fire_counted_as_every_sight_line_counts_it() -> None:
    """``_seen_by`` (HEAVY_FIRE or more bows, or fewer) as counting every bow's sight line,
    on random spots of the village and the forest."""
    rng = random.Random(5)
    for state, models in _crowds(rng, 60):
        heavy = light = 0
        for target in models[:40]:
            bows = [m for m in models if m.player != target.player][: rng.randint(3, 12)]
            every = sum(can_see(state, b, target, target_prone=False) for b in bows)
            found = _seen_by(state, bows, target)
            assert (len(found) >= HEAVY_FIRE) == (every >= HEAVY_FIRE)
            heavy += every >= HEAVY_FIRE
            light += every < HEAVY_FIRE
        assert heavy and light

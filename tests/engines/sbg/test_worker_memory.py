"""A worker plays battle after battle: nothing a battle built may outlive it. Module-level
caches keyed by a table (core/paths.py once, rules/water.py until now) kept every battle's
table, its index and route graphs alive: +37 MiB per 100 battles (bench/sbg_speed.py --rss)."""

from __future__ import annotations

import gc
import weakref

from battlesim.engines.sbg.core.tables_more import preset
from battlesim.engines.sbg.game import play_game


def _tables() -> list[object]:
    return [o for o in gc.get_objects() if type(o).__name__ == "Table"]


def test_a_battles_table_dies_with_the_battle() -> None:
    for name in ("village", "river ford"):
        preset(name)  # built once per process on purpose (tables_more._built): not a leak
    before = {id(o) for o in _tables()}  # kept on purpose elsewhere (a cached preset)
    tables: list[weakref.ref[object]] = []
    for seed, table in enumerate(("village", "river ford", "generated")):
        options = {"forces": ["minas_tirith_skirmish", "mordor_skirmish"], "table": table}
        result = play_game(seed=seed, options={**options, "table_seed": seed})
        assert result.summary["turns"] >= 1
        found = [o for o in _tables() if id(o) not in before]
        tables += [weakref.ref(o) for o in found]
        del found
    gc.collect()
    alive = [ref() for ref in tables if ref() is not None]
    assert alive == [], f"{len(alive)} tables outlive their battles"


def test_a_preset_table_is_built_once_per_process() -> None:
    """A worker's chunk plays every battle on the same preset table object (its index keeps
    the route graphs and segment answers: not rebuilt per battle); a generated table is
    new for each battle and dies with it (above)."""
    seen = []
    for seed in range(2):
        options = {"forces": ["minas_tirith_skirmish", "mordor_skirmish"], "table": "village"}
        play_game(seed=seed, options=options)
        seen.append(preset("village"))
    assert seen[0] is seen[1]
    assert seen[0].index.memo["move limits"]  # the answers kept for the next battle


def test_a_workers_kept_answers_stay_within_their_bounds() -> None:
    """What a worker keeps between battles (a preset table's answers, the generator's
    shapes) is bounded small: its memory levels off within the first battles of a chunk
    instead of growing over a thousand (bench/sbg_speed.py --rss)."""
    from battlesim.engines.sbg.core import geometry, table

    options = {"forces": ["minas_tirith_skirmish", "mordor_skirmish"]}
    for seed in range(6):
        kind = ("village", "generated", "forest and ruins")[seed % 3]
        play_game(seed=seed, options={**options, "table": kind, "table_seed": seed})
    assert geometry.piece_shape.cache_info().maxsize == 512
    assert geometry.piece_shape.cache_info().currsize <= 512
    for name in ("village", "forest and ruins"):
        index = preset(name).index
        assert 0 < len(index.memo["move limits"]) <= table._LIMITS_KEPT + 1
        assert len(index._crossed) <= geometry._CROSSED_LIMIT + 1

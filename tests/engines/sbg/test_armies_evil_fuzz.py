"""Issue 19 check: random-legal fuzz over the community data's Evil factions, one battle
each against a random Good faction with every Evil profile in its force (bench/sbg_evil_fuzz.py);
no battle may raise."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from django.conf import settings

ROOT = Path(__file__).resolve().parents[3]


@pytest.mark.bsdata
def test_every_evil_faction_plays_a_random_legal_battle_without_exception() -> None:
    data = Path(settings.SBG_BSDATA_DIR)
    if not (data / "Middle-Earth_Strategy_Battle_Game.gst").exists():
        pytest.skip(f"BattleScribe data not found in {data} (set SBG_BSDATA_DIR)")
    script = ROOT / "bench" / "sbg_evil_fuzz.py"
    done = subprocess.run(
        [sys.executable, str(script), str(data)],
        capture_output=True,
        text=True,
        timeout=900,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-4000:]
    assert ", 0 with an exception" in done.stdout

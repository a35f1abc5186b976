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


@pytest.mark.bsdata
def test_every_siege_veteran_of_the_fuzz_brings_his_engine() -> None:
    """SE-VET-01: each Siege Veteran and Engineer Captain the fuzz fields carries his
    engine's card (the community data has ten among the Evil profiles), so the engines
    play in the fuzz battles too."""
    import random

    sys.path.insert(0, str(ROOT / "bench"))
    import sbg_evil_fuzz as fuzz

    data = Path(settings.SBG_BSDATA_DIR)
    if not (data / "Middle-Earth_Strategy_Battle_Game.gst").exists():
        pytest.skip(f"BattleScribe data not found in {data} (set SBG_BSDATA_DIR)")
    dataset = fuzz.load_dataset(data)
    rng = random.Random(19)
    crewmen = [
        fuzz.unit(profile, False, rng)
        for faction in dataset.factions
        if faction.side.value == "evil"
        for profile in faction.profiles
        if profile.siege_engine is not None
    ]
    assert len(crewmen) == 10
    assert all("siege_engine" in unit["profile"] for unit in crewmen)

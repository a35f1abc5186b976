"""Siege Engines in the BattleScribe data (issue 20, SE-PROF-01): the engine's "Siege" card
rides on the Hero it is bought with, with its rules and the upgrades its entry offers.
Figures read in the XML (file and line named)."""

from __future__ import annotations

from pathlib import Path

import pytest

from profiles.importers.battlescribe import parse_battlescribe
from profiles.importers.bs_dataset import ParsedDataSet, ParsedProfile

pytestmark = pytest.mark.bsdata


@pytest.fixture(scope="module")
def dataset(bsdata_dir: Path) -> ParsedDataSet:
    names = ("Middle-Earth_Strategy_Battle_Game.gst", "Minas_Tirith.cat", "Mordor.cat")
    return parse_battlescribe([bsdata_dir / name for name in names])


def _profile(data: ParsedDataSet, faction: str, name: str) -> ParsedProfile:
    found = next(f for f in data.factions if f.name == faction)
    return next(p for p in found.profiles if p.name == name)


def test_trebuchet_card_rides_on_its_siege_veteran(dataset: ParsedDataSet) -> None:
    """Minas_Tirith.cat L100-120: (10) 10 3, Wall-Breaker, Indirect Fire, Area Effect, the
    "Flamming Ammunition" option."""
    veteran = _profile(
        dataset, "Minas Tirith", "Minas Tirith Siege Veteran (Gondor Battlecry Trebuchet)"
    )
    engine = veteran.siege_engine
    assert engine is not None
    assert (engine.name, engine.strength, engine.defence, engine.wounds) == (
        "Gondor Battlecry Trebuchet",
        10,
        10,
        3,
    )
    assert engine.rules == ("Wall-Breaker", "Indirect Fire", "Area Effect")
    assert engine.upgrades == ("Flamming Ammunition",)
    assert "Flamming Ammunition" in [o.name for o in veteran.options]


def test_one_veteran_model_serves_two_engines(dataset: ParsedDataSet) -> None:
    """Minas_Tirith.cat L7 and L1007: the Trebuchet and the Avenger Bolt Thrower link the
    same "Hero" group (L3673); each engine's veteran is a profile of its own."""
    avenger = _profile(
        dataset, "Minas Tirith", "Minas Tirith Siege Veteran (Gondor Avenger Bolt Thrower)"
    )
    assert avenger.siege_engine is not None
    assert (avenger.siege_engine.strength, avenger.siege_engine.rules) == (
        7,
        ("Rapid Fire", "Short Range"),
    )
    catapult = _profile(dataset, "Mordor", "Orc Siege Veteran (Mordor War Catapult)")
    assert catapult.siege_engine is not None and catapult.siege_engine.wounds == 4
    assert catapult.siege_engine.upgrades == ("Flamming Ammunition", "Severed Heads")


def test_crew_and_captains_of_others_carry_no_engine(dataset: ParsedDataSet) -> None:
    crew = _profile(dataset, "Minas Tirith", "Minas Tirith Crew")
    captain = _profile(dataset, "Minas Tirith", "Captain of Minas Tirith")
    assert crew.siege_engine is None and captain.siege_engine is None

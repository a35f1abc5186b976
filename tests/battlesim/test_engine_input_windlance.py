"""The Windlance bought as Bard's option (BSData 4741-f743-34e6-9196): the engine comes only
with the option, and its Hero alone crews it, not his warband."""

from __future__ import annotations

import pytest

from battlesim.engine_input import UnitPick, _crewed, force_data
from battlesim.engines.sbg.core.units import force_from_data
from tests.factories import FactionFactory, HeroProfileFactory

pytestmark = pytest.mark.django_db

ENGINE = {
    "name": "The Windlance",
    "strength": 10,
    "defence": 10,
    "wounds": 3,
    "rules": ["The Windlance", "Accurate"],
    "upgrades": [],
    "option": "Windlance",
}


def test_the_windlance_comes_only_with_its_option_and_bard_alone_crews_it() -> None:
    faction = FactionFactory()
    bard = HeroProfileFactory(faction=faction, name="Bard the Bowman", siege_engine=ENGINE)
    militia = HeroProfileFactory(faction=faction, name="Militia", keywords=["Man", "Warrior"])
    without = force_data("G", "good", [UnitPick(bard, 1, ("Armour",))])
    assert "siege_engine" not in without["units"][0]["profile"]
    assert not force_from_data(without, prefix="A").engines
    band = [UnitPick(bard, 1, ("Windlance",)), UnitPick(militia, 3, ())]
    assert _crewed(band) == band  # his warband is no crew
    force = force_from_data(force_data("G", "good", _crewed(band)), prefix="A")
    ((engine_id, crew),) = force.engines
    assert len(crew) == 1 and len(force.models) == 5
    engine = next(s.profile for s in force.models if s.uid == engine_id)
    assert "The Windlance" in engine.rules

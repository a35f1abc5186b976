"""Siege engines bought in a list are never dropped silently (issue 20): the engine does not
play them yet (SE-*), so the crewman that brings one names it among its rules, and the
battle's ``ignored`` list shows it."""

from __future__ import annotations

import pytest

from battlesim.engine_input import UnitPick, force_data, profile_card
from battlesim.engines.sbg.core.units import force_from_data
from battlesim.engines.sbg.coverage import force_coverage
from tests.factories import FactionFactory, HeroProfileFactory

pytestmark = pytest.mark.django_db


def test_a_siege_veteran_names_its_engine_as_an_ignored_rule() -> None:
    faction = FactionFactory()
    veteran = HeroProfileFactory(
        faction=faction, name="Minas Tirith Siege Veteran (Gondor Battlecry Trebuchet)"
    )
    captain = HeroProfileFactory(faction=faction, name="Captain of Minas Tirith")
    assert "Siege Engine: Gondor Battlecry Trebuchet" in profile_card(veteran)["rules"]
    assert not any(r.startswith("Siege Engine") for r in profile_card(captain)["rules"])
    data = force_data("G", "good", [UnitPick(veteran, 1, ()), UnitPick(captain, 1, ())])
    ignored = force_coverage(force_from_data(data, prefix="A")).ignored
    assert "siege engine: gondor battlecry trebuchet" in ignored


ENGINE = {
    "name": "Gondor Battlecry Trebuchet",
    "strength": 10,
    "defence": 10,
    "wounds": 3,
    "rules": ["Wall-Breaker", "Indirect Fire", "Area Effect"],
    "upgrades": ["Flamming Ammunition"],
}


def test_a_veteran_with_the_engine_card_brings_engine_and_crew() -> None:
    """SE-PROF-01, SE-CREW-01: the card reaches the engine, the bought upgrade with it, the
    warband's crew as its crew; nothing is ignored."""
    faction = FactionFactory()
    veteran = HeroProfileFactory(
        faction=faction,
        name="Minas Tirith Siege Veteran (Gondor Battlecry Trebuchet)",
        siege_engine=ENGINE,
    )
    crew = HeroProfileFactory(
        faction=faction, name="Minas Tirith Crew", keywords=["Man", "Warrior"]
    )
    pick = UnitPick(veteran, 1, ("Flamming Ammunition",), crew=(UnitPick(crew, 2, ()),))
    data = force_data("G", "good", [pick])
    assert data["units"][0]["profile"]["siege_engine"]["upgrades"] == ["Flamming Ammunition"]
    force = force_from_data(data, prefix="A")
    ((engine_id, members),) = force.engines
    engine = next(s.profile for s in force.models if s.uid == engine_id)
    assert (engine.strength, engine.defence, engine.wounds) == (10, 10, 3)
    assert "Flamming Ammunition" in engine.rules
    assert len(members) == 3
    assert not any(r.startswith("Siege Engine") for r in profile_card(veteran)["rules"])
    assert force_coverage(force).ignored == ()

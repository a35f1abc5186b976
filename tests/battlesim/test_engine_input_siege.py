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

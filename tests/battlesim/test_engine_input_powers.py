"""Powers reach the SBG engine from catalogue rows (issue 16, part 4): the adapter passes
each caster's powers with its casting value and range; the engine plays the powers it
knows and lists the others in the battle's ``ignored`` names."""

from __future__ import annotations

import pytest

from battlesim.engine_input import UnitPick, force_data, profile_card
from battlesim.engines.sbg.core.units import PowerSpec, force_from_data
from battlesim.engines.sbg.coverage import force_coverage
from tests.factories import (
    FactionFactory,
    HeroProfileFactory,
    MagicalPowerFactory,
    ProfileFactory,
    ProfilePowerFactory,
    saruman_create,
)

pytestmark = pytest.mark.django_db


def test_a_casters_card_carries_its_powers_and_others_none() -> None:
    faction = FactionFactory()
    wizard = HeroProfileFactory(faction=faction, will=3)
    for order, (name, reach, value) in enumerate(
        [("Transfix", 12, 3), ("Terrifying Aura", None, 2)]
    ):
        power = MagicalPowerFactory(release=faction.release, name=name)
        ProfilePowerFactory(
            profile=wizard, power=power, range_inches=reach, casting_value=value, order=order
        )
    card = profile_card(wizard)
    assert card["powers"] == [
        {"name": "Transfix", "casting_value": 3, "range": 12},
        {"name": "Terrifying Aura", "casting_value": 2, "range": None},
    ]
    assert "powers" not in profile_card(ProfileFactory(faction=faction))
    force = force_from_data(force_data("W", "good", [UnitPick(wizard, 1, ())]), prefix="A")
    assert force.models[0].profile.powers == (
        PowerSpec("Transfix", 3, 12.0),
        PowerSpec("Terrifying Aura", 2, 0.0),
    )
    assert not {"transfix", "terrifying aura"} & set(force_coverage(force).ignored)


def test_unknown_powers_are_listed_ignored() -> None:
    """The rulebook sample's French power names are not the engine's: ignored, not played."""
    saruman = saruman_create(FactionFactory())
    force = force_from_data(force_data("S", "evil", [UnitPick(saruman, 1, ())]), prefix="A")
    ignored = set(force_coverage(force).ignored)
    assert {"immobilisation", "aura de terreur"} <= ignored

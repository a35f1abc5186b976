"""Siege engines bought in a list reach the battle (issue 20, SE-*): the veteran's profile
carries the engine's card; one imported before the card was read names the engine among its
rules, and the battle's ``ignored`` list shows it (never dropped silently)."""

from __future__ import annotations

import pytest

from battlesim.engine_input import UnitPick, force_data, profile_card
from battlesim.engines.sbg.core.units import force_from_data
from battlesim.engines.sbg.coverage import force_coverage
from tests.factories import FactionFactory, HeroProfileFactory

pytestmark = pytest.mark.django_db


def test_a_veteran_without_the_card_names_its_engine_as_an_ignored_rule() -> None:
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


def test_an_engine_bought_in_an_army_list_reaches_the_battle_and_fires() -> None:
    """Issue 20: a list with a Trebuchet (its veteran leading a warband of crew, Flaming
    Ammunition bought) plays with the engine, which fires."""
    from django.contrib.auth.models import User

    from armybuilder.models import ArmyList, Contingent, Entry, EntryOption, Warband
    from battlesim.engine_input import force_from_army_list
    from battlesim.engines.sbg.game import play_game
    from tests.factories import ProfileFactory, ProfileOptionFactory

    faction = FactionFactory()
    veteran = HeroProfileFactory(
        faction=faction,
        name="Minas Tirith Siege Veteran (Gondor Battlecry Trebuchet)",
        siege_engine=ENGINE,
    )
    flaming = ProfileOptionFactory(profile=veteran, name="Flamming Ammunition", points=15)
    crew = ProfileFactory(faction=faction, name="Minas Tirith Crew")
    owner = User.objects.create_user("siege", password="pw-siege-123")
    army = ArmyList.objects.create(owner=owner, name="Trebuchet")
    contingent = Contingent.objects.create(army_list=army, faction=faction)
    band = Warband.objects.create(contingent=contingent, is_army_leader=True)
    Entry.objects.create(warband=band, profile=crew, count=2, order=1)
    lead = Entry.objects.create(warband=band, profile=veteran, role=Entry.Role.CAPTAIN)
    EntryOption.objects.create(entry=lead, option=flaming)
    data = force_from_army_list(army)
    force = force_from_data(data, prefix="A")
    ((engine_id, members),) = force.engines
    assert len(members) == 3
    assert (
        "Flamming Ammunition" in next(s for s in force.models if s.uid == engine_id).profile.rules
    )
    fired = False
    for seed in range(4):
        result = play_game(seed=seed, options={"forces": [data, "mordor_skirmish"]})
        fired = fired or any(e.kind == "engine_fires" for e in result.log.events)
    assert fired

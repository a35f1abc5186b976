"""Options bought in an army list reach the engine with the effects the importer read from the
data (ProfileOption.effects): an option no engine rule knows changes the card as its
modifiers say, times bought, and a mount option makes the model Cavalry on the mount's card;
an option the engine knows by name (a shield) keeps its own rule, not applied twice."""

from __future__ import annotations

import pytest

from battlesim.engines.sbg.core.mounts import foot_profile
from battlesim.engines.sbg.core.units import force_from_data
from battlesim.engines.sbg.coverage import force_coverage
from tests.factories import FactionFactory, HeroProfileFactory, ProfileOptionFactory

pytestmark = pytest.mark.django_db

WARG = {
    "mount": {
        "name": "Pale Warg",
        **{"move": 10, "fight": 5, "shoot": None, "strength": 5, "defence": 5},
        **{"attacks": 2, "wounds": 2, "courage": 4},
        "keywords": ["Warg", "Infantry", "Hero"],
        "rules": ["Terror (Passive)"],
    },
    "described": True,
}


def _army_force(options: list[tuple[str, dict, int]]) -> dict:
    from django.contrib.auth.models import User

    from armybuilder.models import ArmyList, Contingent, Entry, EntryOption, Warband
    from battlesim.engine_input import force_from_army_list

    faction = FactionFactory()
    hero = HeroProfileFactory(faction=faction, name="Test Warlord", might=1, defence=5)
    owner = User.objects.create_user("opts", password="pw-opts-123")
    army = ArmyList.objects.create(owner=owner, name="Options")
    contingent = Contingent.objects.create(army_list=army, faction=faction)
    band = Warband.objects.create(contingent=contingent, is_army_leader=True)
    entry = Entry.objects.create(warband=band, profile=hero, role=Entry.Role.CAPTAIN)
    for name, effects, count in options:
        option = ProfileOptionFactory(profile=hero, name=name, effects=effects)
        EntryOption.objects.create(entry=entry, option=option, count=count)
    return force_from_army_list(army)


def test_changes_times_bought_and_a_set_reach_the_card() -> None:
    """Might +1 bought twice is +2; a Defence set to 8 is 8; both count as played."""
    data = _army_force(
        [
            ("Extra Might", {"changes": [["might", "add", 1]]}, 2),
            ("Gnarled Hide", {"changes": [["defence", "set", 8]]}, 1),
        ]
    )
    force = force_from_data(data, prefix="A")
    profile = force.models[0].profile
    assert (profile.might, profile.defence) == (3, 8)
    coverage = force_coverage(force)
    assert "extra might" not in coverage.ignored and "gnarled hide" not in coverage.ignored
    assert "option effects (data)" in coverage.implemented


def test_a_shield_keeps_its_own_rule() -> None:
    """The engine plays a bought shield by name (ARM-SH-01): the data's +1 for it is not
    added to the card a second time."""
    data = _army_force([("Shield", {"changes": [["defence", "add", 1]], "described": True}, 1)])
    assert data["units"][0]["profile"]["defence"] == 5
    assert "changed_by" not in data["units"][0]["profile"]


def test_a_mount_option_rides_the_mounts_card_from_the_data() -> None:
    """CAV-DEF-02: the model is Cavalry on the Pale Warg's card (a warg by its name), with
    the mount's rules; on foot it leaves the mount behind."""
    data = _army_force([("Pale Warg", WARG, 1)])
    force = force_from_data(data, prefix="A")
    profile = force.models[0].profile
    assert profile.mount is not None
    assert (profile.mount.kind, profile.mount.move, profile.mount.fight) == ("warg", 10.0, 5)
    assert "Terror (Passive)" in profile.rules
    assert "pale warg" not in foot_profile(profile).options
    assert "pale warg" not in force_coverage(force).ignored


def test_an_option_linking_a_rule_gives_the_model_that_rule() -> None:
    """An option whose only text is a game-system rule it links ("Hearthguard" links Burly,
    BSData 4bc0-1a0d-14a1-89b0): bought, the model has the rule, the option counts as played
    and a linked rule the engine does not know is reported, never dropped."""
    data = _army_force(
        [
            ("Hearthguard", {"rules": ["Burly"]}, 1),
            ("Odd Charm", {"rules": ["Nothing Like It"]}, 1),
        ]
    )
    force = force_from_data(data, prefix="A")
    assert "Burly" in force.models[0].profile.rules
    coverage = force_coverage(force)
    assert "hearthguard" not in coverage.ignored and "burly" not in coverage.ignored
    assert "nothing like it" in coverage.ignored

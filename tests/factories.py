"""factory_boy factories for the profiles catalogue, shared by every test area.

Defaults follow the rulebook's example profiles (002:L110-L117 Faramir for heroes) so a
factory-built model is a plausible SBG profile. Child rows (rules, powers, options) take the
release of their profile, as the importers do.
"""

from __future__ import annotations

from dataclasses import dataclass

import factory
from django.utils.text import slugify

from profiles.models import (
    DataRelease,
    Faction,
    HeroicTier,
    MagicalPower,
    Profile,
    ProfileOption,
    ProfilePower,
    ProfileRule,
    Side,
    SpecialRule,
)


class DataReleaseFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = DataRelease

    source = DataRelease.Source.STARTER
    key = factory.Sequence(lambda n: f"release-{n}")
    name = factory.Sequence(lambda n: f"Test data {n}")
    revision = 1
    is_current = True


class FactionFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Faction

    release = factory.SubFactory(DataReleaseFactory)
    source_id = factory.Sequence(lambda n: f"faction-{n}")
    name = factory.Sequence(lambda n: f"Army of Realm {n}")
    slug = factory.LazyAttribute(lambda o: slugify(o.name))
    side = Side.GOOD


class SpecialRuleFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = SpecialRule

    release = factory.SubFactory(DataReleaseFactory)
    name = factory.Sequence(lambda n: f"Special rule {n}")
    kind = SpecialRule.Kind.PASSIVE
    text = "The model may re-roll one die."


class MagicalPowerFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = MagicalPower

    release = factory.SubFactory(DataReleaseFactory)
    name = factory.Sequence(lambda n: f"Magical power {n}")
    text = "The target is paralysed."


class ProfileFactory(factory.django.DjangoModelFactory):
    """A warrior: one wound, no Might/Will/Fate (002:L143-L145)."""

    class Meta:
        model = Profile

    faction = factory.SubFactory(FactionFactory)
    release = factory.SelfAttribute("faction.release")
    source_id = factory.Sequence(lambda n: f"profile-{n}")
    name = factory.Sequence(lambda n: f"Warrior of Realm {n}")
    slug = factory.LazyAttribute(lambda o: slugify(o.name))
    kind = Profile.Kind.WARRIOR
    heroic_tier = ""
    points = 8
    keywords = factory.LazyFunction(lambda: ["Man", "Infantry", "Warrior"])
    wargear = factory.LazyFunction(lambda: ["Armour", "Sword"])
    move = 6
    fight = 3
    shoot = 4
    strength = 3
    defence = 5
    attacks = 1
    wounds = 1
    courage = 3


class HeroProfileFactory(ProfileFactory):
    """A hero with Faramir's characteristics line (002:L110-L117)."""

    name = factory.Sequence(lambda n: f"Captain of Realm {n}")
    kind = Profile.Kind.HERO
    heroic_tier = HeroicTier.FORTITUDE
    points = 80
    unique = True
    keywords = factory.LazyFunction(lambda: ["Man", "Infantry", "Hero"])
    heroic_actions = factory.LazyFunction(lambda: ["Heroic March"])
    fight = 5
    shoot = 3
    strength = 4
    defence = 5
    attacks = 2
    wounds = 2
    courage = 6
    might = 3
    will = 3
    fate = 2


class ProfileOptionFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = ProfileOption

    profile = factory.SubFactory(ProfileFactory)
    name = factory.Sequence(lambda n: f"Option {n}")
    points = 5
    order = factory.Sequence(int)


class ProfileRuleFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = ProfileRule

    profile = factory.SubFactory(HeroProfileFactory)
    rule = factory.SubFactory(
        SpecialRuleFactory, release=factory.SelfAttribute("..profile.release")
    )
    order = factory.Sequence(int)


class ProfilePowerFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = ProfilePower

    profile = factory.SubFactory(HeroProfileFactory)
    power = factory.SubFactory(
        MagicalPowerFactory, release=factory.SelfAttribute("..profile.release")
    )
    range_inches = 12
    casting_value = 4
    order = factory.Sequence(int)


@dataclass(frozen=True, slots=True)
class CatalogueSample:
    """A small catalogue: two current releases, one archived, Good and Evil factions."""

    starter: DataRelease
    battlescribe: DataRelease
    archived: DataRelease
    minas_tirith: Faction
    isengard: Faction
    rohan: Faction
    old_isengard: Faction
    faramir: Profile
    saruman: Profile
    warrior: Profile
    uruk: Profile
    old_saruman: Profile


def saruman_create(faction: Faction, *, points: int = 180) -> Profile:
    """Saroumane le Blanc as the rulebook's example profile prints him (002:L167-L207)."""
    saruman = HeroProfileFactory(
        faction=faction,
        name="Saroumane le Blanc",
        slug="saroumane-le-blanc",
        points=points,
        heroic_tier=HeroicTier.LEGEND,
        keywords=["Magicien", "Isengard", "Infanterie", "Héros"],
        wargear=["Bâton de Pouvoir"],
        heroic_actions=["Canalisation Héroïque"],
        fight=5,
        shoot=4,
        attacks=1,
        wounds=3,
        courage=7,
        might=3,
        will=6,
        fate=3,
    )
    ProfileOptionFactory(profile=saruman, name="Cheval", points=10)
    for name, kind in [("Le Palantir", "active"), ("Seigneur des Istari", "passive")]:
        rule = SpecialRuleFactory(release=faction.release, name=name, kind=kind)
        ProfileRuleFactory(profile=saruman, rule=rule)
    for name, range_inches, casting_value in [
        ("Immobilisation", 18, 2),
        ("Aura de Terreur", None, 2),
    ]:
        power = MagicalPowerFactory(release=faction.release, name=name)
        ProfilePowerFactory(
            profile=saruman, power=power, range_inches=range_inches, casting_value=casting_value
        )
    return saruman


def catalogue_sample_create() -> CatalogueSample:
    """Create the sample catalogue (once per test: release keys are fixed).

    Faramir's line is 002:L110-L117; Saroumane's 002:L167-L207.
    """
    starter = DataReleaseFactory(key="starter-1", name="Starter data")
    battlescribe = DataReleaseFactory(
        key="bsdata-12", name="BattleScribe", source=DataRelease.Source.BATTLESCRIBE, revision=12
    )
    archived = DataReleaseFactory(key="starter-0", name="Old starter", revision=0, is_current=False)
    minas_tirith = FactionFactory(release=starter, name="Minas Tirith", slug="minas-tirith")
    isengard = FactionFactory(release=starter, name="Isengard", slug="isengard", side=Side.EVIL)
    old_isengard = FactionFactory(
        release=archived, name="Isengard", slug="isengard", side=Side.EVIL
    )
    faramir = HeroProfileFactory(
        faction=minas_tirith,
        name="Faramir, Capitaine du Gondor",
        slug="faramir",
        keywords=["Homme", "Gondor", "Infanterie", "Héros"],
    )
    return CatalogueSample(
        starter=starter,
        battlescribe=battlescribe,
        archived=archived,
        minas_tirith=minas_tirith,
        isengard=isengard,
        rohan=FactionFactory(release=battlescribe, name="Rohan", slug="rohan"),
        old_isengard=old_isengard,
        faramir=faramir,
        saruman=saruman_create(isengard),
        warrior=ProfileFactory(faction=minas_tirith, name="Guerrier de Minas Tirith"),
        uruk=ProfileFactory(
            faction=isengard, name="Guerrier Uruk-hai", keywords=["Uruk-hai", "Isengard"], points=10
        ),
        old_saruman=saruman_create(old_isengard, points=170),
    )

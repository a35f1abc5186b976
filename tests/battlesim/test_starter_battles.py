"""Every starter list becomes engine forces that the SBG engine plays in full (issue 5:
heroes with Might, cavalry from bought or carried mounts, through the one adapter)."""

from __future__ import annotations

import itertools

import pytest
from django.core.management import call_command

from battlesim.engines.sbg.core.mounts import mounted_profile
from battlesim.engines.sbg.core.units import force_from_data
from battlesim.engines.sbg.game import play_game
from battlesim.job_input import _starter_force, starter_lists
from profiles.models import Profile

pytestmark = pytest.mark.django_db


@pytest.fixture
def forces() -> dict[str, dict]:
    call_command("load_starter", verbosity=0)
    return {key: _starter_force(key, "list_a") for key in sorted(starter_lists())}


def test_starter_lists_carry_heroes_and_cavalry_into_the_engine(forces: dict[str, dict]) -> None:
    """HERO-MWF-01: Heroes keep their Might, Will and Fate; CAV-DEF-02: a model with a mount
    in its wargear or options is Cavalry with the mount's Move (CAV-MOVE-01)."""
    built = {key: force_from_data(data, prefix="A") for key, data in forces.items()}
    heroes = [s.profile for f in built.values() for s in f.models if s.profile.is_hero]
    assert heroes
    for hero in heroes:
        row = Profile.objects.filter(name=hero.name).first()
        assert (hero.might, hero.will, hero.fate) == (row.might, row.will, row.fate)
    assert any(hero.might > 0 for hero in heroes)
    damrod = next(p for p in heroes if p.name.startswith("Damrod"))
    assert "Heroic Accuracy" in damrod.rules  # HERO-HA-09: the profile lists it
    assert "minor hero" in damrod.keywords  # HERO-HCHAL-01: the tier a challenge compares
    riders = [s.profile for s in built["riders_of_rohan"].models if s.profile.mount is not None]
    assert riders, "the Rohan starter list has riders"
    for rider in map(mounted_profile, riders):
        assert "cavalry" in rider.keywords and rider.move == 10  # a horse's Move (002:L1443)


def test_every_pair_of_starter_lists_plays_a_whole_battle(forces: dict[str, dict]) -> None:
    """Each pairing plays a whole battle without error, and blood is shed."""
    for seed, (a, b) in enumerate(itertools.combinations(sorted(forces), 2)):
        result = play_game(seed=seed, options={"forces": [forces[a], forces[b]]})
        assert result.summary["turns"] >= 1
        assert sum(result.summary["casualties"]) > 0, (a, b)

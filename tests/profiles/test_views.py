"""Catalogue pages: army lists by side, stat cards, search, profile page (002:L120-L207)."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from profiles import views
from profiles.models import Profile
from tests.factories import (
    CatalogueSample,
    FactionFactory,
    HeroProfileFactory,
    ProfileOptionFactory,
    ProfilePowerFactory,
    ProfileRuleFactory,
    catalogue_sample_create,
)

pytestmark = pytest.mark.django_db


@pytest.fixture
def sample() -> CatalogueSample:
    return catalogue_sample_create()


def faction_url(release_key: str, slug: str) -> str:
    return reverse("profiles:faction-detail", args=[release_key, slug])


def profile_url(profile: Profile) -> str:
    return reverse(
        "profiles:profile-detail", args=[profile.release.key, profile.faction.slug, profile.slug]
    )


def stat(html: str, name: str) -> list[str]:
    """Return every value shown in the ``data-stat=name`` cells, in page order."""
    return re.findall(rf'data-stat="{name}"[^>]*>([^<]*)<', html)


def test_it_groups_current_factions_by_side_with_counts(
    client: Client, sample: CatalogueSample
) -> None:
    """GEN-SIDE-01: every army list is Good or Evil; archived releases stay hidden."""
    FactionFactory(release=sample.battlescribe, name="Arnor")  # created last, listed first
    response = client.get(reverse("profiles:faction-list"))
    good, evil = response.context["groups"]
    assert [(f.name, f.profile_count) for f in good.factions] == [
        ("Arnor", 0),
        ("Minas Tirith", 2),
        ("Rohan", 0),
    ]
    assert [(f.name, f.profile_count, f.release.key) for f in evil.factions] == [
        ("Isengard", 2, "starter-1")
    ]
    assert "archived" not in response.content.decode()


def test_it_lists_one_release_on_request_even_archived(
    client: Client, sample: CatalogueSample
) -> None:
    """An archived release is listed only when asked for, and labelled as such."""
    response = client.get(reverse("profiles:faction-list"), {"release": "starter-0"})
    good, evil = response.context["groups"]
    assert good.factions == []
    assert [f.pk for f in evil.factions] == [sample.old_isengard.pk]
    assert "archived" in response.content.decode()


def test_it_shows_stat_cards_like_the_rulebook(client: Client, sample: CatalogueSample) -> None:
    """PROF-02/04/06/07: points, tier, characteristics with M/W/F, options with costs."""
    response = client.get(faction_url("starter-1", "minas-tirith"))
    html = response.content.decode()
    assert [p.name for p in response.context["profiles"]] == [
        "Faramir, Capitaine du Gondor",
        "Guerrier de Minas Tirith",
    ]
    # Faramir's line, 002:L116-L117: 6" 5/3+ 4 5 2 2 6 | 3 3 2; the warrior has no M/W/F.
    assert stat(html, "move") == ["6&quot;", "6&quot;"]
    assert stat(html, "fight-shoot") == ["5/3+", "3/4+"]
    assert stat(html, "courage") == ["6", "3"]
    assert stat(html, "might") + stat(html, "will") + stat(html, "fate") == ["3", "3", "2"]
    assert stat(html, "points") == ["80 pts", "8 pts"]
    assert "Hero of Fortitude" in html


def test_it_filters_a_faction_by_heroic_tier(client: Client, sample: CatalogueSample) -> None:
    """PROF-04: the heroic tier belongs to Heroes only."""
    response = client.get(faction_url("starter-1", "isengard"), {"heroic_tier": "legend"})
    assert [p.pk for p in response.context["profiles"]] == [sample.saruman.pk]


def test_it_filters_by_keyword_whole_and_any_case(client: Client, sample: CatalogueSample) -> None:
    """PROF-03: rules select models by keyword, e.g. Héros (002:L168)."""
    url = faction_url("starter-1", "minas-tirith")
    assert [p.pk for p in client.get(url, {"keyword": "héros"}).context["profiles"]] == [
        sample.faramir.pk
    ]
    # "Gondo" is not a whole keyword.
    assert list(client.get(url, {"keyword": "Gondo"}).context["profiles"]) == []


def test_it_searches_current_profiles_by_name(client: Client, sample: CatalogueSample) -> None:
    """The archived Saroumane (170 pts) is not found; the current one (180 pts) is."""
    response = client.get(reverse("profiles:profile-search"), {"name": "sarou"})
    assert [p.points for p in response.context["page"]] == [180]
    assert profile_url(sample.saruman) in response.content.decode()


def test_it_reports_a_bad_filter_value(client: Client, sample: CatalogueSample) -> None:
    response = client.get(reverse("profiles:profile-search"), {"heroic_tier": "demigod"})
    assert response.status_code == 200
    assert "Heroic tier: Select a valid choice." in response.content.decode()


def test_it_shows_a_profile_in_full(client: Client, sample: CatalogueSample) -> None:
    """PROF-07/08/09/10: option costs, heroic actions, ACTIF/PASSIF rules, power table."""
    html = client.get(profile_url(sample.saruman)).content.decode()
    assert stat(html, "option") == ["Cheval"]
    assert stat(html, "option-cost") == ["10 pts"]
    assert "Canalisation Héroïque" in html
    assert re.search(r"Le Palantir <span[^>]*>Active<", html)
    assert re.search(r"Seigneur des Istari <span[^>]*>Passive<", html)
    # 002:L202-L204: Immobilisation 18" 2+, Aura de Terreur - 2+.
    assert stat(html, "power") == ["Immobilisation", "Aura de Terreur"]
    assert stat(html, "power-range") == ["18&quot;", "-"]
    assert stat(html, "casting-value") == ["2+", "2+"]
    assert stat(html, "will") == ["6"]


def test_it_marks_an_archived_faction(client: Client, sample: CatalogueSample) -> None:
    response = client.get(faction_url("starter-0", "isengard"))
    assert [p.points for p in response.context["profiles"]] == [170]
    assert "no longer a current release" in response.content.decode()


def test_it_answers_404_for_an_unknown_faction(client: Client, sample: CatalogueSample) -> None:
    assert client.get(faction_url("starter-1", "erebor")).status_code == 404
    assert client.get(faction_url("starter-1", "isengard") + "nobody/").status_code == 404


def crowd_create(sample: CatalogueSample, count: int) -> None:
    """Add heroes with an option, a rule and a power each, to expose any N+1 query."""
    for _ in range(count):
        hero = HeroProfileFactory(faction=sample.isengard)
        ProfileOptionFactory(profile=hero)
        ProfileRuleFactory(profile=hero)
        ProfilePowerFactory(profile=hero)
    for _ in range(count):
        FactionFactory(release=sample.starter)


def test_pages_run_a_fixed_number_of_queries(
    client: Client, sample: CatalogueSample, django_assert_max_num_queries
) -> None:
    crowd_create(sample, 12)
    urls = [
        reverse("profiles:faction-list"),
        faction_url("starter-1", "isengard"),
        reverse("profiles:profile-search") + "?keyword=Hero",
        profile_url(sample.saruman),
    ]
    for url in urls:
        # 9: the cards' Magical Powers are prefetched too, for the simulator's breadth note
        with django_assert_max_num_queries(9):
            assert client.get(url).status_code == 200


def test_search_pages_keep_the_filters(
    client: Client, sample: CatalogueSample, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(views, "SEARCH_PAGE_SIZE", 1)
    url = reverse("profiles:profile-search")
    first = client.get(url, {"side": "evil"})
    # Catalogue order: by army list, heroes before warriors.
    assert [p.name for p in first.context["page"]] == ["Saroumane le Blanc"]
    assert 'href="?side=evil&amp;page=2"' in first.content.decode()
    second = client.get(url, {"side": "evil", "page": 2})
    assert [p.name for p in second.context["page"]] == ["Guerrier Uruk-hai"]


def test_cards_say_what_the_simulator_plays_of_each_profile(
    client: Client, sample: CatalogueSample
) -> None:
    """Issue 17 item 4: every card is marked "Fully simulated" or lists what the simulator
    leaves out (battlesim/breadth.py, the engine's registry)."""
    played = HeroProfileFactory(faction=sample.isengard, name="Played Hero", wargear=["Sword"])
    unplayed = HeroProfileFactory(faction=sample.isengard, name="Chariot Hero", wargear=["Sword"])
    ProfileRuleFactory(profile=played, rule__name="Fearless (Passive)")
    ProfileRuleFactory(profile=unplayed, rule__name="Chariot Charge (Active)")
    html = client.get(faction_url("starter-1", "isengard")).content.decode()
    cards = dict(re.findall(r'data-profile="([^"]+)".*?data-breadth="(\w+)"', html, re.S))
    assert cards[played.slug] == "full" and cards[unplayed.slug] == "partial"
    detail = client.get(profile_url(unplayed)).content.decode()
    assert "Simulator leaves out:" in detail and "chariot charge" in detail

"""Read-only catalogue API: lists, filters, nested detail, errors and the OpenAPI schema."""

from __future__ import annotations

from typing import Any

import pytest
from django.urls import include, path, reverse
from drf_spectacular.drainage import GENERATOR_STATS
from drf_spectacular.generators import SchemaGenerator
from drf_spectacular.validation import validate_schema
from rest_framework.pagination import PageNumberPagination
from rest_framework.test import APIClient

from tests.factories import (
    CatalogueSample,
    HeroProfileFactory,
    ProfileOptionFactory,
    ProfilePowerFactory,
    ProfileRuleFactory,
    catalogue_sample_create,
)

pytestmark = pytest.mark.django_db

PROFILES = reverse("profiles-api:profile-list")
FACTIONS = reverse("profiles-api:faction-list")


@pytest.fixture
def api() -> APIClient:
    return APIClient()


@pytest.fixture
def sample() -> CatalogueSample:
    return catalogue_sample_create()


def names(api: APIClient, url: str, **params: Any) -> list[str]:
    response = api.get(url, params)
    assert response.status_code == 200, response.json()
    return sorted(row["name"] for row in response.json()["results"])


def test_it_lists_current_profiles_only(api: APIClient, sample: CatalogueSample) -> None:
    """The archived Saroumane (170 pts) is left out unless its release is asked for."""
    rows = api.get(PROFILES).json()["results"]
    assert sorted((row["name"], row["points"]) for row in rows) == [
        ("Faramir, Capitaine du Gondor", 80),
        ("Guerrier Uruk-hai", 10),
        ("Guerrier de Minas Tirith", 8),
        ("Saroumane le Blanc", 180),
    ]
    old = api.get(PROFILES, {"release": "starter-0"}).json()["results"]
    assert [(row["points"], row["release"]) for row in old] == [(170, "starter-0")]


@pytest.mark.parametrize(
    ("params", "expected"),
    [
        ({"heroic_tier": "legend"}, ["Saroumane le Blanc"]),
        ({"kind": "warrior"}, ["Guerrier Uruk-hai", "Guerrier de Minas Tirith"]),
        ({"side": "evil"}, ["Guerrier Uruk-hai", "Saroumane le Blanc"]),
        ({"keyword": "HÉROS"}, ["Faramir, Capitaine du Gondor", "Saroumane le Blanc"]),
        ({"keyword": "heros"}, ["Faramir, Capitaine du Gondor", "Saroumane le Blanc"]),
        ({"keyword": "Isengar"}, []),
        ({"name": "guerrier", "side": "good"}, ["Guerrier de Minas Tirith"]),
    ],
)
def test_it_filters_profiles(
    api: APIClient, sample: CatalogueSample, params: dict[str, str], expected: list[str]
) -> None:
    """PROF-03/04: keywords are whole words (002:L168), the tier is a Hero's only.

    Keywords ignore case and accents, so "heros" typed on any keyboard finds "Héros".
    """
    assert names(api, PROFILES, **params) == expected


def test_it_filters_profiles_by_faction_id(api: APIClient, sample: CatalogueSample) -> None:
    assert names(api, PROFILES, faction=sample.isengard.pk) == [
        "Guerrier Uruk-hai",
        "Saroumane le Blanc",
    ]


def test_it_shows_a_profile_with_nested_options_rules_and_powers(
    api: APIClient, sample: CatalogueSample
) -> None:
    """PROF-06..10 for Saroumane le Blanc (002:L167-L207)."""
    url = reverse("profiles-api:profile-detail", args=[sample.saruman.pk])
    body = api.get(url).json()
    assert (body["fight_shoot"], body["will"], body["heroic_tier"]) == ("5/4+", 6, "legend")
    horse = sample.saruman.options.get(name="Cheval")
    assert body["options"] == [
        {
            "id": horse.pk,
            "name": "Cheval",
            "points": 10,
            "max_count": 1,
            "group": "",
            "conditional": False,
        }
    ]
    assert [(r["name"], r["activation"]) for r in body["rules"]] == [
        ("Le Palantir", "active"),
        ("Seigneur des Istari", "passive"),
    ]
    powers = [(p["name"], p["range_inches"], p["casting_value"]) for p in body["powers"]]
    assert powers == [("Immobilisation", 18, 2), ("Aura de Terreur", None, 2)]
    assert body["faction"]["side"] == "evil"


def test_it_is_read_only(api: APIClient, sample: CatalogueSample) -> None:
    url = reverse("profiles-api:profile-detail", args=[sample.saruman.pk])
    assert api.post(PROFILES, {"name": "Sauron"}).status_code == 405
    assert api.patch(url, {"points": 1}).status_code == 405
    assert api.delete(url).status_code == 405


def test_it_answers_404_for_an_unknown_profile_or_faction(api: APIClient) -> None:
    assert api.get(reverse("profiles-api:profile-detail", args=[999999])).status_code == 404
    assert api.get(reverse("profiles-api:faction-detail", args=[999999])).status_code == 404


@pytest.mark.parametrize(
    ("params", "field"),
    [
        ({"heroic_tier": "demigod"}, "heroic_tier"),
        ({"release": "no-such-release"}, "release"),
        ({"faction": "abc"}, "faction"),
        ({"side": "neutral"}, "side"),
        ({"kind": "monster"}, "kind"),
    ],
)
def test_it_rejects_a_bad_parameter_with_a_field_message(
    api: APIClient, sample: CatalogueSample, params: dict[str, str], field: str
) -> None:
    response = api.get(PROFILES, params)
    assert response.status_code == 400
    assert list(response.json()) == [field]
    assert response.json()[field][0]


def test_it_paginates(
    api: APIClient, sample: CatalogueSample, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(PageNumberPagination, "page_size", 3)
    first = api.get(PROFILES, {"ordering": "points"}).json()
    second = api.get(first["next"]).json()
    assert first["count"] == 4
    assert [row["points"] for row in first["results"] + second["results"]] == [8, 10, 80, 180]
    assert second["next"] is None


def test_it_lists_factions_with_counts_and_releases(
    api: APIClient, sample: CatalogueSample
) -> None:
    rows = api.get(FACTIONS, {"side": "good"}).json()["results"]
    assert [(r["name"], r["profile_count"], r["release"]["key"]) for r in rows] == [
        ("Minas Tirith", 2, "starter-1"),
        ("Rohan", 0, "bsdata-12"),
    ]
    assert names(api, FACTIONS, release="bsdata-12") == ["Rohan"]
    detail = api.get(reverse("profiles-api:faction-detail", args=[sample.old_isengard.pk]))
    assert detail.json()["release"]["is_current"] is False


def test_it_lists_releases_current_first(api: APIClient, sample: CatalogueSample) -> None:
    rows = api.get(reverse("profiles-api:release-list")).json()["results"]
    assert [(r["key"], r["is_current"]) for r in rows] == [
        ("bsdata-12", True),
        ("starter-1", True),
        ("starter-0", False),
    ]


def test_list_and_detail_run_a_fixed_number_of_queries(
    api: APIClient, sample: CatalogueSample, django_assert_max_num_queries
) -> None:
    for _ in range(10):
        hero = HeroProfileFactory(faction=sample.isengard)
        ProfileOptionFactory(profile=hero)
        ProfileRuleFactory(profile=hero)
        ProfilePowerFactory(profile=hero)
    with django_assert_max_num_queries(3):
        assert api.get(PROFILES).status_code == 200
    with django_assert_max_num_queries(2):
        assert api.get(FACTIONS).status_code == 200
    with django_assert_max_num_queries(6):
        url = reverse("profiles-api:profile-detail", args=[sample.saruman.pk])
        assert api.get(url).status_code == 200


def test_schema_and_swagger_ui_answer(api: APIClient) -> None:
    schema = api.get(reverse("api-schema"), HTTP_ACCEPT="application/vnd.oai.openapi+json")
    assert schema.status_code == 200
    assert {"/api/profiles/", "/api/profiles/{id}/", "/api/factions/"} <= set(
        schema.json()["paths"]
    )
    docs = api.get(reverse("api-docs"))
    assert docs.status_code == 200
    assert b"swagger-ui" in docs.content


def test_catalogue_schema_is_valid_without_warnings() -> None:
    """What ``manage.py spectacular --validate --fail-on-warn`` checks, for this app's part."""
    GENERATOR_STATS.reset()
    generator = SchemaGenerator(patterns=[path("api/", include("profiles.api_urls"))])
    schema = generator.get_schema(request=None, public=True)
    validate_schema(schema)
    assert not GENERATOR_STATS, dict(GENERATOR_STATS._warn_cache)
    parameters = schema["paths"]["/api/profiles/"]["get"]["parameters"]
    tier = next(p for p in parameters if p["name"] == "heroic_tier")
    assert tier["schema"]["enum"] == ["fortitude", "independent", "legend", "minor", "valour"]

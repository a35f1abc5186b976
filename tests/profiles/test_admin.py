"""Django admin of the catalogue: every model registered, lists, search and profile inlines."""

from __future__ import annotations

import pytest
from django.apps import apps
from django.contrib import admin
from django.test import Client
from django.urls import reverse
from pytest_django.fixtures import Settings

from profiles.admin import ProfileOptionInline, ProfilePowerInline, ProfileRuleInline
from profiles.models import Profile
from tests.factories import CatalogueSample, catalogue_sample_create

pytestmark = pytest.mark.django_db

PROFILE_MODELS = list(apps.get_app_config("profiles").get_models())


@pytest.fixture(autouse=True)
def _fast_password_hasher(settings: Settings) -> None:
    """``admin_client`` creates a superuser; the default hasher costs a second per test."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def sample() -> CatalogueSample:
    return catalogue_sample_create()


def changelist(model: type) -> str:
    return reverse(f"admin:profiles_{model._meta.model_name}_changelist")


def test_every_profiles_model_is_registered() -> None:
    assert len(PROFILE_MODELS) == 10  # Legion added (issue 24)
    assert [m.__name__ for m in PROFILE_MODELS if not admin.site.is_registered(m)] == []


@pytest.mark.parametrize("model", PROFILE_MODELS, ids=lambda m: m.__name__)
def test_changelists_answer(admin_client: Client, sample: CatalogueSample, model: type) -> None:
    assert admin_client.get(changelist(model)).status_code == 200


def test_profile_search_and_filters(admin_client: Client, sample: CatalogueSample) -> None:
    found = admin_client.get(changelist(Profile), {"q": "sarou"}).context["cl"].result_list
    assert sorted(p.points for p in found) == [170, 180]
    legend = admin_client.get(changelist(Profile), {"heroic_tier": "legend", "kind": "hero"})
    assert {p.name for p in legend.context["cl"].result_list} == {"Saroumane le Blanc"}


def test_profile_page_edits_options_rules_and_powers_inline(
    admin_client: Client, sample: CatalogueSample
) -> None:
    """PROF-07/09/10: options, special rules and powers sit on the profile (002:L147-L161)."""
    url = reverse("admin:profiles_profile_change", args=[sample.saruman.pk])
    response = admin_client.get(url)
    formsets = {f.opts.__class__: f.formset for f in response.context["inline_admin_formsets"]}
    assert set(formsets) == {ProfileOptionInline, ProfileRuleInline, ProfilePowerInline}
    assert [f.instance.name for f in formsets[ProfileOptionInline].initial_forms] == ["Cheval"]
    assert len(formsets[ProfileRuleInline].initial_forms) == 2
    assert len(formsets[ProfilePowerInline].initial_forms) == 2


def test_profile_add_page_answers(admin_client: Client) -> None:
    response = admin_client.get(reverse("admin:profiles_profile_add"))
    assert response.status_code == 200
    assert len(response.context["inline_admin_formsets"]) == 3


def test_anonymous_users_are_sent_to_login(client: Client) -> None:
    response = client.get(changelist(Profile))
    assert response.status_code == 302
    assert "/login/" in response["Location"]

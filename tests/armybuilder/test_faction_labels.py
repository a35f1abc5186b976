"""No two army lists under one name (issue 24, item 4): where the starter data and an imported
release both hold "Minas Tirith", every choice names its source; elsewhere the plain name."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import User
from django.test import Client

from armybuilder import services
from profiles.models import DataRelease
from tests.factories import DataReleaseFactory, FactionFactory

pytestmark = pytest.mark.django_db


def _choices(page: str) -> list[str]:
    select = re.search(r'<select name="faction".*?</select>', page, re.S)
    assert select is not None
    return re.findall(r"<option value=\"\d+\"[^>]*>([^<]+)</option>", select.group())


def test_the_new_list_form_tells_starter_and_imported_lists_apart() -> None:
    imported = DataReleaseFactory(source=DataRelease.Source.BATTLESCRIBE, revision=113)
    FactionFactory(name="Minas Tirith")
    FactionFactory(name="Minas Tirith", release=imported)
    FactionFactory(name="Rohan")
    owner = User.objects.create(username="owner")
    client = Client()
    client.force_login(owner)
    choices = _choices(client.get("/lists/").content.decode())
    assert sorted(choices) == [
        "Minas Tirith (BattleScribe r113)",
        "Minas Tirith (Starter data r1)",
        "Rohan",
    ]


def test_the_builder_catalogue_labels_the_same_way() -> None:
    imported = DataReleaseFactory(source=DataRelease.Source.BATTLESCRIBE, revision=113)
    starter = FactionFactory(name="Minas Tirith")
    FactionFactory(name="Minas Tirith", release=imported)
    owner = User.objects.create(username="owner")
    army = services.army_list_create(owner=owner, name="L", factions=[starter])
    client = Client()
    client.force_login(owner)
    page = client.get(f"/lists/{army.pk}/").content.decode()
    assert "Minas Tirith (Starter data r1)" in page
    assert "Minas Tirith (BattleScribe r113)" in page


def test_the_catalogue_says_how_to_get_the_full_data_until_it_is_imported() -> None:
    FactionFactory(name="Minas Tirith")
    client = Client()
    assert 'data-note="starter-only"' in client.get("/catalogue/").content.decode()
    imported = DataReleaseFactory(source=DataRelease.Source.BATTLESCRIBE, revision=113)
    FactionFactory(name="Gondor", release=imported)
    assert 'data-note="starter-only"' not in client.get("/catalogue/").content.decode()

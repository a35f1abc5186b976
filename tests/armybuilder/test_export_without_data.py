"""Exporting a starter-data list when no BattleScribe data is imported (issue 24, item 4).

The page once showed the refusal as "N; o;  ; i; m; p…" (a string joined letter by letter);
it must say in plain words that the list has no BattleScribe origin and how to get one.
"""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client

from armybuilder import services
from profiles.models import DataRelease
from tests.factories import FactionFactory, HeroProfileFactory

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("suffix", ["ros", "rosz"])
def test_the_refusal_is_one_plain_sentence(suffix: str) -> None:
    assert not DataRelease.objects.filter(source="battlescribe").exists()
    owner = User.objects.create(username="owner")
    faction = FactionFactory(name="Minas Tirith")
    captain = HeroProfileFactory(faction=faction, name="Captain", heroic_tier="fortitude")
    army = services.army_list_create(owner=owner, name="Starter", factions=[faction])
    services.warband_add(contingent=army.contingents.get(), captain=captain)
    client = Client()
    client.force_login(owner)
    response = client.get(f"/lists/{army.pk}/export.{suffix}", follow=True)
    page = response.content.decode()
    assert response.redirect_chain == [(f"/lists/{army.pk}/", 302)]
    assert "Cannot export to BattleScribe: this list is built on the starter data" in page
    assert "no BattleScribe origin" in page
    assert "N; o" not in page

"""Army list pages: ownership on every page, sharing, exports, JSON round trip, import errors."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from armybuilder import services
from armybuilder.exports import army_list_export_json
from armybuilder.models import ArmyList, Entry
from armybuilder.presenters import army_list_json
from armybuilder.selectors import army_list_full
from profiles.models import ProfileOption
from tests.factories import FactionFactory, HeroProfileFactory, ProfileFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def owner() -> User:
    return User.objects.create_user("owner", password="pw-owner-123")


@pytest.fixture
def army(owner: User) -> ArmyList:
    faction = FactionFactory(name="Minas Tirith")
    captain = HeroProfileFactory(
        faction=faction, name="Captain", points=50, heroic_tier="valour", unique=False
    )
    warrior = ProfileFactory(faction=faction, name="Warrior", points=8)
    shield = ProfileOption.objects.create(profile=warrior, name="Shield", points=1)
    army = services.army_list_create(owner=owner, name="Patrol", factions=[faction])
    warband = services.warband_add(contingent=army.contingents.get(), captain=captain)
    services.entry_add(warband=warband, profile=warrior, count=10, options={shield.pk: 1})
    return army


def client_for(user: User | None) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


def owned_pages(army: ArmyList) -> list[str]:
    base = f"/lists/{army.pk}"
    return [
        f"{base}/",
        f"{base}/print/",
        f"{base}/export.txt",
        f"{base}/export.json",
        f"{base}/delete/",
    ]


def test_the_owner_sees_every_page(owner: User, army: ArmyList) -> None:
    client = client_for(owner)
    for url in [*owned_pages(army), "/lists/"]:
        assert client.get(url).status_code == 200, url


def test_another_user_gets_404_and_a_visitor_is_sent_to_log_in(army: ArmyList) -> None:
    other = client_for(User.objects.create_user("other", password="pw-other-123"))
    anonymous = client_for(None)
    for url in owned_pages(army):
        assert other.get(url).status_code == 404, url
        answer = anonymous.get(url)
        assert answer.status_code == 302 and "/accounts/login/" in answer["Location"], url
    for url in ("share", "duplicate", "delete"):
        assert other.post(f"/lists/{army.pk}/{url}/").status_code == 404
    assert ArmyList.objects.count() == 1 and ArmyList.objects.get().share_token is None


def test_a_shared_list_is_readable_by_anyone_until_unshared(owner: User, army: ArmyList) -> None:
    client_for(owner).post(f"/lists/{army.pk}/share/")
    army.refresh_from_db()
    url = f"/lists/shared/{army.share_token}/"
    page = client_for(None).get(url)
    assert page.status_code == 200 and b"Patrol" in page.content
    client_for(owner).post(f"/lists/{army.pk}/share/", {"action": "unshare"})
    assert client_for(None).get(url).status_code == 404


def test_delete_asks_first_then_deletes(owner: User, army: ArmyList) -> None:
    client = client_for(owner)
    assert b"Delete" in client.get(f"/lists/{army.pk}/delete/").content
    assert ArmyList.objects.count() == 1
    client.post(f"/lists/{army.pk}/delete/")
    assert ArmyList.objects.count() == 0 and Entry.objects.count() == 0


def test_text_export_lists_warbands_entries_and_points(owner: User, army: ArmyList) -> None:
    text = client_for(owner).get(f"/lists/{army.pk}/export.txt").content.decode()
    assert "Patrol — 140/600 points, 11 models, break point 5.5" in text
    assert "Warband 1 (army leader)" in text
    assert "10 x Warrior (Shield): 90 pts" in text


def test_json_export_then_import_gives_the_same_list(owner: User, army: ArmyList) -> None:
    client = client_for(owner)
    exported = client.get(f"/lists/{army.pk}/export.json").content
    upload = SimpleUploadedFile("list.json", exported, content_type="application/json")
    answer = client.post("/lists/import/", {"file": upload})
    assert answer.status_code == 302
    copy = ArmyList.objects.exclude(pk=army.pk).get()
    original = army_list_json(army_list_full(army=army))
    imported = army_list_json(army_list_full(army=copy))
    assert imported["figures"]["points"] == original["figures"]["points"] == 140
    assert army_list_export_json(copy, imported) == json.loads(exported)


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"{not json", "not valid JSON"),
        (b'{"format": "other"}', "format"),
        (None, "has no profile"),
    ],
)
def test_a_bad_import_says_why_and_leaves_nothing(
    owner: User, army: ArmyList, content: bytes | None, message: str
) -> None:
    client = client_for(owner)
    if content is None:
        document: dict[str, Any] = json.loads(client.get(f"/lists/{army.pk}/export.json").content)
        document["contingents"][0]["warbands"][0]["entries"][1]["profile"] = "Balrog"
        content = json.dumps(document).encode()
    upload = SimpleUploadedFile("list.json", content, content_type="application/json")
    answer = client.post("/lists/import/", {"file": upload}, follow=True)
    assert message in answer.content.decode()
    assert ArmyList.objects.count() == 1 and Entry.objects.count() == 2


def test_signup_creates_an_account_and_logs_in() -> None:
    client = Client()
    answer = client.post(
        "/accounts/signup/",
        {"username": "newcomer", "password1": "a-Long-pass-9876", "password2": "a-Long-pass-9876"},
    )
    assert answer.status_code == 302
    assert client.get("/lists/").status_code == 200

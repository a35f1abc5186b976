"""Army list API: building a list, validation in the answer, bad input, ownership."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User
from rest_framework.test import APIClient

from armybuilder.models import ArmyList, Entry, EntryOption, Warband
from profiles.models import Profile, ProfileOption
from tests.factories import FactionFactory, HeroProfileFactory, ProfileFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def owner() -> User:
    return User.objects.create_user("owner", password="pw-owner-123")


@pytest.fixture
def other() -> User:
    return User.objects.create_user("other", password="pw-other-123")


def client_for(user: User | None) -> APIClient:
    client = APIClient()
    if user is not None:
        client.force_authenticate(user)
    return client


@pytest.fixture
def catalogue() -> dict[str, Any]:
    faction = FactionFactory(name="Minas Tirith")
    captain = HeroProfileFactory(
        faction=faction,
        name="Captain of Minas Tirith",
        points=50,
        heroic_tier="valour",
        unique=False,
        might=2,
    )
    warrior = ProfileFactory(faction=faction, name="Warrior of Minas Tirith", points=8)
    shield = ProfileOption.objects.create(profile=warrior, name="Shield", points=1)
    bow = ProfileOption.objects.create(profile=warrior, name="Bow", points=1)
    return {
        "faction": faction,
        "captain": captain,
        "warrior": warrior,
        "shield": shield,
        "bow": bow,
    }


def build(client: APIClient, catalogue: dict[str, Any], warriors: int = 12) -> dict[str, Any]:
    created = client.post(
        "/api/lists/", {"name": "Patrol", "factions": [catalogue["faction"].pk]}, format="json"
    ).json()
    contingent = created["contingents"][0]["id"]
    body = client.post(
        f"/api/lists/{created['id']}/warbands/",
        {"contingent": contingent, "captain": catalogue["captain"].pk},
        format="json",
    ).json()
    warband = body["contingents"][0]["warbands"][0]["id"]
    answer = client.post(
        f"/api/warbands/{warband}/entries/",
        {
            "profile": catalogue["warrior"].pk,
            "count": warriors,
            "options": [{"option": catalogue["shield"].pk}],
        },
        format="json",
    )
    assert answer.status_code == 201, answer.json()
    return answer.json()


def test_building_a_list_gives_points_figures_and_no_breach(owner: User, catalogue: dict) -> None:
    body = build(client_for(owner), catalogue)
    assert body["figures"]["points"] == 50 + 12 * 9
    assert body["figures"]["models"] == 13
    assert body["figures"]["break_point"] == 6.5
    assert body["figures"]["might"] == 2
    assert body["breaches"] == []
    assert body["contingents"][0]["warbands"][0]["is_army_leader"] is True


def test_a_breach_appears_and_disappears(owner: User, catalogue: dict) -> None:
    client = client_for(owner)
    body = build(client, catalogue, warriors=16)
    assert [b["rule_id"] for b in body["breaches"]] == ["WARBAND-CAPACITY"]
    assert body["breaches"][0]["section"] == "Warbands"  # the rulebook section, English here
    entry = body["contingents"][0]["warbands"][0]["entries"][1]["id"]
    fixed = client.patch(f"/api/entries/{entry}/", {"count": 15}, format="json").json()
    assert fixed["breaches"] == []
    validate = client.get(f"/api/lists/{body['id']}/validate/").json()
    assert validate["breaches"] == [] and validate["figures"]["models"] == 16


@pytest.mark.parametrize(
    ("payload", "field"),
    [
        ({"count": 0}, "count"),
        ({"count": 10**6}, "count"),
        ({"options": [{"option": 999999}]}, "options"),
        ({"warband": 999999}, "warband"),
    ],
)
def test_bad_entry_input_is_a_400_naming_the_field_and_changes_nothing(
    owner: User, catalogue: dict, payload: dict, field: str
) -> None:
    client = client_for(owner)
    body = build(client, catalogue)
    entry = Entry.objects.get(role=Entry.Role.FOLLOWER)
    before = (entry.count, list(EntryOption.objects.values_list("option_id", flat=True)))
    answer = client.patch(f"/api/entries/{entry.pk}/", payload, format="json")
    assert answer.status_code == 400
    assert field in answer.json()
    entry.refresh_from_db()
    assert (entry.count, list(EntryOption.objects.values_list("option_id", flat=True))) == before
    assert body["id"]


def test_an_option_of_another_profile_is_refused(owner: User, catalogue: dict) -> None:
    client = client_for(owner)
    build(client, catalogue)
    warband = Warband.objects.get()
    foreign = ProfileOption.objects.create(profile=catalogue["captain"], name="Horse", points=10)
    answer = client.post(
        f"/api/warbands/{warband.pk}/entries/",
        {"profile": catalogue["warrior"].pk, "options": [{"option": foreign.pk}]},
        format="json",
    )
    assert answer.status_code == 400 and "options" in answer.json()
    assert Entry.objects.count() == 2  # nothing half-saved


def test_a_profile_of_another_army_list_is_refused(owner: User, catalogue: dict) -> None:
    client = client_for(owner)
    build(client, catalogue)
    orc = ProfileFactory(name="Orc Warrior")
    warband = Warband.objects.get()
    answer = client.post(f"/api/warbands/{warband.pk}/entries/", {"profile": orc.pk}, format="json")
    assert answer.status_code == 400 and "profile" in answer.json()


def test_list_fields_are_checked(owner: User) -> None:
    client = client_for(owner)
    too_long = client.post("/api/lists/", {"name": "x" * 101}, format="json")
    assert too_long.status_code == 400 and "name" in too_long.json()
    zero = client.post("/api/lists/", {"name": "A", "points_limit": 0}, format="json")
    assert zero.status_code == 400 and "points_limit" in zero.json()
    assert ArmyList.objects.count() == 0


def test_another_user_and_anonymous_get_nothing(owner: User, other: User, catalogue: dict) -> None:
    body = build(client_for(owner), catalogue)
    army, entry = body["id"], Entry.objects.filter(role=Entry.Role.FOLLOWER).get().pk
    warband = Warband.objects.get().pk
    for client, missing in ((client_for(other), 404), (client_for(None), 403)):
        assert client.get(f"/api/lists/{army}/").status_code == missing
        assert client.get(f"/api/lists/{army}/validate/").status_code == missing
        assert (
            client.patch(f"/api/lists/{army}/", {"name": "Mine"}, format="json").status_code
            == missing
        )
        assert (
            client.patch(f"/api/entries/{entry}/", {"count": 2}, format="json").status_code
            == missing
        )
        assert client.delete(f"/api/warbands/{warband}/").status_code == missing
        assert client.delete(f"/api/lists/{army}/").status_code == missing
    assert client_for(other).get("/api/lists/").json() == []
    assert ArmyList.objects.get().name == "Patrol" and Entry.objects.count() == 2


def test_moving_an_entry_into_another_users_warband_is_refused(
    owner: User, other: User, catalogue: dict
) -> None:
    build(client_for(owner), catalogue)
    build(client_for(other), catalogue)
    mine = Entry.objects.filter(
        warband__contingent__army_list__owner=owner, role=Entry.Role.FOLLOWER
    ).get()
    theirs = Warband.objects.get(contingent__army_list__owner=other)
    answer = client_for(owner).patch(
        f"/api/entries/{mine.pk}/", {"warband": theirs.pk}, format="json"
    )
    assert answer.status_code == 400 and "warband" in answer.json()


def test_duplicate_copies_everything_for_the_owner(owner: User, catalogue: dict) -> None:
    client = client_for(owner)
    body = build(client, catalogue)
    copy = client.post(f"/api/lists/{body['id']}/duplicate/").json()
    assert copy["id"] != body["id"]
    for key in ("points", "models", "break_point", "might"):
        assert copy["figures"][key] == body["figures"][key]
    assert copy["name"] == "Patrol (copy)"
    assert Profile.objects.count() == 2


def test_a_token_from_the_api_authenticates_later_calls(owner: User) -> None:
    anonymous = APIClient()
    answer = anonymous.post("/api/auth/token/", {"username": "owner", "password": "pw-owner-123"})
    assert answer.status_code == 200
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {answer.json()['token']}")
    created = client.post("/api/lists/", {"name": "By token"}, format="json")
    assert created.status_code == 201 and ArmyList.objects.get().owner == owner
    wrong = anonymous.post("/api/auth/token/", {"username": "owner", "password": "nope"})
    assert wrong.status_code == 400 and "non_field_errors" in wrong.json()

"""Issue 25: options on a count of models, exclusive options, the undo stack and versions."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User
from rest_framework.test import APIClient

from armybuilder.models import ArmyListVersion
from profiles.models import ProfileOption, ProfileRule, SpecialRule
from tests.armybuilder.test_api import build, client_for
from tests.factories import FactionFactory

pytestmark = pytest.mark.django_db


def _warrior_row(body: dict[str, Any]) -> list[dict[str, Any]]:
    return body["contingents"][0]["warbands"][0]["entries"][1:]


def test_a_banner_on_2_of_12_splits_the_entry_and_costs_two_banners(
    owner: User, catalogue: dict
) -> None:
    client = client_for(owner)
    banner = ProfileOption.objects.create(profile=catalogue["warrior"], name="Banner", points=25)
    body = build(client, catalogue)  # 12 warriors with shields, 9 points each
    entry = _warrior_row(body)[0]["id"]
    answer = client.post(
        f"/api/entries/{entry}/option-models/", {"option": banner.pk, "models": 2}, format="json"
    )
    assert answer.status_code == 200, answer.json()
    rows = _warrior_row(answer.json())
    assert [(r["count"], sorted(o["name"] for o in r["options"])) for r in rows] == [
        (10, ["Shield"]),
        (2, ["Banner", "Shield"]),
    ]
    assert answer.json()["figures"]["points"] == 50 + 12 * 9 + 2 * 25
    # back to none: the two rejoin the ten (one entry of 12 again)
    split = rows[1]["id"]
    back = client.post(
        f"/api/entries/{split}/option-models/", {"option": banner.pk, "models": 0}, format="json"
    ).json()
    assert [(r["count"], len(r["options"])) for r in _warrior_row(back)] == [(12, 1)]


def test_option_models_bad_input_is_a_400(owner: User, catalogue: dict, other: User) -> None:
    client = client_for(owner)
    body = build(client, catalogue)
    entry = _warrior_row(body)[0]["id"]
    url = f"/api/entries/{entry}/option-models/"
    shield = catalogue["shield"].pk
    assert client.post(url, {"option": shield, "models": 13}, format="json").status_code == 400
    assert client.post(url, {"option": shield, "models": -1}, format="json").status_code == 400
    assert client.post(url, {"option": 999999, "models": 1}, format="json").status_code == 400
    assert client.post(url, {"option": "x"}, format="json").status_code == 400
    answer = client_for(other).post(url, {"option": shield, "models": 1}, format="json")
    assert answer.status_code == 404


def test_taking_a_mount_drops_the_other_mount(owner: User, catalogue: dict) -> None:
    """Horse and Armoured Horse exclude each other (ENTRY-MOUNT, CAV-PROF-01)."""
    client = client_for(owner)
    captain = catalogue["captain"]
    horse = ProfileOption.objects.create(profile=captain, name="Horse", points=10)
    armoured = ProfileOption.objects.create(profile=captain, name="Armoured Horse", points=15)
    body = build(client, catalogue)
    hero = body["contingents"][0]["warbands"][0]["entries"][0]["id"]
    url = f"/api/entries/{hero}/option-models/"
    client.post(url, {"option": horse.pk, "models": 1}, format="json")
    answer = client.post(url, {"option": armoured.pk, "models": 1}, format="json").json()
    card = answer["contingents"][0]["warbands"][0]["entries"][0]
    assert [o["name"] for o in card["options"]] == ["Armoured Horse"]
    assert card["card"]["move"] == 10
    # both at once through the plain options field: refused by validation, not silently kept
    both = [{"option": horse.pk}, {"option": armoured.pk}]
    answer = client.patch(f"/api/entries/{hero}/", {"options": both}, format="json").json()
    assert "ENTRY-MOUNT" in [b["rule_id"] for b in answer["breaches"]]


def test_undo_brings_back_a_removed_warband_and_its_followers(owner: User, catalogue: dict) -> None:
    client = client_for(owner)
    body = build(client, catalogue)
    warband = body["contingents"][0]["warbands"][0]["id"]
    removed = client.delete(f"/api/warbands/{warband}/").json()
    assert removed["contingents"][0]["warbands"] == []
    assert removed["undo"] == "Remove the warband of Captain of Minas Tirith (13 models)"
    undone = client.post(f"/api/lists/{body['id']}/undo/")
    assert undone.status_code == 200
    again = undone.json()
    assert again["undone"].startswith("Remove the warband")
    assert again["figures"]["models"] == 13 and again["figures"]["points"] == 50 + 12 * 9
    assert again["contingents"][0]["warbands"][0]["is_army_leader"] is True


def test_undo_with_nothing_left_is_a_400(owner: User, catalogue: dict) -> None:
    client = client_for(owner)
    created = client.post("/api/lists/", {"name": "Empty"}, format="json").json()
    answer = client.post(f"/api/lists/{created['id']}/undo/")
    assert answer.status_code == 400 and "undo" in answer.json()


def test_a_refused_change_leaves_no_undo_step(owner: User, catalogue: dict) -> None:
    client = client_for(owner)
    body = build(client, catalogue)
    steps = ArmyListVersion.objects.count()
    entry = _warrior_row(body)[0]["id"]
    assert client.patch(f"/api/entries/{entry}/", {"count": 0}, format="json").status_code == 400
    other_option = client.patch(
        f"/api/entries/{entry}/", {"options": [{"option": 999999}]}, format="json"
    )
    assert other_option.status_code == 400
    assert ArmyListVersion.objects.count() == steps


def test_versions_are_listed_and_an_old_one_restored(owner: User, catalogue: dict) -> None:
    client = client_for(owner)
    body = build(client, catalogue)
    entry = _warrior_row(body)[0]["id"]
    client.patch(f"/api/entries/{entry}/", {"count": 3}, format="json")
    versions = client.get(f"/api/lists/{body['id']}/versions/").json()
    assert [v["label"] for v in versions][:2] == [
        "Change 12 × Warrior of Minas Tirith",
        "Add 12 × Warrior of Minas Tirith",
    ]
    oldest = versions[-1]  # before the captain came: an empty contingent
    url = f"/api/lists/{body['id']}/versions/{oldest['id']}/restore/"
    restored = client.post(url).json()
    assert restored["figures"]["models"] == 0
    assert restored["undo"].startswith("Before restoring")
    back = client.post(f"/api/lists/{body['id']}/undo/").json()
    assert back["figures"]["models"] == 4


def test_versions_of_another_users_list_are_hidden(
    owner: User, other: User, catalogue: dict
) -> None:
    body = build(client_for(owner), catalogue)
    stranger = client_for(other)
    assert stranger.get(f"/api/lists/{body['id']}/versions/").status_code == 404
    assert stranger.post(f"/api/lists/{body['id']}/undo/").status_code == 404
    version = ArmyListVersion.objects.filter(army_list_id=body["id"]).first()
    assert version is not None
    url = f"/api/lists/{body['id']}/versions/{version.pk}/restore/"
    assert stranger.post(url).status_code == 404
    assert APIClient().post(f"/api/lists/{body['id']}/undo/").status_code in (401, 403)


def test_a_good_and_evil_list_is_never_called_convenient(owner: User, catalogue: dict) -> None:
    """The Figures box reads ``alliance``: with LIST-SIDES it says impossible, not convenient."""
    client = client_for(owner)
    body = build(client, catalogue)
    mordor = FactionFactory(name="Mordor", side="evil")
    answer = client.post(
        f"/api/lists/{body['id']}/contingents/", {"faction": mordor.pk}, format="json"
    ).json()
    assert "LIST-SIDES" in [b["rule_id"] for b in answer["breaches"]]
    assert answer["alliance"] == "impossible" == answer["figures"]["alliance"]


def test_each_entry_carries_its_rules_and_wargear_with_their_text(
    owner: User, catalogue: dict
) -> None:
    """Rules in view: the builder and print view read the texts from the list's JSON."""
    warrior = catalogue["warrior"]
    rule = SpecialRule.objects.create(
        release=warrior.release, name="Shieldwall", text="+1 Defence beside shields."
    )
    ProfileRule.objects.create(profile=warrior, rule=rule)
    SpecialRule.objects.create(release=warrior.release, name="Shield", text="+1 Defence.")
    body = build(client_for(owner), catalogue)  # 12 warriors with shields
    entry = _warrior_row(body)[0]
    assert entry["rules"] == [
        {"name": "Shieldwall", "kind": "unspecified", "text": "+1 Defence beside shields."}
    ]
    assert entry["wargear_rules"] == {"Shield": "+1 Defence."}

"""A complete legal list built through the REST API alone (issue 24, item 5).

Every id the client sends (army list, profiles, options, contingent, warband) is read from an
earlier API response: nothing comes from the database or the test's own knowledge of ids.
The catalogue is the shared community data, imported once for the module.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import User
from rest_framework.test import APIClient

from profiles.importers.battlescribe import parse_battlescribe
from profiles.models import DataRelease
from profiles.services import catalogue_import

pytestmark = [pytest.mark.bsdata, pytest.mark.django_db]


@pytest.fixture(scope="module")
def release(
    django_db_setup: None, django_db_blocker: Any, bsdata_dir: Path
) -> Iterator[DataRelease]:
    with django_db_blocker.unblock():
        files = {path.name: path.read_bytes() for path in sorted(bsdata_dir.iterdir())}
        report = catalogue_import(data=parse_battlescribe([bsdata_dir]), files=files)
    yield report.release
    with django_db_blocker.unblock():
        report.release.delete()


@pytest.fixture
def api() -> APIClient:
    client = APIClient()
    client.force_authenticate(User.objects.create(username="client"))
    return client


def _ok(response: Any, status: int = 200) -> Any:
    assert response.status_code == status, response.content
    return response.json()


def _profile(api: APIClient, faction_id: int, name: str) -> dict[str, Any]:
    """Find a profile by name in the list endpoint, then read its detail (with options)."""
    rows = _ok(api.get("/api/profiles/", {"faction": faction_id, "name": name}))["results"]
    row = next(r for r in rows if r["name"] == name)
    return _ok(api.get(f"/api/profiles/{row['id']}/"))


def _option(profile: dict[str, Any], name: str) -> dict[str, int]:
    option = next(o for o in profile["options"] if o["name"] == name)
    return {"option": option["id"], "count": 1}


def test_a_client_builds_a_legal_list_from_api_answers_only(
    release: DataRelease, api: APIClient
) -> None:
    factions = _ok(api.get("/api/factions/", {"name": "Minas Tirith"}))["results"]
    minas_tirith = next(f for f in factions if f["release"]["source"] == "battlescribe")
    faramir = _profile(api, minas_tirith["id"], "Faramir, Captain of Gondor")
    warrior = _profile(api, minas_tirith["id"], "Warrior of Minas Tirith")

    army = _ok(
        api.post(
            "/api/lists/",
            {"name": "API only", "points_limit": 200, "factions": [minas_tirith["id"]]},
            format="json",
        ),
        201,
    )
    contingent = army["contingents"][0]["id"]
    captain = {"contingent": contingent, "captain": faramir["id"]}
    army = _ok(
        api.post(
            f"/api/lists/{army['id']}/warbands/",
            {**captain, "options": [_option(faramir, "Horse")]},
            format="json",
        ),
        201,
    )
    warband = army["contingents"][0]["warbands"][0]["id"]
    _ok(
        api.post(
            f"/api/warbands/{warband}/entries/",
            {"profile": warrior["id"], "count": 8, "options": [_option(warrior, "Shield")]},
            format="json",
        ),
        201,
    )
    verdict = _ok(api.get(f"/api/lists/{army['id']}/validate/"))
    assert verdict["breaches"] == []
    assert verdict["figures"]["points"] == 80 + 10 + 8 * (7 + 1)
    assert verdict["figures"]["models"] == 9


def test_the_openapi_schema_shows_option_ids(api: APIClient) -> None:
    schema = api.get("/api/schema/", {"format": "json"})
    assert schema.status_code == 200
    body = schema.json()
    option = body["components"]["schemas"]["Option"]
    assert "id" in option["properties"] and "id" in option.get("required", [])
    assert "characteristic_notes" in body["components"]["schemas"]["ProfileDetail"]["properties"]


def test_army_bonus_and_legendary_legions_through_the_api(
    release: DataRelease, api: APIClient
) -> None:
    """Imported army lists show their army bonus text; a contingent takes a Legendary Legion
    by an id read from the faction's detail, and the legion's restrictions then apply."""
    factions = _ok(api.get("/api/factions/", {"name": "Isengard"}))["results"]
    isengard = next(f for f in factions if f["release"]["source"] == "battlescribe")
    assert isengard["army_bonus"] and all(rule["text"] for rule in isengard["army_bonus"])
    detail = _ok(api.get(f"/api/factions/{isengard['id']}/"))
    scouts = next(legion for legion in detail["legions"] if legion["name"] == "Uglúk's Scouts")
    assert scouts["rules"]
    ugluk = _profile(api, isengard["id"], "Uglúk")
    warrior = _profile(api, isengard["id"], "Uruk-hai Warrior")
    army = _ok(
        api.post("/api/lists/", {"name": "Legion", "factions": [isengard["id"]]}, format="json"),
        201,
    )
    contingent = army["contingents"][0]
    assert contingent["army_bonus"] == isengard["army_bonus"]
    army = _ok(
        api.post(
            f"/api/lists/{army['id']}/warbands/",
            {"contingent": contingent["id"], "captain": ugluk["id"]},
            format="json",
        ),
        201,
    )
    warband = army["contingents"][0]["warbands"][0]["id"]
    _ok(
        api.post(f"/api/warbands/{warband}/entries/", {"profile": warrior["id"]}, format="json"),
        201,
    )
    figures = _ok(api.get(f"/api/lists/{army['id']}/validate/"))["figures"]["contingents"][0]
    assert figures["army_bonus"] and not figures["legion"]
    army = _ok(
        api.patch(f"/api/contingents/{contingent['id']}/", {"legion": scouts["id"]}, format="json")
    )
    assert army["contingents"][0]["legion"]["name"] == "Uglúk's Scouts"
    assert [b["rule_id"] for b in army["breaches"]] == ["BS-HIDDEN"]
    assert army["figures"]["contingents"][0]["legion"] == "Uglúk's Scouts"


def test_a_legion_of_another_army_or_another_users_contingent_is_refused(
    release: DataRelease, api: APIClient
) -> None:
    mordor = release.factions.get(name="Mordor")
    isengard = release.factions.get(name="Isengard")
    army = _ok(
        api.post("/api/lists/", {"name": "L", "factions": [isengard.pk]}, format="json"), 201
    )
    contingent = army["contingents"][0]["id"]
    foreign = mordor.legions.first()
    assert foreign is not None
    refused = api.patch(f"/api/contingents/{contingent}/", {"legion": foreign.pk}, format="json")
    assert refused.status_code == 400 and "legion" in refused.json()
    stranger = APIClient()
    stranger.force_authenticate(User.objects.create(username="stranger"))
    hidden = stranger.patch(f"/api/contingents/{contingent}/", {"legion": None}, format="json")
    assert hidden.status_code == 404

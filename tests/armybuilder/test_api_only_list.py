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

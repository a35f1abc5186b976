"""The army-list and game-day APIs answer what their OpenAPI schema documents (issue 23,
item 4: no endpoint documented as a bare ``dict``): every answer of a list's life, from
creation to undo, restore and a recorded game, and their errors, validated against the
schema the site serves."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User

from armybuilder.models import ArmyListVersion
from tests.api_answers import assert_documented, spec
from tests.armybuilder.test_api import client_for

pytestmark = pytest.mark.django_db
__all__ = ["spec"]  # the fixture


def test_every_list_answer_matches_the_schema(
    spec: dict[str, Any], owner: User, catalogue: dict[str, Any]
) -> None:
    check = _checker(spec, owner)
    created = check(
        "/api/lists/", "post", 201, {"name": "P", "factions": [catalogue["faction"].pk]}
    )
    pk, contingent = created["id"], created["contingents"][0]["id"]
    check("/api/lists/", "get", 200)
    check("/api/lists/{id}/", "get", 200, pk=pk)
    check("/api/lists/{id}/", "patch", 200, {"notes": "Gate"}, pk=pk)
    check("/api/lists/{id}/", "patch", 400, {"points_limit": 0}, pk=pk)
    check("/api/contingents/{id}/", "patch", 200, {"legion": None}, pk=contingent)
    body = check(
        "/api/lists/{id}/warbands/",
        "post",
        201,
        {"contingent": contingent, "captain": catalogue["captain"].pk},
        pk=pk,
    )
    warband = body["contingents"][0]["warbands"][0]["id"]
    warriors = {"profile": catalogue["warrior"].pk, "count": 16}
    body = check("/api/warbands/{id}/entries/", "post", 201, warriors, pk=warband)
    entry = body["contingents"][0]["warbands"][0]["entries"][1]
    assert entry["card"]["fight_shoot"] and body["breaches"], "a breach to document"
    check("/api/entries/{id}/", "patch", 200, {"count": 12}, pk=entry["id"])
    shield = {"option": catalogue["shield"].pk, "models": 4}
    check("/api/entries/{id}/option-models/", "post", 200, shield, pk=entry["id"])
    check("/api/warbands/{id}/", "patch", 200, {"is_army_leader": True}, pk=warband)
    check("/api/lists/{id}/validate/", "get", 200, pk=pk)
    check("/api/lists/{id}/versions/", "get", 200, pk=pk)
    undone = check("/api/lists/{id}/undo/", "post", 200, pk=pk)
    assert undone["undone"]
    version = ArmyListVersion.objects.filter(army_list_id=pk).first()  # the newest
    assert version is not None
    restore = "/api/lists/{id}/versions/{version}/restore/"
    body = check(restore, "post", 200, pk=pk, version=version.pk)
    check("/api/lists/{id}/duplicate/", "post", 201, pk=pk)
    warband = body["contingents"][0]["warbands"][0]  # a restore makes the rows anew
    check("/api/entries/{id}/", "delete", 200, pk=warband["entries"][-1]["id"])
    check("/api/warbands/{id}/", "delete", 200, pk=warband["id"])
    check("/api/lists/{id}/", "get", 404, pk=10**6)
    check("/api/lists/{id}/", "delete", 204, pk=pk)


def test_every_game_answer_matches_the_schema(
    spec: dict[str, Any], owner: User, catalogue: dict[str, Any]
) -> None:
    check = _checker(spec, owner)
    pk = check("/api/lists/", "post", 201, {"name": "P", "factions": [catalogue["faction"].pk]})[
        "id"
    ]
    game = check("/api/lists/{id}/games/", "post", 201, pk=pk)
    check("/api/games/{id}/", "get", 200, pk=game["id"])
    check("/api/games/{id}/", "put", 200, {"sheet": {**game["sheet"], "turn": 3}}, pk=game["id"])
    check("/api/games/{id}/", "put", 400, {"sheet": "not a sheet"}, pk=game["id"])
    result = {"result": "won", "opponent": "Mordor"}
    check("/api/games/{id}/result/", "post", 200, result, pk=game["id"])
    record = check("/api/lists/{id}/games/", "get", 200, pk=pk)
    assert record["record"]["won"] == 1
    check("/api/games/{id}/", "get", 404, pk=10**6)


def _checker(spec: dict[str, Any], user: User) -> Any:
    """A caller that sends a request as ``user`` and checks its answer against the schema."""
    client = client_for(user)

    def check(path: str, method: str, status: int, data: Any = None, **ids: int) -> dict[str, Any]:
        url = path.replace("{id}", str(ids.get("pk", ""))).replace(
            "{version}", str(ids.get("version", ""))
        )
        answer = getattr(client, method)(url, data, format="json")
        assert_documented(spec, path, method, answer, status)
        return answer.json() if answer.content else {}

    return check

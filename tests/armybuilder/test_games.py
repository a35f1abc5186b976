"""Game day (issue 25): a list becomes a sheet, saved field by field, then a result."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client

from armybuilder.games import simulated_record
from armybuilder.models import ArmyList, Game
from battlesim.models import BattleResult, SimulationJob
from tests.armybuilder.test_api import build, client_for

pytestmark = pytest.mark.django_db


def start(client: Any, list_id: int) -> dict[str, Any]:
    answer = client.post(f"/api/lists/{list_id}/games/")
    assert answer.status_code == 201, answer.json()
    return answer.json()


def test_a_list_becomes_a_sheet_with_its_heroes_and_break_point(
    owner: User, catalogue: dict
) -> None:
    client = client_for(owner)
    body = build(client, catalogue)  # a captain (Might 2) and 12 warriors
    game = start(client, body["id"])
    assert game["roster"]["models"] == 13 and game["roster"]["break_point"] == 6.5
    (hero,) = game["roster"]["heroes"]
    assert hero["name"] == "Captain of Minas Tirith" and hero["start"]["might"] == 2
    assert game["sheet"]["heroes"][hero["key"]]["might"] == 2
    assert game["sheet"]["turn"] == 1 and game["sheet"]["casualties"] == 0


def test_the_sheet_is_saved_and_a_result_recorded(owner: User, catalogue: dict) -> None:
    client = client_for(owner)
    body = build(client, catalogue)
    game = start(client, body["id"])
    key = game["roster"]["heroes"][0]["key"]
    sheet = game["sheet"]
    sheet["heroes"][key].update(wounds=1, might=0)
    sheet.update(turn=4, casualties=7, notes="Lost the bridge")
    saved = client.put(f"/api/games/{game['id']}/", {"sheet": sheet}, format="json")
    assert saved.status_code == 200 and saved.json()["revision"] == 1
    assert Game.objects.get().sheet["casualties"] == 7
    result = client.post(
        f"/api/games/{game['id']}/result/", {"result": "lost", "opponent": "Sam"}, format="json"
    )
    assert result.status_code == 200 and result.json()["result"] == "lost"
    games = client.get(f"/api/lists/{body['id']}/games/").json()
    assert games["record"] == {"won": 0, "drew": 0, "lost": 1} and games["win_rate"] == 0
    assert games["simulated"]["battles"] == 0
    again = client.put(f"/api/games/{game['id']}/", {"sheet": sheet}, format="json")
    assert again.status_code == 400  # a finished game keeps its sheet


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"turn": 0}, "turn"),
        ({"turn": "2"}, "turn"),
        ({"casualties": 14}, "casualties"),
        ({"casualties": -1}, "casualties"),
        ({"notes": "x" * 4001}, "notes"),
        ({"notes": None}, "notes"),
        ({"extra": 1}, "sheet"),
        ({"heroes": {}}, "heroes"),
    ],
)
def test_a_bad_sheet_is_a_400_naming_the_field(
    owner: User, catalogue: dict, change: dict, field: str
) -> None:
    client = client_for(owner)
    game = start(client, build(client, catalogue)["id"])
    sheet = {**game["sheet"], **change}
    answer = client.put(f"/api/games/{game['id']}/", {"sheet": sheet}, format="json")
    assert answer.status_code == 400 and field in answer.json(), answer.json()


def test_a_hero_value_above_its_start_is_refused(owner: User, catalogue: dict) -> None:
    client = client_for(owner)
    game = start(client, build(client, catalogue)["id"])
    key = game["roster"]["heroes"][0]["key"]
    game["sheet"]["heroes"][key]["might"] = 3  # starts with 2
    answer = client.put(f"/api/games/{game['id']}/", {"sheet": game["sheet"]}, format="json")
    assert answer.status_code == 400 and f"heroes.{key}.might" in answer.json()
    assert client.put(f"/api/games/{game['id']}/", {}, format="json").status_code == 400


@pytest.mark.parametrize(
    "payload", [{"result": "won"}, {"result": "maybe", "opponent": "x"}, {"opponent": "x"}]
)
def test_a_bad_result_is_a_400(owner: User, catalogue: dict, payload: dict) -> None:
    client = client_for(owner)
    game = start(client, build(client, catalogue)["id"])
    answer = client.post(f"/api/games/{game['id']}/result/", payload, format="json")
    assert answer.status_code == 400
    blank = client.post(
        f"/api/games/{game['id']}/result/", {"result": "won", "opponent": "  "}, format="json"
    )
    assert blank.status_code == 400 and "opponent" in blank.json()


def test_nobody_else_reaches_a_game(owner: User, other: User, catalogue: dict) -> None:
    client = client_for(owner)
    body = build(client, catalogue)
    game = start(client, body["id"])
    stranger = client_for(other)
    assert stranger.get(f"/api/games/{game['id']}/").status_code == 404
    put = stranger.put(f"/api/games/{game['id']}/", {"sheet": game["sheet"]}, format="json")
    assert put.status_code == 404
    result = {"result": "won", "opponent": "me"}
    assert (
        stranger.post(f"/api/games/{game['id']}/result/", result, format="json").status_code == 404
    )
    assert stranger.post(f"/api/lists/{body['id']}/games/").status_code == 404
    assert stranger.get(f"/api/lists/{body['id']}/games/").status_code == 404
    page = Client()
    page.force_login(other)
    assert page.get(f"/lists/games/{game['id']}/").status_code == 404
    assert page.get(f"/lists/{body['id']}/games/").status_code == 404
    assert page.post(f"/lists/{body['id']}/games/start/").status_code == 404
    assert Client().get(f"/lists/games/{game['id']}/").status_code == 302  # to log in


def test_the_pages_render_for_the_owner(owner: User, catalogue: dict) -> None:
    client = client_for(owner)
    body = build(client, catalogue)
    page = Client()
    page.force_login(owner)
    started = page.post(f"/lists/{body['id']}/games/start/")
    assert started.status_code == 302
    sheet = page.get(started["Location"])
    assert sheet.status_code == 200 and b"game-data" in sheet.content
    listing = page.get(f"/lists/{body['id']}/games/")
    assert listing.status_code == 200 and b"Simulated win rate" in listing.content
    worker = page.get("/lists/games/sw.js")
    assert worker.status_code == 200 and worker["Content-Type"].startswith("text/javascript")
    assert page.get(f"/lists/{body['id']}/").status_code == 200
    assert page.get(f"/lists/{body['id']}/print/").status_code == 200


def test_the_record_stands_beside_the_simulated_win_rate(owner: User, catalogue: dict) -> None:
    """The owner's SBG jobs with a force of the list's name: seat 1 won 3 of 4 battles."""
    body = build(client_for(owner), catalogue)
    job = SimulationJob.objects.create(
        owner=owner,
        game="sbg",
        options={"forces": [{"name": "Someone else"}, {"name": "Patrol"}]},
        seed=1,
        battles=4,
        battles_done=4,
    )
    for index, winner in enumerate(["1", "1", "0", "1"]):
        BattleResult.objects.create(
            job=job, index=index, seed=index, winner=winner, termination="break"
        )
    army = ArmyList.objects.get(pk=body["id"])
    simulated = simulated_record(army=army)
    assert (simulated.battles, simulated.won, simulated.win_rate) == (4, 3, 0.75)
    answer = client_for(owner).get(f"/api/lists/{army.pk}/games/").json()
    assert answer["simulated"] == {"battles": 4, "win_rate": 0.75}

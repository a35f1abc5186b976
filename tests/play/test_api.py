"""The tables' API: whole games against AI seats, who may act and see what, bad input.

Tasks run eagerly here (tests/conftest.py), so the AI seats move within the request; the
worker path is covered by tests/play/test_worker.py.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from rest_framework.test import APIClient

from battlesim.play.models import Table
from battlesim.play.runner import advance
from battlesim.play.tasks import table_ai_play
from tests.play.helpers import plain_choice

pytestmark = pytest.mark.django_db(transaction=True)

GAMES: dict[str, dict[str, Any]] = {
    "monopoly": {
        "settings": {"variant": "quick", "one_ring": True},
        "ai": ["acquisitive", "cautious"],
    },
    "risk": {"settings": {"turn_limit": 6}, "ai": ["aggressive"]},
    "rotk": {"settings": {}, "ai": ["greedy", "racer"]},
}


@pytest.fixture
def alice() -> User:
    return User.objects.create_user("alice", password="pw-alice-123")


@pytest.fixture
def bob() -> User:
    return User.objects.create_user("bob", password="pw-bob-123")


def api(user: User) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


def create(
    user: User, game: str, seats: list[dict[str, str]] | None = None, seed: int = 7
) -> dict[str, Any]:
    spec = GAMES[game]
    seats = seats or [{"kind": "me"}] + [{"kind": "ai", "strategy": s} for s in spec["ai"]]
    response = api(user).post(
        "/api/play/tables/",
        {"game": game, "seats": seats, "settings": spec["settings"], "seed": seed},
        format="json",
    )
    assert response.status_code == 201, response.content
    return response.json()


def act(user: User, state: dict[str, Any], choice: Any, **override: Any) -> Any:
    body = {
        "seat": state["prompt"]["seat"],
        "version": state["version"],
        "choice": choice,
        **override,
    }
    return api(user).post(f"/api/play/tables/{state['id']}/actions/", body, format="json")


def play_to_end(user: User, state: dict[str, Any], limit: int = 400) -> dict[str, Any]:
    for _ in range(limit):
        if state["status"] == "finished":
            return state
        assert state["prompt"] is not None, state
        response = act(user, state, plain_choice(state["prompt"]))
        assert response.status_code == 200, response.content
        state = response.json()
    raise AssertionError("the game did not end")


def snapshot(table_id: int) -> dict[str, Any]:
    row = Table.objects.get(pk=table_id)
    return copy.deepcopy(
        {"version": row.version, "decisions": row.decisions, "view": row.view, "status": row.status}
    )


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_person_plays_a_whole_game_against_ai_seats(alice: User, game: str) -> None:
    state = play_to_end(alice, create(alice, game))
    row = Table.objects.get(pk=state["id"])
    assert row.status == "finished" and row.termination
    assert any(line["kind"] == "game_over" for line in state["log"])
    assert len(row.decisions) > 3
    # the finished game opens in the replay viewer
    client = Client()
    client.force_login(alice)
    page = client.get(f"/play/tables/{row.pk}/replay/")
    assert page.status_code == 200 and b"events-data" in page.content


@pytest.mark.parametrize("game", sorted(GAMES))
def test_bad_actions_get_4xx_and_change_nothing(alice: User, bob: User, game: str) -> None:
    state = create(alice, game)
    before = snapshot(state["id"])
    legal = plain_choice(state["prompt"])
    stale = act(alice, state, legal, version=state["version"] - 1)
    assert stale.status_code == 409 and "stale" in stale.json()["detail"]
    illegal = act(alice, state, "no-such-option")
    assert illegal.status_code == 400 and "illegal" in illegal.json()["detail"]
    forged = act(alice, state, legal, seat=1)  # an AI seat
    assert forged.status_code == 403
    stranger = act(bob, state, legal)
    assert stranger.status_code == 404
    assert snapshot(state["id"]) == before
    finished = play_to_end(alice, state)
    after = snapshot(state["id"])
    late = api(alice).post(
        f"/api/play/tables/{state['id']}/actions/",
        {"seat": 0, "version": finished["version"], "choice": legal},
        format="json",
    )
    assert late.status_code == 409 and "over" in late.json()["detail"]
    assert snapshot(state["id"]) == after


def test_an_illegal_form_is_refused_by_the_engine(alice: User) -> None:
    state = create(alice, "monopoly", seed=11)
    while state["prompt"]["kind"] != "trade":
        state = act(alice, state, plain_choice(state["prompt"])).json()
    before = snapshot(state["id"])
    theirs = state["view"]["owner"].index(1)  # a deed of player 2, asked of player 3
    bad = act(alice, state, {"partner": 2, "take": [theirs], "give_cash": 10})
    assert bad.status_code == 400, bad.content
    assert snapshot(state["id"]) == before


def test_risk_hides_other_seats_cards_from_page_and_api(alice: User, bob: User) -> None:
    state = create(alice, "risk", seats=[{"kind": "me"}, {"kind": "open"}])
    assert state["status"] == "open" and state["invite"]
    joined = api(bob).post(
        f"/api/play/tables/{state['id']}/join/", {"token": state["invite"]}, format="json"
    )
    assert joined.status_code == 200
    row = Table.objects.get(pk=state["id"])
    assert row.status == "active"
    full = row.view["players"]
    for user, seat in ((alice, 0), (bob, 1)):
        seen = api(user).get(f"/api/play/tables/{row.pk}/", {"seat": 1 - seat}).json()
        assert seen["viewing_seat"] == seat  # asking for the other seat gives one's own
        players = seen["view"]["players"]
        assert players[seat]["cards"] == full[seat]["cards"]
        assert players[seat]["adventures"] == full[seat]["adventures"]
        assert players[1 - seat]["cards"] == len(full[1 - seat]["cards"])
        assert players[1 - seat]["adventures"] == len(full[1 - seat]["adventures"])
        client = Client()
        client.force_login(user)
        page = client.get(f"/play/tables/{row.pk}/").content.decode()
        for hidden in full[1 - seat]["adventures"]:
            if hidden not in full[seat]["adventures"]:
                assert hidden not in page


def test_no_one_reads_or_joins_without_the_link(alice: User, bob: User) -> None:
    state = create(
        alice, "rotk", seats=[{"kind": "me"}, {"kind": "open"}, {"kind": "ai", "strategy": "gate"}]
    )
    assert api(bob).get(f"/api/play/tables/{state['id']}/").status_code == 404
    client = Client()
    client.force_login(bob)
    assert client.get(f"/play/tables/{state['id']}/").status_code == 404
    wrong = api(bob).post(
        f"/api/play/tables/{state['id']}/join/", {"token": "guess"}, format="json"
    )
    assert wrong.status_code == 404
    assert Table.objects.get(pk=state["id"]).status == "open"


@pytest.mark.parametrize(
    ("body", "status"),
    [
        ({"game": "chess", "seats": [{"kind": "me"}]}, 400),
        ({"game": "risk", "seats": [{"kind": "ai", "strategy": "aggressive"}] * 2}, 400),
        ({"game": "risk", "seats": [{"kind": "me"}]}, 400),
        ({"game": "risk", "seats": [{"kind": "me"}, {"kind": "robot"}]}, 400),
        ({"game": "risk", "seats": [{"kind": "me"}, {"kind": "ai", "strategy": "nope"}]}, 400),
        ({"game": "monopoly", "seats": [{"kind": "me"}] * 2, "settings": {"variant": "fast"}}, 400),
    ],
)
def test_bad_tables_are_refused(alice: User, body: dict[str, Any], status: int) -> None:
    response = api(alice).post("/api/play/tables/", body, format="json")
    assert response.status_code == status
    assert "detail" in response.json() or response.json()
    assert not Table.objects.exists()


def test_the_schema_documents_the_play_api(alice: User) -> None:
    schema = api(alice).get("/api/schema/", {"format": "json"}).json()
    assert "/api/play/tables/{id}/actions/" in schema["paths"]
    assert "PlayAction" in schema["components"]["schemas"]


def test_hot_seat_shows_the_hidden_cards_of_the_seat_to_play_only(alice: User) -> None:
    state = create(alice, "risk", seats=[{"kind": "me"}, {"kind": "me"}])
    assert state["my_seats"] == [0, 1]
    full = Table.objects.get(pk=state["id"]).view["players"]
    for _ in range(4):  # the claims alternate between the two seats
        seat = state["prompt"]["seat"]
        assert state["viewing_seat"] == seat
        players = state["view"]["players"]
        assert players[seat]["adventures"] == full[seat]["adventures"]
        assert players[1 - seat]["adventures"] == len(full[1 - seat]["adventures"])
        state = act(alice, state, plain_choice(state["prompt"])).json()


def test_the_saved_record_alone_rebuilds_the_table(alice: User) -> None:
    """What survives a restart is the row: seed, settings, seats and decisions."""
    state = create(alice, "rotk")
    for _ in range(5):
        state = act(alice, state, plain_choice(state["prompt"])).json()
    row = Table.objects.get(pk=state["id"])
    seats = [s.strategy or None for s in row.seats.order_by("index")]
    again = advance(row.game, row.seed, row.settings, seats, row.decisions, stop_at_ai=False)
    assert again.events == row.events
    assert again.prompt is not None and again.prompt.to_json() == row.prompt


def test_the_list_of_tables_resumes_a_game_and_the_form_refuses_bad_seats(alice: User) -> None:
    state = create(alice, "monopoly")
    client = Client()
    client.force_login(alice)
    listing = client.get("/play/").content.decode()
    assert f"/play/tables/{state['id']}/" in listing and "Resume" in listing
    page = client.get(f"/play/tables/{state['id']}/")
    assert page.status_code == 200 and b"state-data" in page.content
    bad = client.post(
        "/play/risk/", {"seat0": "me", "seat1": "robot", "turn_limit": "8"}, follow=True
    )
    assert bad.status_code == 200 and b"a seat is" in bad.content
    unknown = client.post(
        "/play/risk/", {"seat0": "me", "seat1": "ai:aggressive", "turn_limit": "9999"}
    )
    assert unknown.status_code == 200 and b"turn_limit" in unknown.content
    assert Table.objects.count() == 1
    assert client.get("/play/chess/").status_code == 404


def test_a_worker_that_cannot_move_the_ai_says_why_on_the_table(alice: User) -> None:
    state = create(alice, "monopoly")
    row = Table.objects.get(pk=state["id"])
    row.decisions = [{"seat": 0, "kind": "no-such-question", "choice": "x"}]  # a corrupt record
    row.ai_seat = 1
    row.save()
    table_ai_play.apply(args=(row.pk, row.version), throw=False)
    seen = api(alice).get(f"/api/play/tables/{row.pk}/").json()
    assert "DivergedError" in seen["error"]

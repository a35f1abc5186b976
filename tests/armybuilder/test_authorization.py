"""The authorization matrix: every army-list page and endpoint for its owner, another user
and an anonymous visitor. Another user always gets 404 (a list's existence is private); a
visitor is sent to log in (pages) or refused (API); nothing changes for either."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import get_resolver

from armybuilder import games, history, services
from armybuilder.models import ArmyList, Entry, Game, Warband
from profiles.models import ProfileOption
from tests.factories import FactionFactory, HeroProfileFactory, ProfileFactory

pytestmark = pytest.mark.django_db

# (method, url pattern, body) for every route that names a list, warband or entry.
PAGES = [
    ("get", "/lists/{list}/"),
    ("get", "/lists/{list}/print/"),
    ("get", "/lists/{list}/export.txt"),
    ("get", "/lists/{list}/export.json"),
    ("get", "/lists/{list}/export.ros"),
    ("get", "/lists/{list}/export.rosz"),
    ("post", "/lists/{list}/share/"),
    ("post", "/lists/{list}/duplicate/"),
    ("get", "/lists/{list}/delete/"),
    ("get", "/lists/{list}/games/"),
    ("post", "/lists/{list}/games/start/"),
    ("get", "/lists/games/{game}/"),
    ("post", "/lists/{list}/delete/"),
]
API = [
    ("get", "/api/lists/{list}/", None),
    ("patch", "/api/lists/{list}/", {"name": "Mine"}),
    ("delete", "/api/lists/{list}/", None),
    ("get", "/api/lists/{list}/validate/", None),
    ("post", "/api/lists/{list}/duplicate/", None),
    ("post", "/api/lists/{list}/contingents/", {"faction": "{faction}"}),
    ("post", "/api/lists/{list}/warbands/", {"contingent": "{contingent}", "captain": "{hero}"}),
    ("patch", "/api/warbands/{warband}/", {"is_army_leader": True}),
    ("delete", "/api/warbands/{warband}/", None),
    ("post", "/api/warbands/{warband}/entries/", {"profile": "{warrior}"}),
    ("patch", "/api/entries/{entry}/", {"count": 3}),
    ("post", "/api/entries/{entry}/option-models/", {"option": "{option}", "models": 2}),
    ("get", "/api/lists/{list}/versions/", None),
    ("post", "/api/lists/{list}/versions/{version}/restore/", None),
    ("post", "/api/lists/{list}/undo/", None),
    ("get", "/api/lists/{list}/games/", None),
    ("post", "/api/lists/{list}/games/", None),
    ("get", "/api/games/{game}/", None),
    ("put", "/api/games/{game}/", {"sheet": "{sheet}"}),
    ("post", "/api/games/{game}/result/", {"result": "won", "opponent": "Sam"}),
    ("delete", "/api/entries/{entry}/", None),
]


@pytest.fixture
def world() -> dict[str, Any]:
    owner = User.objects.create_user("owner", password="pw-owner-123")
    other = User.objects.create_user("other", password="pw-other-123")
    faction = FactionFactory(name="Minas Tirith")
    ally = FactionFactory(name="The Rangers")
    hero = HeroProfileFactory(faction=faction, heroic_tier="valour", unique=False)
    warrior = ProfileFactory(faction=faction)
    army = services.army_list_create(owner=owner, name="Private", factions=[faction])
    warband = services.warband_add(contingent=army.contingents.get(), captain=hero)
    entry = services.entry_add(warband=warband, profile=warrior, count=5)
    option = ProfileOption.objects.create(profile=warrior, name="Banner", points=25)
    game = games.game_start(army=army)
    version = history.version_record(army=army, label="Before the test")
    history.version_record(army=army, label="Another step to undo")
    ids = {
        "option": option.pk,
        "game": game.pk,
        "version": version.pk,
        "list": army.pk,
        "warband": warband.pk,
        "entry": entry.pk,
        "faction": ally.pk,
        "contingent": army.contingents.get().pk,
        "hero": hero.pk,
        "warrior": warrior.pk,
    }
    return {"owner": owner, "other": other, "ids": ids, "sheet": game.sheet}


def fill(template: Any, ids: dict[str, int]) -> Any:
    if isinstance(template, str):
        text = template.format(**ids)
        return int(text) if text.isdigit() and template.startswith("{") else text
    if isinstance(template, dict):
        return {key: fill(value, ids) for key, value in template.items()}
    return template


def snapshot() -> tuple[Any, ...]:
    army = ArmyList.objects.values_list("name", "share_token").get()
    return (
        army,
        list(Warband.objects.values_list("pk", "is_army_leader")),
        list(Entry.objects.values_list("pk", "count")),
        ArmyList.objects.count(),
        list(Game.objects.values_list("pk", "revision", "result")),
    )


def client_for(user: User | None) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


@pytest.mark.parametrize(("method", "url"), PAGES)
def test_pages_hide_a_list_from_others(world: dict[str, Any], method: str, url: str) -> None:
    path = url.format(**world["ids"])
    before = snapshot()
    assert getattr(client_for(world["other"]), method)(path).status_code == 404
    visitor = getattr(client_for(None), method)(path)
    assert visitor.status_code == 302 and visitor["Location"].startswith("/accounts/login/")
    assert snapshot() == before
    assert getattr(client_for(world["owner"]), method)(path).status_code in {200, 302}


@pytest.mark.parametrize(("method", "url", "body"), API)
def test_endpoints_hide_a_list_from_others(
    world: dict[str, Any], method: str, url: str, body: dict[str, Any] | None
) -> None:
    sheet = body is not None and body.get("sheet") == "{sheet}"
    path, data = url.format(**world["ids"]), fill(None if sheet else body, world["ids"])
    data = {"sheet": world["sheet"]} if sheet else data
    before = snapshot()
    for user, expected in ((world["other"], 404), (None, 403)):
        call = getattr(client_for(user), method)
        answer = call(path, data, content_type="application/json") if data else call(path)
        assert answer.status_code == expected, (user, method, path)
    assert snapshot() == before
    call = getattr(client_for(world["owner"]), method)
    answer = call(path, data, content_type="application/json") if data else call(path)
    assert answer.status_code in {200, 201, 204}, answer.content


def test_every_list_route_is_in_the_matrix() -> None:
    """A new page or endpoint that names a list, warband or entry must be added above."""
    prefixes = ("/lists/", "/api/lists/", "/api/warbands/", "/api/entries/", "/api/games/")
    found = set()
    for include in get_resolver().url_patterns:
        for pattern in getattr(include, "url_patterns", []):
            route = f"/{include.pattern}{pattern.pattern}"
            if "<int:pk>" in route and route.startswith(prefixes):
                found.add(re.sub(r"<int:\w+>", "{}", route))
    listed = {re.sub(r"\{\w+\}", "{}", url) for _, url in PAGES}
    listed |= {re.sub(r"\{\w+\}", "{}", url) for _, url, _ in API}
    assert found == listed

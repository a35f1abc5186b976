"""Game-day pages: a list's games and record, and the game sheet for a phone at the table.

The sheet page works offline once opened: its script keeps the sheet on the device and
sends it when the signal is back; a small service worker keeps the page and its files.
"""

from __future__ import annotations

import json

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.templatetags.static import static
from django.urls import reverse
from django.views.decorators.http import require_POST

from armybuilder import games
from armybuilder.selectors import army_list_get_for_user, game_get_for_user


@login_required
def list_games(request: HttpRequest, pk: int) -> HttpResponse:
    army = army_list_get_for_user(user=request.user, pk=pk)
    context = {
        "army": army,
        "games": army.games.all(),
        "record": games.list_record(army=army),
        "simulated": games.simulated_record(army=army),
    }
    return render(request, "armybuilder/games.html", context)


@login_required
@require_POST
def game_start(request: HttpRequest, pk: int) -> HttpResponse:
    army = army_list_get_for_user(user=request.user, pk=pk)
    return redirect("armybuilder:game", pk=games.game_start(army=army).pk)


@login_required
def game_sheet(request: HttpRequest, pk: int) -> HttpResponse:
    game = game_get_for_user(user=request.user, pk=pk)
    context = {"game": game, "army": game.army_list, "body": games.game_json(game)}
    return render(request, "armybuilder/game.html", context)


def service_worker(request: HttpRequest) -> HttpResponse:
    names = ("css/site.css", "armybuilder/game.css", "armybuilder/game.js")
    # The scripts' translations too: the sheet's script reads them, with or without signal.
    files = json.dumps([*(static(name) for name in names), reverse("javascript-catalog")])
    response = render(
        request, "armybuilder/game_sw.js", {"files": files}, content_type="text/javascript"
    )
    response["Cache-Control"] = "no-cache"
    return response

"""The tables' pages: the list of a user's games, a new table per game, the table, the replay."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import get_language, gettext
from django.views.decorators.http import require_http_methods

from battlesim.play import services
from battlesim.play.models import GAMES
from battlesim.play.runner import table as table_module

TITLES = dict(GAMES)
SETTINGS_FIELDS = {
    "monopoly": [
        ("variant", "Variant", ["quick", "classic"]),
        ("one_ring", "The One Ring rules", ["no", "yes"]),
    ],
    "risk": [
        ("turn_limit", "Turns before the count", ["12", "8", "20", "40", "300"]),
        ("defence", "My defence dice", ["most", "ask"]),
    ],
    "rotk": [("variant", "Variant rules (Gollum one space a failure)", ["no", "yes"])],
}


@login_required
def index(request: HttpRequest) -> HttpResponse:
    rows = services.tables_of(user=request.user)
    return render(request, "play/index.html", {"tables": rows, "games": GAMES})


def _settings_from(game: str, data: Any) -> dict[str, Any]:
    raw: dict[str, Any] = {}
    for name, _, choices in SETTINGS_FIELDS[game]:
        value = data.get(name, choices[0])
        if value not in choices:
            raise services.PlayError(
                400,
                gettext("{name}: one of {choices}").format(name=name, choices=", ".join(choices)),
            )
        raw[name] = (
            int(value) if value.isdigit() else value == "yes" if value in ("yes", "no") else value
        )
    return raw


def _seats_from(game: str, data: Any) -> list[services.SeatSpec]:
    low, high = table_module(game).SEATS
    seats = []
    for index in range(high):
        value = data.get(f"seat{index}", "")
        if value in ("", "none"):
            continue
        kind, _, strategy = value.partition(":")
        seats.append(services.SeatSpec(kind, strategy))
    return seats


@login_required
@require_http_methods(["GET", "POST"])
def new_table(request: HttpRequest, game: str) -> HttpResponse:
    if game not in TITLES:
        raise Http404("No such game.")
    module = table_module(game)
    low, high = module.SEATS
    if request.method == "POST":
        try:
            seed = request.POST.get("seed", "").strip()
            if seed and (not seed.isdigit() or int(seed) >= 2**31):
                raise services.PlayError(400, gettext("seed: a whole number below 2147483648"))
            row = services.table_create(
                owner=request.user,
                game=game,
                seats=_seats_from(game, request.POST),
                settings=_settings_from(game, request.POST),
                seed=int(seed) if seed else None,
            )
        except services.PlayError as error:
            messages.error(request, error.message)
        else:
            return redirect("play:table", pk=row.pk)
    defaults = ["me"] + [f"ai:{module.AI_STRATEGIES[0]}"] * (low - 1) + ["none"] * (high - low)
    context = {
        "game": game,
        "title": TITLES[game],
        "seat_rows": [(i, defaults[i], i < low) for i in range(high)],
        "strategies": module.AI_STRATEGIES,
        "settings_fields": SETTINGS_FIELDS[game],
        "assumptions": module.ASSUMPTIONS,
    }
    return render(request, "play/new.html", context)


def _table_or_404(request: HttpRequest, pk: int) -> Any:
    try:
        return services.table_for_user(table_id=pk, user=request.user)
    except services.PlayError as error:
        raise Http404(error.message) from error


@login_required
def table_page(request: HttpRequest, pk: int) -> HttpResponse:
    row = _table_or_404(request, pk)
    seat = request.GET.get("seat")
    state = services.table_state(
        row=row, user=request.user, seat=int(seat) if seat and seat.isdigit() else None
    )
    invite = None
    if state["invite"]:
        invite = request.build_absolute_uri(reverse("play:join", args=[row.pk, state["invite"]]))
    context = {
        "row": row,
        "title": TITLES[row.game],
        "state": state,
        "board": table_module(row.game).board(),
        "invite_url": invite,
    }
    return render(request, "play/table.html", context)


@login_required
@require_http_methods(["GET", "POST"])
def join(request: HttpRequest, pk: int, token: str) -> HttpResponse:
    if request.method == "POST":
        try:
            services.table_join(table_id=pk, token=token, user=request.user)
        except services.PlayError as error:
            if error.status == 404:
                raise Http404(error.message) from error
            messages.error(request, error.message)
            return redirect("play:index")
        return redirect("play:table", pk=pk)
    return render(request, "play/join.html", {"pk": pk, "token": token})


@login_required
def replay(request: HttpRequest, pk: int) -> HttpResponse:
    row = _table_or_404(request, pk)
    if not row.is_finished:
        raise Http404("The replay opens once the game is over.")
    from battlesim.replay_data import replay_board
    from battlesim.replay_rotk import rotk_board

    context = {
        "row": row,
        "title": TITLES[row.game],
        "events": row.events,
        "board": replay_board(row.game, get_language()),
        "rotk_board": rotk_board() if row.game == "rotk" else None,
    }
    return render(request, "play/replay.html", context)

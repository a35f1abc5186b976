"""Creating, joining and playing tables; every change goes through here.

A person's action is checked by replaying the game with it (``runner.advance``); a refused
action raises ``PlayError`` and leaves the row as it was. The AI seats' moves are played by
a worker task and shown one frame at a time (``PLAY_AI_DELAY`` seconds apart).
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from typing import Any

from django.conf import settings as django_settings
from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.utils.translation import get_language, gettext

from battlesim.engines.log import Event
from battlesim.play.models import Seat, Table
from battlesim.play.phrases import render, render_prompt, to_json
from battlesim.play.runner import Outcome, advance, table
from battlesim.play.seating import DivergedError, IllegalChoiceError

LOG_LINES = 300


@dataclass
class PlayError(Exception):
    """A refused request: an HTTP status and a reason a person can read."""

    status: int
    message: str

    def __str__(self) -> str:
        return self.message


@dataclass(frozen=True)
class SeatSpec:
    kind: str  # "me", "open" (a person invited by link) or "ai"
    strategy: str = ""


def ai_delay() -> float:
    return float(getattr(django_settings, "PLAY_AI_DELAY", 0.8))


# -- creating and joining ------------------------------------------------------------------
def table_create(
    *,
    owner: AbstractBaseUser,
    game: str,
    seats: list[SeatSpec],
    settings: dict[str, Any],
    seed: int | None = None,
) -> Table:
    module = _module(game)
    low, high = module.SEATS
    if not low <= len(seats) <= high:
        raise PlayError(
            400,
            gettext("{game} is played by {low} to {high} seats, not {count}").format(
                game=game, low=low, high=high, count=len(seats)
            ),
        )
    if not any(spec.kind in ("me", "open") for spec in seats):
        raise PlayError(400, gettext("at least one seat must be a person"))
    for spec in seats:
        if spec.kind == "ai" and spec.strategy not in module.AI_STRATEGIES:
            raise PlayError(
                400,
                gettext("unknown strategy {strategy!r}; known: {known}").format(
                    strategy=spec.strategy, known=", ".join(module.AI_STRATEGIES)
                ),
            )
        if spec.kind not in ("me", "open", "ai"):
            raise PlayError(
                400, gettext("a seat is 'me', 'open' or 'ai', not {kind!r}").format(kind=spec.kind)
            )
    try:
        parsed = module.parse_settings(settings)
    except ValueError as error:
        raise PlayError(400, str(error)) from error
    with transaction.atomic():
        new = Table.objects.create(
            game=game,
            owner=owner,
            seed=secrets.randbelow(2**31) if seed is None else seed,
            settings=parsed,
        )
        for index, spec in enumerate(seats):
            Seat.objects.create(
                table=new,
                index=index,
                strategy=spec.strategy if spec.kind == "ai" else "",
                user=owner if spec.kind == "me" else None,
            )
        if not new.seats.filter(strategy="", user__isnull=True).exists():
            _start(new)
    return new


def table_join(*, table_id: int, token: str, user: AbstractBaseUser) -> Table:
    with transaction.atomic():
        row = Table.objects.select_for_update().filter(pk=table_id).first()
        if row is None or not secrets.compare_digest(row.invite_token, token or ""):
            raise PlayError(404, gettext("no such invitation"))
        if row.seats.filter(user=user).exists():
            return row
        seat = row.seats.filter(strategy="", user__isnull=True).order_by("index").first()
        if seat is None:
            raise PlayError(409, gettext("every seat at this table is taken"))
        seat.user = user
        seat.save(update_fields=["user"])
        if not row.seats.filter(strategy="", user__isnull=True).exists():
            _start(row)
    return row


def _module(game: str) -> Any:
    try:
        return table(game)
    except ValueError as error:
        raise PlayError(400, str(error)) from error


def _seat_names(row: Table) -> list[str | None]:
    return [seat.strategy or None for seat in row.seats.order_by("index")]


def _start(row: Table) -> None:
    row.status = Table.Status.ACTIVE
    _store(row, _run(row, row.decisions, stop_at_ai=True))


def _run(row: Table, decisions: list[dict[str, Any]], *, stop_at_ai: bool) -> Outcome:
    return advance(
        row.game, row.seed, row.settings, _seat_names(row), decisions, stop_at_ai=stop_at_ai
    )


def _store(row: Table, outcome: Outcome) -> None:
    """Show where the run stopped; queue the AI when it is an AI's turn."""
    row.events = outcome.events
    row.view = outcome.snapshot
    row.prompt = outcome.prompt.to_json() if outcome.prompt else None
    row.ai_seat = outcome.ai_seat
    row.frames, row.pending = [], None
    if outcome.finished:
        row.status = Table.Status.FINISHED
        row.winner, row.termination = outcome.winner or "", outcome.termination
    row.version += 1
    row.save()
    if outcome.ai_seat is not None:
        table_id, version = row.pk, row.version
        transaction.on_commit(lambda: _queue_ai(table_id, version))


def _queue_ai(table_id: int, version: int) -> None:
    from battlesim.play.tasks import table_ai_play

    table_ai_play.apply_async((table_id, version), countdown=ai_delay())


# -- a person's action -----------------------------------------------------------------------
def table_act(
    *, table_id: int, user: AbstractBaseUser, seat: int, version: int, choice: Any
) -> Table:
    """Apply a person's choice, or raise ``PlayError`` and change nothing."""
    with transaction.atomic():
        row = Table.objects.select_for_update().filter(pk=table_id).first()
        if row is None or not row.seats.filter(user=user).exists():
            raise PlayError(404, gettext("no such table"))
        if not row.seats.filter(index=seat, user=user, strategy="").exists():
            raise PlayError(403, gettext("seat {seat} is not yours").format(seat=seat))
        if row.is_finished:
            raise PlayError(409, gettext("the game is over"))
        if row.status == Table.Status.OPEN:
            raise PlayError(409, gettext("the table is waiting for players"))
        if version != row.version:
            raise PlayError(
                409,
                gettext("stale action: the table is at version {now}, not {given}").format(
                    now=row.version, given=version
                ),
            )
        if row.prompt is None or row.prompt["seat"] != seat:
            raise PlayError(409, gettext("it is not this seat's decision now"))
        decision = {"seat": seat, "kind": row.prompt["kind"], "choice": choice}
        try:
            outcome = _run(row, [*row.decisions, decision], stop_at_ai=True)
        except IllegalChoiceError as error:
            raise PlayError(400, gettext("illegal action: {error}").format(error=error)) from error
        except DivergedError as error:
            raise PlayError(
                409, gettext("the game record does not replay: {error}").format(error=error)
            ) from error
        row.decisions = [*row.decisions, decision]
        _store(row, outcome)
    return row


# -- the AI seats (worker tasks) ------------------------------------------------------------
def table_ai_play(*, table_id: int, version: int, queue: str | None = None) -> None:
    """Play the AI seats up to the next person's question or the end; show frame by frame."""
    with transaction.atomic():
        row = Table.objects.select_for_update().filter(pk=table_id).first()
        if row is None or row.version != version or row.ai_seat is None:
            return  # a newer change took over
        outcome = _run(row, row.decisions, stop_at_ai=False)
        row.frames = [{"events": f.events, "snapshot": f.snapshot} for f in outcome.frames]
        row.pending = {
            "events": outcome.events,
            "snapshot": outcome.snapshot,
            "prompt": outcome.prompt.to_json() if outcome.prompt else None,
            "finished": outcome.finished,
            "winner": outcome.winner or "",
            "termination": outcome.termination,
        }
        row.save(update_fields=["frames", "pending", "updated_at"])
    table_reveal(table_id=table_id, version=version, queue=queue)


def table_reveal(*, table_id: int, version: int, queue: str | None = None) -> None:
    """Show the next AI frame, or where the AI run stopped; queue the next frame (on the
    queue the worker took this task from, so the same pool of workers shows it)."""
    from battlesim.play.tasks import table_reveal as reveal_task

    with transaction.atomic():
        row = Table.objects.select_for_update().filter(pk=table_id).first()
        if row is None or row.version != version or row.pending is None:
            return
        if row.frames:
            frame, row.frames = row.frames[0], row.frames[1:]
            row.view = frame["snapshot"]
            row.events = row.pending["events"][: frame["events"]]
        else:
            pending = row.pending
            row.view, row.events, row.prompt = (
                pending["snapshot"],
                pending["events"],
                pending["prompt"],
            )
            row.ai_seat, row.pending = None, None
            if pending["finished"]:
                row.status = Table.Status.FINISHED
                row.winner, row.termination = pending["winner"], pending["termination"]
        row.version += 1
        row.save()
        if row.pending is not None:
            next_version = row.version
            transaction.on_commit(
                lambda: reveal_task.apply_async(
                    (table_id, next_version, queue), countdown=ai_delay(), queue=queue
                )
            )


def table_fail(*, table_id: int, error: str) -> None:
    """Record why the AI seats could not move, so the page says so instead of waiting."""
    Table.objects.filter(pk=table_id).update(error=error[:2000])


# -- what a user may see ----------------------------------------------------------------------
def table_for_user(*, table_id: int, user: AbstractBaseUser) -> Table:
    """The table if the user sits at it or created it; else PlayError 404."""
    row = Table.objects.filter(pk=table_id).prefetch_related("seats__user").first()
    if row is None or not (
        row.owner_id == user.pk or any(s.user_id == user.pk for s in row.seats.all())
    ):
        raise PlayError(404, gettext("no such table"))
    return row


def table_state(*, row: Table, user: AbstractBaseUser, seat: int | None = None) -> dict[str, Any]:
    """The table as one user may see it: own seats' hidden information only."""
    module = table(row.game)
    seats = list(row.seats.all())
    mine = [s.index for s in seats if s.user_id == user.pk and s.is_person]
    prompt = row.prompt
    if prompt is not None and prompt["seat"] in mine:
        viewing = prompt["seat"]  # hot-seat: the seat to play
    elif seat is not None and seat in mine:
        viewing = seat
    else:
        viewing = mine[0] if mine else None
    visible = {viewing} if viewing is not None else set()
    language = get_language()  # each reader sees the table's words in their own language
    finished = row.is_finished
    log = []
    for raw in row.events:
        event = Event(
            raw["i"], raw["kind"], {k: v for k, v in raw.items() if k not in ("i", "kind")}
        )
        if module.hidden_from(event, visible, finished):
            continue
        line = module.words(event)
        if line:
            text = render(to_json(line), language)
            log.append({"i": event.index, "kind": event.kind, "text": text})
    return {
        "id": row.pk,
        "game": row.game,
        "status": row.status,
        "version": row.version,
        "settings": row.settings,
        "seats": [
            {
                "index": s.index,
                "kind": "person" if s.is_person else "ai",
                "strategy": s.strategy,
                "user": s.user.get_username() if s.user else None,
                "mine": s.index in mine,
            }
            for s in seats
        ],
        "my_seats": mine,
        "viewing_seat": viewing,
        "prompt": render_prompt(prompt, language)
        if prompt is not None and prompt["seat"] in mine and not row.frames
        else None,
        "waiting_for": None if prompt is None else prompt["seat"],
        "ai_moving": row.ai_seat is not None,
        "view": module.view(row.view, visible, finished) if row.view else {},
        "log": log[-LOG_LINES:],
        "winner": row.winner,
        "termination": row.termination,
        "error": row.error,
        "invite": row.invite_token
        if row.owner_id == user.pk and row.status == Table.Status.OPEN
        else None,
    }


def table_replay_events(*, row: Table) -> list[dict[str, Any]]:
    if not row.is_finished:
        raise PlayError(409, gettext("a replay opens once the game is over"))
    return row.events


def tables_of(*, user: AbstractBaseUser) -> list[Table]:
    return list(Table.objects.filter(seats__user=user).distinct().prefetch_related("seats__user"))

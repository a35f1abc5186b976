"""A table where people and strategies play one board game, saved after every decision.

The record that matters is ``seed``, ``settings``, the seats and ``decisions``: the game is
replayed from them (see ``runner``). ``view``, ``events`` and ``prompt`` keep what the page
shows now, so a poll reads one row; ``frames`` are AI moves a worker has played and is
showing one by one.
"""

from __future__ import annotations

import secrets

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

GAMES = [
    ("monopoly", _("Monopoly LOTR")),
    ("risk", _("Risk LOTR")),
    ("rotk", _("The Return of the King")),
]


def new_token() -> str:
    return secrets.token_urlsafe(16)


class Table(models.Model):
    class Status(models.TextChoices):
        OPEN = "open", _("Waiting for players")
        ACTIVE = "active", _("In play")
        FINISHED = "finished", _("Finished")

    game = models.CharField(max_length=20, choices=GAMES)
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="play_tables"
    )
    seed = models.BigIntegerField()
    settings = models.JSONField(default=dict)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.OPEN)
    decisions = models.JSONField(default=list, help_text="The people's decisions, in order.")
    version = models.PositiveIntegerField(default=0, help_text="Raised on every change shown.")
    prompt = models.JSONField(null=True, blank=True, help_text="The question a person faces now.")
    ai_seat = models.IntegerField(null=True, blank=True, help_text="An AI seat is to move.")
    view = models.JSONField(default=dict, help_text="The full state shown now (every seat).")
    events = models.JSONField(default=list, help_text="The engine's log up to the state shown.")
    frames = models.JSONField(default=list, help_text="AI moves played, still to be shown.")
    pending = models.JSONField(null=True, blank=True, help_text="Where the AI run stopped.")
    winner = models.CharField(max_length=100, blank=True)
    termination = models.CharField(max_length=100, blank=True)
    error = models.TextField(blank=True, help_text="Why the AI seats could not move, if so.")
    invite_token = models.CharField(max_length=40, unique=True, default=new_token)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-updated_at"]

    def __str__(self) -> str:
        return f"{self.get_game_display()} table {self.pk}"

    @property
    def is_finished(self) -> bool:
        return self.status == self.Status.FINISHED


class Seat(models.Model):
    """One seat: a strategy (an AI), or a person (a user, or None while the seat is open)."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="seats")
    index = models.PositiveSmallIntegerField()
    strategy = models.CharField(max_length=40, blank=True, help_text="Blank for a person.")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="play_seats",
    )

    class Meta:
        ordering = ["table", "index"]
        constraints = [
            models.UniqueConstraint(fields=["table", "index"], name="play_seat_unique_index")
        ]

    def __str__(self) -> str:
        return f"seat {self.index} of table {self.table_id}"

    @property
    def is_person(self) -> bool:
        return not self.strategy

"""Army lists: contingents drawn from the catalogue, warbands, entries and chosen options.

An entry points at one ``Profile`` row of one data release, so a later import never changes
the costs of a list that already exists (the release is part of the row it points at).
"""

from __future__ import annotations

import uuid

from django.conf import settings
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.utils.translation import gettext_lazy as _

from profiles.models import Faction, Legion, Profile, ProfileOption

MAX_POINTS_LIMIT = 10_000
MAX_ENTRY_COUNT = 100


class ArmyList(models.Model):
    """A player's force: a name, a points limit and one or more contingents."""

    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="army_lists"
    )
    name = models.CharField(max_length=100)
    points_limit = models.PositiveIntegerField(
        default=600, validators=[MinValueValidator(1), MaxValueValidator(MAX_POINTS_LIMIT)]
    )
    notes = models.TextField(blank=True, max_length=2000)
    share_token = models.UUIDField(null=True, blank=True, unique=True, editable=False)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-updated_at"]

    def __str__(self) -> str:
        return self.name

    def share(self) -> uuid.UUID:
        """Give the list a read-only public link (kept if it has one)."""
        if self.share_token is None:
            self.share_token = uuid.uuid4()
            self.save(update_fields=["share_token", "updated_at"])
        return self.share_token


class Contingent(models.Model):
    """The part of a list drawn from one army list of the catalogue."""

    army_list = models.ForeignKey(ArmyList, on_delete=models.CASCADE, related_name="contingents")
    faction = models.ForeignKey(Faction, on_delete=models.PROTECT, related_name="+")
    legion = models.ForeignKey(
        Legion,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
        help_text="A Legendary Legion of the faction the contingent is built as.",
    )
    order = models.PositiveSmallIntegerField(default=0)

    class Meta:
        ordering = ["order", "pk"]

    def __str__(self) -> str:
        return f"{self.army_list}: {self.faction}"


class Warband(models.Model):
    """A hero (its captain) and the followers that move with it."""

    contingent = models.ForeignKey(Contingent, on_delete=models.CASCADE, related_name="warbands")
    order = models.PositiveSmallIntegerField(default=0)
    is_army_leader = models.BooleanField(default=False)

    class Meta:
        ordering = ["order", "pk"]

    def __str__(self) -> str:
        return f"Warband {self.order + 1} of {self.contingent}"


class Entry(models.Model):
    """One profile in a warband, with a count and chosen options (per model)."""

    class Role(models.TextChoices):
        CAPTAIN = "captain", _("Captain")
        FOLLOWER = "follower", _("Follower")

    warband = models.ForeignKey(Warband, on_delete=models.CASCADE, related_name="entries")
    profile = models.ForeignKey(Profile, on_delete=models.PROTECT, related_name="+")
    role = models.CharField(max_length=10, choices=Role.choices, default=Role.FOLLOWER)
    count = models.PositiveSmallIntegerField(
        default=1, validators=[MinValueValidator(1), MaxValueValidator(MAX_ENTRY_COUNT)]
    )
    order = models.PositiveSmallIntegerField(default=0)

    class Meta:
        ordering = ["order", "pk"]
        verbose_name_plural = "entries"

    def __str__(self) -> str:
        return f"{self.count} x {self.profile.name}"


class EntryOption(models.Model):
    """An option taken by every model of an entry, ``count`` times each (usually once)."""

    entry = models.ForeignKey(Entry, on_delete=models.CASCADE, related_name="chosen_options")
    option = models.ForeignKey(ProfileOption, on_delete=models.PROTECT, related_name="+")
    count = models.PositiveSmallIntegerField(default=1, validators=[MinValueValidator(1)])

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["entry", "option"], name="entry_option_once"),
        ]

    def __str__(self) -> str:
        return f"{self.option.name} x{self.count}"


class ArmyListVersion(models.Model):
    """A list as it was before a change: the undo stack and the history of versions.

    ``document`` holds the list by row ids (profiles and options are never deleted while a
    release is kept); ``armybuilder.history`` writes and restores it.
    """

    army_list = models.ForeignKey(ArmyList, on_delete=models.CASCADE, related_name="versions")
    label = models.CharField(max_length=200)
    document = models.JSONField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "-pk"]

    def __str__(self) -> str:
        return f"{self.army_list_id}: {self.label}"


class Game(models.Model):
    """A game played with a list: its sheet on the day (wounds, Might, Will, Fate per hero,
    casualties, turn, notes) and, once over, its result and opponent.

    ``roster`` is fixed when the game starts (the heroes with their starting values, the
    models and break point), so editing the list later never changes a game's sheet.
    """

    class Result(models.TextChoices):
        WON = "won", _("Won")
        DREW = "drew", _("Drew")
        LOST = "lost", _("Lost")

    army_list = models.ForeignKey(ArmyList, on_delete=models.CASCADE, related_name="games")
    roster = models.JSONField()
    sheet = models.JSONField()
    revision = models.PositiveIntegerField(default=0)
    result = models.CharField(max_length=4, choices=Result.choices, blank=True)
    opponent = models.CharField(max_length=100, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-pk"]

    def __str__(self) -> str:
        return f"Game {self.pk} with {self.army_list}"

"""Read army lists for a user, and turn one into the plain data validation reads."""

from __future__ import annotations

import uuid
from typing import TypeVar

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db.models import Model, Prefetch, QuerySet
from django.http import Http404

from armybuilder.list_data import ContingentData, EntryData, ListData, OptionPick, WarbandData
from armybuilder.models import (
    ArmyList,
    ArmyListVersion,
    Contingent,
    Entry,
    EntryOption,
    Game,
    Warband,
)

User = AbstractBaseUser | AnonymousUser
Row = TypeVar("Row", bound=Model)


def army_list_for_user(*, user: User) -> QuerySet[ArmyList]:
    """The lists a user owns; nobody else's, whatever the user asks for."""
    if not user.is_authenticated:
        return ArmyList.objects.none()
    return ArmyList.objects.filter(owner=user)


def army_list_get_for_user(*, user: User, pk: int) -> ArmyList:
    """Return the user's list, or raise 404 (also for another user's list)."""
    army = army_list_for_user(user=user).filter(pk=pk).first()
    if army is None:
        raise Http404("No such army list.")
    return army


def contingent_get_for_user(*, user: User, pk: int) -> Contingent:
    """Return a contingent of one of the user's lists, or raise 404."""
    return _owned(Contingent.objects.select_related("army_list", "faction"), user, pk, "army_list")


def warband_get_for_user(*, user: User, pk: int) -> Warband:
    """Return a warband of one of the user's lists, or raise 404."""
    rows = Warband.objects.select_related("contingent__army_list")
    return _owned(rows, user, pk, "contingent__army_list")


def entry_get_for_user(*, user: User, pk: int) -> Entry:
    """Return an entry of one of the user's lists, or raise 404."""
    rows = Entry.objects.select_related("warband__contingent__army_list", "profile")
    return _owned(rows, user, pk, "warband__contingent__army_list")


def game_get_for_user(*, user: User, pk: int) -> Game:
    """Return a game sheet of one of the user's lists, or raise 404."""
    return _owned(Game.objects.select_related("army_list"), user, pk, "army_list")


def version_get_for_list(*, army: ArmyList, pk: int) -> ArmyListVersion:
    """Return one of the list's earlier versions, or raise 404."""
    version = ArmyListVersion.objects.filter(army_list=army, pk=pk).first()
    if version is None:
        raise Http404("No such version of this list.")
    return version


def _owned(rows: QuerySet[Row], user: User, pk: int, army_path: str) -> Row:
    """The row ``pk`` when the list it belongs to (``army_path``) is the user's; else 404
    (for another user's row too, so that nobody learns it exists)."""
    found = None
    if user.is_authenticated:
        found = rows.filter(pk=pk, **{f"{army_path}__owner_id": user.pk}).first()
    if found is None:
        raise Http404(f"No such {rows.model._meta.verbose_name}.")
    return found


def army_list_get_shared(*, token: uuid.UUID) -> ArmyList:
    army = ArmyList.objects.filter(share_token=token).first()
    if army is None:
        raise Http404("No such shared army list.")
    return army


def army_list_full(*, army: ArmyList) -> ArmyList:
    """Reload a list with everything validation and pages need, in a few queries."""
    options = Prefetch("chosen_options", EntryOption.objects.select_related("option"))
    entries = Prefetch(
        "entries",
        Entry.objects.select_related("profile").prefetch_related(
            options,
            "profile__options",
            "profile__profile_powers__power",
            "profile__profile_rules__rule",
        ),
    )
    warbands = Prefetch("warbands", Warband.objects.prefetch_related(entries))
    contingents = Prefetch(
        "contingents",
        Contingent.objects.select_related("faction", "legion").prefetch_related(
            warbands, "faction__legions"
        ),
    )
    return ArmyList.objects.prefetch_related(contingents).get(pk=army.pk)


def army_list_snapshot(*, army: ArmyList) -> ListData:
    """Convert a fully loaded list into ``ListData`` (no further queries)."""
    return ListData(
        name=army.name,
        points_limit=army.points_limit,
        contingents=tuple(_contingent_data(c) for c in army.contingents.all()),
    )


def _contingent_data(contingent: Contingent) -> ContingentData:
    return ContingentData(
        ref=f"contingent:{contingent.pk}",
        faction=contingent.faction.name,
        side=contingent.faction.side,
        warbands=tuple(_warband_data(w) for w in contingent.warbands.all()),
        army_bonus="; ".join(rule["name"] for rule in contingent.faction.army_bonus or ()),
        legion=contingent.legion.name if contingent.legion else "",
    )


def _warband_data(warband: Warband) -> WarbandData:
    return WarbandData(
        ref=f"warband:{warband.pk}",
        entries=tuple(_entry_data(e) for e in warband.entries.all()),
        is_army_leader=warband.is_army_leader,
    )


def _entry_data(entry: Entry) -> EntryData:
    profile = entry.profile
    own_options = {option.pk for option in profile.options.all()}
    picks = tuple(
        OptionPick(
            name=chosen.option.name,
            points=chosen.option.points,
            count=chosen.count,
            legal=chosen.option_id in own_options and chosen.count <= chosen.option.max_count,
            group=chosen.option.group,
            group_max=chosen.option.group_max,
        )
        for chosen in entry.chosen_options.all()
    )
    return EntryData(
        ref=f"entry:{entry.pk}",
        name=profile.name,
        kind=profile.kind,
        points=profile.points,
        count=entry.count,
        heroic_tier=profile.heroic_tier,
        unique=profile.unique,
        keywords=frozenset(profile.keywords),
        wargear=tuple(profile.wargear),
        options=picks,
        might=profile.might or 0,
        captain=entry.role == Entry.Role.CAPTAIN,
        models_per_unit=profile.models_per_unit,
    )

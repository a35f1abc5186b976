"""Versions of a list: a snapshot before each change, undo, and restoring any version.

A snapshot names rows by id (faction, legion, profile, option), so restoring one rebuilds the
list exactly; a row that no longer exists (a deleted release) is refused with a message.
"""

from __future__ import annotations

from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext

from armybuilder.models import ArmyList, ArmyListVersion, Contingent, Entry, EntryOption, Warband
from profiles.models import Faction, Legion, Profile, ProfileOption

MAX_VERSIONS = 100  # kept per list; the oldest go first


def snapshot(army: ArmyList) -> dict[str, Any]:
    """The list's fields and contents by row id."""
    return {
        "name": army.name,
        "points_limit": army.points_limit,
        "notes": army.notes,
        "contingents": [_contingent(c) for c in army.contingents.all()],
    }


def _contingent(contingent: Contingent) -> dict[str, Any]:
    return {
        "faction": contingent.faction_id,
        "legion": contingent.legion_id,
        "warbands": [
            {
                "leader": warband.is_army_leader,
                "entries": [_entry(entry) for entry in warband.entries.all()],
            }
            for warband in contingent.warbands.all()
        ],
    }


def _entry(entry: Entry) -> dict[str, Any]:
    options = [[o.option_id, o.count] for o in entry.chosen_options.all()]
    return {
        "profile": entry.profile_id,
        "role": entry.role,
        "count": entry.count,
        "options": options,
    }


def version_record(*, army: ArmyList, label: str) -> ArmyListVersion:
    """Keep the list as it is now, before a change named ``label``."""
    version = ArmyListVersion.objects.create(
        army_list=army, label=label[:200], document=snapshot(army)
    )
    stale = army.versions.values_list("pk", flat=True)[MAX_VERSIONS:]
    ArmyListVersion.objects.filter(pk__in=list(stale)).delete()
    return version


@transaction.atomic
def army_list_undo(*, army: ArmyList) -> ArmyListVersion:
    """Put the list back as it was before its last change, and drop that step."""
    version = army.versions.first()
    if version is None:
        raise ValidationError({"undo": gettext("Nothing to undo.")})
    _restore(army, version.document)
    version.delete()
    return version


@transaction.atomic
def version_restore(*, version: ArmyListVersion) -> None:
    """Restore an older version; the list as it was is kept first, so this can be undone."""
    army = version.army_list
    version_record(army=army, label=f"Before restoring “{version.label}”")
    _restore(army, version.document)


def _restore(army: ArmyList, document: dict[str, Any]) -> None:
    army.contingents.all().delete()
    army.name, army.points_limit = document["name"], document["points_limit"]
    army.notes = document.get("notes", "")
    army.save()
    for order, item in enumerate(document["contingents"]):
        contingent = Contingent.objects.create(
            army_list=army,
            faction=_row(Faction, item["faction"]),
            legion=_row(Legion, item["legion"]) if item["legion"] else None,
            order=order,
        )
        for index, warband in enumerate(item["warbands"]):
            _restore_warband(contingent, index, warband)


def _restore_warband(contingent: Contingent, order: int, item: dict[str, Any]) -> None:
    warband = Warband.objects.create(
        contingent=contingent, order=order, is_army_leader=item["leader"]
    )
    for index, raw in enumerate(item["entries"]):
        entry = Entry.objects.create(
            warband=warband,
            profile=_row(Profile, raw["profile"]),
            role=raw["role"],
            count=raw["count"],
            order=index,
        )
        EntryOption.objects.bulk_create(
            EntryOption(entry=entry, option=_row(ProfileOption, pk), count=count)
            for pk, count in raw["options"]
        )


def _row(model: Any, pk: int) -> Any:
    row = model.objects.filter(pk=pk).first()
    if row is None:
        raise ValidationError(
            {
                "version": gettext("This version names a {kind} that is gone.").format(
                    kind=model.__name__
                )
            }
        )
    return row

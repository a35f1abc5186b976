"""Army list services: every change to a list goes through here, in one transaction.

Input errors raise Django's ``ValidationError`` with a dict of field -> message, which the
API and pages turn into 400 answers with field-level messages.
"""

from __future__ import annotations

from collections.abc import Mapping

from django.contrib.auth.models import AbstractBaseUser
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext

from armybuilder.effective import MOUNTS
from armybuilder.models import (
    MAX_ENTRY_COUNT,
    MAX_POINTS_LIMIT,
    ArmyList,
    Contingent,
    Entry,
    EntryOption,
    Warband,
)
from profiles.models import Faction, Legion, Profile, ProfileOption

OptionCounts = Mapping[int, int]  # ProfileOption id -> count per model


def _check_list_fields(name: str, points_limit: int) -> None:
    errors = {}
    if not name.strip():
        errors["name"] = "Give the list a name."
    elif len(name) > 100:
        errors["name"] = "A list name has at most 100 characters."
    if not 1 <= points_limit <= MAX_POINTS_LIMIT:
        errors["points_limit"] = f"The points limit is between 1 and {MAX_POINTS_LIMIT}."
    if errors:
        raise ValidationError(errors)


@transaction.atomic
def army_list_create(
    *,
    owner: AbstractBaseUser,
    name: str,
    points_limit: int = 600,
    factions: list[Faction] | None = None,
) -> ArmyList:
    _check_list_fields(name, points_limit)
    army = ArmyList.objects.create(owner=owner, name=name.strip(), points_limit=points_limit)
    for faction in factions or []:
        contingent_add(army=army, faction=faction)
    return army


@transaction.atomic
def army_list_update(
    *,
    army: ArmyList,
    name: str | None = None,
    points_limit: int | None = None,
    notes: str | None = None,
) -> ArmyList:
    name = army.name if name is None else name
    points_limit = army.points_limit if points_limit is None else points_limit
    _check_list_fields(name, points_limit)
    if notes is not None and len(notes) > 2000:
        raise ValidationError({"notes": gettext("Notes have at most 2000 characters.")})
    army.name, army.points_limit = name.strip(), points_limit
    army.notes = army.notes if notes is None else notes
    army.save()
    return army


@transaction.atomic
def army_list_duplicate(*, army: ArmyList, owner: AbstractBaseUser) -> ArmyList:
    """Copy a list with its contingents, warbands, entries and options for ``owner``."""
    copy = ArmyList.objects.create(
        owner=owner,
        name=f"{army.name} (copy)"[:100],
        points_limit=army.points_limit,
        notes=army.notes,
    )
    for contingent in army.contingents.all():
        new_contingent = Contingent.objects.create(
            army_list=copy,
            faction=contingent.faction,
            legion=contingent.legion,
            order=contingent.order,
        )
        for warband in contingent.warbands.all():
            _copy_warband(warband, new_contingent)
    return copy


def _copy_warband(warband: Warband, contingent: Contingent) -> None:
    new = Warband.objects.create(
        contingent=contingent, order=warband.order, is_army_leader=warband.is_army_leader
    )
    for entry in warband.entries.all():
        options = list(entry.chosen_options.all())
        entry.pk, entry.warband = None, new
        entry.save()
        EntryOption.objects.bulk_create(
            EntryOption(entry=entry, option_id=o.option_id, count=o.count) for o in options
        )


@transaction.atomic
def contingent_add(*, army: ArmyList, faction: Faction) -> Contingent:
    if army.contingents.filter(faction=faction).exists():
        raise ValidationError(
            {"faction": gettext("{name} is already in this list.").format(name=faction.name)}
        )
    order = army.contingents.count()
    return Contingent.objects.create(army_list=army, faction=faction, order=order)


def contingent_set_legion(*, contingent: Contingent, legion: Legion | None) -> Contingent:
    """Build the contingent as one of its army list's Legendary Legions (None: a plain list)."""
    if legion is not None and legion.faction_id != contingent.faction_id:
        raise ValidationError(
            {
                "legion": gettext("{name} is not a Legendary Legion of {faction}.").format(
                    name=legion.name, faction=contingent.faction.name
                )
            }
        )
    contingent.legion = legion
    contingent.save(update_fields=["legion"])
    return contingent


@transaction.atomic
def warband_add(
    *, contingent: Contingent, captain: Profile, options: OptionCounts | None = None
) -> Warband:
    """Open a warband led by ``captain``; the first warband of a list leads the army."""
    if not captain.is_hero:
        raise ValidationError(
            {"captain": gettext("{name} is not a Hero and cannot lead.").format(name=captain.name)}
        )
    first = not Warband.objects.filter(contingent__army_list=contingent.army_list).exists()
    warband = Warband.objects.create(
        contingent=contingent, order=contingent.warbands.count(), is_army_leader=first
    )
    entry_add(warband=warband, profile=captain, count=1, options=options, role=Entry.Role.CAPTAIN)
    return warband


@transaction.atomic
def warband_set_leader(*, warband: Warband) -> Warband:
    army = warband.contingent.army_list
    Warband.objects.filter(contingent__army_list=army).update(is_army_leader=False)
    warband.is_army_leader = True
    warband.save(update_fields=["is_army_leader"])
    return warband


@transaction.atomic
def entry_add(
    *,
    warband: Warband,
    profile: Profile,
    count: int = 1,
    options: OptionCounts | None = None,
    role: str = Entry.Role.FOLLOWER,
) -> Entry:
    if profile.faction_id != warband.contingent.faction_id:
        raise ValidationError(
            {
                "profile": gettext("{name} is not in the {faction} army list.").format(
                    name=profile.name, faction=warband.contingent.faction
                )
            }
        )
    _check_count(count)
    entry = Entry.objects.create(
        warband=warband,
        profile=profile,
        count=count,
        role=role,
        order=warband.entries.count(),
    )
    _set_options(entry, options or {})
    return entry


@transaction.atomic
def entry_update(
    *,
    entry: Entry,
    count: int | None = None,
    options: OptionCounts | None = None,
    warband: Warband | None = None,
) -> Entry:
    if count is not None:
        _check_count(count)
        entry.count = count
    if warband is not None and warband.pk != entry.warband_id:
        _move(entry, warband)
    entry.save()
    if options is not None:
        _set_options(entry, options)
    return entry


def _move(entry: Entry, warband: Warband) -> None:
    if warband.contingent.army_list_id != entry.warband.contingent.army_list_id:
        raise ValidationError({"warband": gettext("That warband belongs to another list.")})
    if warband.contingent.faction_id != entry.profile.faction_id:
        raise ValidationError(
            {"warband": gettext("That warband is in another army list's contingent.")}
        )
    if entry.role == Entry.Role.CAPTAIN:
        raise ValidationError({"warband": gettext("A captain cannot leave its warband.")})
    entry.warband, entry.order = warband, warband.entries.count()  # joins at the end


def _check_count(count: int) -> None:
    if not 1 <= count <= MAX_ENTRY_COUNT:
        raise ValidationError(
            {"count": gettext("The count is between 1 and {limit}.").format(limit=MAX_ENTRY_COUNT)}
        )


def _set_options(entry: Entry, options: OptionCounts) -> None:
    known = {option.pk: option for option in ProfileOption.objects.filter(profile=entry.profile)}
    for option_id, count in options.items():
        option = known.get(option_id)
        if option is None:
            raise ValidationError(
                {
                    "options": gettext("{name} has no option with id {option_id}.").format(
                        name=entry.profile.name, option_id=option_id
                    )
                }
            )
        if not 1 <= count <= option.max_count:
            raise ValidationError(
                {
                    "options": gettext("{name} may be taken 1 to {max_count} times.").format(
                        name=option.name, max_count=option.max_count
                    )
                }
            )
    entry.chosen_options.all().delete()
    EntryOption.objects.bulk_create(
        EntryOption(entry=entry, option=known[pk], count=count) for pk, count in options.items()
    )


@transaction.atomic
def entry_delete(*, entry: Entry) -> None:
    if entry.role == Entry.Role.CAPTAIN:
        warband_delete(warband=entry.warband)
    else:
        entry.delete()


@transaction.atomic
def warband_delete(*, warband: Warband) -> None:
    army = warband.contingent.army_list
    was_leader = warband.is_army_leader
    warband.delete()
    if was_leader:
        successor = Warband.objects.filter(contingent__army_list=army).first()
        if successor is not None:
            warband_set_leader(warband=successor)


def exclusive(first: ProfileOption, second: ProfileOption) -> bool:
    """Two options a model cannot take together: one group limited to one, or two mounts."""
    same_group = bool(first.group) and first.group == second.group and first.group_max == 1
    mounts = first.name.lower() in MOUNTS and second.name.lower() in MOUNTS
    return first.pk != second.pk and (same_group or mounts)


@transaction.atomic
def entry_set_option_models(*, entry: Entry, option: ProfileOption, models: int) -> Entry:
    """Give ``option`` to ``models`` of the entry's models ("2 of 12 with banners").

    Options are per model, so a part of an entry is split off as an entry of its own, as
    BattleScribe does; it joins an entry of the warband already equipped the same way. Taking
    an option drops the options it excludes. Returns the entry that holds the option (or the
    entry itself when no model has it).
    """
    if option.profile_id != entry.profile_id:
        raise ValidationError(
            {
                "option": gettext("{name} has no option {option}.").format(
                    name=entry.profile.name, option=option.name
                )
            }
        )
    if not 0 <= models <= entry.count:
        raise ValidationError(
            {
                "models": gettext("Between 0 and {count} models can take it.").format(
                    count=entry.count
                )
            }
        )
    chosen = {o.option_id: o.count for o in entry.chosen_options.select_related("option")}
    options = {o.pk: o for o in ProfileOption.objects.filter(profile=entry.profile)}
    with_it = {pk: n for pk, n in chosen.items() if not exclusive(options[pk], option)}
    with_it[option.pk] = chosen.get(option.pk, 1)
    without = {pk: n for pk, n in chosen.items() if pk != option.pk}
    holders = entry.count if option.pk in chosen else 0
    if models == holders:
        return entry
    if models in (0, entry.count):
        _set_options(entry, with_it if models else without)
        return _merge_into_twin(entry)
    keep, split = (with_it, without) if holders else (without, with_it)
    split_count = entry.count - models if holders else models
    entry.count -= split_count
    entry.save(update_fields=["count"])
    _set_options(entry, keep)
    other = _add_or_merge(entry, split_count, split)
    return entry if holders else other


def _twin(entry: Entry, count: int, options: OptionCounts) -> Entry | None:
    """A follower entry of the warband with the same profile and options, room left."""
    for twin in entry.warband.entries.exclude(pk=entry.pk).filter(profile=entry.profile):
        same = {o.option_id: o.count for o in twin.chosen_options.all()} == dict(options)
        if same and twin.role == Entry.Role.FOLLOWER and twin.count + count <= MAX_ENTRY_COUNT:
            return twin
    return None


def _add_or_merge(entry: Entry, count: int, options: OptionCounts) -> Entry:
    twin = _twin(entry, count, options)
    if twin is None:
        return entry_add(warband=entry.warband, profile=entry.profile, count=count, options=options)
    twin.count += count
    twin.save(update_fields=["count"])
    return twin


def _merge_into_twin(entry: Entry) -> Entry:
    if entry.role == Entry.Role.CAPTAIN:
        return entry
    options = {o.option_id: o.count for o in entry.chosen_options.all()}
    twin = _twin(entry, entry.count, options)
    if twin is None:
        return entry
    twin.count += entry.count
    twin.save(update_fields=["count"])
    entry.delete()
    return twin

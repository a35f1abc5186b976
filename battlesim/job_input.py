"""Turn a job request into engine options: for SBG, resolve the two named lists.

A list is named ``own:<id>`` (one of the caller's lists), ``shared:<token>`` (a list its
owner shared) or ``starter:<file>`` (a starter list shipped with the site). Another user's
private list is refused with the field named, as if it did not exist.
"""

from __future__ import annotations

import uuid
from pathlib import Path
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.core.exceptions import ValidationError
from django.http import Http404

from armybuilder.selectors import army_list_full, army_list_get_for_user, army_list_get_shared
from battlesim import services
from battlesim.engine_input import UnitPick, force_data, force_from_army_list
from battlesim.models import SimulationJob
from profiles.importers.starter import StarterList, starter_lists_read
from profiles.models import DataRelease, Profile


def starter_lists() -> dict[str, StarterList]:
    return {Path(item.file).stem: item for item in starter_lists_read()}


def _army_list(user: AbstractBaseUser, reference: str, field: str) -> dict[str, Any]:
    kind, _, key = reference.partition(":")
    if kind == "starter":
        return _starter_force(key, field)
    try:  # ownership and sharing are the selectors' to decide, as on every page
        if kind == "own" and key.isdigit():
            army = army_list_get_for_user(user=user, pk=int(key))
        elif kind == "shared":
            army = army_list_get_shared(token=uuid.UUID(key))
        else:
            raise Http404(reference)
    except (Http404, ValueError) as exc:
        raise ValidationError({field: f"No list {reference!r} that you may use."}) from exc
    return force_from_army_list(army_list_full(army=army))


def _starter_force(key: str, field: str) -> dict[str, Any]:
    starter = starter_lists().get(key)
    release = DataRelease.objects.filter(source=DataRelease.Source.STARTER, is_current=True).first()
    if starter is None or release is None:
        raise ValidationError({field: f"No starter list {key!r}."})
    profiles = {
        p.name: p
        for p in Profile.objects.filter(
            release=release, faction__name=starter.army
        ).prefetch_related("rules", "profile_powers__power")
    }
    picks = []
    for number, warband in enumerate(starter.warbands):
        picks.append(_pick(profiles, warband.captain, leader=number == 0))
        picks += [_pick(profiles, entry, leader=False) for entry in warband.followers]
    side = next(iter(profiles.values())).faction.side if profiles else "good"
    return force_data(starter.name, side, picks)


def _pick(profiles: dict[str, Profile], entry: Any, *, leader: bool) -> UnitPick:
    return UnitPick(profiles[entry.profile], entry.count, tuple(entry.options), leader)


def job_options_for(*, user: AbstractBaseUser, values: dict[str, Any]) -> dict[str, Any]:
    """The engine options of a job request (lists resolved for SBG)."""
    options = dict(values.get("options") or {})
    if values["game"] != "sbg" or not (values.get("list_a") or values.get("list_b")):
        return options
    if not (values.get("list_a") and values.get("list_b")):
        raise ValidationError({"list_b": "Name both lists of the battle."})
    forces = [
        _army_list(user, values["list_a"], "list_a"),
        _army_list(user, values["list_b"], "list_b"),
    ]
    return {**options, "forces": forces}


def job_queue_requested(
    *, owner: AbstractBaseUser, values: dict[str, Any], dispatch: bool = True
) -> SimulationJob:
    """Resolve a job request (page, API or CLI) and queue it; field errors as for both."""
    return services.job_queue(
        owner=owner,
        game=values["game"],
        options=job_options_for(user=owner, values=values),
        battles=values["battles"],
        seed=values.get("seed"),
        label=values.get("label") or "",
        dispatch=dispatch,
    )


def list_force(*, user: AbstractBaseUser, reference: str) -> dict[str, Any]:
    """The force data of one list the user may name (``own:``, ``shared:``, ``starter:``)."""
    return _army_list(user, reference, "list")

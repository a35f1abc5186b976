"""Turn a job request into engine options: for SBG, resolve the two named lists.

A list is named ``own:<id>`` (one of the caller's lists), ``shared:<token>`` (a list its
owner shared) or ``starter:<file>`` (a starter list shipped with the site). Another user's
private list is refused with the field named, as if it did not exist.
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.core.exceptions import ValidationError
from django.http import Http404
from django.utils.translation import gettext, gettext_noop, ngettext

from armybuilder.battlescribe.data_rules import data_rule_breaches
from armybuilder.selectors import (
    army_list_full,
    army_list_get_for_user,
    army_list_get_shared,
    army_list_snapshot,
)
from armybuilder.validation import validate
from battlesim import services
from battlesim.engine_input import UnitPick, force_data, force_from_army_list
from battlesim.engines.sbg.policies.roster import PLAYERS
from battlesim.models import SimulationJob
from profiles.importers.starter import StarterList, starter_lists_read
from profiles.models import DataRelease, Profile


def starter_lists() -> dict[str, StarterList]:
    return {Path(item.file).stem: item for item in starter_lists_read()}


@dataclass(frozen=True, slots=True)
class ResolvedList:
    """A list named by a job request: the engine's force and the list's rule breaches
    (a starter list ships legal: none)."""

    force: dict[str, Any]
    breaches: tuple[str, ...] = ()


def _army_list(user: AbstractBaseUser, reference: str, field: str) -> ResolvedList:
    kind, _, key = reference.partition(":")
    if kind == "starter":
        return ResolvedList(_starter_force(key, field))
    try:  # ownership and sharing are the selectors' to decide, as on every page
        if kind == "own" and key.isdigit():
            army = army_list_get_for_user(user=user, pk=int(key))
        elif kind == "shared":
            army = army_list_get_shared(token=uuid.UUID(key))
        else:
            raise Http404(reference)
    except (Http404, ValueError) as exc:
        raise ValidationError(
            {
                field: gettext("No list {reference} that you may use.").format(
                    reference=repr(reference)
                )
            }
        ) from exc
    full = army_list_full(army=army)
    found = [*validate(army_list_snapshot(army=full)), *data_rule_breaches(full)]
    breaches = tuple(f"{breach.message} ({breach.rule_id})" for breach in found)
    return ResolvedList(force_from_army_list(full), breaches)


def _starter_force(key: str, field: str) -> dict[str, Any]:
    starter = starter_lists().get(key)
    release = DataRelease.objects.filter(source=DataRelease.Source.STARTER, is_current=True).first()
    if starter is None or release is None:
        raise ValidationError({field: gettext("No starter list {key}.").format(key=repr(key))})
    profiles = {
        p.name: p
        for p in Profile.objects.filter(
            release=release, faction__name=starter.army
        ).prefetch_related("rules", "profile_powers__power", "options")
    }
    picks = []
    for number, warband in enumerate(starter.warbands):
        picks.append(_pick(profiles, warband.captain, leader=number == 0))
        picks += [_pick(profiles, entry, leader=False) for entry in warband.followers]
    side = next(iter(profiles.values())).faction.side if profiles else "good"
    return force_data(starter.name, side, picks)


def _pick(profiles: dict[str, Profile], entry: Any, *, leader: bool) -> UnitPick:
    profile = profiles[entry.profile]
    bought = tuple(entry.options)
    effects = tuple((o.name, o.effects or {}) for o in profile.options.all() if o.name in bought)
    return UnitPick(profile, entry.count, bought, leader, effects=effects)


LIST_FIELDS = {"list_a": "first", "list_b": "second"}
MISSING = {
    "list_a": gettext_noop("Choose the first list of the battle."),
    "list_b": gettext_noop("Choose the second list of the battle."),
}


def job_options_for(*, user: AbstractBaseUser, values: dict[str, Any]) -> dict[str, Any]:
    """The engine options of a job request (lists resolved for SBG); see ``job_request``."""
    return job_request(user=user, values=values)[0]


def job_request(
    *, user: AbstractBaseUser, values: dict[str, Any]
) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The engine options of a job request and the breaches of its lists.

    An SBG job names both lists (no default stands in for a missing one) unless its options
    give the forces themselves; a list that breaks the rules is refused unless the request
    says ``simulate_anyway``.
    """
    options = dict(values.get("options") or {})
    if values["game"] != "sbg":
        return options, []
    options = _with_players(options, values)
    named = {field: values.get(field) for field in LIST_FIELDS}
    if not any(named.values()) and "forces" in options:
        return options, []
    missing = {field: gettext(MISSING[field]) for field in LIST_FIELDS if not named[field]}
    if missing:
        raise ValidationError(missing)
    resolved = {field: _army_list(user, str(named[field]), field) for field in LIST_FIELDS}
    breaches = [
        {"list": field, "name": item.force.get("name", ""), "breaches": list(item.breaches)}
        for field, item in resolved.items()
        if item.breaches
    ]
    if breaches and not values.get("simulate_anyway"):
        raise ValidationError({b["list"]: _breach_text(b) for b in breaches})
    return {**options, "forces": [item.force for item in resolved.values()]}, breaches


PLAYER_FIELDS = ("player_a", "player_b")
DEFAULT_PLAYER = "heuristic"


def _with_players(options: dict[str, Any], values: dict[str, Any]) -> dict[str, Any]:
    """The options with who plays each list (``player_a``, ``player_b``: a name of the
    engine's roster) when one is chosen; the default for both is left out, as the engine
    plays it anyway. A named player overrides the options' own ``players``."""
    chosen = [values.get(field) or None for field in PLAYER_FIELDS]
    if not any(chosen):
        return options
    unknown = {
        field: gettext("No player {name}: choose one of {names}.").format(
            name=repr(name), names=", ".join(sorted(PLAYERS))
        )
        for field, name in zip(PLAYER_FIELDS, chosen, strict=True)
        if name is not None and name not in PLAYERS
    }
    if unknown:
        raise ValidationError(unknown)
    before = options.get("players")
    if not isinstance(before, list) or len(before) != 2:  # the engine names a bad one
        before = [DEFAULT_PLAYER, DEFAULT_PLAYER]
    players = [name or old for name, old in zip(chosen, before, strict=True)]
    if players == [DEFAULT_PLAYER, DEFAULT_PLAYER]:
        return {key: value for key, value in options.items() if key != "players"}
    return {**options, "players": players}


def _breach_text(found: dict[str, Any]) -> str:
    count = len(found["breaches"])
    shown = "; ".join(found["breaches"][:5]) + ("; ..." if count > 5 else "")
    return ngettext(
        "The list {name} breaks {count} rule: {shown}. Fix it in the list builder, or tick "
        "“simulate anyway” to simulate it as it is.",
        "The list {name} breaks {count} rules: {shown}. Fix it in the list builder, or tick "
        "“simulate anyway” to simulate it as it is.",
        count,
    ).format(name=repr(found["name"]), count=count, shown=shown)


def job_queue_requested(
    *, owner: AbstractBaseUser, values: dict[str, Any], dispatch: bool = True
) -> SimulationJob:
    """Resolve a job request (page, API or CLI) and queue it; field errors as for both."""
    options, breaches = job_request(user=owner, values=values)
    return services.job_queue(
        owner=owner,
        game=values["game"],
        options=options,
        battles=values["battles"],
        seed=values.get("seed"),
        label=values.get("label") or "",
        dispatch=dispatch,
        simulate_anyway=bool(values.get("simulate_anyway")),
        breaches=breaches,
    )


def list_force(*, user: AbstractBaseUser, reference: str) -> dict[str, Any]:
    """The force data of one list the user may name (``own:``, ``shared:``, ``starter:``)."""
    return _army_list(user, reference, "list").force

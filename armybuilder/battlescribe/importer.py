"""Rebuild an army list from a BattleScribe roster, in one transaction.

Each force's catalogue is found among the imported BattleScribe factions by catalogue id,
then by name; each model selection's profile by the entry ids of its selection chain (the
``holder/model`` or ``model`` source ids the catalogue importer keeps), then by name. A root
selection is a warband: its hero model outside any Warband is the captain, every other
model a follower. Upgrades match the profile's options by entry id, then by name; an
unmatched free upgrade (wargear, a marker) is skipped, an unmatched priced one refused.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from django.contrib.auth.models import AbstractBaseUser
from django.core.exceptions import ValidationError
from django.db import transaction

from armybuilder import services
from armybuilder.battlescribe.reader import (
    Roster,
    RosterFileError,
    RosterForce,
    RosterSelection,
    roster_read,
)
from armybuilder.battlescribe.writer import LEADER_MARKER
from armybuilder.models import MAX_ENTRY_COUNT, ArmyList, Contingent, Entry, Warband
from profiles.importers.battlescribe import SBG_GAME_SYSTEM_ID
from profiles.importers.bs_profiles import WARBAND_NAMES
from profiles.models import DataRelease, Faction, Profile

MAX_IMPORT_ENTRIES = 500
DEFAULT_POINTS_LIMIT = 600
Chain = tuple[RosterSelection, ...]


@dataclass(frozen=True, slots=True)
class _Model:
    selection: RosterSelection
    ancestors: Chain  # from the root selection down to the model's parent
    profile: Profile

    @property
    def under_warband(self) -> bool:
        return any(_is_warband(a) for a in self.ancestors)


def _fail(path: str, message: str) -> ValidationError:
    return ValidationError({path: message})


def _text(error: ValidationError) -> str:
    return "; ".join(message for messages in error.message_dict.values() for message in messages)


@transaction.atomic
def army_list_import_roster(*, owner: AbstractBaseUser, data: bytes) -> ArmyList:
    """Create a list from a .ros/.rosz upload; raise ``ValidationError`` naming the element."""
    try:
        roster = roster_read(data)
    except RosterFileError as error:
        raise _fail(error.path, error.message) from error
    _check_roster(roster)
    army = services.army_list_create(
        owner=owner,
        name=(roster.name or "Imported roster")[:100],
        points_limit=roster.points_limit or DEFAULT_POINTS_LIMIT,
    )
    for force in roster.forces:
        _import_force(army, force)
    return army


def _check_roster(roster: Roster) -> None:
    if roster.game_system_id != SBG_GAME_SYSTEM_ID:
        raise _fail(
            "roster.gameSystemId",
            f"a roster of game system {roster.game_system_id!r}, not of the Middle-earth "
            f"Strategy Battle Game ({SBG_GAME_SYSTEM_ID})",
        )
    models = sum(1 for f in roster.forces for s in f.selections for _ in _models(s, ()))
    if models > MAX_IMPORT_ENTRIES:
        raise _fail("roster.forces", f"more than {MAX_IMPORT_ENTRIES} model selections")


def find_faction(force: RosterForce) -> Faction:
    """Return the force's army list: by catalogue id (current release first), then by name."""
    battlescribe = Faction.objects.filter(release__source=DataRelease.Source.BATTLESCRIBE)
    by_id = battlescribe.filter(source_id=force.catalogue_id).order_by(
        "-release__is_current", "-release__imported_at"
    )
    faction = by_id.first() or (
        Faction.objects.filter(name=force.catalogue_name, release__is_current=True)
        .order_by("release__source")
        .first()
    )
    if faction is None:
        raise _fail(
            f"{force.path}.catalogueId",
            f"unknown catalogue {force.catalogue_name!r} ({force.catalogue_id}): "
            "import its BattleScribe data first",
        )
    return faction


def _import_force(army: ArmyList, force: RosterForce) -> None:
    faction = find_faction(force)
    try:
        contingent = services.contingent_add(army=army, faction=faction)
    except ValidationError as error:
        raise _fail(force.path, f"force {faction.name!r}: {_text(error)}") from error
    warband: Warband | None = None
    legions = {legion.source_id: legion for legion in faction.legions.all()}
    for selection in force.selections:
        if selection.last_id in legions:  # the Legendary Legion the force is built as
            services.contingent_set_legion(contingent=contingent, legion=legions[selection.last_id])
            continue
        models = [
            _Model(s, chain, _find_profile(faction, s, chain))
            for s, chain in _models(selection, ())
        ]
        if models:
            warband = _import_warband(contingent, warband, models, selection)


def _models(selection: RosterSelection, chain: Chain) -> Iterator[tuple[RosterSelection, Chain]]:
    """Yield every model selection under ``selection`` with its ancestors, in file order."""
    if selection.type == "model":
        yield selection, chain
    for child in selection.children:
        yield from _models(child, (*chain, selection))


def _import_warband(
    contingent: Contingent, previous: Warband | None, models: list[_Model], root: RosterSelection
) -> Warband:
    captain = _captain(models)
    if captain is None:
        if previous is None:
            raise _fail(root.path, f"{root.describe()} holds no hero to lead a warband")
        warband = previous
    else:
        if _count(captain) != 1:
            raise _fail(
                captain.selection.path, f"{captain.selection.describe()}: a captain is one model"
            )
        options = _options(captain)
        with _at(captain.selection):
            warband = services.warband_add(
                contingent=contingent, captain=captain.profile, options=options
            )
        if _has_leader_marker(captain):
            services.warband_set_leader(warband=warband)
    for model in models:
        if model is not captain:
            _import_entry(warband, model)
    return warband


def _captain(models: list[_Model]) -> _Model | None:
    heroes = [m for m in models if m.profile.is_hero and not m.under_warband]
    return min(heroes, key=lambda m: len(m.ancestors), default=None)


def _import_entry(warband: Warband, model: _Model) -> None:
    count = _count(model) // max(model.profile.models_per_unit, 1)  # a team: its units
    if not 1 <= count <= MAX_ENTRY_COUNT:
        raise _fail(
            model.selection.path,
            f"{model.selection.describe()}: {count} models; a count is 1 to {MAX_ENTRY_COUNT}",
        )
    options = _options(model)
    with _at(model.selection):
        services.entry_add(
            warband=warband,
            profile=model.profile,
            count=count,
            options=options,
            role=Entry.Role.FOLLOWER,
        )


@contextmanager
def _at(selection: RosterSelection) -> Iterator[None]:
    """Report a service's refusal (an option taken too often...) at the roster element."""
    try:
        yield
    except ValidationError as error:
        raise _fail(selection.path, f"{selection.describe()}: {_text(error)}") from error


def _own_ancestors(model: _Model) -> Chain:
    """The model's wrappers: its ancestors below its Warband, or all of them for a hero
    outside any Warband (the root selection is its own entry)."""
    start = 0
    for index, ancestor in enumerate(model.ancestors):
        if _is_warband(ancestor):
            start = index + 1
    return model.ancestors[start:]


def _count(model: _Model) -> int:
    return model.selection.number * math.prod(a.number for a in _own_ancestors(model))


def _is_warband(selection: RosterSelection) -> bool:
    return selection.name.lower() in WARBAND_NAMES


def _find_profile(faction: Faction, model: RosterSelection, chain: Chain) -> Profile:
    keys = [f"{a.last_id}/{model.last_id}" for a in reversed(chain)] + [model.last_id]
    found = {p.source_id: p for p in Profile.objects.filter(faction=faction, source_id__in=keys)}
    for key in keys:
        if key in found:
            return found[key]
    names = [model.name, *(a.name for a in reversed(chain))]
    by_name = {p.name: p for p in Profile.objects.filter(faction=faction, name__in=names)}
    for name in names:
        if name in by_name:
            return by_name[name]
    raise _fail(
        f"{model.path}.entryId",
        f"{model.describe()} ({model.entry_id}) matches no profile of {faction.name}",
    )


def _upgrades(model: _Model) -> Iterator[RosterSelection]:
    """Yield the plain upgrades (no model inside) of the model and of its wrappers."""
    for owner in (*_own_ancestors(model), model.selection):
        for child in owner.children:
            if child.type != "model" and not any(True for _ in _models(child, ())):
                yield child


def _options(model: _Model) -> dict[int, int]:
    known = list(model.profile.options.all())
    chosen: dict[int, int] = {}
    for upgrade in _upgrades(model):
        option = next((o for o in known if o.source_id == upgrade.last_id), None)
        option = option or next((o for o in known if o.name == upgrade.name), None)
        if option is not None:
            chosen[option.pk] = upgrade.number
        elif upgrade.points:
            raise _fail(
                upgrade.path,
                f"{upgrade.describe()} ({upgrade.points:g} points) is no option of "
                f"{model.profile.name}",
            )
    return chosen


def _has_leader_marker(model: _Model) -> bool:
    return any(u.name.startswith(LEADER_MARKER) for u in _upgrades(model))

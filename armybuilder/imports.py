"""Import an army list from the JSON export, checking every field before writing anything."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.core.exceptions import ValidationError
from django.db import transaction

from armybuilder import services
from armybuilder.exports import JSON_FORMAT, JSON_VERSION
from armybuilder.models import MAX_ENTRY_COUNT, ArmyList, Contingent, Entry
from config.errors import refuse_nul
from profiles.models import Faction, Profile

MAX_IMPORT_ENTRIES = 500


def _fail(path: str, message: str) -> ValidationError:
    return ValidationError({path: message})


def _field(data: Any, key: str, kind: type, path: str) -> Any:
    if not isinstance(data, dict) or key not in data:
        raise _fail(path, f"missing field {key!r}")
    value = data[key]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise _fail(f"{path}.{key}", f"must be {kind.__name__}")
    return value


@transaction.atomic
def army_list_import_json(*, owner: AbstractBaseUser, document: Any) -> ArmyList:
    """Create a list from an exported document; raise ``ValidationError`` naming the path."""
    if not isinstance(document, dict) or document.get("format") != JSON_FORMAT:
        raise _fail("format", f"not an army list export (format must be {JSON_FORMAT!r})")
    if document.get("version") != JSON_VERSION:
        raise _fail("version", f"unsupported version {document.get('version')!r}")
    refuse_nul(document)
    army = services.army_list_create(
        owner=owner,
        name=_field(document, "name", str, "$"),
        points_limit=_field(document, "points_limit", int, "$"),
    )
    contingents = _field(document, "contingents", list, "$")
    if sum(_entry_total(c) for c in contingents) > MAX_IMPORT_ENTRIES:
        raise _fail("contingents", f"more than {MAX_IMPORT_ENTRIES} entries")
    for index, item in enumerate(contingents):
        _import_contingent(army, item, f"contingents[{index}]")
    return army


def _list_of(value: Any) -> list[Any]:
    """``value`` if it is a list, else an empty one (for counting before the checks)."""
    return value if isinstance(value, list) else []


def _entry_total(contingent: Any) -> int:
    warbands = _list_of(contingent.get("warbands")) if isinstance(contingent, dict) else []
    return sum(len(_list_of(w.get("entries"))) for w in warbands if isinstance(w, dict))


def _find_faction(item: Any, path: str) -> Faction:
    if not isinstance(item, dict):
        raise _fail(path, "must be an object")
    key, source_id = item.get("release"), item.get("faction")
    faction = None
    if isinstance(key, str) and isinstance(source_id, str):
        faction = Faction.objects.filter(release__key=key, source_id=source_id).first()
    if faction is None:
        name = _field(item, "faction_name", str, path)
        faction = Faction.objects.filter(name=name, release__is_current=True).first()
    if faction is None:
        raise _fail(f"{path}.faction", f"unknown army list {item.get('faction_name')!r}")
    return faction


def _import_contingent(army: ArmyList, item: Any, path: str) -> None:
    faction = _find_faction(item, path)
    contingent = services.contingent_add(army=army, faction=faction)
    if item.get("legion") is not None:
        name = _field(item, "legion", str, path)
        legion = faction.legions.filter(name=name).first()
        if legion is None:
            raise _fail(f"{path}.legion", f"{faction.name} has no Legendary Legion {name!r}")
        services.contingent_set_legion(contingent=contingent, legion=legion)
    for index, warband in enumerate(_field(item, "warbands", list, path)):
        _import_warband(contingent, warband, f"{path}.warbands[{index}]")


def _import_warband(contingent: Contingent, item: Any, path: str) -> None:
    entries = _field(item, "entries", list, path)
    captains = [e for e in entries if isinstance(e, dict) and e.get("role") == "captain"]
    if len(captains) != 1:
        raise _fail(f"{path}.entries", "a warband needs exactly one captain entry")
    captain = captains[0]
    profile = _find_profile(contingent, captain, f"{path}.captain")
    warband = services.warband_add(
        contingent=contingent,
        captain=profile,
        options=_options(profile, captain, f"{path}.captain"),
    )
    if item.get("army_leader") is True:
        services.warband_set_leader(warband=warband)
    for index, entry in enumerate(entries):
        if entry is not captain:
            _import_entry(warband, entry, f"{path}.entries[{index}]")


def _import_entry(warband: Any, item: Any, path: str) -> None:
    profile = _find_profile(warband.contingent, item, path)
    count = _field(item, "count", int, path)
    if not 1 <= count <= MAX_ENTRY_COUNT:
        raise _fail(f"{path}.count", f"must be between 1 and {MAX_ENTRY_COUNT}")
    services.entry_add(
        warband=warband,
        profile=profile,
        count=count,
        options=_options(profile, item, path),
        role=Entry.Role.FOLLOWER,
    )


def _find_profile(contingent: Contingent, item: Any, path: str) -> Profile:
    name = _field(item, "profile", str, path)
    profile = Profile.objects.filter(faction=contingent.faction, name=name).first()
    if profile is None:
        raise _fail(f"{path}.profile", f"{contingent.faction.name} has no profile {name!r}")
    return profile


def _options(profile: Profile, item: dict[str, Any], path: str) -> dict[int, int]:
    chosen: dict[int, int] = {}
    known = {option.name: option.pk for option in profile.options.all()}
    options = item.get("options", [])
    if not isinstance(options, list):
        raise _fail(f"{path}.options", "must be list")
    for index, option in enumerate(options):
        name = _field(option, "name", str, f"{path}.options[{index}]")
        if name not in known:
            raise _fail(f"{path}.options[{index}]", f"{profile.name} has no option {name!r}")
        chosen[known[name]] = _field(option, "count", int, f"{path}.options[{index}]")
    return chosen

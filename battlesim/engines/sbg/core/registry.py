"""The rule registry: every rule, wargear, weapon, power or keyword the engine plays, by name.

A rule unit is registered once under its canonical name, with its kind and the source it
implements (a checklist id "SR-BURLY", a rulebook line "002:L2751", a BattleScribe rule id),
either by ``register_rule(...)`` or by decorating the code that plays it with ``@rule(...)``.
Lookups take any spelling (names.py brings it to the canonical name). ``classify`` says
whether a name is a battle, list-building or flavour name, and ``report`` splits what a
profile or a force carries into played, list-building, flavour and unplayed names, each
unplayed one with the profiles carrying it. A name nobody registered is never played.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, TypeVar

from battlesim.engines.sbg.core.names import (
    Classification,
    NameClass,
    NameTable,
    ParsedName,
    clean,
    table,
)

__all__ = [
    "REGISTRY",
    "Kind",
    "NameReport",
    "ProfileNames",
    "RegistryError",
    "Registry",
    "Report",
    "RuleUnit",
    "Status",
    "classify",
    "force_report",
    "lookup",
    "profile_report",
    "register_rule",
    "rule",
]

_T = TypeVar("_T")


class Kind(StrEnum):
    RULE = "battle rule"
    WARGEAR = "wargear"
    WEAPON = "weapon"
    POWER = "power"
    KEYWORD = "keyword"


class Status(StrEnum):
    PLAYED = "played"
    LIST_BUILDING = "list-building"
    FLAVOUR = "flavour"
    UNPLAYED = "unplayed"


_STATUS_OF_CLASS = {
    NameClass.LIST_BUILDING: Status.LIST_BUILDING,
    NameClass.FLAVOUR: Status.FLAVOUR,
}


class RegistryError(ValueError):
    """A registration contradicts an earlier one (another kind, a taken alias)."""


@dataclass(frozen=True, slots=True)
class RuleUnit:
    """One registered name: its kind, the sources it implements, the spellings it answers."""

    name: str
    kind: Kind
    sources: tuple[str, ...]
    aliases: tuple[str, ...] = ()
    parameters: bool = False  # reads a bracketed parameter: "Terror (Orc)" frightens Orcs


@dataclass(frozen=True, slots=True)
class ProfileNames:
    """What one profile carries, by where the name comes from: wargear (and bought options)
    may stand for several names ("Elven-made Sword"); rules include Heroic Actions and names
    the engine derives ("might (heroic)"); powers are Magical Powers."""

    profile: str
    wargear: tuple[str, ...] = ()
    rules: tuple[str, ...] = ()
    powers: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class NameReport:
    """One canonical name in a report: its status, why (list-building, flavour) and the
    profiles carrying it."""

    name: str
    status: Status
    reason: str
    profiles: tuple[str, ...]

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "status": self.status.value,
            "reason": self.reason,
            "profiles": list(self.profiles),
        }


@dataclass(frozen=True, slots=True)
class Report:
    """Names of a profile or a force by status; ``fully_played`` are the profiles whose every
    battle name is played (list-building and flavour names do not count against them)."""

    names: tuple[NameReport, ...]
    profiles: tuple[str, ...]
    fully_played: tuple[str, ...]

    def with_status(self, status: Status) -> tuple[str, ...]:
        return tuple(sorted(n.name for n in self.names if n.status is status))

    @property
    def played(self) -> tuple[str, ...]:
        return self.with_status(Status.PLAYED)

    @property
    def list_building(self) -> tuple[str, ...]:
        return self.with_status(Status.LIST_BUILDING)

    @property
    def flavour(self) -> tuple[str, ...]:
        return self.with_status(Status.FLAVOUR)

    @property
    def unplayed(self) -> tuple[str, ...]:
        return self.with_status(Status.UNPLAYED)

    def unplayed_by_carriers(self) -> tuple[NameReport, ...]:
        """Unplayed names, the most carried first (then by name)."""
        found = (n for n in self.names if n.status is Status.UNPLAYED)
        return tuple(sorted(found, key=lambda n: (-len(n.profiles), n.name)))

    def to_json(self) -> dict[str, Any]:
        return {
            "profiles": len(self.profiles),
            "fully_played": len(self.fully_played),
            "names": [n.to_json() for n in self.names],
        }


@dataclass(slots=True)
class Registry:
    """Registered names and their aliases, over a table of spellings and classes."""

    names_table: NameTable | None = None
    _units: dict[str, RuleUnit] = field(default_factory=dict)
    _aliases: dict[str, str] = field(default_factory=dict)

    @property
    def spellings(self) -> NameTable:
        return self.names_table if self.names_table is not None else table()

    def register(
        self,
        name: str,
        *,
        kind: Kind,
        source: str,
        aliases: Iterable[str] = (),
        parameters: bool = False,
    ) -> RuleUnit:
        """Register ``name`` as played; registering it again adds a source and aliases.

        ``parameters``: the unit reads the bracket of "Name (X)"; a unit that does not
        leaves "Name (X)" unplayed, since X would be silently dropped."""
        canonical = self.spellings.parse(name).full  # "Terror (Passive)" -> "terror"
        if not source.strip():
            raise RegistryError(f"{name!r} needs a source (checklist id, rulebook line, rule id)")
        known = self._units.get(canonical)
        if known is not None and known.kind is not kind:
            raise RegistryError(f"{canonical!r} is a {known.kind.value}, not a {kind.value}")
        spellings = tuple(clean(a) for a in aliases)
        for alias in spellings:
            taken = alias if alias in self._units else self._aliases.get(alias, canonical)
            if taken != canonical:
                raise RegistryError(f"alias {alias!r} already names {taken!r}")
        sources = known.sources if known is not None else ()
        old_aliases = known.aliases if known is not None else ()
        unit = RuleUnit(
            canonical,
            kind,
            _unique([*sources, source.strip()]),
            _unique([*old_aliases, *spellings]),
            parameters or (known is not None and known.parameters),
        )
        self._units[canonical] = unit
        self._aliases.update(dict.fromkeys(spellings, canonical))
        return unit

    def rule(
        self,
        name: str,
        *,
        kind: Kind,
        source: str,
        aliases: Iterable[str] = (),
        parameters: bool = False,
    ) -> Callable[[_T], _T]:
        """Decorator form of ``register``: the decorated object is returned unchanged."""

        def decorate(unit: _T) -> _T:
            self.register(name, kind=kind, source=source, aliases=aliases, parameters=parameters)
            return unit

        return decorate

    def lookup(self, name: str) -> RuleUnit | None:
        """The unit registered under any spelling of ``name``, else None. "Terror (Hobbit)"
        finds Terror, which reads its parameter; "War Drum (Orc)" finds nothing while the
        war drum ignores whom it drives."""
        unit = self._registered(name)
        if unit is not None:
            return unit
        parsed = self.spellings.parse(name)
        for candidate in _unique([parsed.full, parsed.name]):
            unit = self._get(candidate)
            if unit is not None and (candidate == parsed.full or unit.parameters):
                return unit
        return None

    def is_played(self, name: str) -> bool:
        return self.lookup(name) is not None

    def classify(self, name: str) -> Classification:
        """A registered name is a battle name; else the class names.yaml gives."""
        unit = self.lookup(name)
        if unit is not None:
            return Classification(unit.name, NameClass.BATTLE)
        return self.spellings.class_of(self.spellings.parse(name).name)

    def status(self, name: str) -> Status:
        if self.is_played(name):
            return Status.PLAYED
        return _STATUS_OF_CLASS.get(self.classify(name).name_class, Status.UNPLAYED)

    def units(self) -> tuple[RuleUnit, ...]:
        return tuple(self._units[name] for name in sorted(self._units))

    def expand(self, carried: ProfileNames) -> tuple[str, ...]:
        """The canonical names a profile carries: wargear split into its parts."""
        found: list[str] = []
        for raw in carried.wargear:
            found.extend(self._parts(raw, wargear=True))
        for raw in (*carried.rules, *carried.powers):
            found.extend(self._parts(raw, wargear=False))
        return _unique(found)

    def report(self, carried: Iterable[ProfileNames]) -> Report:
        """Split what the profiles carry by status; unplayed names list their carriers."""
        carriers: dict[str, list[str]] = defaultdict(list)
        statuses: dict[str, Status] = {}
        profiles: list[str] = []
        full: list[str] = []
        for entry in carried:
            profiles.append(entry.profile)
            names = self.expand(entry)
            for name in names:
                carriers[name].append(entry.profile)
                statuses.setdefault(name, self.status(name))
            if all(statuses[name] is not Status.UNPLAYED for name in names):
                full.append(entry.profile)
        names_found = tuple(
            self._name_report(name, statuses[name], who) for name, who in sorted(carriers.items())
        )
        return Report(names_found, tuple(profiles), tuple(full))

    def _name_report(self, name: str, status: Status, profiles: list[str]) -> NameReport:
        reason = self.classify(name).reason if status is not Status.PLAYED else ""
        return NameReport(name, status, reason, tuple(profiles))

    def _parts(self, raw: str, *, wargear: bool) -> tuple[str, ...]:
        unit = self._registered(raw)
        if unit is not None:
            return (unit.name,)
        parsed = self.spellings.parse(raw, wargear=wargear)
        return tuple(self._part_name(part, parsed) for part in parsed.parts)

    def _part_name(self, part: str, parsed: ParsedName) -> str:
        """The name to report: the unit's; "war drum (orc)" when the unit registered as
        "war drum" does not read the parameter; else the canonical name ("hatred")."""
        whole = part == parsed.name and parsed.parameters
        unit = self.lookup(parsed.full if whole else part)
        if unit is not None:
            return unit.name
        return parsed.full if whole and self._get(part) is not None else part

    def _registered(self, raw: str) -> RuleUnit | None:
        """The unit registered under the whole name, brackets included ("might (heroic)")."""
        return self._get(self.spellings.alias(clean(raw)))

    def _get(self, name: str) -> RuleUnit | None:
        return self._units.get(self._aliases.get(name, name))


def _unique(values: Iterable[str]) -> tuple[str, ...]:
    return tuple(dict.fromkeys(values))


REGISTRY = Registry()


def register_rule(
    name: str, *, kind: Kind, source: str, aliases: Iterable[str] = (), parameters: bool = False
) -> RuleUnit:
    """Register a played name in the engine's registry (see ``Registry.register``)."""
    return REGISTRY.register(name, kind=kind, source=source, aliases=aliases, parameters=parameters)


def rule(
    name: str, *, kind: Kind, source: str, aliases: Iterable[str] = (), parameters: bool = False
) -> Callable[[_T], _T]:
    """Decorator registering a played name in the engine's registry."""
    return REGISTRY.rule(name, kind=kind, source=source, aliases=aliases, parameters=parameters)


def lookup(name: str) -> RuleUnit | None:
    return REGISTRY.lookup(name)


def classify(name: str) -> Classification:
    return REGISTRY.classify(name)


def profile_report(carried: ProfileNames, registry: Registry | None = None) -> Report:
    """The report of one profile."""
    return (REGISTRY if registry is None else registry).report([carried])


def force_report(carried: Iterable[ProfileNames], registry: Registry | None = None) -> Report:
    """The report of a force: the profiles of its models."""
    return (REGISTRY if registry is None else registry).report(carried)

"""The starter data: hand-written YAML army lists shipped in ``profiles/starter/``.

Three steps, each its own function. ``starter_read`` turns the YAML files into validated,
frozen plain data (no database); ``starter_load`` writes that data as one ``DataRelease`` in one
transaction, and does nothing when the same content is already loaded; ``starter_lists_read``
returns the example 600-point army lists of ``starter/lists/``. Any problem in a file (unknown
or duplicate key, missing field, wrong type, negative number, unknown reference) raises
``StarterDataError`` naming the file and the field, before anything is written.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from enum import Enum
from pathlib import Path
from typing import TypeVar

import yaml
from django.db import transaction
from django.db.models import QuerySet
from django.utils.text import slugify

from profiles.models import (
    DataRelease,
    Faction,
    HeroicTier,
    MagicalPower,
    Profile,
    ProfileOption,
    ProfilePower,
    ProfileRule,
    Side,
    SpecialRule,
)

STARTER_DIR = Path(__file__).resolve().parent.parent / "starter"
RULES_FILE = "rules.yaml"
ARMIES_DIR = "armies"
LISTS_DIR = "lists"
ASSUMPTIONS_FILE = "assumptions.yaml"

Kind = Profile.Kind
RuleKind = SpecialRule.Kind
E = TypeVar("E", bound=Enum)


class StarterDataError(ValueError):
    """A starter file is invalid; the message names the file and the field at fault."""

    def __init__(self, file: str, field: str, problem: str) -> None:
        self.file = file
        self.field = field
        self.problem = problem
        super().__init__(f"{file}: {field}: {problem}")


# --- plain data ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class StarterText:
    """A special rule, magical power or heroic action text (rules have a kind, others not)."""

    name: str
    text: str
    source: str
    kind: RuleKind = RuleKind.UNSPECIFIED


@dataclass(frozen=True, slots=True)
class StarterRules:
    special_rules: tuple[StarterText, ...]
    magical_powers: tuple[StarterText, ...]
    heroic_actions: tuple[StarterText, ...]


@dataclass(frozen=True, slots=True)
class StarterStats:
    move: int
    fight: int
    shoot: int | None  # 4 means 4+; None when the profile shows "-"
    strength: int
    defence: int
    attacks: int
    wounds: int
    courage: int
    might: int | None = None
    will: int | None = None
    fate: int | None = None


@dataclass(frozen=True, slots=True)
class StarterOption:
    name: str
    points: int  # per model
    max_count: int = 1
    group: str = ""


@dataclass(frozen=True, slots=True)
class StarterPowerRef:
    name: str
    range_inches: int | None  # None for powers that target the caster
    casting_value: int  # 4 means 4+


@dataclass(frozen=True, slots=True)
class StarterProfile:
    name: str
    kind: Kind
    tier: HeroicTier | None
    unique: bool
    points: int
    keywords: tuple[str, ...]
    wargear: tuple[str, ...]
    stats: StarterStats
    heroic_actions: tuple[str, ...]
    rules: tuple[str, ...]
    options: tuple[StarterOption, ...]
    powers: tuple[StarterPowerRef, ...]
    source: str

    def option(self, name: str) -> StarterOption | None:
        return next((option for option in self.options if option.name == name), None)


@dataclass(frozen=True, slots=True)
class StarterArmy:
    file: str
    name: str
    side: Side
    bsdata_catalogue: str | None  # the catalogue holding the same army list, if any
    description: str
    profiles: tuple[StarterProfile, ...]

    @property
    def slug(self) -> str:
        return slugify(self.name)

    def profile(self, name: str) -> StarterProfile | None:
        return next((profile for profile in self.profiles if profile.name == name), None)


@dataclass(frozen=True, slots=True)
class StarterData:
    rules: StarterRules
    armies: tuple[StarterArmy, ...]
    content_hash: str

    def army(self, name: str) -> StarterArmy | None:
        return next((army for army in self.armies if army.name == name), None)


@dataclass(frozen=True, slots=True)
class StarterListEntry:
    profile: str
    count: int
    options: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class StarterWarband:
    captain: StarterListEntry
    followers: tuple[StarterListEntry, ...]


@dataclass(frozen=True, slots=True)
class StarterList:
    """An example army list; the first warband's captain is the army's leader."""

    file: str
    name: str
    army: str
    points_limit: int
    description: str
    warbands: tuple[StarterWarband, ...]

    def entries(self) -> Iterator[StarterListEntry]:
        for warband in self.warbands:
            yield warband.captain
            yield from warband.followers


@dataclass(frozen=True, slots=True)
class StarterAssumption:
    about: str
    assumption: str
    army: str | None
    profile: str | None


# --- reading YAML ----------------------------------------------------------------------------


class _UniqueKeyLoader(getattr(yaml, "CSafeLoader", yaml.SafeLoader)):  # type: ignore[misc]
    """Safe loader that refuses a key written twice in one mapping (PyYAML keeps the last)."""

    def construct_mapping(self, node: yaml.MappingNode, deep: bool = False) -> dict[object, object]:
        seen: set[object] = set()
        for key_node, _ in node.value:
            key = self.construct_object(key_node, deep=deep)
            if key in seen:
                raise yaml.constructor.ConstructorError(
                    None, None, f"duplicate key {key!r}", key_node.start_mark
                )
            seen.add(key)
        return super().construct_mapping(node, deep=deep)


def _yaml_read(directory: Path, name: str) -> object:
    try:
        return yaml.load((directory / name).read_text(encoding="utf-8"), Loader=_UniqueKeyLoader)
    except OSError as error:
        raise StarterDataError(name, "(file)", f"cannot be read: {error.strerror}") from error
    except yaml.YAMLError as error:
        raise StarterDataError(name, "(file)", f"is not valid YAML: {error}") from error


def _type_name(value: object) -> str:
    return "nothing" if value is None else type(value).__name__


@dataclass(slots=True)
class _Fields:
    """One YAML mapping being read; remembers the keys used so that unknown keys are errors."""

    file: str
    path: str
    data: dict[str, object]
    used: set[str] = field(default_factory=set)

    @classmethod
    def of(cls, value: object, file: str, path: str) -> _Fields:
        if not isinstance(value, dict):
            raise StarterDataError(
                file, path or "(top)", f"expected a mapping, got {_type_name(value)}"
            )
        return cls(file, path, value)

    def where(self, key: str) -> str:
        return f"{self.path}.{key}" if self.path else key

    def fail(self, key: str, problem: str) -> StarterDataError:
        return StarterDataError(self.file, self.where(key), problem)

    def _value(self, key: str, required: bool) -> object:
        self.used.add(key)
        value = self.data.get(key)
        if value is None and required:
            raise self.fail(key, "is missing")
        return value

    def text(self, key: str, *, required: bool = True, max_length: int = 200) -> str:
        value = self._value(key, required)
        if value is None:
            return ""
        if not isinstance(value, str) or not value.strip():
            raise self.fail(key, f"expected non-empty text, got {_type_name(value)}")
        if len(value) > max_length:
            raise self.fail(key, f"is longer than {max_length} characters")
        return value.strip()

    def integer(self, key: str, *, low: int = 0, high: int = 10_000) -> int:
        value = self._value(key, required=True)
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.fail(key, f"expected a whole number, got {_type_name(value)}")
        if value < 0:
            raise self.fail(key, f"must not be negative, got {value}")
        if not low <= value <= high:
            raise self.fail(key, f"must be between {low} and {high}, got {value}")
        return value

    def optional_integer(self, key: str, *, low: int = 0, high: int = 10_000) -> int | None:
        if self.data.get(key) is None:
            self.used.add(key)
            return None
        return self.integer(key, low=low, high=high)

    def flag(self, key: str, *, default: bool) -> bool:
        value = self._value(key, required=False)
        if value is None:
            return default
        if not isinstance(value, bool):
            raise self.fail(key, f"expected true or false, got {_type_name(value)}")
        return value

    def choice(self, key: str, enum: type[E]) -> E:
        value = self._value(key, required=True)
        allowed = [str(member.value) for member in enum]
        if value not in allowed:
            raise self.fail(key, f"expected one of {', '.join(allowed)}, got {value!r}")
        return enum(value)

    def optional_choice(self, key: str, enum: type[E]) -> E | None:
        return None if self._value(key, required=False) is None else self.choice(key, enum)

    def texts(self, key: str) -> tuple[str, ...]:
        value = self._value(key, required=False)
        if value is None:
            return ()
        if not isinstance(value, list):
            raise self.fail(key, f"expected a list, got {_type_name(value)}")
        for index, item in enumerate(value):
            if not isinstance(item, str) or not item.strip():
                raise self.fail(
                    f"{key}[{index}]", f"expected non-empty text, got {_type_name(item)}"
                )
        return tuple(item.strip() for item in value)

    def record(self, key: str) -> _Fields:
        return _Fields.of(self._value(key, required=True), self.file, self.where(key))

    def records(self, key: str, *, required: bool = False) -> list[_Fields]:
        value = self._value(key, required)
        if value is None:
            return []
        if not isinstance(value, list) or (required and not value):
            raise self.fail(key, f"expected a non-empty list, got {_type_name(value)}")
        return [
            _Fields.of(item, self.file, f"{self.where(key)}[{i}]") for i, item in enumerate(value)
        ]

    def finish(self) -> None:
        unknown = sorted(str(key) for key in self.data if key not in self.used)
        if unknown:
            raise self.fail(unknown[0], f"unknown key (allowed: {', '.join(sorted(self.used))})")


# --- rules.yaml ------------------------------------------------------------------------------


def _text_entry(fields: _Fields, *, with_kind: bool) -> StarterText:
    kind = fields.choice("kind", RuleKind) if with_kind else RuleKind.UNSPECIFIED
    entry = StarterText(
        name=fields.text("name", max_length=200),
        text=fields.text("text", max_length=2000),
        source=fields.text("source", required=False),
        kind=kind,
    )
    fields.finish()
    return entry


def _text_entries(top: _Fields, key: str, *, with_kind: bool) -> tuple[StarterText, ...]:
    entries = tuple(_text_entry(item, with_kind=with_kind) for item in top.records(key))
    _refuse_duplicates(top, key, [entry.name for entry in entries])
    return entries


def _refuse_duplicates(fields: _Fields, key: str, names: Iterable[str]) -> None:
    seen: set[str] = set()
    for index, name in enumerate(names):
        folded = slugify(name) or name
        if folded in seen:
            raise fields.fail(f"{key}[{index}].name", f"{name!r} appears twice")
        seen.add(folded)


def _rules_parse(raw: object) -> StarterRules:
    top = _Fields.of(raw, RULES_FILE, "")
    rules = StarterRules(
        special_rules=_text_entries(top, "special_rules", with_kind=True),
        magical_powers=_text_entries(top, "magical_powers", with_kind=False),
        heroic_actions=_text_entries(top, "heroic_actions", with_kind=False),
    )
    top.finish()
    return rules


# --- armies/*.yaml ---------------------------------------------------------------------------


def _stats_parse(fields: _Fields) -> StarterStats:
    stats = StarterStats(
        move=fields.integer("move", high=24),
        fight=fields.integer("fight", high=10),
        shoot=fields.optional_integer("shoot", low=1, high=6),
        strength=fields.integer("strength", low=1, high=10),
        defence=fields.integer("defence", low=1, high=10),
        attacks=fields.integer("attacks", high=10),
        wounds=fields.integer("wounds", low=1, high=20),
        courage=fields.integer("courage", high=10),
        might=fields.optional_integer("might", high=10),
        will=fields.optional_integer("will", high=20),
        fate=fields.optional_integer("fate", high=10),
    )
    fields.finish()
    return stats


def _option_parse(fields: _Fields) -> StarterOption:
    option = StarterOption(
        name=fields.text("name"),
        points=fields.integer("points", high=1000),
        max_count=fields.optional_integer("max", low=1, high=20) or 1,
        group=fields.text("group", required=False),
    )
    fields.finish()
    return option


def _power_ref_parse(fields: _Fields) -> StarterPowerRef:
    power = StarterPowerRef(
        name=fields.text("name"),
        range_inches=fields.optional_integer("range", low=1, high=48),
        casting_value=fields.integer("cast", low=1, high=6),
    )
    fields.finish()
    return power


def _profile_parse(fields: _Fields) -> StarterProfile:
    profile = StarterProfile(
        name=fields.text("name"),
        kind=fields.choice("kind", Kind),
        tier=fields.optional_choice("tier", HeroicTier),
        unique=fields.flag("unique", default=False),
        points=fields.integer("points", high=2000),
        keywords=fields.texts("keywords"),
        wargear=fields.texts("wargear"),
        stats=_stats_parse(fields.record("stats")),
        heroic_actions=fields.texts("heroic_actions"),
        rules=fields.texts("rules"),
        options=tuple(_option_parse(item) for item in fields.records("options")),
        powers=tuple(_power_ref_parse(item) for item in fields.records("powers")),
        source=fields.text("source", required=False),
    )
    fields.finish()
    _profile_check(fields, profile)
    return profile


def _profile_check(fields: _Fields, profile: StarterProfile) -> None:
    """Refuse a hero without tier or Might/Will/Fate, and a warrior with any of them."""
    is_hero = profile.kind == Kind.HERO
    if is_hero and profile.tier is None:
        raise fields.fail("tier", "a hero needs a heroic tier")
    if not is_hero and profile.tier is not None:
        raise fields.fail("tier", "only heroes have a heroic tier")
    for name in ("might", "will", "fate"):
        if (getattr(profile.stats, name) is None) == is_hero:
            need = "needs" if is_hero else "must not have"
            raise fields.fail(f"stats.{name}", f"a {profile.kind.value} {need} {name}")
    _refuse_duplicates(fields, "options", [option.name for option in profile.options])


def _army_parse(raw: object, file: str) -> StarterArmy:
    top = _Fields.of(raw, file, "")
    army = StarterArmy(
        file=file,
        name=top.text("army"),
        side=top.choice("side", Side),
        bsdata_catalogue=top.text("bsdata_catalogue", required=False) or None,
        description=top.text("description", required=False, max_length=2000),
        profiles=tuple(_profile_parse(item) for item in top.records("profiles", required=True)),
    )
    top.finish()
    _refuse_duplicates(top, "profiles", [profile.name for profile in army.profiles])
    return army


# --- references between files ----------------------------------------------------------------


def _references_check(army: StarterArmy, rules: StarterRules) -> None:
    known = {
        "rules": {entry.name for entry in rules.special_rules},
        "heroic_actions": {entry.name for entry in rules.heroic_actions},
        "powers": {entry.name for entry in rules.magical_powers},
    }
    for index, profile in enumerate(army.profiles):
        named = {
            "rules": profile.rules,
            "heroic_actions": profile.heroic_actions,
            "powers": tuple(power.name for power in profile.powers),
        }
        for key, names in named.items():
            for position, name in enumerate(names):
                if name not in known[key]:
                    where = f"profiles[{index}].{key}[{position}]"
                    raise StarterDataError(army.file, where, f"{name!r} is not in {RULES_FILE}")


def _army_files(directory: Path) -> list[str]:
    return sorted(f"{ARMIES_DIR}/{path.name}" for path in (directory / ARMIES_DIR).glob("*.yaml"))


def _content_hash(directory: Path, names: Iterable[str]) -> str:
    digest = hashlib.sha256()
    for name in names:
        digest.update(name.encode())
        digest.update(b"\0")
        digest.update((directory / name).read_bytes())
    return digest.hexdigest()


def starter_read(directory: Path = STARTER_DIR) -> StarterData:
    """Return the validated starter data of ``directory``; raise ``StarterDataError`` if invalid."""
    rules = _rules_parse(_yaml_read(directory, RULES_FILE))
    files = _army_files(directory)
    if not files:
        raise StarterDataError(ARMIES_DIR, "(folder)", "holds no army list (*.yaml)")
    armies = tuple(_army_parse(_yaml_read(directory, name), name) for name in files)
    seen: dict[str, str] = {}
    for army in armies:
        _references_check(army, rules)
        if army.slug in seen:
            raise StarterDataError(army.file, "army", f"{army.name!r} is also in {seen[army.slug]}")
        seen[army.slug] = army.file
    return StarterData(rules, armies, _content_hash(directory, [RULES_FILE, *files]))


# --- lists/*.yaml and assumptions.yaml -------------------------------------------------------


def _entry_parse(fields: _Fields) -> StarterListEntry:
    entry = StarterListEntry(
        profile=fields.text("profile"),
        count=fields.optional_integer("count", low=1, high=100) or 1,
        options=fields.texts("options"),
    )
    fields.finish()
    return entry


def _warband_parse(fields: _Fields) -> StarterWarband:
    captain = _entry_parse(fields.record("captain"))
    if captain.count != 1:
        raise fields.fail("captain.count", "a warband has exactly one captain")
    warband = StarterWarband(
        captain=captain,
        followers=tuple(_entry_parse(item) for item in fields.records("followers")),
    )
    fields.finish()
    return warband


def _list_parse(raw: object, file: str) -> StarterList:
    top = _Fields.of(raw, file, "")
    army_list = StarterList(
        file=file,
        name=top.text("name"),
        army=top.text("army"),
        points_limit=top.integer("points_limit", low=1, high=10_000),
        description=top.text("description", required=False, max_length=2000),
        warbands=tuple(_warband_parse(item) for item in top.records("warbands", required=True)),
    )
    top.finish()
    return army_list


def starter_lists_read(directory: Path = STARTER_DIR) -> tuple[StarterList, ...]:
    """Return the example army lists of ``directory/lists`` as plain data."""
    names = sorted(f"{LISTS_DIR}/{path.name}" for path in (directory / LISTS_DIR).glob("*.yaml"))
    return tuple(_list_parse(_yaml_read(directory, name), name) for name in names)


def starter_list_points(army_list: StarterList, army: StarterArmy) -> int:
    """Return the list's total points; raise ``StarterDataError`` for an unknown name."""
    total = 0
    for entry in army_list.entries():
        profile = army.profile(entry.profile)
        if profile is None:
            raise StarterDataError(army_list.file, "warbands", f"no profile {entry.profile!r}")
        for name in entry.options:
            option = profile.option(name)
            if option is None:
                raise StarterDataError(army_list.file, "warbands", f"{profile.name}: no {name!r}")
            total += option.points * entry.count
        total += profile.points * entry.count
    return total


def _assumption_parse(fields: _Fields) -> StarterAssumption:
    assumption = StarterAssumption(
        about=fields.text("about"),
        assumption=fields.text("assumption", max_length=2000),
        army=fields.text("army", required=False) or None,
        profile=fields.text("profile", required=False) or None,
    )
    fields.finish()
    return assumption


def starter_assumptions_read(directory: Path = STARTER_DIR) -> tuple[StarterAssumption, ...]:
    """Return the flagged assumptions behind the starter numbers the sources do not settle."""
    top = _Fields.of(_yaml_read(directory, ASSUMPTIONS_FILE), ASSUMPTIONS_FILE, "")
    assumptions = tuple(_assumption_parse(item) for item in top.records("assumptions"))
    top.finish()
    return assumptions


# --- database --------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class StarterLoadResult:
    release: DataRelease
    created: bool


def starter_load(*, directory: Path = STARTER_DIR) -> StarterLoadResult:
    """Load the starter data as a release; the same content twice changes nothing.

    Changed files make a new release (the next revision) and the older starter releases stop
    being current; their rows stay, so army lists that point at them keep their costs.
    """
    data = starter_read(directory)
    with transaction.atomic():
        existing = DataRelease.objects.filter(
            source=DataRelease.Source.STARTER, content_hash=data.content_hash
        ).first()
        if existing is not None:
            _release_make_current(existing)
            return StarterLoadResult(existing, created=False)
        release = _release_create(data.content_hash)
        _data_write(release, data)
    return StarterLoadResult(release, created=True)


def _release_make_current(release: DataRelease) -> None:
    if release.is_current:
        return
    _starter_releases().exclude(pk=release.pk).update(is_current=False)
    DataRelease.objects.filter(pk=release.pk).update(is_current=True)
    release.is_current = True


def _starter_releases() -> QuerySet[DataRelease]:
    return DataRelease.objects.filter(source=DataRelease.Source.STARTER)


def _release_create(content_hash: str) -> DataRelease:
    last = _starter_releases().order_by("-revision").first()
    revision = last.revision + 1 if last else 1
    _starter_releases().update(is_current=False)
    return DataRelease.objects.create(
        source=DataRelease.Source.STARTER,
        key=f"starter-r{revision}",
        name="Starter data",
        revision=revision,
        content_hash=content_hash,
        is_current=True,
    )


def _data_write(release: DataRelease, data: StarterData) -> None:
    rules = SpecialRule.objects.bulk_create(
        SpecialRule(release=release, name=e.name, kind=e.kind, text=e.text)
        for e in data.rules.special_rules
    )
    powers = MagicalPower.objects.bulk_create(
        MagicalPower(release=release, name=e.name, text=e.text) for e in data.rules.magical_powers
    )
    rule_ids = {rule.name: rule.pk for rule in rules}
    power_ids = {power.name: power.pk for power in powers}
    for army in data.armies:
        _army_write(release, army, rule_ids, power_ids)


def _army_write(
    release: DataRelease, army: StarterArmy, rule_ids: dict[str, int], power_ids: dict[str, int]
) -> None:
    faction = Faction.objects.create(
        release=release,
        source_id=army.slug,
        name=army.name,
        slug=army.slug,
        side=army.side,
        revision=release.revision,
        description=army.description,
    )
    rows = Profile.objects.bulk_create(_profile_row(faction, army, p) for p in army.profiles)
    for row, profile in zip(rows, army.profiles, strict=True):
        _profile_children_write(row, profile, rule_ids, power_ids)


def _profile_row(faction: Faction, army: StarterArmy, profile: StarterProfile) -> Profile:
    stats = profile.stats
    default_source = (
        f"BattleScribe catalogue {army.bsdata_catalogue}" if army.bsdata_catalogue else ""
    )
    return Profile(
        release=faction.release,
        faction=faction,
        source_id=slugify(profile.name),
        name=profile.name,
        slug=slugify(profile.name),
        kind=profile.kind,
        heroic_tier=profile.tier or "",
        points=profile.points,
        unique=profile.unique,
        keywords=list(profile.keywords),
        wargear=list(profile.wargear),
        heroic_actions=list(profile.heroic_actions),
        move=stats.move,
        fight=stats.fight,
        shoot=stats.shoot,
        strength=stats.strength,
        defence=stats.defence,
        attacks=stats.attacks,
        wounds=stats.wounds,
        courage=stats.courage,
        might=stats.might,
        will=stats.will,
        fate=stats.fate,
        source_reference=profile.source or default_source,
    )


def _profile_children_write(
    row: Profile, profile: StarterProfile, rule_ids: dict[str, int], power_ids: dict[str, int]
) -> None:
    ProfileOption.objects.bulk_create(
        ProfileOption(
            profile=row,
            name=option.name,
            points=option.points,
            max_count=option.max_count,
            group=option.group,
            group_max=1 if option.group else 0,  # a starter group names alternatives
            order=order,
        )
        for order, option in enumerate(profile.options)
    )
    ProfileRule.objects.bulk_create(
        ProfileRule(profile=row, rule_id=rule_ids[name], order=order)
        for order, name in enumerate(profile.rules)
    )
    ProfilePower.objects.bulk_create(
        ProfilePower(
            profile=row,
            power_id=power_ids[power.name],
            range_inches=power.range_inches,
            casting_value=power.casting_value,
            order=order,
        )
        for order, power in enumerate(profile.powers)
    )

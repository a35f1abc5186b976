"""Write-side services of the catalogue.

``catalogue_import`` stores a parsed BattleScribe data set as a NEW ``DataRelease``: rows are
never updated in place, because army lists point at ``Profile`` rows and must keep their
costs. Importing the same content again creates nothing.
"""

from __future__ import annotations

import gzip
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from django.conf import settings
from django.db import transaction
from django.utils.text import slugify

from profiles.importers.bs_dataset import (
    ParsedDataSet,
    ParsedFaction,
    ParsedLegion,
    ParsedProfile,
)
from profiles.importers.bs_option_effects import option_effects
from profiles.models import (
    DataRelease,
    DataReleaseFile,
    Faction,
    Legion,
    MagicalPower,
    Profile,
    ProfileOption,
    ProfilePower,
    ProfileRule,
    SpecialRule,
)

SOURCE = DataRelease.Source.BATTLESCRIBE


@dataclass(frozen=True, slots=True)
class FactionCount:
    name: str
    profiles: int
    skipped: int


@dataclass(frozen=True, slots=True)
class ImportReport:
    release: DataRelease
    created: bool  # False: the same content was already imported
    factions: tuple[FactionCount, ...]


def catalogue_import(
    *, data: ParsedDataSet, files: Mapping[str, bytes] | None = None
) -> ImportReport:
    """Store ``data`` as the current BattleScribe release, or report it is up to date;
    ``files`` (name -> raw bytes) are kept with the release for roster export."""
    counts = tuple(FactionCount(f.name, len(f.profiles), len(f.skipped)) for f in data.factions)
    existing = DataRelease.objects.filter(source=SOURCE, content_hash=data.content_hash).first()
    if existing is not None:
        return ImportReport(release=existing, created=False, factions=counts)
    with transaction.atomic():
        DataRelease.objects.filter(source=SOURCE, is_current=True).update(is_current=False)
        release = DataRelease.objects.create(
            source=SOURCE,
            key=release_key(data),
            name=data.game_system_name,
            game_system_id=data.game_system_id,
            revision=data.revision,
            content_hash=data.content_hash,
            is_current=True,
        )
        _write_release(release, data)
        DataReleaseFile.objects.bulk_create(
            DataReleaseFile(release=release, name=name, content_gz=gzip.compress(raw))
            for name, raw in sorted((files or {}).items())
        )
    return ImportReport(release=release, created=True, factions=counts)


def release_files_directory(*, release: DataRelease) -> Path | None:
    """Write a release's kept source files once under ``var/releases/<key>/`` and return
    that directory; ``None`` when the release kept no files."""
    names = list(release.files.values_list("name", flat=True))
    if not names:
        return None
    directory = Path(settings.VAR_DIR) / "releases" / release.key
    if all((directory / name).exists() for name in names):
        return directory
    directory.mkdir(parents=True, exist_ok=True)
    for item in release.files.all():
        partial = directory / f".{item.name}.partial"
        partial.write_bytes(gzip.decompress(bytes(item.content_gz)))
        partial.replace(directory / item.name)  # atomic: readers never see half a file
    return directory


def release_key(data: ParsedDataSet) -> str:
    """Return e.g. ``battlescribe-3e16-9abf-6238-4ed9-r113-1a2b3c4d`` (hash: same revision,
    other content)."""
    return slugify(f"{SOURCE}-{data.game_system_id}-r{data.revision}-{data.content_hash[:8]}")


def _write_release(release: DataRelease, data: ParsedDataSet) -> None:
    profiles = [p for f in data.factions for p in f.profiles]
    rules = _create_rules(release, profiles)
    powers = _create_powers(release, profiles)
    factions = _create_factions(release, data.factions)
    rows = _create_profiles(release, data.factions, factions)
    ProfileRule.objects.bulk_create(_profile_rules(rows, rules), batch_size=1000)
    ProfileOption.objects.bulk_create(_profile_options(rows), batch_size=1000)
    ProfilePower.objects.bulk_create(_profile_powers(rows, powers), batch_size=1000)


def _create_rules(release: DataRelease, profiles: list[ParsedProfile]) -> dict[str, SpecialRule]:
    first: dict[str, SpecialRule] = {}
    for rule in (r for p in profiles for r in p.rules):
        name = rule.name[:300]
        if name not in first:
            first[name] = SpecialRule(
                release=release, name=name, kind=rule.kind.value, text=rule.text
            )
    SpecialRule.objects.bulk_create(first.values(), batch_size=1000)
    return first


def _create_powers(release: DataRelease, profiles: list[ParsedProfile]) -> dict[str, MagicalPower]:
    first: dict[str, MagicalPower] = {}
    for power in (w for p in profiles for w in p.powers):
        name = power.name[:200]
        first.setdefault(name, MagicalPower(release=release, name=name, text=power.text))
    MagicalPower.objects.bulk_create(first.values(), batch_size=1000)
    return first


def _create_factions(release: DataRelease, parsed: Iterable[ParsedFaction]) -> dict[str, Faction]:
    slugs = _unique_slugs()
    rows = {
        f.source_id: Faction(
            release=release,
            source_id=f.source_id,
            name=f.name[:200],
            slug=slugs(f.name),
            side=f.side.value,
            revision=f.revision,
            army_bonus=[{"name": r.name, "text": r.text} for r in f.army_bonus],
        )
        for f in parsed
    }
    Faction.objects.bulk_create(rows.values())
    Legion.objects.bulk_create(
        Legion(
            faction=rows[f.source_id],
            source_id=legion.source_id,
            link_id=legion.link_id,
            name=legion.name[:200],
            rules=[{"name": r.name, "text": r.text} for r in legion.rules],
            order=order,
        )
        for f in parsed
        for order, legion in enumerate(_distinct(f.legions))
    )
    return rows


def _distinct(legions: Iterable[ParsedLegion]) -> list[ParsedLegion]:
    seen: dict[str, ParsedLegion] = {}
    for legion in legions:
        seen.setdefault(legion.source_id, legion)
    return list(seen.values())


def _create_profiles(
    release: DataRelease, parsed: Iterable[ParsedFaction], factions: dict[str, Faction]
) -> list[tuple[Profile, ParsedProfile]]:
    rows: list[tuple[Profile, ParsedProfile]] = []
    for faction in parsed:
        slugs = _unique_slugs()
        for p in faction.profiles:
            rows.append((_profile_row(release, factions[faction.source_id], p, slugs(p.name)), p))
    Profile.objects.bulk_create([row for row, _ in rows], batch_size=500)
    return rows


def _profile_row(release: DataRelease, faction: Faction, p: ParsedProfile, slug: str) -> Profile:
    c = p.characteristics
    return Profile(
        release=release,
        faction=faction,
        source_id=p.source_id,
        name=p.name[:200],
        slug=slug,
        kind=p.kind.value,
        heroic_tier=p.heroic_tier.value if p.heroic_tier else "",
        points=p.points,
        unique=p.unique,
        keywords=list(p.keywords),
        wargear=list(p.wargear),
        heroic_actions=list(p.heroic_actions),
        move=c.move,
        fight=c.fight,
        shoot=c.shoot,
        strength=c.strength,
        defence=c.defence,
        attacks=c.attacks,
        wounds=c.wounds,
        courage=c.courage,
        might=c.might,
        will=c.will,
        fate=c.fate,
        characteristic_notes=dict(c.notes),
        conditional=p.conditional,
        models_per_unit=p.models_per_unit,
        siege_engine=_engine_json(p),
        form=_form_json(p),
        source_reference=p.source_reference,
    )


def _engine_json(p: ParsedProfile) -> dict[str, Any]:
    """SE-PROF-01: the engine's card as plain data (the SBG adapter reads it)."""
    engine = p.siege_engine
    if engine is None:
        return {}
    return {
        "name": engine.name,
        "strength": engine.strength,
        "defence": engine.defence,
        "wounds": engine.wounds,
        "rules": list(engine.rules),
        "upgrades": list(engine.upgrades),
        **({"option": engine.option} if engine.option else {}),
    }


FORM_STATS = ("move", "fight", "shoot", "strength", "defence", "attacks", "wounds", "courage")


def _form_json(p: ParsedProfile) -> dict[str, Any]:
    """BSData bf2e-3118-471d-9720 Skin-changer: the other form as plain data (the SBG adapter
    reads it); a characteristic without a number is left out (the form keeps the model's)."""
    form = p.form
    if form is None:
        return {}
    c = form.characteristics
    numbers = {name: getattr(c, name) for name in FORM_STATS}
    return {
        "name": form.name,
        "rule": form.rule,
        **{name: value for name, value in numbers.items() if value is not None},
        "keywords": list(form.keywords),
        "heroic_actions": list(form.heroic_actions),
        "rules": list(form.rules),
    }


def _profile_rules(
    rows: list[tuple[Profile, ParsedProfile]], rules: dict[str, SpecialRule]
) -> Iterator[ProfileRule]:
    for row, parsed in rows:
        for order, rule in enumerate(parsed.rules):
            yield ProfileRule(profile=row, rule=rules[rule.name[:300]], order=order)


def _profile_options(rows: list[tuple[Profile, ParsedProfile]]) -> Iterator[ProfileOption]:
    for row, parsed in rows:
        for order, option in enumerate(parsed.options):
            yield ProfileOption(
                profile=row,
                source_id=option.source_id,
                name=option.name[:200],
                points=option.points,
                max_count=option.max_count,
                group=option.group[:200],
                group_max=option.group_max,
                order=order,
                conditional=option.conditional,
                effects=option_effects(option),
            )


def _profile_powers(
    rows: list[tuple[Profile, ParsedProfile]], powers: dict[str, MagicalPower]
) -> Iterator[ProfilePower]:
    for row, parsed in rows:
        for order, power in enumerate(parsed.powers):
            yield ProfilePower(
                profile=row,
                power=powers[power.name[:200]],
                range_inches=power.range_inches,
                casting_value=power.casting_value,
                order=order,
            )


def _unique_slugs() -> Callable[[str], str]:
    """Return a function that slugifies names, suffixing -2, -3... on repeats."""
    used: set[str] = set()

    def slug(name: str) -> str:
        base = (slugify(name) or "entry")[:190]
        candidate, n = base, 1
        while candidate in used:
            n += 1
            candidate = f"{base}-{n}"
        used.add(candidate)
        return candidate

    return slug

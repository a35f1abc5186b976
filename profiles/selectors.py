"""Read-side queries of the catalogue: every page and API view fetches through here.

Each selector returns rows with what its callers display already joined or prefetched, so a
page costs a fixed handful of queries whatever the number of profiles (no N+1).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from django.db.models import Count, Prefetch, QuerySet
from django.shortcuts import get_object_or_404

from profiles.filters import FactionFilter, ProfileFilter
from profiles.models import DataRelease, Faction, Profile, ProfileOption, Side

Filters = Mapping[str, Any]


@dataclass(frozen=True, slots=True)
class SideGroup:
    """The army lists of one side, for the catalogue's two columns."""

    side: Side
    factions: list[Faction]


def release_list() -> QuerySet[DataRelease]:
    """Return every release, current ones first, newest revision first within a source."""
    return DataRelease.objects.order_by("-is_current", "source", "-revision")


def release_list_current() -> QuerySet[DataRelease]:
    return DataRelease.objects.filter(is_current=True).order_by("source", "name")


def faction_queryset() -> QuerySet[Faction]:
    """Return factions with their release joined and their profile count annotated.

    The explicit order matters: Django drops ``Meta.ordering`` from GROUP BY queries.
    """
    return (
        Faction.objects.select_related("release")
        .annotate(profile_count=Count("profiles"))
        .order_by("name", "release__source", "-release__revision", "pk")
    )


def faction_list(*, filters: Filters | None = None) -> FactionFilter:
    """Return the bound filter set: ``.qs`` holds the factions, ``.form`` the choices/errors."""
    return FactionFilter(filters or {}, queryset=faction_queryset())


def faction_groups_by_side(factions: QuerySet[Faction]) -> list[SideGroup]:
    """Split factions into Good then Evil, each in catalogue order (002:L223-L227)."""
    rows = list(factions)
    return [SideGroup(side, [f for f in rows if f.side == side]) for side in Side]


def faction_get(*, release_key: str, slug: str) -> Faction:
    """Return one faction of a release, current or not (pinned lists link to old ones)."""
    return get_object_or_404(
        Faction.objects.select_related("release"), release__key=release_key, slug=slug
    )


def profile_list_queryset() -> QuerySet[Profile]:
    """Return profiles with their faction and release joined (the API's list rows)."""
    return Profile.objects.select_related("faction", "release")


def profile_card_queryset() -> QuerySet[Profile]:
    """Return profiles with everything a stat card shows (options, rule names) prefetched."""
    return profile_list_queryset().prefetch_related(
        Prefetch("options", queryset=ProfileOption.objects.order_by("order", "name")),
        "profile_rules__rule",
    )


def profile_search(
    *, filters: Filters | None = None, faction: Faction | None = None
) -> ProfileFilter:
    """Return the bound profile filter set, limited to ``faction`` when given.

    Invalid parameters are ignored by ``.qs`` and reported in ``.form.errors``.
    """
    queryset = profile_card_queryset()
    if faction is not None:
        queryset = queryset.filter(faction=faction)
        filters = {**dict((filters or {}).items()), "release": faction.release.key}
    return ProfileFilter(filters or {}, queryset=queryset)


def profile_get(*, release_key: str, faction_slug: str, slug: str) -> Profile:
    """Return one profile with its options, rules and powers, ready for the profile page."""
    queryset = profile_detail_queryset()
    return get_object_or_404(
        queryset, release__key=release_key, faction__slug=faction_slug, slug=slug
    )


def profile_detail_queryset() -> QuerySet[Profile]:
    return profile_card_queryset().prefetch_related("profile_powers__power")


def keyword_list(*, faction: Faction | None = None) -> list[str]:
    """Return the distinct keywords of a faction, or of all current profiles, in one query."""
    if faction is not None:
        profiles = Profile.objects.filter(faction=faction)
    else:
        profiles = Profile.objects.filter(release__is_current=True)
    found: set[str] = set()
    for keywords in profiles.values_list("keywords", flat=True).order_by():
        found.update(keywords or [])
    return sorted(found, key=str.casefold)


def faction_labels(factions: Iterable[Faction]) -> dict[int, str]:
    """Choice labels: the name, with its data source where two army lists share it (the
    starter "Minas Tirith" beside the imported one), so no two choices read alike."""
    rows = list(factions)
    counts = Counter(f.name for f in rows)
    return {f.pk: f.label if counts[f.name] > 1 else f.name for f in rows}

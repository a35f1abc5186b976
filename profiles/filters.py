"""Filter sets shared by the catalogue pages (GET forms) and the REST API (query parameters).

Both filter sets hide rows of non-current releases unless the caller names a release: several
releases may be current at once (starter data beside a BattleScribe import), while an older
revision stays reachable only on purpose (army lists pinned to it).
"""

from __future__ import annotations

import json
import unicodedata

import django_filters
from django.db.models import Q, QuerySet
from django.utils.translation import gettext_lazy as _

from profiles.models import DataRelease, Faction, HeroicTier, Profile, Side


def keyword_fold(keyword: str) -> str:
    """Return the keyword without case or accents, so "heros" finds "Héros"."""
    decomposed = unicodedata.normalize("NFKD", keyword.strip().casefold())
    return "".join(char for char in decomposed if not unicodedata.combining(char))


def keyword_spellings(queryset: QuerySet, keyword: str) -> set[str]:
    """Return the stored keywords of ``queryset`` that fold to the same as ``keyword``."""
    wanted = keyword_fold(keyword)
    found: set[str] = set()
    for keywords in queryset.order_by().values_list("keywords", flat=True):
        found.update(stored for stored in keywords or [] if keyword_fold(stored) == wanted)
    return found


def keyword_query(spelling: str) -> Q:
    """Match profiles whose keyword list holds ``spelling`` as a whole element.

    JSON ``contains`` is not available on SQLite, so this matches the quoted element in the
    stored JSON text. SQLite keeps Django's ASCII-escaped JSON while PostgreSQL's jsonb prints
    UTF-8, hence both spellings (keywords such as "Héros" in the French data).
    """
    escaped = json.dumps(spelling)
    plain = json.dumps(spelling, ensure_ascii=False)
    return Q(keywords__icontains=escaped) | Q(keywords__icontains=plain)


class CurrentReleaseFilterSet(django_filters.FilterSet):
    """Limit rows to current releases unless the ``release`` parameter names one."""

    release = django_filters.ModelChoiceFilter(
        queryset=DataRelease.objects.all(),
        to_field_name="key",
        label=_("Release"),
        empty_label=_("All current releases"),
        help_text=_("Key of a data release; by default only current releases are listed."),
    )

    def filter_queryset(self, queryset: QuerySet) -> QuerySet:
        queryset = super().filter_queryset(queryset)
        if self.form.cleaned_data.get("release") is None:
            queryset = queryset.filter(release__is_current=True)
        return queryset


class FactionFilter(CurrentReleaseFilterSet):
    name = django_filters.CharFilter(
        lookup_expr="icontains", label=_("Name"), help_text=_("Part of the army list's name.")
    )
    side = django_filters.ChoiceFilter(choices=Side.choices, empty_label=_("Both sides"))

    class Meta:
        model = Faction
        fields = ["name", "side", "release"]


class ProfileFilter(CurrentReleaseFilterSet):
    name = django_filters.CharFilter(
        lookup_expr="icontains", label=_("Name"), help_text=_("Part of the profile's name.")
    )
    faction = django_filters.ModelChoiceFilter(
        queryset=Faction.objects.all(), help_text=_("Id of an army list.")
    )
    side = django_filters.ChoiceFilter(
        field_name="faction__side", choices=Side.choices, empty_label=_("Both sides")
    )
    kind = django_filters.ChoiceFilter(
        choices=Profile.Kind.choices, empty_label=_("Heroes and warriors")
    )
    heroic_tier = django_filters.ChoiceFilter(
        choices=HeroicTier.choices, label=_("Heroic tier"), empty_label=_("Any tier")
    )
    keyword = django_filters.CharFilter(
        method="filter_keyword",
        label=_("Keyword"),
        help_text=_("One whole keyword, ignoring case and accents."),
    )

    class Meta:
        model = Profile
        fields = ["name", "faction", "side", "kind", "heroic_tier", "keyword", "release"]

    def filter_keyword(self, queryset: QuerySet, name: str, value: str) -> QuerySet:
        """Keep profiles with this whole keyword, ignoring case and accents.

        SQL cannot fold accents portably (SQLite's UPPER is ASCII-only), so the stored
        spellings are found first, in one extra query, then matched exactly.
        """
        if not value.strip():
            return queryset
        query = Q(pk__in=[])
        for spelling in keyword_spellings(queryset, value):
            query |= keyword_query(spelling)
        return queryset.filter(query)

"""Django admin for the catalogue: releases, factions, rules, powers and profiles.

Profiles edit their options, special rules and magical powers inline, as the rulebook lists
them on the profile card (002:L147-L161).
"""

from __future__ import annotations

from django.contrib import admin
from django.db.models import Count, QuerySet
from django.http import HttpRequest

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


@admin.register(DataRelease)
class DataReleaseAdmin(admin.ModelAdmin):
    list_display = ["name", "key", "source", "revision", "is_current", "imported_at"]
    list_filter = ["source", "is_current"]
    search_fields = ["name", "key", "game_system_id"]
    readonly_fields = ["imported_at", "content_hash"]


@admin.register(Faction)
class FactionAdmin(admin.ModelAdmin):
    list_display = ["name", "side", "release", "profile_count"]
    list_filter = ["side", "release__is_current", "release"]
    list_select_related = ["release"]
    search_fields = ["name", "slug", "source_id"]
    prepopulated_fields = {"slug": ["name"]}

    def get_queryset(self, request: HttpRequest) -> QuerySet[Faction]:
        return super().get_queryset(request).annotate(profile_count=Count("profiles"))

    @admin.display(description="Profiles", ordering="profile_count")
    def profile_count(self, faction: Faction) -> int:
        return faction.profile_count  # type: ignore[attr-defined]


@admin.register(Legion)
class LegionAdmin(admin.ModelAdmin):
    list_display = ["name", "faction", "source_id"]
    list_select_related = ["faction", "faction__release"]
    search_fields = ["name", "faction__name"]
    readonly_fields = ["faction", "source_id", "link_id"]


@admin.register(SpecialRule)
class SpecialRuleAdmin(admin.ModelAdmin):
    list_display = ["name", "kind", "release"]
    list_filter = ["kind", "release"]
    list_select_related = ["release"]
    search_fields = ["name", "text"]


@admin.register(MagicalPower)
class MagicalPowerAdmin(admin.ModelAdmin):
    list_display = ["name", "release"]
    list_filter = ["release"]
    list_select_related = ["release"]
    search_fields = ["name", "text"]


class ProfileOptionInline(admin.TabularInline):
    model = ProfileOption
    extra = 0
    fields = ["name", "points", "max_count", "group", "order"]


class ProfileRuleInline(admin.TabularInline):
    model = ProfileRule
    extra = 0
    autocomplete_fields = ["rule"]


class ProfilePowerInline(admin.TabularInline):
    model = ProfilePower
    extra = 0
    autocomplete_fields = ["power"]
    fields = ["power", "range_inches", "casting_value", "order"]


@admin.register(Profile)
class ProfileAdmin(admin.ModelAdmin):
    list_display = ["name", "faction", "kind", "heroic_tier", "points", "unique", "release"]
    list_filter = ["kind", "heroic_tier", "faction__side", "release__is_current", "release"]
    list_select_related = ["faction", "release"]
    search_fields = ["name", "slug", "faction__name", "source_id"]
    autocomplete_fields = ["faction"]
    prepopulated_fields = {"slug": ["name"]}
    inlines = [ProfileOptionInline, ProfileRuleInline, ProfilePowerInline]
    fieldsets = [
        (None, {"fields": ["release", "faction", "name", "slug", "source_id", "kind"]}),
        ("Cost and tier", {"fields": ["points", "heroic_tier", "unique"]}),
        ("Keywords and wargear", {"fields": ["keywords", "wargear", "heroic_actions"]}),
        (
            "Characteristics",
            {
                "fields": [
                    ("move", "fight", "shoot", "strength", "defence"),
                    ("attacks", "wounds", "courage"),
                    ("might", "will", "fate"),
                ]
            },
        ),
        ("Source", {"fields": ["source_reference"]}),
    ]


@admin.register(ProfileOption)
class ProfileOptionAdmin(admin.ModelAdmin):
    list_display = ["name", "profile", "points", "max_count", "group"]
    list_select_related = ["profile"]
    search_fields = ["name", "profile__name"]
    autocomplete_fields = ["profile"]


@admin.register(ProfileRule)
class ProfileRuleAdmin(admin.ModelAdmin):
    list_display = ["profile", "rule", "order"]
    list_select_related = ["profile", "rule"]
    search_fields = ["profile__name", "rule__name"]
    autocomplete_fields = ["profile", "rule"]


@admin.register(ProfilePower)
class ProfilePowerAdmin(admin.ModelAdmin):
    list_display = ["profile", "power", "range_inches", "casting_value"]
    list_select_related = ["profile", "power"]
    search_fields = ["profile__name", "power__name"]
    autocomplete_fields = ["profile", "power"]


@admin.register(DataReleaseFile)
class DataReleaseFileAdmin(admin.ModelAdmin):
    """Source files kept with a release (read-only: they are written by the importer)."""

    list_display = ["name", "release"]
    list_filter = ["release"]
    search_fields = ["name"]
    readonly_fields = ["release", "name"]
    exclude = ["content_gz"]

    def has_add_permission(self, request: object) -> bool:
        return False

"""Read-only REST API of the catalogue: releases, factions and profiles.

Plain catalogue reads, so DRF's generic list/retrieve views fit (Styleguide: generics for
plain CRUD); querysets come from ``profiles.selectors`` and filtering from
``profiles.filters``, the same filter sets as the HTML pages. Invalid query parameters give
a 400 with one message per field (django-filter's DRF backend).
"""

from __future__ import annotations

from django.db.models import QuerySet
from django_filters.rest_framework import DjangoFilterBackend
from rest_framework import generics, serializers
from rest_framework.filters import OrderingFilter
from rest_framework.permissions import AllowAny

from profiles import selectors
from profiles.filters import FactionFilter, ProfileFilter
from profiles.models import DataRelease, Faction, Legion, Profile, ProfileOption, SpecialRule
from profiles.stat_values import StatKind

STAT_FIELDS = (
    *("move", "fight", "shoot", "fight_shoot", "strength", "defence"),
    *("attacks", "wounds", "courage", "might", "will", "fate"),
)


class ReleaseSerializer(serializers.ModelSerializer):
    class Meta:
        model = DataRelease
        fields = ["id", "key", "name", "source", "revision", "is_current", "imported_at"]


class ReleaseBriefSerializer(serializers.ModelSerializer):
    class Meta:
        model = DataRelease
        fields = ["key", "name", "source", "revision", "is_current"]


class FactionBriefSerializer(serializers.ModelSerializer):
    class Meta:
        model = Faction
        fields = ["id", "name", "slug", "side"]


class OptionSerializer(serializers.ModelSerializer):
    id = serializers.IntegerField(
        read_only=True,
        help_text="The id an army-list entry names to take this option (options[].option).",
    )

    class Meta:
        model = ProfileOption
        fields = ["id", "name", "points", "max_count", "group", "conditional"]


class RuleSerializer(serializers.Serializer):
    """A special rule as the profile lists it (002:L155-L157, ACTIF/PASSIF flag)."""

    name = serializers.CharField(source="rule.name")
    # Not "kind": that name is the profile's hero/warrior enum in the OpenAPI schema.
    activation = serializers.ChoiceField(
        source="rule.kind",
        choices=SpecialRule.Kind.choices,
        help_text="ACTIF/PASSIF in the rulebook; unspecified when the source does not say.",
    )
    text = serializers.CharField(source="rule.text")


class PowerSerializer(serializers.Serializer):
    """A magical power with the caster's range and casting value (002:L159-L161)."""

    name = serializers.CharField(source="power.name")
    text = serializers.CharField(source="power.text")
    range_inches = serializers.IntegerField(allow_null=True, help_text="None: no range.")
    casting_value = serializers.IntegerField(help_text="4 means 4+.")


class ProfileSummarySerializer(serializers.ModelSerializer):
    faction = FactionBriefSerializer()
    release = serializers.SlugRelatedField(slug_field="key", read_only=True)
    keywords = serializers.ListField(child=serializers.CharField())
    wargear = serializers.ListField(child=serializers.CharField())
    fight_shoot = serializers.CharField(help_text="The rulebook's combined value, e.g. 5/3+.")
    characteristic_notes = serializers.DictField(
        child=serializers.ChoiceField(choices=[k.value for k in StatKind]),
        help_text='Characteristics that are not numbers (then null above): "variable" (*), '
        '"none" (-) or "see_rule" (? or blank).',
    )

    class Meta:
        model = Profile
        fields = [
            *("id", "name", "slug", "faction", "release", "kind", "heroic_tier", "points"),
            *("unique", "conditional", "models_per_unit", "keywords", "wargear", *STAT_FIELDS),
            "characteristic_notes",
        ]


class ProfileDetailSerializer(ProfileSummarySerializer):
    heroic_actions = serializers.ListField(child=serializers.CharField())
    options = OptionSerializer(many=True)
    rules = RuleSerializer(many=True, source="profile_rules")
    powers = PowerSerializer(many=True, source="profile_powers")

    class Meta(ProfileSummarySerializer.Meta):
        fields = [
            *ProfileSummarySerializer.Meta.fields,
            *("heroic_actions", "source_reference", "options", "rules", "powers"),
        ]


class ArmyRuleSerializer(serializers.Serializer):
    name = serializers.CharField()
    text = serializers.CharField()


class LegionSerializer(serializers.ModelSerializer):
    """A Legendary Legion; a contingent takes it by id (PATCH /api/contingents/<id>/)."""

    rules = ArmyRuleSerializer(many=True, help_text="Its special rules and restrictions.")

    class Meta:
        model = Legion
        fields = ["id", "name", "rules"]


class FactionSerializer(serializers.ModelSerializer):
    release = ReleaseBriefSerializer()
    profile_count = serializers.IntegerField(help_text="Profiles in this army list.")
    army_bonus = ArmyRuleSerializer(many=True, help_text="The data's army bonus rules.")

    class Meta:
        model = Faction
        fields = [
            *("id", "name", "slug", "side", "description", "release", "profile_count"),
            "army_bonus",
        ]


class FactionDetailSerializer(FactionSerializer):
    legions = LegionSerializer(many=True, help_text="Its Legendary Legions.")

    class Meta(FactionSerializer.Meta):
        fields = [*FactionSerializer.Meta.fields, "legions"]


class CatalogueReadMixin:
    """Public read access; filters and ordering of the catalogue."""

    permission_classes = [AllowAny]
    filter_backends = [DjangoFilterBackend, OrderingFilter]


class ReleaseListApi(CatalogueReadMixin, generics.ListAPIView):
    """List the data releases, current ones first."""

    serializer_class = ReleaseSerializer
    filter_backends: list = []

    def get_queryset(self) -> QuerySet[DataRelease]:
        return selectors.release_list()


class FactionListApi(CatalogueReadMixin, generics.ListAPIView):
    """List army lists of current releases (or of ``release``) with their profile counts."""

    serializer_class = FactionSerializer
    filterset_class = FactionFilter
    ordering_fields = ["name", "side"]

    def get_queryset(self) -> QuerySet[Faction]:
        return selectors.faction_queryset()


class FactionDetailApi(CatalogueReadMixin, generics.RetrieveAPIView):
    """Return one army list, of any release, with its Legendary Legions."""

    serializer_class = FactionDetailSerializer
    filter_backends: list = []

    def get_queryset(self) -> QuerySet[Faction]:
        return selectors.faction_queryset().prefetch_related("legions")


class ProfileListApi(CatalogueReadMixin, generics.ListAPIView):
    """List profiles of current releases (or of ``release``), filtered by the parameters."""

    serializer_class = ProfileSummarySerializer
    filterset_class = ProfileFilter
    ordering_fields = ["name", "points"]

    def get_queryset(self) -> QuerySet[Profile]:
        return selectors.profile_list_queryset()


class ProfileDetailApi(CatalogueReadMixin, generics.RetrieveAPIView):
    """Return one profile with its options, special rules and magical powers."""

    serializer_class = ProfileDetailSerializer
    filter_backends: list = []

    def get_queryset(self) -> QuerySet[Profile]:
        return selectors.profile_detail_queryset()

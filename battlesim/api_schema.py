"""The job API's answers as serializers: they render the responses and document them in the
OpenAPI schema, so the two cannot drift apart (common error answers: ``config.api_answers``)."""

from __future__ import annotations

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiResponse
from rest_framework import serializers

from config.api_answers import not_found


class ProgressOut(serializers.Serializer):
    status = serializers.CharField()
    done = serializers.IntegerField()
    total = serializers.IntegerField()
    percent = serializers.FloatField()
    rate_per_second = serializers.FloatField(allow_null=True)
    eta_seconds = serializers.FloatField(allow_null=True)
    error = serializers.CharField(allow_blank=True)
    playing = serializers.IntegerField(
        help_text="Battles played by running chunks, not yet recorded."
    )
    queue_position = serializers.IntegerField(
        allow_null=True, help_text="1 + active jobs queued earlier; null once battles run."
    )
    workers_busy = serializers.IntegerField()
    workers_live = serializers.IntegerField()
    seconds_per_battle = serializers.FloatField(
        allow_null=True, help_text="This job's measured mean time per battle."
    )
    report_ready = serializers.BooleanField(
        help_text="The ended job's statistics and charts are drawn (by a worker)."
    )


class JobOut(serializers.Serializer):
    id = serializers.IntegerField()
    game = serializers.CharField()
    label = serializers.CharField(allow_blank=True)
    battles = serializers.IntegerField()
    seed = serializers.IntegerField()
    status = serializers.CharField()
    created_at = serializers.DateTimeField()
    progress = ProgressOut()


class OutcomeOut(serializers.Serializer):
    outcome = serializers.CharField()
    count = serializers.IntegerField()
    rate = serializers.FloatField()
    ci95 = serializers.ListField(child=serializers.FloatField(), min_length=2, max_length=2)


class FigureOut(serializers.Serializer):
    mean = serializers.FloatField()
    median = serializers.FloatField()
    min = serializers.FloatField()
    max = serializers.FloatField()
    p05 = serializers.FloatField()
    p95 = serializers.FloatField()


class StatisticsOut(serializers.Serializer):
    battles = serializers.IntegerField()
    outcomes = OutcomeOut(many=True)
    terminations = serializers.DictField(child=serializers.IntegerField())
    numbers = serializers.DictField(child=FigureOut())
    tables = serializers.DictField(child=serializers.DictField(child=serializers.FloatField()))
    noun = serializers.CharField(required=False, help_text='"battles" (SBG) or "games".')
    sides = serializers.ListField(
        child=serializers.CharField(), required=False, help_text="SBG: the lists by name."
    )
    overall = serializers.DictField(
        required=False,
        help_text="battles, outcomes (with 95% intervals) and safety: the share of battles "
        "a safety limit stopped (count, rate, ci95).",
    )
    assignments = serializers.ListField(
        child=serializers.DictField(),
        required=False,
        help_text="SBG: the same figures for each side assignment (each seed is played both ways).",
    )
    endings = serializers.ListField(
        child=serializers.DictField(),
        required=False,
        help_text="Why the battles ended: termination, label, count, rate, ci95, safety.",
    )


class BattleLogOut(serializers.Serializer):
    job = serializers.IntegerField()
    index = serializers.IntegerField()
    game = serializers.CharField()
    events = serializers.ListField(child=serializers.DictField())


NOT_FOUND = not_found("job")
REPLAYING = OpenApiResponse(
    OpenApiTypes.OBJECT, description="The log was not kept: a worker replays it; retry."
)

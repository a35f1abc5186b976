"""REST API for simulation jobs: queue, list, progress, cancel, statistics, logs."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.utils.translation import gettext
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.exceptions import ValidationError
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from battlesim import services
from battlesim.api_schema import (
    NOT_FOUND,
    REPLAYING,
    BattleLogOut,
    JobOut,
    ProgressOut,
    StatisticsOut,
)
from battlesim.engines.registry import GAMES
from battlesim.engines.sbg.policies.roster import PLAYERS
from battlesim.job_input import job_queue_requested
from battlesim.models import SimulationJob
from battlesim.seeds import MAX_SEED
from battlesim.selectors import (
    battle_log_get,
    job_get_for_user,
    job_list_for_user,
    job_progress,
    job_statistics_get,
)
from config.api_answers import BAD_INPUT, TOO_MANY, answers
from config.api_fields import StrictBooleanField
from config.throttles import JobCreateThrottle

# One choice set for both SBG seats: named once in the schema (ENUM_NAME_OVERRIDES).
SBG_PLAYER_CHOICES = sorted(PLAYERS)


def job_json(job: SimulationJob) -> dict[str, Any]:
    job_data = {
        "id": job.pk,
        "game": job.game,
        "label": job.label,
        "battles": job.battles,
        "seed": job.seed,
        "status": job.status,
        "created_at": job.created_at,
        "progress": job_progress(job=job).to_json(),
    }
    return JobOut(job_data).data  # type: ignore[no-any-return]


class JobCollectionApi(APIView):
    permission_classes = [IsAuthenticated]
    throttle_classes = [JobCreateThrottle]  # counts POSTs only

    class InputSerializer(serializers.Serializer):
        class Meta:
            ref_name = "JobCollectionInput"

        game = serializers.ChoiceField(choices=sorted(GAMES))
        battles = serializers.IntegerField(min_value=1)
        seed = serializers.IntegerField(min_value=0, max_value=MAX_SEED, required=False)
        label = serializers.CharField(max_length=200, required=False, allow_blank=True)
        options = serializers.DictField(required=False, default=dict)
        list_a = serializers.CharField(max_length=100, required=False)
        list_b = serializers.CharField(max_length=100, required=False)
        player_a = serializers.ChoiceField(
            choices=SBG_PLAYER_CHOICES,
            required=False,
            help_text="SBG: who plays the first list (default heuristic; search: slower).",
        )
        player_b = serializers.ChoiceField(
            choices=SBG_PLAYER_CHOICES,
            required=False,
            help_text="SBG: who plays the second list.",
        )
        simulate_anyway = StrictBooleanField(
            required=False,
            default=False,
            help_text="Queue a list that breaks the army-building rules (recorded on the job).",
        )

        def validate_battles(self, value: int) -> int:
            if value > settings.SBG_MAX_BATTLES_PER_JOB:
                raise ValidationError(
                    gettext("At most {limit} battles a job.").format(
                        limit=settings.SBG_MAX_BATTLES_PER_JOB
                    )
                )
            return value

    @extend_schema(operation_id="jobs_list", responses=answers(JobOut(many=True)))
    def get(self, request: Request) -> Response:
        return Response([job_json(job) for job in job_list_for_user(user=request.user)[:100]])

    @extend_schema(
        request=InputSerializer,
        responses={201: JobOut, **answers(JobOut, (400, BAD_INPUT), (429, TOO_MANY))},
    )
    def post(self, request: Request) -> Response:
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        # A service's ValidationError becomes a 400 in config.errors.api_exception_handler.
        job = job_queue_requested(owner=request.user, values=data.validated_data)
        return Response(job_json(job), status=201)


class JobDetailApi(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(responses=answers(JobOut, (404, NOT_FOUND)))
    def get(self, request: Request, pk: int) -> Response:
        return Response(job_json(job_get_for_user(user=request.user, pk=pk)))


class JobProgressApi(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(responses=answers(ProgressOut, (404, NOT_FOUND)))
    def get(self, request: Request, pk: int) -> Response:
        job = job_get_for_user(user=request.user, pk=pk)
        return Response(ProgressOut(job_progress(job=job).to_json()).data)


class JobCancelApi(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(request=None, responses=answers(JobOut, (400, BAD_INPUT), (404, NOT_FOUND)))
    def post(self, request: Request, pk: int) -> Response:
        job = job_get_for_user(user=request.user, pk=pk)
        if not services.job_cancel(job=job):
            raise ValidationError(
                {
                    "status": gettext(
                        "The job is {status}; only a queued or running job can be cancelled."
                    ).format(status=job.status)
                }
            )
        job.refresh_from_db()
        return Response(job_json(job))


class JobStatisticsApi(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(responses=answers(StatisticsOut, (404, NOT_FOUND)))
    def get(self, request: Request, pk: int) -> Response:
        job = job_get_for_user(user=request.user, pk=pk)
        return Response(StatisticsOut(job_statistics_get(job=job)).data)


class BattleLogApi(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(responses=answers(BattleLogOut, (202, REPLAYING), (404, NOT_FOUND)))
    def get(self, request: Request, pk: int, index: int) -> Response:
        job = job_get_for_user(user=request.user, pk=pk)
        events = battle_log_get(job=job, index=index)
        if events is None:  # not kept: a worker replays it; ask again in a moment
            services.battle_log_request(job=job, index=index)
            events = battle_log_get(job=job, index=index)
        if events is None:
            waiting = {"detail": "This battle's log was not kept; a worker is replaying it."}
            return Response(waiting, status=202, headers={"Retry-After": "2"})
        log = {"job": job.pk, "index": index, "game": job.game, "events": events}
        return Response(BattleLogOut(log).data)

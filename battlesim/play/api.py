"""The tables' API under /api/play/: create, list, read, join and act (the pages' services)."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from battlesim.play import services
from battlesim.play.models import GAMES


class PlaySeatSpecSerializer(serializers.Serializer):
    # A plain string, not a choice: "kind" is the profiles' hero/warrior enum in the schema.
    kind = serializers.CharField(help_text="me (you), open (a person invited by link) or ai")
    strategy = serializers.CharField(required=False, allow_blank=True, default="")

    def validate_kind(self, value: str) -> str:
        if value not in ("me", "open", "ai"):
            raise serializers.ValidationError("me, open or ai")
        return value


class PlayTableCreateSerializer(serializers.Serializer):
    game = serializers.ChoiceField(choices=GAMES)
    seats = PlaySeatSpecSerializer(many=True)
    settings = serializers.DictField(
        required=False,
        default=dict,
        help_text="monopoly: variant, one_ring; risk: turn_limit, defence; rotk: variant",
    )
    seed = serializers.IntegerField(
        required=False, min_value=0, max_value=2**31 - 1, help_text="Fixes the dice (for tests)."
    )


class PlayActionSerializer(serializers.Serializer):
    seat = serializers.IntegerField(min_value=0, help_text="Your seat that faces the question.")
    version = serializers.IntegerField(
        min_value=0, help_text="The table version you answer; a stale one is refused."
    )
    choice = serializers.JSONField(
        help_text="An option id of the prompt, or an object for its form."
    )


class PlayJoinSerializer(serializers.Serializer):
    token = serializers.CharField(max_length=40)


class PlayOptionSerializer(serializers.Serializer):
    id = serializers.CharField()
    label = serializers.CharField()
    group = serializers.CharField()


class PlayPromptSerializer(serializers.Serializer):
    seat = serializers.IntegerField()
    kind = serializers.CharField()
    text = serializers.CharField()
    options = PlayOptionSerializer(many=True)
    form = serializers.JSONField(allow_null=True)


class PlaySeatSerializer(serializers.Serializer):
    index = serializers.IntegerField()
    kind = serializers.CharField(help_text="person or ai")
    strategy = serializers.CharField()
    user = serializers.CharField(allow_null=True)
    mine = serializers.BooleanField()


class PlayLogLineSerializer(serializers.Serializer):
    i = serializers.IntegerField()
    kind = serializers.CharField()
    text = serializers.CharField()


class PlayTableStateSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    game = serializers.CharField()
    status = serializers.CharField()
    version = serializers.IntegerField()
    settings = serializers.DictField()
    seats = PlaySeatSerializer(many=True)
    my_seats = serializers.ListField(child=serializers.IntegerField())
    viewing_seat = serializers.IntegerField(allow_null=True)
    prompt = PlayPromptSerializer(allow_null=True, help_text="Your question now, if any.")
    waiting_for = serializers.IntegerField(allow_null=True)
    ai_moving = serializers.BooleanField()
    view = serializers.DictField(help_text="The board as your seat may see it.")
    log = PlayLogLineSerializer(many=True)
    winner = serializers.CharField(allow_blank=True)
    termination = serializers.CharField(allow_blank=True)
    error = serializers.CharField(allow_blank=True, help_text="Why the AI could not move.")
    invite = serializers.CharField(allow_null=True)


class PlayErrorSerializer(serializers.Serializer):
    detail = serializers.CharField()


def _error(error: services.PlayError) -> Response:
    return Response({"detail": error.message}, status=error.status)


def _state(request: Request, row: Any) -> dict[str, Any]:
    seat = request.query_params.get("seat")
    chosen = int(seat) if seat is not None and seat.isdigit() else None
    return services.table_state(row=row, user=request.user, seat=chosen)


class TableCollectionApi(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(responses=PlayTableStateSerializer(many=True))
    def get(self, request: Request) -> Response:
        rows = services.tables_of(user=request.user)
        return Response([services.table_state(row=row, user=request.user) for row in rows])

    @extend_schema(
        request=PlayTableCreateSerializer,
        responses={201: PlayTableStateSerializer, 400: PlayErrorSerializer},
    )
    def post(self, request: Request) -> Response:
        data = PlayTableCreateSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        specs = [
            services.SeatSpec(s["kind"], s.get("strategy", ""))
            for s in data.validated_data["seats"]
        ]
        try:
            row = services.table_create(
                owner=request.user,
                game=data.validated_data["game"],
                seats=specs,
                settings=data.validated_data["settings"],
                seed=data.validated_data.get("seed"),
            )
        except services.PlayError as error:
            return _error(error)
        row = services.table_for_user(table_id=row.pk, user=request.user)
        return Response(
            services.table_state(row=row, user=request.user), status=status.HTTP_201_CREATED
        )


class TableDetailApi(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(responses={200: PlayTableStateSerializer, 404: PlayErrorSerializer})
    def get(self, request: Request, pk: int) -> Response:
        try:
            row = services.table_for_user(table_id=pk, user=request.user)
        except services.PlayError as error:
            return _error(error)
        return Response(_state(request, row))


class TableActionApi(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        request=PlayActionSerializer,
        responses={
            200: PlayTableStateSerializer,
            400: PlayErrorSerializer,
            403: PlayErrorSerializer,
            404: PlayErrorSerializer,
            409: PlayErrorSerializer,
        },
    )
    def post(self, request: Request, pk: int) -> Response:
        data = PlayActionSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        values = data.validated_data
        try:
            services.table_act(
                table_id=pk,
                user=request.user,
                seat=values["seat"],
                version=values["version"],
                choice=values["choice"],
            )
            row = services.table_for_user(table_id=pk, user=request.user)
        except services.PlayError as error:
            return _error(error)
        return Response(services.table_state(row=row, user=request.user, seat=values["seat"]))


class TableJoinApi(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        request=PlayJoinSerializer,
        responses={
            200: PlayTableStateSerializer,
            404: PlayErrorSerializer,
            409: PlayErrorSerializer,
        },
    )
    def post(self, request: Request, pk: int) -> Response:
        data = PlayJoinSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        try:
            services.table_join(table_id=pk, token=data.validated_data["token"], user=request.user)
            row = services.table_for_user(table_id=pk, user=request.user)
        except services.PlayError as error:
            return _error(error)
        return Response(services.table_state(row=row, user=request.user))

"""Game-day API: start a game sheet for a list, save it from a phone, record the result.

Only the list's owner reaches its games (404 for anyone else, as for lists).
"""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from armybuilder import games
from armybuilder.api_schema import GameOut, GameRecordOut
from armybuilder.models import Game
from armybuilder.selectors import army_list_get_for_user, game_get_for_user
from config.api_answers import BAD_INPUT, answers, not_found
from config.api_fields import StrictCharField

GAME_NOT_FOUND = not_found("game or list")
GAME_CHANGED = answers(GameOut, (400, BAD_INPUT), (404, GAME_NOT_FOUND))


class GameCollectionApi(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(responses=answers(GameRecordOut, (404, GAME_NOT_FOUND)))
    def get(self, request: Request, pk: int) -> Response:
        army = army_list_get_for_user(user=request.user, pk=pk)
        record = games.list_record(army=army)
        simulated = games.simulated_record(army=army)
        return Response(
            {
                "record": {"won": record.won, "drew": record.drew, "lost": record.lost},
                "win_rate": record.win_rate,
                "simulated": {"battles": simulated.battles, "win_rate": simulated.win_rate},
                "games": [games.game_json(game) for game in army.games.all()],
            }
        )

    @extend_schema(request=None, responses=answers(GameOut, (404, GAME_NOT_FOUND), status=201))
    def post(self, request: Request, pk: int) -> Response:
        army = army_list_get_for_user(user=request.user, pk=pk)
        return Response(games.game_json(games.game_start(army=army)), status=201)


class GameDetailApi(APIView):
    """Read or save a game's sheet (``sheet``: turn, casualties, notes, heroes by key)."""

    permission_classes = [IsAuthenticated]

    class InputSerializer(serializers.Serializer):
        class Meta:
            ref_name = "GameSheetInput"

        sheet = serializers.JSONField()

    @extend_schema(responses=answers(GameOut, (404, GAME_NOT_FOUND)))
    def get(self, request: Request, pk: int) -> Response:
        return Response(games.game_json(game_get_for_user(user=request.user, pk=pk)))

    @extend_schema(request=InputSerializer, responses=GAME_CHANGED)
    def put(self, request: Request, pk: int) -> Response:
        game = game_get_for_user(user=request.user, pk=pk)
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        games.game_save(game=game, sheet=data.validated_data["sheet"])
        return Response(games.game_json(game))


class GameResultApi(APIView):
    permission_classes = [IsAuthenticated]

    class InputSerializer(serializers.Serializer):
        class Meta:
            ref_name = "GameResultInput"

        result = serializers.ChoiceField(choices=Game.Result.choices)
        opponent = StrictCharField(max_length=100)

    @extend_schema(request=InputSerializer, responses=GAME_CHANGED)
    def post(self, request: Request, pk: int) -> Response:
        game = game_get_for_user(user=request.user, pk=pk)
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        games.game_record(game=game, **data.validated_data)
        return Response(games.game_json(game))

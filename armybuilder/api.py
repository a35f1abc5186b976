"""REST API for army lists, warbands and entries; every view sees only the caller's lists."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.http import Http404
from django.utils.translation import gettext
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.exceptions import ValidationError
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from armybuilder import history, services
from armybuilder.api_schema import ArmyListOut, ArmyListUndoneOut, ListChecksOut
from armybuilder.models import (
    MAX_ENTRY_COUNT,
    MAX_POINTS_LIMIT,
    ArmyList,
    Entry,
)
from armybuilder.presenters import army_list_json
from armybuilder.selectors import (
    army_list_for_user,
    army_list_full,
    army_list_get_for_user,
    contingent_get_for_user,
    entry_get_for_user,
    version_get_for_list,
    warband_get_for_user,
)
from config.api_answers import BAD_INPUT, answers, not_found
from config.api_fields import StrictBooleanField, StrictCharField, StrictIntegerField
from profiles.models import Faction, Legion, Profile, ProfileOption

LIST_NOT_FOUND = not_found("list (or part of a list)")
LIST_READ = answers(ArmyListOut, (404, LIST_NOT_FOUND))
LIST_CHANGED = answers(ArmyListOut, (400, BAD_INPUT), (404, LIST_NOT_FOUND))
LIST_CREATED = answers(ArmyListOut, (400, BAD_INPUT), (404, LIST_NOT_FOUND), status=201)


def _change(target: ArmyList, label: str, call: Any, **kwargs: Any) -> Any:
    """Keep the list as it is (a step to undo), then change it; a refused change keeps
    nothing."""
    with transaction.atomic():
        history.version_record(army=army_list_full(army=target), label=label)
        return call(**kwargs)


def _entry_label(entry: Entry) -> str:
    return f"{entry.count} × {entry.profile.name}"


def _full(request: Request, pk: int) -> Response:
    army = army_list_get_for_user(user=request.user, pk=pk)
    return Response(army_list_json(army_list_full(army=army)))


class OptionInput(serializers.Serializer):
    option = StrictIntegerField(min_value=1)
    count = StrictIntegerField(min_value=1, max_value=20, default=1)


def _option_counts(items: list[dict[str, int]]) -> dict[int, int]:
    counts = {item["option"]: item["count"] for item in items}
    if len(counts) != len(items):
        raise ValidationError({"options": gettext("An option is named twice.")})
    return counts


class ArmyListSummary(serializers.Serializer):
    id = StrictIntegerField()
    name = StrictCharField()
    points_limit = StrictIntegerField()
    updated_at = serializers.DateTimeField()


class ArmyListCollectionApi(APIView):
    permission_classes = [IsAuthenticated]

    class InputSerializer(serializers.Serializer):
        class Meta:
            ref_name = "ArmyListCollectionInput"

        name = StrictCharField(max_length=100)
        points_limit = StrictIntegerField(min_value=1, max_value=MAX_POINTS_LIMIT, default=600)
        factions = serializers.PrimaryKeyRelatedField(
            queryset=Faction.objects.all(), many=True, required=False
        )

    @extend_schema(operation_id="lists_list", responses=answers(ArmyListSummary(many=True)))
    def get(self, request: Request) -> Response:
        lists = army_list_for_user(user=request.user)
        return Response(ArmyListSummary(lists, many=True).data)

    @extend_schema(
        request=InputSerializer, responses=answers(ArmyListOut, (400, BAD_INPUT), status=201)
    )
    def post(self, request: Request) -> Response:
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        army = services.army_list_create(owner=request.user, **data.validated_data)
        return Response(army_list_json(army_list_full(army=army)), status=201)


class ArmyListDetailApi(APIView):
    permission_classes = [IsAuthenticated]

    class InputSerializer(serializers.Serializer):
        class Meta:
            ref_name = "ArmyListDetailInput"

        name = StrictCharField(max_length=100, required=False)
        points_limit = StrictIntegerField(min_value=1, max_value=MAX_POINTS_LIMIT, required=False)
        notes = StrictCharField(max_length=2000, required=False, allow_blank=True)

    @extend_schema(responses=LIST_READ)
    def get(self, request: Request, pk: int) -> Response:
        return _full(request, pk)

    @extend_schema(request=InputSerializer, responses=LIST_CHANGED)
    def patch(self, request: Request, pk: int) -> Response:
        army = army_list_get_for_user(user=request.user, pk=pk)
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        _change(
            army,
            "Edit the list's name, points or notes",
            services.army_list_update,
            army=army,
            **data.validated_data,
        )
        return _full(request, pk)

    @extend_schema(responses=answers(None, (404, LIST_NOT_FOUND), status=204))
    def delete(self, request: Request, pk: int) -> Response:
        army_list_get_for_user(user=request.user, pk=pk).delete()
        return Response(status=status.HTTP_204_NO_CONTENT)


class ArmyListValidateApi(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(responses=answers(ListChecksOut, (404, LIST_NOT_FOUND)))
    def get(self, request: Request, pk: int) -> Response:
        army = army_list_full(army=army_list_get_for_user(user=request.user, pk=pk))
        body = army_list_json(army)
        return Response({key: body[key] for key in ("figures", "alliance", "breaches")})


class ArmyListDuplicateApi(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(request=None, responses=answers(ArmyListOut, (404, LIST_NOT_FOUND), status=201))
    def post(self, request: Request, pk: int) -> Response:
        army = army_list_get_for_user(user=request.user, pk=pk)
        copy = services.army_list_duplicate(army=army, owner=request.user)
        return Response(army_list_json(army_list_full(army=copy)), status=201)


class ContingentCollectionApi(APIView):
    permission_classes = [IsAuthenticated]

    class InputSerializer(serializers.Serializer):
        class Meta:
            ref_name = "ContingentCollectionInput"

        faction = serializers.PrimaryKeyRelatedField(queryset=Faction.objects.all())

    @extend_schema(request=InputSerializer, responses=LIST_CREATED)
    def post(self, request: Request, pk: int) -> Response:
        army = army_list_get_for_user(user=request.user, pk=pk)
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        faction = data.validated_data["faction"]
        _change(army, f"Add {faction.name}", services.contingent_add, army=army, faction=faction)
        return Response(army_list_json(army_list_full(army=army)), status=201)


class ContingentDetailApi(APIView):
    """Choose the Legendary Legion a contingent is built as (``legion``: an id or null)."""

    permission_classes = [IsAuthenticated]

    class InputSerializer(serializers.Serializer):
        class Meta:
            ref_name = "ContingentDetailInput"

        legion = serializers.PrimaryKeyRelatedField(
            queryset=Legion.objects.all(),
            allow_null=True,
            help_text="Id of one of the faction's legions (the list's JSON gives them), or null.",
        )

    @extend_schema(request=InputSerializer, responses=LIST_CHANGED)
    def patch(self, request: Request, pk: int) -> Response:
        contingent = contingent_get_for_user(user=request.user, pk=pk)
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        _change(
            contingent.army_list,
            f"Legion of {contingent.faction.name}",
            services.contingent_set_legion,
            contingent=contingent,
            **data.validated_data,
        )
        return _full(request, contingent.army_list_id)


class WarbandCollectionApi(APIView):
    permission_classes = [IsAuthenticated]

    class InputSerializer(serializers.Serializer):
        class Meta:
            ref_name = "WarbandCollectionInput"

        contingent = StrictIntegerField(min_value=1)
        captain = serializers.PrimaryKeyRelatedField(queryset=Profile.objects.all())
        options = OptionInput(many=True, required=False, default=list)

    @extend_schema(request=InputSerializer, responses=LIST_CREATED)
    def post(self, request: Request, pk: int) -> Response:
        army = army_list_get_for_user(user=request.user, pk=pk)
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        contingent = army.contingents.filter(pk=data.validated_data["contingent"]).first()
        if contingent is None:
            raise ValidationError({"contingent": gettext("No such contingent in this list.")})
        options = _option_counts(data.validated_data["options"])
        _change(
            army,
            f"Add {data.validated_data['captain'].name}",
            services.warband_add,
            contingent=contingent,
            captain=data.validated_data["captain"],
            options=options,
        )
        return Response(army_list_json(army_list_full(army=army)), status=201)


class WarbandDetailApi(APIView):
    permission_classes = [IsAuthenticated]

    class InputSerializer(serializers.Serializer):
        class Meta:
            ref_name = "WarbandDetailInput"

        is_army_leader = StrictBooleanField()

    @extend_schema(request=InputSerializer, responses=LIST_CHANGED)
    def patch(self, request: Request, pk: int) -> Response:
        warband = warband_get_for_user(user=request.user, pk=pk)
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        if not data.validated_data["is_army_leader"]:
            raise ValidationError(
                {"is_army_leader": gettext("Choose the new leader's warband instead.")}
            )
        army = warband.contingent.army_list
        _change(army, "Change the army leader", services.warband_set_leader, warband=warband)
        return _full(request, army.pk)

    @extend_schema(responses=LIST_CHANGED)
    def delete(self, request: Request, pk: int) -> Response:
        warband = warband_get_for_user(user=request.user, pk=pk)
        army = warband.contingent.army_list
        entries = list(warband.entries.select_related("profile"))
        models = sum(entry.count for entry in entries)
        captain = next((e.profile.name for e in entries if e.role == Entry.Role.CAPTAIN), "")
        label = f"Remove the warband of {captain or 'no captain'} ({models} models)"
        _change(army, label, services.warband_delete, warband=warband)
        return _full(request, army.pk)


class EntryCollectionApi(APIView):
    permission_classes = [IsAuthenticated]

    class InputSerializer(serializers.Serializer):
        class Meta:
            ref_name = "EntryCollectionInput"

        profile = serializers.PrimaryKeyRelatedField(queryset=Profile.objects.all())
        count = StrictIntegerField(min_value=1, max_value=MAX_ENTRY_COUNT, default=1)
        options = OptionInput(many=True, required=False, default=list)

    @extend_schema(request=InputSerializer, responses=LIST_CREATED)
    def post(self, request: Request, pk: int) -> Response:
        warband = warband_get_for_user(user=request.user, pk=pk)
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        _change(
            warband.contingent.army_list,
            f"Add {data.validated_data['count']} × {data.validated_data['profile'].name}",
            services.entry_add,
            warband=warband,
            profile=data.validated_data["profile"],
            count=data.validated_data["count"],
            options=_option_counts(data.validated_data["options"]),
        )
        return Response(
            army_list_json(army_list_full(army=warband.contingent.army_list)), status=201
        )


class EntryDetailApi(APIView):
    permission_classes = [IsAuthenticated]

    class InputSerializer(serializers.Serializer):
        class Meta:
            ref_name = "EntryDetailInput"

        count = StrictIntegerField(min_value=1, max_value=MAX_ENTRY_COUNT, required=False)
        options = OptionInput(many=True, required=False)
        warband = StrictIntegerField(min_value=1, required=False)

    @extend_schema(request=InputSerializer, responses=LIST_CHANGED)
    def patch(self, request: Request, pk: int) -> Response:
        entry = entry_get_for_user(user=request.user, pk=pk)
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        values = data.validated_data
        target = None
        if "warband" in values:
            try:
                target = warband_get_for_user(user=request.user, pk=values["warband"])
            except Http404 as exc:
                raise ValidationError(
                    {"warband": gettext("No such warband in your lists.")}
                ) from exc
        options = _option_counts(values["options"]) if "options" in values else None
        _change(
            entry.warband.contingent.army_list,
            f"Change {_entry_label(entry)}",
            services.entry_update,
            entry=entry,
            count=values.get("count"),
            options=options,
            warband=target,
        )
        return _full(request, entry.warband.contingent.army_list_id)

    @extend_schema(responses=LIST_CHANGED)
    def delete(self, request: Request, pk: int) -> Response:
        entry = entry_get_for_user(user=request.user, pk=pk)
        army = entry.warband.contingent.army_list
        _change(army, f"Remove {_entry_label(entry)}", services.entry_delete, entry=entry)
        return _full(request, army.pk)


class EntryOptionModelsApi(APIView):
    """Give an option to some of an entry's models ("2 of 12 with banners"): the entry is
    split as needed. Taking an option drops the options it excludes (a mount for another)."""

    permission_classes = [IsAuthenticated]

    class InputSerializer(serializers.Serializer):
        class Meta:
            ref_name = "EntryOptionModelsInput"

        option = StrictIntegerField(min_value=1)
        models = StrictIntegerField(min_value=0, max_value=MAX_ENTRY_COUNT)

    @extend_schema(request=InputSerializer, responses=LIST_CHANGED)
    def post(self, request: Request, pk: int) -> Response:
        entry = entry_get_for_user(user=request.user, pk=pk)
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        option = ProfileOption.objects.filter(
            pk=data.validated_data["option"], profile_id=entry.profile_id
        ).first()
        if option is None:
            raise ValidationError(
                {"option": gettext("{name} has no such option.").format(name=entry.profile.name)}
            )
        models = data.validated_data["models"]
        _change(
            entry.warband.contingent.army_list,
            f"{option.name} on {models} of {_entry_label(entry)}",
            services.entry_set_option_models,
            entry=entry,
            option=option,
            models=models,
        )
        return _full(request, entry.warband.contingent.army_list_id)


class VersionSummary(serializers.Serializer):
    id = StrictIntegerField()
    label = StrictCharField()
    created_at = serializers.DateTimeField()


class ArmyListUndoApi(APIView):
    """Undo the list's last change (the undo stack is kept on the server, per list)."""

    permission_classes = [IsAuthenticated]

    @extend_schema(
        request=None,
        responses=answers(ArmyListUndoneOut, (400, BAD_INPUT), (404, LIST_NOT_FOUND)),
    )
    def post(self, request: Request, pk: int) -> Response:
        army = army_list_get_for_user(user=request.user, pk=pk)
        version = history.army_list_undo(army=army)
        response = _full(request, pk)
        response.data["undone"] = version.label
        return response


class ArmyListVersionsApi(APIView):
    """The list's earlier versions, newest first: what each change replaced."""

    permission_classes = [IsAuthenticated]

    @extend_schema(responses=answers(VersionSummary(many=True), (404, LIST_NOT_FOUND)))
    def get(self, request: Request, pk: int) -> Response:
        army = army_list_get_for_user(user=request.user, pk=pk)
        return Response(VersionSummary(army.versions.all(), many=True).data)


class ArmyListVersionRestoreApi(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(request=None, responses=LIST_CHANGED)
    def post(self, request: Request, pk: int, version: int) -> Response:
        army = army_list_get_for_user(user=request.user, pk=pk)
        row = version_get_for_list(army=army, pk=version)
        history.version_restore(version=row)
        return _full(request, pk)

"""Army list pages: the index, the builder, print, exports, sharing, import, sign-up."""

from __future__ import annotations

import json
import uuid
from pathlib import Path
from typing import Any

from django import forms
from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth.decorators import login_required
from django.contrib.auth.forms import UserCreationForm
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_POST

from armybuilder import games, services
from armybuilder.battlescribe.data_rules import release_directory
from armybuilder.battlescribe.importer import army_list_import_roster
from armybuilder.battlescribe.reader import MAX_ROSTER_BYTES
from armybuilder.battlescribe.writer import RosterExportError, army_list_roster, army_list_rosz
from armybuilder.effective import MOUNTS
from armybuilder.exports import army_list_export_json, army_list_text
from armybuilder.imports import army_list_import_json
from armybuilder.models import ArmyList
from armybuilder.presenters import army_list_json
from armybuilder.selectors import (
    army_list_for_user,
    army_list_full,
    army_list_get_for_user,
    army_list_get_shared,
)
from config.errors import error_text
from profiles.models import Faction, Profile, ProfileOption
from profiles.selectors import faction_labels

MAX_IMPORT_BYTES = 1_000_000


class FactionChoiceField(forms.ModelChoiceField):  # type: ignore[type-arg]
    """Starter and imported army lists of one name are told apart by their source."""

    def label_from_instance(self, obj: Faction) -> str:
        if not hasattr(self, "_labels"):
            self._labels = faction_labels(self.queryset)
        return self._labels.get(obj.pk, obj.name)


class ArmyListForm(forms.Form):
    name = forms.CharField(label=_("Name"), max_length=100)
    points_limit = forms.IntegerField(
        label=_("Points limit"), min_value=1, max_value=10_000, initial=600
    )
    faction = FactionChoiceField(
        queryset=Faction.objects.filter(release__is_current=True).select_related("release"),
        label=_("Army list"),
        empty_label=_("Choose an army list"),
    )


class ImportForm(forms.Form):
    file = forms.FileField(label=_("File"), help_text=_("A JSON export of this site."))


class RosterImportForm(forms.Form):
    file = forms.FileField(
        label=_("File"), help_text=_("A BattleScribe or New Recruit roster (.ros or .rosz).")
    )


def signup(request: HttpRequest) -> HttpResponse:
    form = UserCreationForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        login(request, user)
        messages.success(request, gettext("Welcome, {name}.").format(name=user.username))
        return redirect("armybuilder:index")
    return render(request, "registration/signup.html", {"form": form})


@login_required
def index(request: HttpRequest) -> HttpResponse:
    form = ArmyListForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        army = services.army_list_create(
            owner=request.user,
            name=form.cleaned_data["name"],
            points_limit=form.cleaned_data["points_limit"],
            factions=[form.cleaned_data["faction"]],
        )
        return redirect("armybuilder:builder", pk=army.pk)
    lists = army_list_for_user(user=request.user)
    context = {
        "lists": lists,
        "form": form,
        "import_form": ImportForm(),
        "roster_form": RosterImportForm(),
    }
    return render(request, "armybuilder/index.html", context)


def exclusive_key(option: ProfileOption) -> str:
    """Options sharing a key are alternatives (one per model): mounts, a group limited to
    one by the data (see ``services.exclusive``); "" for a free option."""
    if option.group and option.group_max == 1:
        return f"group:{option.group}"
    return "mount" if option.name.lower() in MOUNTS else ""


def _catalogue_for(army: ArmyList) -> dict[str, Any]:
    factions = [c.faction for c in army.contingents.all()]
    profiles = Profile.objects.filter(faction__in=factions).prefetch_related("options")
    current = list(Faction.objects.filter(release__is_current=True).select_related("release"))
    labels = faction_labels(current)
    return {
        "profiles": [
            {
                "id": p.pk,
                "faction": p.faction_id,
                "name": p.name,
                "points": p.points,
                "kind": p.kind,
                "heroic_tier": p.heroic_tier,
                "conditional": p.conditional,
                "keywords": p.keywords,
                "unique": p.unique,
                "options": [
                    {
                        "id": o.pk,
                        "name": o.name,
                        "points": o.points,
                        "max": o.max_count,
                        "exclusive": exclusive_key(o),
                    }
                    for o in p.options.all()
                ],
            }
            for p in profiles
        ],
        "factions": [
            {"id": f.pk, "name": f.name, "label": labels[f.pk], "side": f.side} for f in current
        ],
    }


@login_required
def builder(request: HttpRequest, pk: int) -> HttpResponse:
    army = army_list_full(army=army_list_get_for_user(user=request.user, pk=pk))
    context = {
        "army": army,
        "body": army_list_json(army),
        "catalogue": _catalogue_for(army),
        "record": games.list_record(army=army),
        "simulated": games.simulated_record(army=army),
    }
    return render(request, "armybuilder/builder.html", context)


def _render_print(request: HttpRequest, army: ArmyList, shared: bool) -> HttpResponse:
    army = army_list_full(army=army)
    context = {"army": army, "body": army_list_json(army), "shared": shared}
    return render(request, "armybuilder/print.html", context)


@login_required
def print_view(request: HttpRequest, pk: int) -> HttpResponse:
    return _render_print(request, army_list_get_for_user(user=request.user, pk=pk), False)


def shared_view(request: HttpRequest, token: uuid.UUID) -> HttpResponse:
    return _render_print(request, army_list_get_shared(token=token), True)


@login_required
def export_text(request: HttpRequest, pk: int) -> HttpResponse:
    army = army_list_full(army=army_list_get_for_user(user=request.user, pk=pk))
    text = army_list_text(army, army_list_json(army))
    return HttpResponse(text, content_type="text/plain; charset=utf-8")


@login_required
def export_json(request: HttpRequest, pk: int) -> JsonResponse:
    army = army_list_full(army=army_list_get_for_user(user=request.user, pk=pk))
    response = JsonResponse(army_list_export_json(army, army_list_json(army)))
    response["Content-Disposition"] = f'attachment; filename="army-list-{army.pk}.json"'
    return response


@login_required
@require_POST
def import_json(request: HttpRequest) -> HttpResponse:
    form = ImportForm(request.POST, request.FILES)
    error = None
    if not form.is_valid():
        error = "Choose a JSON file to import."
    elif form.cleaned_data["file"].size > MAX_IMPORT_BYTES:
        error = "The file is larger than 1 MB."
    else:
        try:
            document = json.loads(form.cleaned_data["file"].read().decode("utf-8"))
            army = army_list_import_json(owner=request.user, document=document)
            messages.success(request, gettext("Imported {name}.").format(name=army.name))
            return redirect("armybuilder:builder", pk=army.pk)
        except (UnicodeDecodeError, json.JSONDecodeError):
            error = "The file is not valid JSON."
        except ValidationError as exc:
            error = error_text(exc)
    messages.error(request, gettext("Import failed: {error}").format(error=error))
    return redirect("armybuilder:index")


NO_BATTLESCRIBE_DATA = (
    "this list is built on the starter data, which has no BattleScribe origin, and no "
    "BattleScribe data is imported to match it by name. Import the community data "
    "(bin/start does when ../shared/bsdata or SBG_BSDATA_DIR is present, or manage.py "
    "import_battlescribe PATH-or-URL) to export rosters"
)


def _battlescribe_directory(army: ArmyList) -> Path:
    """The source files of the BattleScribe release the list's army lists come from (or the
    current one, for lists built on the starter data)."""
    directory = release_directory(army)
    if directory is None:
        raise RosterExportError([NO_BATTLESCRIBE_DATA])
    return directory


def _roster_download(request: HttpRequest, pk: int, zipped: bool) -> HttpResponse:
    army = army_list_full(army=army_list_get_for_user(user=request.user, pk=pk))
    write = army_list_rosz if zipped else army_list_roster
    try:
        content = write(army=army, directory=_battlescribe_directory(army))
    except RosterExportError as error:
        messages.error(request, str(error))
        return redirect("armybuilder:builder", pk=army.pk)
    suffix, kind = ("rosz", "application/zip") if zipped else ("ros", "application/xml")
    response = HttpResponse(content, content_type=kind)
    response["Content-Disposition"] = f'attachment; filename="army-list-{army.pk}.{suffix}"'
    return response


@login_required
def export_ros(request: HttpRequest, pk: int) -> HttpResponse:
    return _roster_download(request, pk, zipped=False)


@login_required
def export_rosz(request: HttpRequest, pk: int) -> HttpResponse:
    return _roster_download(request, pk, zipped=True)


@login_required
@require_POST
def import_roster(request: HttpRequest) -> HttpResponse:
    form = RosterImportForm(request.POST, request.FILES)
    if not form.is_valid():
        error = "Choose a .ros or .rosz file to import."
    elif form.cleaned_data["file"].size > MAX_ROSTER_BYTES:
        error = "The file is larger than 5 MB."
    else:
        try:
            data = form.cleaned_data["file"].read()
            army = army_list_import_roster(owner=request.user, data=data)
            messages.success(request, gettext("Imported {name}.").format(name=army.name))
            return redirect("armybuilder:builder", pk=army.pk)
        except ValidationError as exc:
            error = error_text(exc)
    messages.error(request, gettext("Import failed: {error}").format(error=error))
    return redirect("armybuilder:index")


@login_required
@require_POST
def share(request: HttpRequest, pk: int) -> HttpResponse:
    army = army_list_get_for_user(user=request.user, pk=pk)
    if request.POST.get("action") == "unshare":
        army.share_token = None
        army.save(update_fields=["share_token", "updated_at"])
        messages.success(request, gettext("The public link no longer works."))
    else:
        army.share()
        messages.success(request, gettext("Anyone with the link can now read this list."))
    return redirect("armybuilder:builder", pk=army.pk)


@login_required
@require_POST
def duplicate(request: HttpRequest, pk: int) -> HttpResponse:
    army = army_list_get_for_user(user=request.user, pk=pk)
    copy = services.army_list_duplicate(army=army, owner=request.user)
    messages.success(request, gettext("Created {name}.").format(name=copy.name))
    return redirect("armybuilder:builder", pk=copy.pk)


@login_required
def delete(request: HttpRequest, pk: int) -> HttpResponse:
    army = army_list_get_for_user(user=request.user, pk=pk)
    if request.method == "POST":
        name = army.name
        army.delete()
        messages.success(request, gettext("Deleted {name}.").format(name=name))
        return redirect("armybuilder:index")
    return render(request, "armybuilder/confirm_delete.html", {"army": army})

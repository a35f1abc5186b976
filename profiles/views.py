"""Catalogue pages (placeholder until the browse pages land)."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from profiles.models import Faction


def faction_list(request: HttpRequest) -> HttpResponse:
    factions = Faction.objects.filter(release__is_current=True)
    return render(request, "profiles/faction_list.html", {"factions": factions})

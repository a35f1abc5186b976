"""Site-wide pages: the home page and the status page."""

from __future__ import annotations

from django.conf import settings
from django.db import connection
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from battlesim.models import WorkerHeartbeat
from profiles.models import Faction, Profile


def home(request: HttpRequest) -> HttpResponse:
    context = {
        "faction_count": Faction.objects.filter(release__is_current=True).count(),
        "profile_count": Profile.objects.filter(release__is_current=True).count(),
    }
    return render(request, "home.html", context)


def status(request: HttpRequest) -> HttpResponse:
    context = {
        "database": connection.vendor,
        "broker": settings.CELERY_BROKER_URL.split(":", 1)[0],
        "workers": WorkerHeartbeat.objects.all()[:20],
    }
    return render(request, "status.html", context)

"""Site-wide pages: the home page and the status page."""

from __future__ import annotations

from django.conf import settings
from django.db import connection
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.utils.translation import gettext
from django.views import defaults
from rest_framework.authtoken.views import ObtainAuthToken

from battlesim.models import WorkerHeartbeat
from config.health import health as service_health
from config.throttles import LOGIN_THROTTLES
from profiles.models import Faction, Profile


def home(request: HttpRequest) -> HttpResponse:
    context = {
        "faction_count": Faction.objects.filter(release__is_current=True).count(),
        "profile_count": Profile.objects.filter(release__is_current=True).count(),
    }
    return render(request, "home.html", context)


def status(request: HttpRequest) -> HttpResponse:
    """Public: how many workers report; staff also see their host names and PIDs."""
    workers = WorkerHeartbeat.objects.all()
    context = {
        "database": connection.vendor,
        "broker": settings.CELERY_BROKER_URL.split(":", 1)[0],
        "worker_count": workers.count(),
        "last_seen": workers.values_list("seen_at", flat=True).first(),
        "workers": workers[:20] if request.user.is_staff else None,
    }
    return render(request, "status.html", context)


class TokenApi(ObtainAuthToken):
    """DRF's token endpoint, throttled like the log-in page."""

    throttle_classes = list(LOGIN_THROTTLES)


def health(request: HttpRequest) -> JsonResponse:
    """``{"status": "ok"}`` for anyone (a probe); workers, queue and jobs for staff."""
    status, body = service_health(detailed=request.user.is_staff)
    return JsonResponse(body, status=status)


def not_found(request: HttpRequest, exception: Exception) -> HttpResponse:
    """An unknown address: JSON under ``/api/`` (as the schema documents), a page elsewhere."""
    if request.path.startswith("/api/"):
        return JsonResponse({"detail": gettext("Not found.")}, status=404)
    return defaults.page_not_found(request, exception)

"""Catalogue pages: army lists by side, a faction's stat cards, search, and a profile page.

Views stay thin: they read GET parameters, call one or two selectors and render.
"""

from __future__ import annotations

from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from profiles import selectors
from profiles.models import DataRelease

SEARCH_PAGE_SIZE = 30


def faction_list(request: HttpRequest) -> HttpResponse:
    """List the army lists of current releases (or of the chosen one), Good then Evil."""
    filterset = selectors.faction_list(filters=request.GET)
    releases = list(selectors.release_list_current())
    context = {
        "filter": filterset,
        "groups": selectors.faction_groups_by_side(filterset.qs),
        "releases": releases,
        "has_imported": any(r.source == DataRelease.Source.BATTLESCRIBE for r in releases),
    }
    return render(request, "profiles/faction_list.html", context)


def profile_search(request: HttpRequest) -> HttpResponse:
    """Search profiles across the current releases by name, keyword, tier, side or release."""
    filterset = selectors.profile_search(filters=request.GET)
    query = request.GET.copy()
    query.pop("page", None)
    context = {
        "filter": filterset,
        "page": Paginator(filterset.qs, SEARCH_PAGE_SIZE).get_page(request.GET.get("page")),
        "query": query.urlencode(),
        "keywords": selectors.keyword_list(),
        "searched": any(query.values()),
    }
    return render(request, "profiles/profile_search.html", context)


def faction_detail(request: HttpRequest, release_key: str, faction_slug: str) -> HttpResponse:
    """Show a faction's profiles as stat cards, filtered by the GET form."""
    faction = selectors.faction_get(release_key=release_key, slug=faction_slug)
    filterset = selectors.profile_search(filters=request.GET, faction=faction)
    context = {
        "faction": faction,
        "filter": filterset,
        "profiles": filterset.qs,
        "keywords": selectors.keyword_list(faction=faction),
    }
    return render(request, "profiles/faction_detail.html", context)


def profile_detail(
    request: HttpRequest, release_key: str, faction_slug: str, profile_slug: str
) -> HttpResponse:
    """Show one profile in full: card, options, special rules, powers, heroic actions."""
    profile = selectors.profile_get(
        release_key=release_key, faction_slug=faction_slug, slug=profile_slug
    )
    return render(request, "profiles/profile_detail.html", {"profile": profile})

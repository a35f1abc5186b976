"""Per-user fairness: one account (or one address) may have only so many API requests in
flight.

Web processes serve one request each at a time; a script firing many at once would hold
them all and starve everyone else. Counting in-flight requests in the shared cache (Redis
when ``REDIS_URL`` is set) lets an API request over ``SBG_MAX_CONCURRENT_REQUESTS`` be
refused at once with a 429, freeing the process for others. Pages are not counted: a browser
opens at most six connections to a site, and a job page loads its charts in parallel. With
the in-process cache (no Redis) each process counts only its own requests, which limits
nothing.
"""

from __future__ import annotations

import contextlib
import hashlib
from collections.abc import Callable

from django.conf import settings
from django.core.cache import cache
from django.http import HttpRequest, HttpResponse, JsonResponse

# A process killed mid-request leaves its count behind; the counter expires after this.
COUNTER_SECONDS = 120


def client_key(request: HttpRequest) -> str:
    """Who is asking: the logged-in user, the API token, else the address."""
    user = getattr(request, "user", None)
    if user is not None and user.is_authenticated:
        ident = f"user-{user.pk}"
    elif request.headers.get("Authorization"):
        ident = "auth-" + hashlib.sha256(request.headers["Authorization"].encode()).hexdigest()
    else:
        ident = "addr-" + request.META.get("REMOTE_ADDR", "")
    return f"sbg:inflight:{ident}"


class ConcurrencyLimitMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        limit = settings.SBG_MAX_CONCURRENT_REQUESTS
        if not limit or not request.path.startswith("/api/"):
            return self.get_response(request)
        key = client_key(request)
        cache.add(key, 0, timeout=COUNTER_SECONDS)
        try:
            in_flight = cache.incr(key)
        except ValueError:  # expired between add and incr: count this one alone
            in_flight = 1
        try:
            if in_flight > limit:
                return _too_many(limit)
            return self.get_response(request)
        finally:
            with contextlib.suppress(ValueError):  # the counter expired meanwhile
                cache.decr(key)


def _too_many(limit: int) -> HttpResponse:
    response = JsonResponse(
        {"detail": f"At most {limit} API requests at a time from one client; retry shortly."},
        status=429,
    )
    response["Retry-After"] = "1"
    return response

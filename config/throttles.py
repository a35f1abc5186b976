"""Rate limits on the requests an attacker or a runaway script repeats: logging in (per
address and per account), signing up, asking for a token and queueing jobs.

DRF's throttles count requests in the cache (Redis when ``REDIS_URL`` is set, so every web
process shares the counts). The same classes guard the DRF views (``throttle_classes``) and
the plain Django views (``throttled``). Rates come from ``settings.SBG_RATE_LIMITS``, read on
each request.
"""

from __future__ import annotations

import functools
import hashlib
from collections.abc import Callable
from typing import Any

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from rest_framework.throttling import SimpleRateThrottle

View = Callable[..., HttpResponse]


def _posted(request: Any, name: str) -> str:
    data = getattr(request, "data", None)
    if data is None or not hasattr(data, "get"):
        data = request.POST
    value = data.get(name, "")
    return value.strip().lower() if isinstance(value, str) else ""


class _PostThrottle(SimpleRateThrottle):
    """Counts POST requests only (reading a form is free), at the rate of ``scope``."""

    def get_rate(self) -> str | None:
        return settings.SBG_RATE_LIMITS.get(self.scope)  # type: ignore[no-any-return]

    def allow_request(self, request: Any, view: Any) -> bool:
        if request.method != "POST":
            return True
        return super().allow_request(request, view)  # type: ignore[no-any-return]


class LoginAddressThrottle(_PostThrottle):
    scope = "login"

    def get_cache_key(self, request: Any, view: Any) -> str:
        return self.cache_format % {"scope": self.scope, "ident": self.get_ident(request)}


class LoginAccountThrottle(_PostThrottle):
    """Guessing one account's password from many addresses is limited too."""

    scope = "login-account"

    def get_cache_key(self, request: Any, view: Any) -> str | None:
        username = _posted(request, "username")
        if not username:
            return None
        # Hashed: a posted name may be long or hold any character; a cache key may not.
        ident = hashlib.sha256(username.encode()).hexdigest()
        return self.cache_format % {"scope": self.scope, "ident": ident}


class SignupThrottle(LoginAddressThrottle):
    scope = "signup"


class JobCreateThrottle(_PostThrottle):
    scope = "jobs"

    def get_cache_key(self, request: Any, view: Any) -> str:
        user = request.user
        ident = f"user-{user.pk}" if user.is_authenticated else self.get_ident(request)
        return self.cache_format % {"scope": self.scope, "ident": ident}


LOGIN_THROTTLES = (LoginAddressThrottle, LoginAccountThrottle)


def throttled(*throttles: type[_PostThrottle]) -> Callable[[View], View]:
    """Guard a plain Django view: a request over a limit gets a 429 page and Retry-After."""

    def decorate(view: View) -> View:
        @functools.wraps(view)
        def guarded(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
            waits = []
            for throttle in (make() for make in throttles):
                if not throttle.allow_request(request, None):
                    waits.append(throttle.wait() or 60.0)
            if waits:
                return too_many_requests(request, max(waits))
            return view(request, *args, **kwargs)

        return guarded

    return decorate


def too_many_requests(request: HttpRequest, wait: float) -> HttpResponse:
    seconds = max(int(wait + 0.999), 1)
    response = render(request, "too_many_requests.html", {"seconds": seconds}, status=429)
    response["Retry-After"] = str(seconds)
    return response

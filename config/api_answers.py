"""Error answers every API documents the same way, and the helper that lists an endpoint's
answers for the OpenAPI schema (success, then the errors it may give)."""

from __future__ import annotations

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiResponse

BAD_INPUT = OpenApiResponse(OpenApiTypes.OBJECT, description="Field name -> messages.")
NOT_LOGGED_IN = OpenApiResponse(OpenApiTypes.OBJECT, description="Not authenticated.")
TOO_MANY = OpenApiResponse(OpenApiTypes.OBJECT, description="Rate limit; see Retry-After.")


def not_found(what: str) -> OpenApiResponse:
    return OpenApiResponse(OpenApiTypes.OBJECT, description=f"No such {what} of yours.")


def answers(
    ok: object, *errors: tuple[int, OpenApiResponse], status: int = 200
) -> dict[int, object]:
    """The documented answers of an endpoint: success, then 401/403 and the given errors."""
    return {status: ok, 401: NOT_LOGGED_IN, 403: NOT_LOGGED_IN, **dict(errors)}

"""Bad input, one way everywhere: services raise Django's ``ValidationError``; the API, the
pages and the CLI turn it into their own answer here.
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.core.exceptions import NON_FIELD_ERRORS, ValidationError
from django.utils.translation import gettext
from rest_framework.exceptions import ValidationError as DrfValidationError
from rest_framework.response import Response
from rest_framework.views import exception_handler


def nul_path(value: Any, path: str = "$") -> str | None:
    """The path of the first text (key or value) holding a NUL character, else ``None``.

    PostgreSQL stores no NUL in text or JSON, so such input must be refused before a write.
    """
    if isinstance(value, str):
        return path if "\x00" in value else None
    if isinstance(value, dict):
        for key, item in value.items():
            found = nul_path(key, path) or nul_path(item, f"{path}.{key}")
            if found:
                return found
    elif isinstance(value, list | tuple):
        for index, item in enumerate(value):
            found = nul_path(item, f"{path}[{index}]")
            if found:
                return found
    return None


def refuse_nul(value: Any, path: str = "$") -> None:
    """Raise a ``ValidationError`` keyed by the path of the text holding a NUL character."""
    found = nul_path(value, path)
    if found:
        raise ValidationError({found: gettext("text may not contain a NUL character")})


def error_detail(error: ValidationError) -> dict[str, list[str]] | list[str]:
    """A service error as field -> messages (or a plain list when it names no field)."""
    return error.message_dict if hasattr(error, "error_dict") else error.messages


def error_text(error: ValidationError) -> str:
    """A service error as one line for a page message or the CLI."""
    detail = error_detail(error)
    if isinstance(detail, list):
        return " ".join(detail)
    return "; ".join(f"{field}: {' '.join(messages)}" for field, messages in detail.items())


def form_add_errors(form: forms.Form, error: ValidationError) -> None:
    """Put a service's errors on a form: on the field they name (``options.players`` on
    ``options``, saying ``players:``), else at the top of the form naming the path."""
    detail = error_detail(error)
    items = detail.items() if isinstance(detail, dict) else [(NON_FIELD_ERRORS, detail)]
    for path, messages in items:
        head, _, rest = path.partition(".")
        field = head if head in form.fields else None
        prefix = rest if field else ("" if path == NON_FIELD_ERRORS else path)
        form.add_error(field, [f"{prefix}: {m}" if prefix else m for m in messages])


def api_exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    """DRF's handler, plus a service's ``ValidationError`` answered as a 400 naming fields."""
    if isinstance(exc, ValidationError):
        exc = DrfValidationError(error_detail(exc))
    return exception_handler(exc, context)

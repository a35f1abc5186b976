from __future__ import annotations

from typing import Any

from django.conf import settings

from accounts.models import Preferences

LANGUAGE_CODES = frozenset(code for code, _ in settings.LANGUAGES)


def user_language(user: Any) -> str:
    """The language a signed-in user chose, or "" (none chosen, or anonymous)."""
    if not getattr(user, "is_authenticated", False):
        return ""
    # One query per request at most, kept on the user object for the rest of it.
    if not hasattr(user, "_chosen_language"):
        found = Preferences.objects.filter(user=user).values_list("language", flat=True).first()
        user._chosen_language = found or ""
    return str(user._chosen_language)


def save_language(user: Any, language: str) -> None:
    """Remember a signed-in user's choice; ``language`` is one of ``settings.LANGUAGES``."""
    if language not in LANGUAGE_CODES:
        raise ValueError(f"unknown language {language!r}")
    Preferences.objects.update_or_create(user=user, defaults={"language": language})
    user._chosen_language = language

"""The site's translations for code that runs without Django: the replay's narration, the
game words of ``wording`` and the engines' names. Django-free: it reads the site's own
compiled catalogue (``locale/<lang>/LC_MESSAGES/django.mo``) with the standard library's
``gettext``, so there is one catalogue, checked complete by the tests, for both.

Strings are marked where they are written with ``_("...")`` on a phrasebook or with
``gettext_noop("...")``, both of which ``manage.py makemessages`` collects.
"""

from __future__ import annotations

import gettext as stdlib_gettext
from collections.abc import Callable
from functools import lru_cache
from pathlib import Path

LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"
DOMAIN = "django"
ENGLISH = "en"

Translate = Callable[[str], str]


def gettext_noop(text: str) -> str:
    """Marks a text for the catalogue where it is written; it is translated where shown."""
    return text


def _same(text: str) -> str:
    return text


@lru_cache(maxsize=8)
def phrasebook(language: str | None) -> Translate:
    """The translation of the site's texts into ``language`` ("fr", "en-gb"); the texts
    are written in English, so English (or no language) leaves them as they are. A language
    without a compiled catalogue falls back to English too."""
    if not language or language.split("-")[0] == ENGLISH:
        return _same
    found = stdlib_gettext.translation(
        DOMAIN, localedir=LOCALE_DIR, languages=[language.replace("-", "_")], fallback=True
    )
    return found.gettext

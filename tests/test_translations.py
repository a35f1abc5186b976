"""Issue 26: the site in French and English.

The French catalogues are complete and up to date with the sources (``bin/make-messages``);
the language is chosen by the header's switch and remembered by a cookie (this browser) and
in the user's preferences (every browser); pages, messages, breaches and the replay's
narration speak French with the rulebook's words; numbers and dates follow the locale; the
catalogue's data names stay as the data gives them. URLs are the same in both languages.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings
from django.contrib.auth.models import User
from django.template import Context, Template
from django.test import Client, override_settings
from django.utils import translation

from accounts.models import Preferences
from battlesim import services
from battlesim.narration import narrate
from tests.battlesim.test_narration import SETUP
from tests.factories import catalogue_sample_create

ROOT = Path(__file__).resolve().parents[1]
CATALOGUES = sorted((ROOT / "locale").glob("*/LC_MESSAGES/*.po"))
SOURCES = ("config", "accounts", "profiles", "armybuilder", "battlesim")
MAKEMESSAGES = ROOT / "bin" / "make-messages"


def _french(client: Client | None = None) -> Client:
    client = client or Client()
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "fr"
    return client


def _text(html: str) -> str:
    """The words a reader sees: no tags, scripts, or JSON data."""
    html = re.sub(r"<script.*?</script>", " ", html, flags=re.S)
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


# -- the catalogues --------------------------------------------------------------------------


def test_there_are_french_catalogues_for_pages_and_scripts() -> None:
    names = {(po.parent.parent.name, po.name) for po in CATALOGUES}
    assert names == {("fr", "django.po"), ("fr", "djangojs.po")}


@pytest.mark.parametrize("po", CATALOGUES, ids=lambda p: p.name)
def test_every_message_is_translated_and_its_placeholders_match(po: Path) -> None:
    """msgfmt --check: placeholders of each translation match its source (python-format and
    python-brace-format); --statistics: nothing untranslated, nothing fuzzy."""
    found = subprocess.run(
        ["msgfmt", "--check", "--statistics", "-o", "/dev/null", str(po)],
        capture_output=True,
        text=True,
    )
    assert found.returncode == 0, found.stderr
    assert "untranslated" not in found.stderr and "fuzzy" not in found.stderr, found.stderr
    assert re.search(r"^\d+ translated messages?\.$", found.stderr.strip(), re.M), found.stderr


def _normalised(po: Path) -> str:
    """The entries alone, sorted, unwrapped, without locations or the creation date."""
    found = subprocess.run(
        ["msgcat", "--no-location", "--no-wrap", "--sort-output", str(po)],
        capture_output=True,
        text=True,
        check=True,
    )
    return "\n".join(
        line for line in found.stdout.splitlines() if not line.startswith('"POT-Creation-Date')
    )


def test_the_catalogues_are_up_to_date_with_the_sources(tmp_path: Path) -> None:
    """A dry run of bin/make-messages on a copy: marking, changing or removing a text in a
    template, a Python module or a script without running it fails here."""
    for name in SOURCES:
        (tmp_path / name).symlink_to(ROOT / name, target_is_directory=True)
    shutil.copytree(ROOT / "locale", tmp_path / "locale")
    (tmp_path / "bin").mkdir()
    shutil.copy(MAKEMESSAGES, tmp_path / "bin" / "make-messages")
    env = {"PATH": os.environ["PATH"], "PYTHON": sys.executable}
    subprocess.run(["bash", "bin/make-messages"], cwd=tmp_path, env=env, check=True)
    for po in CATALOGUES:
        fresh = tmp_path / po.relative_to(ROOT)
        assert _normalised(fresh) == _normalised(po), (
            f"{po.relative_to(ROOT)} is out of date: run bin/make-messages and translate"
        )


# -- choosing the language ---------------------------------------------------------------------


@pytest.mark.django_db
def test_a_new_browser_gets_its_accept_language_and_the_same_urls() -> None:
    english = Client().get("/")
    french = Client(HTTP_ACCEPT_LANGUAGE="fr-FR,fr;q=0.9").get("/")
    assert english.status_code == french.status_code == 200
    assert '<html lang="en-gb">' in english.content.decode()
    assert '<html lang="fr">' in french.content.decode()
    assert "Composez votre armée" in french.content.decode()
    assert french["Content-Language"] == "fr"


@pytest.mark.django_db
def test_the_switch_is_remembered_by_this_browser() -> None:
    client = Client()
    answer = client.post("/i18n/setlang/", {"language": "fr", "next": "/catalogue/"})
    assert answer.status_code == 302 and answer["Location"] == "/catalogue/"
    assert client.cookies[settings.LANGUAGE_COOKIE_NAME].value == "fr"
    page = client.get("/catalogue/").content.decode()
    assert "Listes d'armée" in page or "Listes d&#x27;armée" in page
    assert client.post("/i18n/setlang/", {"language": "xx"}).status_code == 400


@pytest.mark.django_db
def test_a_users_choice_is_kept_in_their_preferences_for_every_browser() -> None:
    user = User.objects.create_user("frodon", password="pw-frodon-123")
    first = Client()
    first.force_login(user)
    first.post("/i18n/setlang/", {"language": "fr", "next": "/"})
    assert Preferences.objects.get(user=user).language == "fr"
    # Another browser, with an English cookie: once signed in, the user's choice wins and
    # the cookie follows it (so it stays after logging out there).
    second = Client()
    second.cookies[settings.LANGUAGE_COOKIE_NAME] = "en-gb"
    second.force_login(user)
    page = second.get("/lists/")
    assert "Mes listes d'armée" in page.content.decode().replace("&#x27;", "'")
    assert page.cookies[settings.LANGUAGE_COOKIE_NAME].value == "fr"
    second.post("/accounts/logout/")
    assert '<html lang="fr">' in second.get("/").content.decode()


# -- French pages ---------------------------------------------------------------------------------

ENGLISH_UI = (
    # English words of the interface that French writes otherwise (not "Options",
    # "Simulations" or "Catalogue", which are the same in both).
    "My lists",
    "Log in",
    "Sign up",
    "Army lists",
    "Search",
    "Heroes",
    "Warriors",
    "Wargear",
    "Special rules",
    " profiles",
    "Statistics",
    "Who won",
    "Keyboard shortcuts",
    "New job",
    "Queue",
    "Turn",
    "battles",
    "Release",
    "Side",
)


def _no_english_ui(page: str, *, allowed: tuple[str, ...] = ()) -> None:
    words = _text(page)
    left = [w for w in ENGLISH_UI if w in words and w not in allowed]
    assert not left, (left, [words[max(0, words.find(w) - 80) : words.find(w) + 80] for w in left])


@pytest.mark.django_db
def test_catalogue_pages_speak_french_around_english_data_names() -> None:
    sample = catalogue_sample_create()
    client = _french()
    faction, saruman = sample.isengard, sample.saruman
    pages = [
        "/",
        "/catalogue/",
        "/catalogue/search/?name=a",
        f"/catalogue/{faction.release.key}/{faction.slug}/",
        f"/catalogue/{faction.release.key}/{faction.slug}/{saruman.slug}/",
    ]
    for url in pages:
        page = client.get(url)
        assert page.status_code == 200, url
        _no_english_ui(page.content.decode())


@pytest.mark.django_db
def test_jobs_statistics_and_replay_speak_french_with_the_rulebooks_words(
    django_capture_on_commit_callbacks: Any,
) -> None:
    user = User.objects.create_user("aragorn", password="pw-aragorn-123")
    client = _french()
    client.force_login(user)
    index = client.get("/jobs/").content.decode()
    assert "Nouvelle simulation" in index and "Première liste (JdBS)" in index
    with django_capture_on_commit_callbacks(execute=True):
        job = services.job_queue(
            owner=user,
            game="sbg",
            options={"forces": ["rohan", "mordor_troll"]},
            battles=2,
            seed=4,
        )
    job.refresh_from_db()
    page = client.get(f"/jobs/{job.pk}/").content.decode()
    assert "Statistiques" in page and "Qui a gagné" in page and "batailles" in page
    _no_english_ui(page)
    text = client.get(f"/jobs/{job.pk}/battles/0/").content.decode()
    assert "Raccourcis clavier" in text
    assert "Tour 1 : phase d'Initiative." in text  # the narration, in the events' JSON
    assert " rolls " not in text and " charges " not in text


@pytest.mark.django_db
def test_a_breach_reads_in_french_beside_its_rule_id_and_source() -> None:
    with translation.override("fr"):
        assert translation.gettext("Matched Play Guide (2018)") == (
            "Bible des Parties Compétitives (2018)"
        )
        text = translation.gettext("A warband has followers but no captain.")
    assert text == "Une troupe a des suivants mais pas de capitaine."


@pytest.mark.django_db
def test_numbers_and_dates_follow_the_locale() -> None:
    template = Template('{{ value|floatformat:"-1" }} · {{ when|date:"DATETIME_FORMAT" }}')
    context = Context({"value": 20.5, "when": datetime(2026, 11, 26, 14, 5, tzinfo=UTC)})
    with translation.override("fr"):
        french = template.render(context)
    with translation.override("en-gb"):
        english = template.render(context)
    assert french.startswith("20,5 · 26 novembre 2026")
    assert english.startswith("20.5 · 26 Nov 2026") or english.startswith("20.5 · 26 November")


# -- the replay's narration, Django-free ----------------------------------------------------------


def test_the_narration_speaks_french_with_the_rulebooks_words() -> None:
    events = [
        SETUP,
        {"kind": "phase", "turn": 1, "phase": "fight"},
        {"kind": "duel", "combat": ["A01", "B01"], "dice": [[2, 6], [3]], "winner": 0},
        {"kind": "trapped", "model": "B01"},
        {
            "kind": "might",
            "model": "A01",
            "points": 1,
            "roll": "duel",
            "value": 5,
            "result": 6,
            "might_left": 2,
        },
        {"kind": "fate", "model": "B01", "die": 4, "saved": True, "fate_left": 0},
        {"kind": "will_lost", "model": "A01", "points": 1, "rule": "resist", "will": 1},
    ]
    told = narrate(events, "fr")
    eomer, captain = "Éomer, Marshal of the Riddermark (A01)", "Uruk-hai Captain (B01)"
    assert told[1] == "Tour 1 : phase de Combat."
    assert told[2] == f"Duel : {eomer} 6 contre 3 {captain} : {eomer} gagne."
    assert "Bloqué" in told[3]
    assert "Puissance" in told[4] and "Destin" in told[5] and "Volonté" in told[6]
    assert narrate(events)[1] == "Turn 1: Fight phase."  # English stays the default


def test_the_phrasebook_needs_no_django() -> None:
    code = (
        "import sys; from battlesim.narration import narrate; "
        "t = narrate([{'kind': 'phase', 'turn': 2, 'phase': 'shoot'}], 'fr'); "
        "assert t == ['Tour 2 : phase de Tir.'], t; "
        "sys.exit(1 if any(m.split('.')[0] == 'django' for m in sys.modules) else 0)"
    )
    assert subprocess.run([sys.executable, "-c", code], cwd=ROOT).returncode == 0


@pytest.mark.django_db
def test_api_errors_speak_the_readers_language() -> None:
    """A breach of the API's own checks and a service's refusal, in French for a French
    reader (Accept-Language), in English otherwise; the fields keep their names."""
    user = User.objects.create_user("gimli", password="pw-gimli-1234")
    for language in ("fr", "en"):
        client = Client(HTTP_ACCEPT_LANGUAGE=language)
        client.force_login(user)
        with override_settings(SBG_MAX_BATTLES_PER_JOB=10):
            answer = client.post(
                "/api/jobs/",
                {"game": "monopoly", "battles": 11},
                content_type="application/json",
            )
        assert answer.status_code == 400
        if language == "fr":
            assert answer.json()["battles"] == ["Au plus 10 batailles par simulation."]
        else:
            assert answer.json()["battles"] == ["At most 10 battles a job."]
    french = Client(HTTP_ACCEPT_LANGUAGE="fr")
    french.force_login(user)
    refused = french.post(
        "/api/jobs/",
        {"game": "sbg", "battles": 2, "list_a": "starter:nowhere"},
        content_type="application/json",
    )
    assert refused.status_code == 400
    assert refused.json()["list_b"] == ["Choisissez la seconde liste de la bataille."]

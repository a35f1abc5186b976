"""The nine inputs that once answered 500 (issue 23): each now gets an answer that names the
problem, and leaves nothing half-saved."""

from __future__ import annotations

import io
import json
import struct
import zipfile
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from rest_framework.test import APIClient

from armybuilder.exports import JSON_FORMAT, JSON_VERSION
from armybuilder.models import ArmyList
from battlesim import charts
from battlesim.models import BattleResult, SimulationJob

pytestmark = pytest.mark.django_db


@pytest.fixture
def owner() -> User:
    return User.objects.create_user("owner", password="pw-owner-123")


def _client(user: User) -> Client:
    client = Client()
    client.force_login(user)
    return client


@pytest.mark.parametrize(("players", "message"), [(3, "players"), (None, "players")])
def test_monopoly_players_of_the_wrong_type_is_a_400_naming_the_option(
    owner: User, players: Any, message: str
) -> None:
    client = APIClient()
    client.force_authenticate(owner)
    body = {"game": "monopoly", "battles": 2, "options": {"players": players}}
    answer = client.post("/api/jobs/", body, format="json")
    assert answer.status_code == 400, answer.content
    assert "options.players" in answer.json() and "wrong type" in str(answer.json())
    assert not SimulationJob.objects.exists()


def test_the_job_page_names_the_option_of_the_wrong_type(owner: User) -> None:
    form = {"game": "monopoly", "battles": 2, "options": '{"players": 3}'}
    answer = _client(owner).post("/jobs/", form)
    assert answer.status_code == 200  # the form again, with the error on the options field
    assert "players: a value of the wrong type" in answer.content.decode()
    assert not SimulationJob.objects.exists()


def test_job_options_holding_a_nul_character_are_refused(owner: User) -> None:
    client = APIClient()
    client.force_authenticate(owner)
    body = {"game": "monopoly", "battles": 2, "options": {"variant\x00": "x"}}
    answer = client.post("/api/jobs/", body, format="json")
    assert answer.status_code == 400 and "NUL" in str(answer.json())
    assert not SimulationJob.objects.exists()


def _document(**changes: Any) -> bytes:
    document = {
        "format": JSON_FORMAT,
        "version": JSON_VERSION,
        "name": "Patrol",
        "points_limit": 600,
        "contingents": [],
    }
    return json.dumps({**document, **changes}).encode()


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (_document(name="Pa\x00trol"), "$.name: text may not contain a NUL character"),
        (_document(contingents="many"), "$.contingents: must be list"),
        (_document(contingents=[7]), "contingents[0]: must be an object"),
        (
            _document(contingents=[{"faction_name": "X", "warbands": [{"entries": 5}]}]),
            "unknown army list",
        ),
        (_document(contingents=[{"warbands": [{"entries": "x"}]}]), "faction_name"),
        (_document(contingents=[{"warbands": 3}]), "faction_name"),
    ],
)
def test_a_json_import_of_the_wrong_shape_names_the_field_and_saves_nothing(
    owner: User, content: bytes, message: str
) -> None:
    upload = SimpleUploadedFile("list.json", content, content_type="application/json")
    answer = _client(owner).post("/lists/import/", {"file": upload}, follow=True)
    assert answer.status_code == 200
    assert message in answer.content.decode().replace("&#x27;", "'")
    assert not ArmyList.objects.exists()


def _rosz() -> bytearray:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("list.ros", b"<roster>" + b"<!-- padding -->" * 40 + b"</roster>")
    return bytearray(buffer.getvalue())


def _patched(local_offset: int, central_offset: int, fmt: str, value: int) -> bytes:
    """The archive with one field set in both the local and the central header."""
    data = _rosz()
    struct.pack_into(fmt, data, local_offset, value)
    struct.pack_into(fmt, data, data.find(b"PK\x01\x02") + central_offset, value)
    return bytes(data)


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (_patched(18, 20, "<I", 3), "the .rosz archive is damaged"),  # compressed size
        (_patched(22, 24, "<I", 7), "the .rosz archive is damaged"),  # uncompressed size
        (_patched(6, 8, "<H", 1), "the roster inside is encrypted"),  # encryption flag
        (_patched(8, 10, "<H", 99), "unknown compression method 99"),
    ],
)
def test_a_broken_rosz_names_the_fault_and_saves_nothing(
    owner: User, content: bytes, message: str
) -> None:
    upload = SimpleUploadedFile("list.rosz", content, content_type="application/zip")
    answer = _client(owner).post("/lists/import-roster/", {"file": upload}, follow=True)
    assert answer.status_code == 200
    assert message in answer.content.decode()
    assert not ArmyList.objects.exists()


FORMULA = r"$\undefined$"


def test_chart_labels_are_plain_text_never_formulas() -> None:
    outcome = {"outcome": FORMULA, "rate": 0.5, "ci95": [0.4, 0.6]}
    assert FORMULA in charts.outcomes_chart([outcome])
    assert FORMULA in charts.table_chart(f"title {FORMULA}", {FORMULA: 1.0})
    assert FORMULA in charts.histogram_chart([1.0, 2.0], FORMULA, FORMULA)


def test_the_outcomes_chart_of_a_job_whose_winner_reads_as_a_formula(owner: User) -> None:
    job = SimulationJob.objects.create(
        owner=owner, game="sbg", seed=1, battles=2, status=SimulationJob.Status.DONE
    )
    for index in range(2):
        BattleResult.objects.create(
            job=job,
            index=index,
            seed=index,
            winner="0",
            termination="broken",
            summary={"forces": [FORMULA, "Orcs"]},
        )
    answer = _client(owner).get(f"/jobs/{job.pk}/charts/outcomes.svg")
    assert answer.status_code == 200
    assert FORMULA in answer.content.decode()


def test_an_unknown_api_address_answers_json_and_a_page_address_a_page(owner: User) -> None:
    client = APIClient()
    client.force_authenticate(owner)
    answer = client.get("/api/jobs/null,null/")
    assert answer.status_code == 404 and answer.json() == {"detail": "Not found."}
    page = _client(owner).get("/no-such-page/")
    assert page.status_code == 404 and page["Content-Type"].startswith("text/html")

"""Job API and pages: queueing, ownership, lists by reference, bad input, downloads, replay."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command
from django.test import Client
from rest_framework.test import APIClient

from armybuilder import services as list_services
from battlesim.models import SimulationJob
from profiles.models import Faction, Profile

pytestmark = pytest.mark.django_db

Capture = Callable[..., Any]


@pytest.fixture
def owner() -> User:
    return User.objects.create_user("owner", password="pw-owner-123")


@pytest.fixture
def other() -> User:
    return User.objects.create_user("other", password="pw-other-123")


def api(user: User | None) -> APIClient:
    client = APIClient()
    if user is not None:
        client.force_authenticate(user)
    return client


def queue_monopoly(user: User, capture: Capture, battles: int = 3) -> dict[str, Any]:
    with capture(execute=True):
        answer = api(user).post(
            "/api/jobs/", {"game": "monopoly", "battles": battles, "seed": 11}, format="json"
        )
    assert answer.status_code == 201, answer.json()
    return answer.json()


def test_a_queued_job_runs_and_reports_progress_and_statistics(
    owner: User, django_capture_on_commit_callbacks: Capture
) -> None:
    job = queue_monopoly(owner, django_capture_on_commit_callbacks)
    client = api(owner)
    progress = client.get(f"/api/jobs/{job['id']}/progress/").json()
    assert (progress["done"], progress["total"], progress["status"]) == (3, 3, "done")
    stats = client.get(f"/api/jobs/{job['id']}/statistics/").json()
    assert stats["battles"] == 3
    log = client.get(f"/api/jobs/{job['id']}/battles/2/log/").json()
    assert log["events"][0]["kind"] and len(log["events"]) > 10
    assert client.get(f"/api/jobs/{job['id']}/battles/3/log/").status_code == 404


@pytest.mark.parametrize(
    ("payload", "field"),
    [
        ({"game": "monopoly", "battles": 0}, "battles"),
        ({"game": "monopoly", "battles": 10**9}, "battles"),
        ({"game": "chess", "battles": 5}, "game"),
        ({"game": "sbg", "battles": 5, "list_a": "own:999999", "list_b": "own:1"}, "list_a"),
        ({"game": "monopoly", "battles": 5, "seed": -3}, "seed"),
    ],
)
def test_bad_job_input_is_a_400_naming_the_field_and_no_job(
    owner: User, payload: dict[str, Any], field: str
) -> None:
    answer = api(owner).post("/api/jobs/", payload, format="json")
    assert answer.status_code == 400
    assert field in answer.json()
    assert SimulationJob.objects.count() == 0


def test_a_job_naming_another_users_private_list_is_refused(owner: User, other: User) -> None:
    faction = Faction.objects.create(
        release=_release(), source_id="f", name="Minas Tirith", slug="mt", side="good"
    )
    private = list_services.army_list_create(owner=other, name="Secret", factions=[faction])
    payload = {
        "game": "sbg",
        "battles": 1,
        "list_a": f"own:{private.pk}",
        "list_b": f"own:{private.pk}",
    }
    answer = api(owner).post("/api/jobs/", payload, format="json")
    assert answer.status_code == 400 and "list_a" in answer.json()
    assert SimulationJob.objects.count() == 0


def _release() -> Any:
    from profiles.models import DataRelease

    return DataRelease.objects.create(source="starter", key="t", name="t")


def test_one_user_can_neither_see_nor_cancel_anothers_job(owner: User, other: User) -> None:
    job = api(owner).post("/api/jobs/", {"game": "monopoly", "battles": 2}, format="json").json()
    intruder = api(other)
    for url in ("", "progress/", "statistics/", "battles/0/log/"):
        assert intruder.get(f"/api/jobs/{job['id']}/{url}").status_code == 404
    assert intruder.post(f"/api/jobs/{job['id']}/cancel/").status_code == 404
    assert intruder.get("/api/jobs/").json() == []
    assert api(None).get("/api/jobs/").status_code == 403
    page = Client()
    page.force_login(other)
    for url in ("", "progress.json", "charts/outcomes.svg", "results.csv", "battles/0/"):
        assert page.get(f"/jobs/{job['id']}/{url}").status_code == 404
    assert page.post(f"/jobs/{job['id']}/cancel/").status_code == 404
    assert SimulationJob.objects.get().status == SimulationJob.Status.QUEUED


def test_the_owner_cancels_a_queued_job(owner: User) -> None:
    job = api(owner).post("/api/jobs/", {"game": "monopoly", "battles": 2}, format="json").json()
    answer = api(owner).post(f"/api/jobs/{job['id']}/cancel/")
    assert answer.status_code == 200 and answer.json()["status"] == "cancelled"
    again = api(owner).post(f"/api/jobs/{job['id']}/cancel/")
    assert again.status_code == 400 and "status" in again.json()


def test_job_pages_show_progress_charts_downloads_and_a_replay(
    owner: User, django_capture_on_commit_callbacks: Capture
) -> None:
    job = queue_monopoly(owner, django_capture_on_commit_callbacks)
    client = Client()
    client.force_login(owner)
    page = client.get(f"/jobs/{job['id']}/").content.decode()
    assert "3</strong> of 3 battles" in page and "Outcomes" not in page or "chart" in page
    chart = client.get(f"/jobs/{job['id']}/charts/outcomes.svg")
    assert chart["Content-Type"] == "image/svg+xml" and b"<svg" in chart.content
    assert client.get(f"/jobs/{job['id']}/charts/rounds.svg").status_code == 200
    csv = client.get(f"/jobs/{job['id']}/results.csv").content.decode().splitlines()
    assert csv[0].startswith("battle,seed,winner") and len(csv) == 4
    assert client.get(f"/jobs/{job['id']}/statistics.json").json()["battles"] == 3
    assert "Win rate by strategy" in page and "Landing frequency by square" in page
    table_chart = client.get(f"/jobs/{job['id']}/charts/table-0.svg")
    assert table_chart.status_code == 200 and b"<svg" in table_chart.content
    assert client.get(f"/jobs/{job['id']}/charts/table-99.svg").status_code == 404
    replay = client.get(f"/jobs/{job['id']}/battles/1/")
    assert replay.status_code == 200 and b"events-data" in replay.content


def test_an_sbg_job_between_two_starter_lists(
    owner: User, django_capture_on_commit_callbacks: Capture
) -> None:
    call_command("load_starter", verbosity=0)
    payload = {
        "game": "sbg",
        "battles": 1,
        "seed": 3,
        "list_a": "starter:minas_tirith_patrol",
        "list_b": "starter:moria_goblins",
        "options": {"turn_limit": 1},
    }
    with django_capture_on_commit_callbacks(execute=True):
        answer = api(owner).post("/api/jobs/", payload, format="json")
    assert answer.status_code == 201, answer.json()
    job = SimulationJob.objects.get()
    assert job.status == SimulationJob.Status.DONE, job.error
    names = [force["name"] for force in job.options["forces"]]
    assert names == ["Minas Tirith patrol", "Moria goblins"]
    boromir = job.options["forces"][0]["units"][0]
    assert boromir["leader"] is True and boromir["profile"]["name"].startswith("Boromir")
    assert Profile.objects.filter(name=boromir["profile"]["name"]).exists()

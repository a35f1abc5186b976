"""Issue 22 item 1: a job is checked before it is queued. Both lists are named (no default
stands in), a list that breaks the rules is refused unless the user says "simulate anyway"
(recorded on the job), and the SBG set-up is dry-run so a job that cannot start is refused
with the engine's reason. Issue 29 item 1: each seed is played with both side assignments."""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from rest_framework.test import APIClient

from armybuilder import services as army_services
from armybuilder.models import ArmyList
from battlesim import services
from battlesim.engines.sbg.samples import SAMPLE_FORCES
from battlesim.models import SimulationJob
from battlesim.seeds import battle_seed
from tests.factories import FactionFactory, HeroProfileFactory, ProfileFactory

pytestmark = pytest.mark.django_db
Capture = Callable[..., Any]


@pytest.fixture
def owner() -> User:
    return User.objects.create_user("checker", password="pw-checker-123")


def api(user: User) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


def over_points_list(owner: User, name: str = "Too big") -> ArmyList:
    """A playable list that costs more than its 50-point limit (LIST-POINTS)."""
    faction = FactionFactory(name=f"Faction of {name}", side="good")
    captain = HeroProfileFactory(faction=faction, name=f"Captain of {name}", points=50)
    warrior = ProfileFactory(faction=faction, name=f"Warrior of {name}", points=8)
    army = army_services.army_list_create(
        owner=owner, name=name, points_limit=50, factions=[faction]
    )
    warband = army_services.warband_add(contingent=army.contingents.get(), captain=captain)
    army_services.entry_add(warband=warband, profile=warrior, count=6, options={})
    return army


def test_an_sbg_job_without_lists_is_refused_naming_both_fields(owner: User) -> None:
    answer = api(owner).post("/api/jobs/", {"game": "sbg", "battles": 2}, format="json")
    assert answer.status_code == 400
    assert {"list_a", "list_b"} <= set(answer.json())
    half = api(owner).post(
        "/api/jobs/", {"game": "sbg", "battles": 2, "list_a": "starter:x"}, format="json"
    )
    assert half.status_code == 400 and "list_b" in half.json()
    assert SimulationJob.objects.count() == 0


def test_a_breached_list_is_refused_then_queued_with_the_flag_recorded(
    owner: User, django_capture_on_commit_callbacks: Capture
) -> None:
    army = over_points_list(owner)
    other = over_points_list(owner, "Other")
    payload = {
        "game": "sbg",
        "battles": 2,
        "seed": 4,
        "list_a": f"own:{army.pk}",
        "list_b": f"own:{other.pk}",
        "options": {"turn_limit": 1},
    }
    refused = api(owner).post("/api/jobs/", payload, format="json")
    assert refused.status_code == 400
    assert "LIST-POINTS" in refused.json()["list_a"][0] and "simulate anyway" in str(refused.json())
    assert SimulationJob.objects.count() == 0
    with django_capture_on_commit_callbacks(execute=True):
        answer = api(owner).post("/api/jobs/", {**payload, "simulate_anyway": True}, format="json")
    assert answer.status_code == 201, answer.json()
    job = SimulationJob.objects.get()
    assert job.simulate_anyway and job.status == SimulationJob.Status.DONE, job.error
    assert [b["list"] for b in job.breaches] == ["list_a", "list_b"]
    assert any("LIST-POINTS" in text for text in job.breaches[0]["breaches"])
    page = Client()
    page.force_login(owner)
    html = page.get(reverse("battlesim:job", args=[job.pk])).content.decode()
    assert 'id="breaches"' in html and "Too big" in html


def test_the_form_refuses_a_breached_list_and_accepts_it_with_the_box_ticked(
    owner: User,
) -> None:
    army = over_points_list(owner)
    other = over_points_list(owner, "Other")
    page = Client()
    page.force_login(owner)
    form = {
        "game": "sbg",
        "battles": "2",
        "list_a": f"own:{army.pk}",
        "list_b": f"own:{other.pk}",
        "options": "{}",
    }
    refused = page.post(reverse("battlesim:index"), form)
    assert refused.status_code == 200 and "breaks 1 rule" in refused.content.decode()
    assert SimulationJob.objects.count() == 0
    accepted = page.post(reverse("battlesim:index"), {**form, "simulate_anyway": "on"})
    assert accepted.status_code == 302
    assert SimulationJob.objects.get().simulate_anyway


def test_a_force_too_big_for_its_deployment_zone_is_refused_at_queue_time(owner: User) -> None:
    crowd = copy.deepcopy(SAMPLE_FORCES["mordor"])
    for unit in crowd["units"]:
        unit["count"] = unit["count"] * 40
    answer = api(owner).post(
        "/api/jobs/",
        {"game": "sbg", "battles": 2, "options": {"forces": [crowd, "minas_tirith"]}},
        format="json",
    )
    assert answer.status_code == 400
    assert "deployment zone" in answer.json()["options"][0]
    assert SimulationJob.objects.count() == 0


def test_each_seed_is_played_with_both_side_assignments_and_told_in_list_order(
    owner: User,
) -> None:
    job = services.job_queue(
        owner=owner,
        game="sbg",
        options={"forces": ["minas_tirith", "mordor"], "turn_limit": 2},
        battles=4,
        seed=5,
        dispatch=False,
    )
    assert job.swap_sides
    for chunk in job.chunks.all():
        services.chunk_run(chunk_id=chunk.pk)
    results = list(job.results.order_by("index"))
    assert [r.seed for r in results] == [battle_seed(5, i // 2) for i in range(4)]
    assert [bool(r.summary.get("swapped")) for r in results] == [False, True, False, True]
    assert all(r.summary["forces"] == ["Minas Tirith patrol", "Mordor warband"] for r in results), [
        r.summary["forces"] for r in results
    ]
    played = services.battle_play(job, 1).result
    setup = played.log.of_kind("setup")[0]
    assert setup.data["forces"][0]["name"] == "Mordor warband"  # the log stays as played

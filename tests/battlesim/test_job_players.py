"""Who plays each SBG list (issue 29 item 3: the search player is picked by users like the
others): the form, the API and ``manage.py simulate`` name a player of the engine's roster
for each list; the default is left out of the options, an unknown name is refused."""

from __future__ import annotations

import io

import pytest
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.core.management import call_command
from django.test import Client
from django.urls import reverse
from django.utils import translation
from rest_framework.test import APIClient

from battlesim.engines.sbg.policies.roster import DESCRIPTIONS, PLAYERS
from battlesim.job_input import job_request
from battlesim.models import SimulationJob
from battlesim.sbg_pages import PLAYER_LABELS

pytestmark = pytest.mark.django_db

FORCES = {"forces": ["rohan", "warg_riders"], "turn_limit": 1}


@pytest.fixture
def owner() -> User:
    return User.objects.create_user("general", password="pw-general-123")


def test_every_player_of_the_roster_is_described_and_offered() -> None:
    """The form offers each player but ``heuristic_v2`` (the default's other name); the
    command line describes each one."""
    assert set(PLAYER_LABELS) == set(PLAYERS) - {"heuristic_v2"}
    assert set(DESCRIPTIONS) == set(PLAYERS)
    with translation.override("en"):
        assert "look-ahead" in str(PLAYER_LABELS["search"])


def test_a_chosen_player_reaches_the_options_and_the_default_is_left_out(owner: User) -> None:
    values = {"game": "sbg", "options": dict(FORCES), "player_a": "search", "player_b": ""}
    options, _ = job_request(user=owner, values=values)
    assert options["players"] == ["search", "heuristic"]
    both_default = {**values, "player_a": "heuristic", "player_b": "heuristic"}
    assert "players" not in job_request(user=owner, values=both_default)[0]
    untouched = {**values, "player_a": None, "options": {**FORCES, "players": ["random"] * 2}}
    assert job_request(user=owner, values=untouched)[0]["players"] == ["random", "random"]
    with pytest.raises(ValidationError) as refused:
        job_request(user=owner, values={**values, "player_b": "nobody"})
    assert "player_b" in refused.value.message_dict


def test_the_api_queues_a_job_with_the_search_player(owner: User) -> None:
    client = APIClient()
    client.force_authenticate(owner)
    payload = {"game": "sbg", "battles": 2, "options": FORCES, "player_b": "search"}
    answer = client.post("/api/jobs/", payload, format="json")
    assert answer.status_code == 201, answer.json()
    assert SimulationJob.objects.get().options["players"] == ["heuristic", "search"]
    refused = client.post("/api/jobs/", {**payload, "player_b": "nobody"}, format="json")
    assert refused.status_code == 400 and "player_b" in refused.json()


def test_the_form_offers_the_players_and_queues_the_choice(owner: User) -> None:
    page = Client()
    page.force_login(owner)
    html = page.get(reverse("battlesim:index")).content.decode()
    assert 'name="player_a"' in html and 'value="search"' in html
    form = {"game": "sbg", "battles": "2", "options": '{"forces": ["rohan", "warg_riders"]}'}
    answer = page.post(reverse("battlesim:index"), {**form, "player_a": "search"})
    assert answer.status_code == 302
    assert SimulationJob.objects.get().options["players"] == ["search", "heuristic"]


def test_simulate_plays_a_battle_with_the_search_player() -> None:
    out = io.StringIO()
    call_command(
        "simulate",
        "sbg",
        "--battles",
        "1",
        "--seed",
        "4",
        "--options",
        '{"forces": ["rohan", "warg_riders"], "turn_limit": 2}',
        "--player-a",
        "search",
        "--local",
        stdout=out,
    )
    job = SimulationJob.objects.get()
    assert job.status == SimulationJob.Status.DONE, job.error
    assert job.options["players"] == ["search", "heuristic"]

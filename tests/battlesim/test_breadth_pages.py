"""Issue 17 item 4: a job page says, before queueing and beside its results, which rules of
each side the simulator leaves out (battlesim/breadth.py, the engine's registry)."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from armybuilder import services as army_services
from battlesim import services
from battlesim.engines.sbg.samples import SAMPLE_FORCES
from battlesim.models import BattleResult, SimulationJob
from tests.factories import FactionFactory, HeroProfileFactory, ProfileFactory, ProfileRuleFactory

pytestmark = pytest.mark.django_db


def _card(name: str, rules: list[str]) -> dict[str, object]:
    stats = dict(move=6, fight=3, shoot=4, strength=3, defence=4, attacks=1, wounds=1, courage=3)
    return {
        "name": name,
        **stats,
        "keywords": ["Man", "Infantry"],
        "wargear": ["Sword"],
        "rules": rules,
    }


def _force(name: str, rules: list[str]) -> dict[str, object]:
    return {
        "name": name,
        "alignment": "good",
        "units": [{"count": 3, "profile": _card(name, rules)}],
    }


@pytest.fixture
def client_in() -> tuple[Client, User]:
    user = User.objects.create_user("breadth", password="pw-breadth-123")
    client = Client()
    client.force_login(user)
    return client, user


def test_the_job_page_lists_what_each_side_leaves_out(client_in: tuple[Client, User]) -> None:
    client, user = client_in
    forces = [
        _force("Fliers", ["Chariot Charge (Active)"]),
        _force("Fearless ones", ["Fearless"]),
    ]
    job = services.job_queue(
        owner=user, game="sbg", options={"forces": forces}, battles=1, dispatch=False
    )
    html = client.get(reverse("battlesim:job", args=[job.pk])).content.decode()
    section = html[html.index('id="simulator-breadth"') : html.index('id="statistics"')]
    sides = re.findall(
        r'data-side="(\d)"><strong>([^<]+)</strong>: <span data-breadth="(\w+)"', section
    )
    assert sides == [("0", "Fliers", "partial"), ("1", "Fearless ones", "full")]
    assert "chariot charge" in section


def test_the_queue_page_lists_what_each_offered_list_leaves_out(
    client_in: tuple[Client, User],
) -> None:
    """Before queueing: the user's lists, each fully simulated or with what is left out."""
    client, user = client_in
    faction = FactionFactory(name="Minas Tirith")
    captain = HeroProfileFactory(faction=faction, name="Captain", heroic_tier="valour")
    flier = ProfileFactory(faction=faction, name="Flier", points=8)
    ProfileRuleFactory(profile=flier, rule__name="Chariot Charge (Active)")
    army = army_services.army_list_create(owner=user, name="Patrol", factions=[faction])
    warband = army_services.warband_add(contingent=army.contingents.get(), captain=captain)
    army_services.entry_add(warband=warband, profile=flier, count=3, options={})
    html = client.get(reverse("battlesim:index")).content.decode()
    section = html[html.index('id="simulator-breadth"') :]
    mine = re.search(
        r'data-list="Mine: Patrol"><strong>[^<]+</strong>: <span data-breadth="(\w+)"', section
    )
    assert mine is not None and mine.group(1) == "partial" and "chariot charge" in section


def _sbg_job(user: User, forces: list[str], battles: int) -> SimulationJob:
    """An SBG job of two sample forces, queued and not sent to any worker."""
    return services.job_queue(
        owner=user, game="sbg", options={"forces": forces}, battles=battles, dispatch=False
    )


def test_sample_forces_of_a_job_are_read_too(client_in: tuple[Client, User]) -> None:
    client, user = client_in
    job = _sbg_job(user, ["minas_tirith", "mordor"], battles=1)
    html = client.get(reverse("battlesim:job", args=[job.pk])).content.decode()
    assert html.count("data-side=") == 2 and "minas_tirith" in html
    assert set(SAMPLE_FORCES) >= {"minas_tirith", "mordor"}


def test_a_battle_fought_on_a_share_of_a_list_says_whom_it_left_out(
    client_in: tuple[Client, User],
) -> None:
    """Issue 20: a scenario's share of the points (a siege's defender) is told beside the
    battle's result, naming the models left out; a whole list adds nothing."""
    client, user = client_in
    job = _sbg_job(user, ["minas_tirith_skirmish", "mordor_skirmish"], battles=2)
    share = {
        "shares": [1.0, 0.9],
        "list_points": [182, 169],
        "left_out": [{}, {"B04": "Orc Warrior", "B05": "Orc Warrior"}],
    }
    names = ["Minas Tirith", "Mordor"]
    for index, extra in enumerate(({"points_share": share}, {})):
        summary = {"forces": names, **extra}
        BattleResult.objects.create(
            job=job, index=index, seed=index, winner="0", termination="break", summary=summary
        )
    html = client.get(reverse("battlesim:job", args=[job.pk])).content.decode()
    assert html.count("as the scenario asks") == 1
    assert "Mordor fields 90% of its list&#x27;s 169 points" in html
    assert "Orc Warrior (B04) and Orc Warrior (B05)" in html

"""Issue 22 in a real browser: a breached list is refused, then queued with "simulate
anyway"; progress moves battle by battle on a real worker; the statistics read without
horizontal scrolling at 390 and 1366 px; a replay is told in sentences naming the models."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import Browser, Page, expect
from pytest_django.live_server_helper import LiveServer

from armybuilder import services as army_services
from battlesim import services
from battlesim.job_finish import job_finish
from battlesim.models import SimulationJob
from tests.browser.conftest import page_open
from tests.factories import FactionFactory, HeroProfileFactory, ProfileFactory
from tests.workers import WorkerProcess

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
PASSWORD = "Helms-Deep-3019"
LONG = "Rohirrim of the Westfold riding hard from Edoras to the Hornburg at dawn"


def log_in(page: Page, base: str, name: str = "gamling") -> User:
    user = User.objects.create_user(name, password=PASSWORD)
    page.goto(f"{base}/accounts/login/")
    page.fill("#id_username", name)
    page.fill("#id_password", PASSWORD)
    page.get_by_role("button", name="Log in").click()
    return user


def over_points_list(owner: User, name: str) -> int:
    faction = FactionFactory(name=f"Faction {name}", side="good")
    captain = HeroProfileFactory(faction=faction, name=f"Captain {name}", points=50)
    warrior = ProfileFactory(faction=faction, name=f"Warrior {name}", points=8)
    army = army_services.army_list_create(
        owner=owner, name=name, points_limit=50, factions=[faction]
    )
    warband = army_services.warband_add(contingent=army.contingents.get(), captain=captain)
    army_services.entry_add(warband=warband, profile=warrior, count=4, options={})
    return army.pk


def test_a_breached_list_is_refused_then_queued_with_simulate_anyway(
    page: Page, live_server: LiveServer
) -> None:
    user = log_in(page, live_server.url)
    first, second = over_points_list(user, "Westfold"), over_points_list(user, "Eastfold")
    page.goto(f"{live_server.url}/jobs/")
    page.select_option("#id_game", "sbg")
    page.fill("#id_battles", "2")
    page.select_option("#id_list_a", f"own:{first}")
    page.select_option("#id_list_b", f"own:{second}")
    page.get_by_role("button", name="Queue").click()
    expect(page.locator("#job-form")).to_contain_text("breaks 1 rule")
    expect(page.locator("#job-form")).to_contain_text("LIST-POINTS")
    assert SimulationJob.objects.count() == 0
    page.get_by_label("Simulate anyway").check()
    page.get_by_role("button", name="Queue").click()
    page.wait_for_url("**/jobs/*/")
    expect(page.locator("#breaches")).to_contain_text("Westfold")
    job = SimulationJob.objects.get()
    assert job.simulate_anyway and len(job.breaches) == 2


@pytest.mark.integration
def test_progress_moves_battle_by_battle_on_a_worker(
    page: Page, live_server: LiveServer, start_worker: Callable[..., WorkerProcess]
) -> None:
    worker = start_worker()
    user = log_in(page, live_server.url)
    with_capture = services.job_queue(
        owner=user,
        game="sbg",
        options={"forces": ["minas_tirith", "mordor"], "turn_limit": 6},
        battles=10,
        seed=12,
    )
    page.goto(f"{live_server.url}/jobs/{with_capture.pk}/")
    # The chunk is recorded whole at its end; before that each battle played is shown.
    expect(page.locator("#progress-recorded")).to_contain_text("being saved", timeout=120_000)
    shown = int(page.locator("#progress-done").inner_text())
    assert 0 < shown < 10
    expect(page.locator("#progress-eta")).to_contain_text(re.compile("left|measuring"))
    expect(page.locator("#progress-status")).to_have_text("Done", timeout=240_000)
    try:
        expect(page.locator("#chart-outcomes")).to_be_visible(timeout=60_000)
    except AssertionError:
        print(worker.log()[-6000:])
        raise


@pytest.fixture
def wide_page(browser: Browser) -> Iterator[Page]:
    yield from page_open(browser, {"width": 1366, "height": 900})


def finished_job(owner: User, battles: int = 6) -> SimulationJob:
    """An ended SBG job played here (no worker needed), with long list names."""
    long_force: dict[str, Any] = {"name": LONG}
    from battlesim.engines.sbg.samples import SAMPLE_FORCES

    long_force = {**SAMPLE_FORCES["rohan"], "name": LONG}
    job = services.job_queue(
        owner=owner,
        game="sbg",
        options={"forces": [long_force, "mordor"], "turn_limit": 3},
        battles=battles,
        seed=5,
        dispatch=False,
    )
    for chunk in job.chunks.all():
        services.chunk_run(chunk_id=chunk.pk)
    job_finish(job_id=job.pk)
    return SimulationJob.objects.get(pk=job.pk)


def overflow(page: Page) -> int:
    return int(page.locator("html").evaluate("h => h.scrollWidth - h.clientWidth"))


def test_statistics_read_at_390_and_1366_px_without_horizontal_scrolling(
    phone_page: Page, wide_page: Page, live_server: LiveServer
) -> None:
    user = log_in(phone_page, live_server.url, "hama")
    job = finished_job(user)
    wide_page.goto(f"{live_server.url}/accounts/login/")
    wide_page.fill("#id_username", "hama")
    wide_page.fill("#id_password", PASSWORD)
    wide_page.get_by_role("button", name="Log in").click()
    for page in (phone_page, wide_page):
        page.goto(f"{live_server.url}/jobs/{job.pk}/")
        expect(page.locator("#outcomes")).to_contain_text(LONG[:20])
        expect(page.locator("#endings")).to_contain_text("turn limit")
        expect(page.locator("#safety-warning")).to_be_visible()
        chart = page.locator("#chart-outcomes")
        expect(chart).to_have_attribute("alt", re.compile(r"Outcomes of 6 battles: .*%"))
        chart.scroll_into_view_if_needed()
        expect(chart).to_be_visible()
        assert overflow(page) <= 0, page.viewport_size


def test_a_replay_tells_events_in_sentences_naming_the_models(
    page: Page, live_server: LiveServer
) -> None:
    user = log_in(page, live_server.url, "theoden")
    job = finished_job(user, battles=2)
    page.goto(f"{live_server.url}/jobs/{job.pk}/battles/0/")
    expect(page.locator("#position")).to_contain_text("Step 1 of")
    log = page.locator("#log")
    expect(log).to_contain_text(re.compile(r"Rider of Rohan \(A\d+\) (charges|moves|sets off)"))
    expect(log.locator(".die").first).to_be_visible()
    page.keyboard.press("ArrowRight")
    expect(page.locator("#position")).to_contain_text("Step 2 of")
    page.keyboard.press("ArrowDown")  # next turn
    expect(page.locator("#position")).to_contain_text("turn 2, priority phase")
    page.select_option("#speed", "60")
    page.get_by_role("button", name="▶ Play").click()
    expect(page.locator("#position")).to_contain_text("turn 2, move phase", timeout=30_000)
    page.get_by_role("button", name="❚❚ Pause").click()
    page.locator("#board g.model").first.click()
    expect(page.locator("#model-card")).to_contain_text("Wounds left")
    page.select_option("#jump", label="turn 3, move phase")
    expect(page.locator("#position")).to_contain_text("turn 3, move phase")

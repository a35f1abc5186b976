"""Simulations in a real browser, on a real worker over Redis: queue a job, watch progress
reach 100%, read the statistics and charts, step through a replay on the table."""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from tests.workers import WorkerProcess

pytestmark = [pytest.mark.browser, pytest.mark.integration, pytest.mark.django_db(transaction=True)]


def log_in(page: Page, base: str) -> None:
    User.objects.create_user("eowyn", password="Dernhelm-of-Rohan-3")
    page.goto(f"{base}/accounts/login/")
    page.fill("#id_username", "eowyn")
    page.fill("#id_password", "Dernhelm-of-Rohan-3")
    page.get_by_role("button", name="Log in").click()


def test_it_queues_a_job_watches_it_finish_and_replays_a_battle(
    page: Page, live_server: LiveServer, start_worker: Callable[..., WorkerProcess]
) -> None:
    call_command("load_starter", verbosity=0)
    start_worker()
    log_in(page, live_server.url)
    page.goto(f"{live_server.url}/jobs/")
    page.select_option("#id_game", "sbg")
    page.fill("#id_battles", "4")
    page.fill("#id_seed", "77")
    page.select_option("#id_list_a", "starter:minas_tirith_patrol")
    page.select_option("#id_list_b", "starter:uruk_hai_warband")
    page.fill("#id_options", json.dumps({"turn_limit": 2}))
    page.get_by_role("button", name="Queue").click()
    page.wait_for_url("**/jobs/*/")

    expect(page.locator("#progress-percent")).to_have_text("100.0", timeout=240_000)
    expect(page.locator("#progress-status")).to_have_text("Done")
    expect(page.locator("#outcomes tbody tr").first).to_be_visible()
    chart = page.locator("#chart-outcomes")
    expect(chart).to_be_visible()
    assert chart.evaluate("img => img.complete && img.naturalWidth > 0")

    page.get_by_role("link", name="Battle 0").click()
    page.wait_for_url("**/battles/0/")
    assert page.locator("#board g.model").count() > 20
    assert page.locator("#board g.model.hero .hero-mark").count() >= 2  # Boromir, Lurtz...
    expect(page.locator("#position")).to_contain_text("Step 1 of")
    page.get_by_role("button", name="Step ▶").click()
    expect(page.locator("#position")).to_contain_text("Step 2 of")
    page.get_by_title("Next turn").click()
    page.get_by_title("Next turn").click()
    expect(page.locator("#position")).to_contain_text("turn 2")
    assert page.locator("#log .event.current").count() == 1

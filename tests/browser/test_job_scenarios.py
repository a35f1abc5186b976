"""A job picks a scenario set and a game type in the form (issue 20): a real browser queues
two SBG battles drawn from the siege scenarios in narrative mode, a real worker plays them,
and the replay draws the siege table's walls."""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest
from django.core.management import call_command
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from battlesim.engines.sbg.rules.scenario_library import SETS
from battlesim.models import SimulationJob
from tests.browser.test_jobs import log_in
from tests.workers import WorkerProcess

pytestmark = [pytest.mark.browser, pytest.mark.integration, pytest.mark.django_db(transaction=True)]


def test_a_job_draws_siege_scenarios_in_narrative_mode(
    page: Page, live_server: LiveServer, start_worker: Callable[..., WorkerProcess]
) -> None:
    call_command("load_starter", verbosity=0)
    start_worker()
    log_in(page, live_server.url)
    page.goto(f"{live_server.url}/jobs/")
    page.select_option("#id_game", "sbg")
    page.fill("#id_battles", "2")
    page.fill("#id_seed", "5")
    page.select_option("#id_list_a", "starter:minas_tirith_patrol")
    page.select_option("#id_list_b", "starter:uruk_hai_warband")
    page.select_option("#id_scenario", "random:siege")
    page.select_option("#id_mode", "narrative")
    page.fill("#id_options", json.dumps({"turn_limit": 1}))
    page.get_by_role("button", name="Queue").click()
    page.wait_for_url("**/jobs/*/")

    expect(page.locator("#progress-percent")).to_have_text("100.0", timeout=240_000)
    expect(page.locator("#progress-status")).to_have_text("Done")
    job = SimulationJob.objects.get()
    assert job.options["scenario"] == "random:siege" and job.options["mode"] == "narrative"
    played = {r.summary["scenario"] for r in job.results.all()}
    assert played <= set(SETS["siege"]) and played
    assert all(r.summary["mode"] == "narrative" for r in job.results.all())
    page.get_by_role("link", name="Battle 0").click()
    page.wait_for_url("**/battles/0/")
    expect(page.locator("#board g.model").first).to_be_visible()

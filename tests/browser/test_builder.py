"""The army builder in a real browser: sign up, build a legal 600-point list from nothing,
see a breach appear and disappear, print it and export it."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from django.core.management import call_command
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def starter(live_server: LiveServer) -> None:
    call_command("load_starter", verbosity=0)


def sign_up(page: Page, base: str) -> None:
    page.goto(f"{base}/accounts/signup/")
    page.fill("#id_username", "aragorn")
    page.fill("#id_password1", "Elessar-Telcontar-87")
    page.fill("#id_password2", "Elessar-Telcontar-87")
    page.get_by_role("button", name="Sign up").click()
    page.wait_for_url("**/lists/")


def api_call(page: Page, action: Callable[[], None]) -> None:
    """Do ``action`` and wait for the API's answer and the page's re-render."""
    with page.expect_response(lambda response: "/api/" in response.url):
        action()
    page.wait_for_timeout(50)


def add_warband(page: Page, hero: str, follower_count: int, option: str) -> None:
    """Find the hero and its followers with the unit search (issue 25) and add them."""
    page.fill("#search-text", hero)
    result = page.locator(".result", has_text=hero).first
    api_call(page, result.get_by_role("button", name=re.compile("as the captain")).click)
    card = page.locator(".warband").last
    expect(card.locator(".entry.captain")).to_contain_text(hero)
    page.fill("#search-text", "Warrior of Minas Tirith")
    page.fill("#search-count", str(follower_count))
    result = page.locator(".result", has_text="Warrior of Minas Tirith").first
    api_call(page, result.get_by_role("button", name=re.compile("as a follower")).click)
    follower = page.locator(".warband").last.locator(".entry.follower")
    models = follower.get_by_label(re.compile(f"^{option}: how many"))
    models.fill(str(follower_count))
    api_call(page, lambda: models.dispatch_event("change"))


def test_it_builds_a_legal_list_shows_a_breach_then_prints_and_exports(
    page: Page, live_server: LiveServer, starter: None
) -> None:
    base = live_server.url
    sign_up(page, base)
    page.fill("#id_name", "White Tower")
    page.select_option("#id_faction", label="Minas Tirith")
    page.get_by_role("button", name="Create").click()
    page.wait_for_url(re.compile(r".*/lists/\d+/$"))

    add_warband(page, "Boromir, Captain of the White Tower", 15, "Shield")  # 160 + 15 x 8
    add_warband(page, "Faramir, Captain of Gondor", 12, "Shield")  # 80 + 12 x 8
    add_warband(page, "Captain of Minas Tirith", 11, "Spear")  # 50 + 11 x 8
    expect(page.locator(".figure-points")).to_have_text("594 / 600")
    expect(page.locator("#breaches h2")).to_have_text("Legal list")
    expect(page.locator(".figure-models")).to_have_text("41")
    # issue 17: the list says what the battle simulator leaves out of it, or that it is whole
    expect(page.locator("#simulation h2")).to_have_text("Battle simulator")
    expect(page.locator("#simulation p")).to_have_text(
        re.compile(r"^(Fully simulated|Leaves out: .+)$")
    )

    count = page.locator(".warband").last.locator(".entry.follower .count")
    count.fill("13")
    api_call(page, lambda: count.dispatch_event("change"))
    breach = page.locator('.breach[data-rule="WARBAND-CAPACITY"]')
    expect(breach).to_contain_text("Captain of Minas Tirith's warband holds 13 followers")
    expect(page.locator(".figure-points")).to_have_text("610 / 600")  # the page has settled
    count = page.locator(".warband").last.locator(".entry.follower .count")
    count.fill("11")
    api_call(page, lambda: count.dispatch_event("change"))
    expect(breach).to_have_count(0)
    expect(page.locator("#breaches h2")).to_have_text("Legal list")
    expect(page.locator(".figure-points")).to_have_text("594 / 600")
    page.wait_for_load_state("networkidle")

    page.get_by_role("link", name="Print").click()
    page.wait_for_url("**/print/")
    expect(page.locator(".print-head")).to_contain_text("594 / 600 points")
    expect(page.locator(".stat-card")).to_have_count(6)
    text = page.request.get(page.url.replace("print/", "export.txt")).text()
    assert "White Tower — 594/600 points, 41 models, break point 20.5" in text
    assert "15 x Warrior of Minas Tirith (Shield): 120 pts" in text
    exported = page.request.get(page.url.replace("print/", "export.json")).json()
    assert exported["format"] == "sbg-army-list" and len(exported["contingents"]) == 1

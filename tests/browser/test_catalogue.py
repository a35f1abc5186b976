"""The catalogue in a real browser: search, profile page, and a phone-sized layout."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page
from pytest_django.live_server_helper import LiveServer

from tests.factories import CatalogueSample, catalogue_sample_create

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def sample(live_server: LiveServer) -> CatalogueSample:
    return catalogue_sample_create()


def stat(page: Page, name: str) -> list[str]:
    return page.locator(f'[data-stat="{name}"]').all_inner_texts()


def test_it_finds_a_profile_and_shows_its_characteristics(
    page: Page, live_server: LiveServer, sample: CatalogueSample
) -> None:
    """PROF-06/10: Saroumane's line 6" 5/4+ 4 5 1 3 7 | 3 6* 3 and powers (002:L174-L207)."""
    page.goto(f"{live_server.url}/catalogue/")
    assert page.locator("#side-evil + .faction-list").inner_text().startswith("Isengard")
    page.get_by_label("Search profiles by name").fill("sarou")
    page.get_by_role("button", name="Search").click()
    page.wait_for_url("**/catalogue/search/?name=sarou")
    cards = page.locator(".stat-card")
    assert cards.count() == 1  # the archived 170-point Saroumane is not listed
    cards.get_by_role("link", name="Saroumane le Blanc").click()
    page.wait_for_url("**/catalogue/starter-1/isengard/saroumane-le-blanc/")
    assert page.get_by_role("heading", level=1).inner_text() == "Saroumane le Blanc"
    assert stat(page, "points") == ["180 pts"]
    characteristics = ["move", "fight-shoot", "strength", "defence", "attacks", "wounds"]
    assert [stat(page, name)[0] for name in characteristics] == ['6"', "5/4+", "4", "5", "1", "3"]
    assert [stat(page, name)[0] for name in ["courage", "might", "will", "fate"]] == list("7363")
    assert stat(page, "power-range") == ['18"', "-"]
    assert stat(page, "casting-value") == ["2+", "2+"]


def test_it_filters_a_faction_with_the_get_form_without_javascript(
    page_without_js: Page, live_server: LiveServer, sample: CatalogueSample
) -> None:
    """PROF-04: filtering Minas Tirith by a tier leaves its hero only."""
    page = page_without_js
    page.goto(f"{live_server.url}/catalogue/")
    page.get_by_role("link", name="Minas Tirith").click()
    assert page.locator(".stat-card").count() == 2
    page.get_by_label("Heroic tier").select_option("fortitude")
    page.get_by_role("button", name="Search").click()
    page.wait_for_url("**heroic_tier=fortitude**")
    names = page.locator(".stat-card-name").all_inner_texts()
    assert [name.casefold() for name in names] == ["faramir, capitaine du gondor"]


def test_it_applies_a_drop_down_at_once_with_javascript(
    page: Page, live_server: LiveServer, sample: CatalogueSample
) -> None:
    """PROF-04: choosing "Hero of Legend" lists Saroumane alone, without pressing Search."""
    page.goto(f"{live_server.url}/catalogue/search/?side=evil")
    page.get_by_label("Heroic tier").select_option("legend")
    page.wait_for_url("**heroic_tier=legend**")
    assert page.locator(".stat-card-name").all_inner_texts() == ["Saroumane le Blanc"]


def test_it_fits_a_phone_screen(
    phone_page: Page, live_server: LiveServer, sample: CatalogueSample, tmp_path: Path
) -> None:
    """At 390 px the pages do not scroll sideways and the stat cards stack."""
    for path in ["/catalogue/", "/catalogue/starter-1/minas-tirith/"]:
        phone_page.goto(f"{live_server.url}{path}")
        assert phone_page.evaluate("document.documentElement.scrollWidth") <= 390, path
    first, second = (box(phone_page, f".stat-card >> nth={i}") for i in (0, 1))
    assert first["x"] == second["x"] and second["y"] > first["y"] + first["height"] - 1
    phone_page.goto(f"{live_server.url}/catalogue/starter-1/isengard/saroumane-le-blanc/")
    table = box(phone_page, "table.stats")
    assert table["x"] >= 0 and table["x"] + table["width"] <= 390
    assert phone_page.evaluate("document.documentElement.scrollWidth") <= 390
    shot = tmp_path / "profile-phone.png"
    phone_page.screenshot(path=shot, full_page=True)
    assert shot.read_bytes().startswith(b"\x89PNG")


def box(page: Page, selector: str) -> dict[str, float]:
    found = page.locator(selector).bounding_box()
    assert found is not None, selector
    return found

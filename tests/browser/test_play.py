"""People at the tables in a real browser: a whole short game of each board game against AI
seats through the page, a phone-sized table, and two signed-in users at one Risk table who
each see only their own cards. Tasks run eagerly here (the AI moves inside the request);
tests/play/test_worker.py runs the same moves on a real worker."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import Browser, Page, expect
from pytest_django.live_server_helper import LiveServer

from battlesim.play.models import Table
from tests.browser.conftest import DESKTOP, page_open
from tests.play.helpers import plain_choice

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PASSWORD = "Mellon-friend-42"


def log_in(page: Page, base: str, name: str) -> None:
    User.objects.create_user(name, password=PASSWORD)
    page.goto(f"{base}/accounts/login/")
    page.fill("#id_username", name)
    page.fill("#id_password", PASSWORD)
    page.get_by_role("button", name="Log in").click()


def new_table(
    page: Page, base: str, game: str, seats: dict[int, str], rules: dict[str, str]
) -> None:
    page.goto(f"{base}/play/{game}/")
    for index, value in seats.items():
        page.select_option(f"#seat{index}", value)
    for name, value in rules.items():
        page.select_option(f"#setting-{name}", value)
    page.fill("#seed", "5")
    page.get_by_role("button", name="Create the table").click()
    page.wait_for_url("**/play/tables/*/")


def play_through(page: Page, limit: int = 300) -> int:
    """Answer every question with a plain legal option until the game is over."""
    for moves in range(limit):
        page.wait_for_selector("#question, #game-over")
        if page.locator("#game-over").count():
            return moves
        version = page.locator("#play").get_attribute("data-version")
        kind = page.locator("#question").get_attribute("data-kind")
        buttons = page.locator("#prompt button.option")
        ids = buttons.evaluate_all("bs => bs.map(b => b.dataset.choice)")
        choice = plain_choice({"kind": kind, "options": [{"id": i} for i in ids]})
        buttons.nth(ids.index(choice)).click()
        page.wait_for_function(f"document.getElementById('play').dataset.version !== '{version}'")
        expect(page.locator("#status .error")).to_have_count(0)
    raise AssertionError("the game did not end")


def finish_and_replay(page: Page) -> None:
    expect(page.locator("#game-over")).to_contain_text("Game over")
    assert page.locator("#log li").count() > 10
    page.locator("#replay-link").click()
    page.wait_for_url("**/replay/")
    expect(page.locator("#position")).to_contain_text("Step 1 of")


def test_monopoly_a_whole_quick_game_against_two_ais(page: Page, live_server: LiveServer) -> None:
    log_in(page, live_server.url, "frodo")
    seats = {0: "me", 1: "ai:acquisitive", 2: "ai:builder"}
    new_table(page, live_server.url, "monopoly", seats, {"variant": "quick", "one_ring": "yes"})
    expect(page.locator("#board .sq")).to_have_count(40)
    moves = play_through(page)
    assert moves > 5
    assert page.locator("#dice .die").count() == 2
    finish_and_replay(page)


def test_risk_a_whole_short_game_against_an_ai(page: Page, live_server: LiveServer) -> None:
    log_in(page, live_server.url, "sam")
    new_table(page, live_server.url, "risk", {0: "me", 1: "ai:aggressive"}, {"turn_limit": "8"})
    assert page.locator("#board .terr").count() > 50
    play_through(page, limit=400)
    finish_and_replay(page)


def test_rotk_a_whole_game_on_a_phone(phone_page: Page, live_server: LiveServer) -> None:
    page = phone_page
    log_in(page, live_server.url, "pippin")
    new_table(
        page, live_server.url, "rotk", {0: "me", 1: "ai:greedy", 2: "ai:racer", 3: "none"}, {}
    )
    assert page.locator("#board .hex").count() > 20
    expect(page.locator("#question")).to_be_visible()
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"the page is {width} px wide on a 390 px phone"
    play_through(page)
    finish_and_replay(page)


@pytest.fixture
def second_page(browser: Browser) -> Iterator[Page]:
    yield from page_open(browser, DESKTOP)


def test_two_people_at_one_risk_table_see_only_their_own_cards(
    page: Page, second_page: Page, live_server: LiveServer
) -> None:
    base = live_server.url
    log_in(page, base, "aragorn")
    new_table(page, base, "risk", {0: "me", 1: "open"}, {"turn_limit": "8"})
    link = page.locator("#invite-link").input_value()
    log_in(second_page, base, "arwen")
    second_page.goto(link)
    second_page.get_by_role("button", name="Take a seat").click()
    second_page.wait_for_url("**/play/tables/*/")
    table = Table.objects.get()
    players = table.view["players"]
    for own, seat in ((page, 0), (second_page, 1)):
        mine = own.locator(f".player[data-seat='{seat}']")
        expect(mine.locator(".cards")).not_to_contain_text("hidden")
        theirs = own.locator(f".player[data-seat='{1 - seat}']")
        expect(theirs.locator(".adventures")).to_contain_text("(hidden)")
        html = own.content()
        for card in players[1 - seat]["adventures"]:
            if card not in players[seat]["adventures"]:
                assert card not in html
    # whoever is asked first claims a territory by tapping it on the map; the other page
    # updates without a reload
    first = page if page.locator("#question").count() else second_page
    watcher = second_page if first is page else page
    expect(first.locator("#question")).to_have_attribute("data-kind", "claim")
    before = watcher.locator("#play").get_attribute("data-version")
    vacant = first.locator("#board .terr.choosable").first
    name = vacant.get_attribute("data-territory")
    vacant.click()
    watcher.wait_for_function(f"document.getElementById('play').dataset.version !== '{before}'")
    expect(watcher.locator("#question")).to_have_attribute("data-kind", "claim")
    assert Table.objects.get().view["owner"][name] in (0, 1)

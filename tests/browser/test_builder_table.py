"""The army builder for the table (issue 25) in a real browser, desktop and 390 px wide.

A legal list built with the unit search and drag and drop, and again by keyboard only; an
undone warband removal; a refused value shown next to its field; a special rule's text in
the print view; a game tracked on a phone (wounds, Might, casualties past the break point,
offline then synced, a reload) and its result recorded. Each main page is checked with
axe-core (from the pinned axe-playwright-python package): no serious or critical violation.
"""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from axe_playwright_python.sync_playwright import Axe
from django.contrib.auth.models import User
from django.core.management import call_command
from playwright.sync_api import Locator, Page, expect
from pytest_django.live_server_helper import LiveServer

from armybuilder import services
from armybuilder.models import ArmyList
from profiles.models import Faction

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PASSWORD = "Elessar-Telcontar-87"
SHIELDWALL = "An infantry model with a shield gains +1 Defence"


@pytest.fixture
def starter(live_server: LiveServer) -> None:
    call_command("load_starter", verbosity=0)


def assert_accessible(page: Page) -> None:
    """No serious or critical axe-core violation on the page as it stands."""
    violations = Axe().run(page).response["violations"]
    bad = [v for v in violations if v["impact"] in ("serious", "critical")]
    summary = [(v["id"], v["impact"], [n["target"] for n in v["nodes"][:3]]) for v in bad]
    assert not bad, summary


def api_call(page: Page, action: Callable[[], None]) -> None:
    """Do ``action`` and wait for the API's answer and the page's re-render."""
    with page.expect_response(lambda response: "/api/" in response.url):
        action()
    page.wait_for_timeout(50)


def new_list(live_server: LiveServer, page: Page, name: str = "White Tower") -> ArmyList:
    """A signed-in user with an empty Minas Tirith list, its builder open."""
    owner = User.objects.create_user("aragorn", password=PASSWORD)
    faction = Faction.objects.get(name="Minas Tirith", release__is_current=True)
    army = services.army_list_create(owner=owner, name=name, factions=[faction])
    page.goto(f"{live_server.url}/accounts/login/")
    page.fill("#id_username", "aragorn")
    page.fill("#id_password", PASSWORD)
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url(lambda url: "/accounts/login/" not in url)
    page.goto(f"{live_server.url}/lists/")
    assert_accessible(page)  # the index of lists, with its forms
    page.goto(f"{live_server.url}/lists/{army.pk}/")
    return army


def result(page: Page, name: str) -> Locator:
    return page.locator(".result", has_text=name).first


def warband(page: Page, number: int) -> Locator:
    return page.locator(".warband").nth(number - 1)


def test_a_legal_list_with_search_and_drag_and_drop(
    page: Page, live_server: LiveServer, starter: None
) -> None:
    # a tall desktop window keeps source and target in view: a scroll during a drag moves
    # the page under the pointer
    page.set_viewport_size({"width": 1280, "height": 2400})
    new_list(live_server, page)
    assert_accessible(page)
    page.fill("#search-text", "boromir")
    expect(page.locator(".result")).to_have_count(1)
    api_call(page, result(page, "Boromir").get_by_role("button", name=re.compile("captain")).click)
    # filters: warriors only, found by a keyword ("gondor") and a word of the name
    page.select_option("#search-tier", "warrior")
    page.fill("#search-text", "gondor warrior")
    expect(page.locator(".result", has_text="Boromir")).to_have_count(0)
    page.fill("#search-count", "15")
    api_call(page, lambda: result(page, "Warrior of Minas Tirith").drag_to(warband(page, 1)))
    expect(warband(page, 1).locator(".entry.follower")).to_contain_text("Warrior of Minas Tirith")
    shields = warband(page, 1).get_by_label(re.compile("^Shield: how many"))
    shields.fill("15")
    api_call(page, lambda: shields.dispatch_event("change"))
    # one banner among fifteen: the row splits, 25 points, not 15 x 25
    banner = warband(page, 1).get_by_label(re.compile("^Banner: how many"))
    banner.fill("1")
    api_call(page, lambda: banner.dispatch_event("change"))
    expect(warband(page, 1).locator(".entry.follower")).to_have_count(2)
    expect(page.locator(".figure-points")).to_have_text("305 / 600")  # 160 + 15 x 8 + 25

    page.select_option("#search-tier", "")
    page.select_option("#search-role", "captain")
    page.fill("#search-text", "captain of minas")
    api_call(page, result(page, "Captain of Minas Tirith").get_by_role("button").click)
    page.select_option("#search-role", "follower")
    page.fill("#search-text", "warrior of minas")
    page.fill("#search-count", "11")
    api_call(page, lambda: result(page, "Warrior of Minas Tirith").drag_to(warband(page, 2)))
    # drag the eleven into Boromir's warband: too many followers; drag them back
    eleven = warband(page, 2).locator(".entry.follower .entry-title").first
    api_call(page, lambda: eleven.drag_to(warband(page, 1).locator(".warband-head")))
    expect(page.locator('.breach[data-rule="WARBAND-CAPACITY"]')).to_have_count(1)
    expect(warband(page, 1).locator(".entry.follower")).to_have_count(3)
    eleven = warband(page, 1).locator(".entry.follower .entry-title").last
    api_call(page, lambda: eleven.drag_to(warband(page, 2).locator(".warband-head")))
    expect(page.locator("#breaches h2")).to_have_text("Legal list")
    expect(page.locator(".figure-points")).to_have_text("432 / 600")  # + 50 + 11 x 7
    expect(page.locator(".figure-models")).to_have_text("28")
    expect(page.locator(".figure-bows")).to_have_text("0 / 9")
    assert_accessible(page)


def test_a_legal_list_by_keyboard_only_on_a_phone(
    phone_page: Page, live_server: LiveServer, starter: None
) -> None:
    page = phone_page
    new_list(live_server, page)
    page.locator("#search-text").focus()
    page.keyboard.type("Captain of Minas")
    lead = result(page, "Captain of Minas Tirith").get_by_role("button", name=re.compile("captain"))
    lead.focus()
    api_call(page, lambda: page.keyboard.press("Enter"))
    page.locator("#search-text").focus()
    page.keyboard.press("Control+A")
    page.keyboard.type("Warrior of Minas")
    page.locator("#search-count").focus()
    page.keyboard.press("Control+A")
    page.keyboard.type("12")
    follow = result(page, "Warrior of Minas Tirith").get_by_role("button", name=re.compile("foll"))
    follow.focus()
    api_call(page, lambda: page.keyboard.press("Enter"))
    spears = warband(page, 1).get_by_label(re.compile("^Spear: how many"))
    spears.focus()
    page.keyboard.press("Control+A")
    page.keyboard.type("12")
    api_call(page, lambda: page.keyboard.press("Tab"))  # leaving the field sends it
    expect(page.locator(".figure-points")).to_have_text("146 / 600")  # 50 + 12 x 8
    expect(page.locator("#breaches h2")).to_have_text("Legal list")
    # a second warband, then the spears move to it with the keyboard's move select
    page.locator("#search-text").focus()
    page.keyboard.press("Control+A")
    page.keyboard.type("Faramir")
    lead = result(page, "Faramir").get_by_role("button", name=re.compile("captain"))
    lead.focus()
    api_call(page, lambda: page.keyboard.press("Enter"))
    move = warband(page, 1).locator(".entry.follower select.move")
    move.focus()
    api_call(page, lambda: page.keyboard.press("ArrowDown"))
    expect(warband(page, 2).locator(".entry.follower")).to_have_count(1)
    expect(page.locator('.breach[data-rule="LIST-LEADER-TIER"]')).to_have_count(1)
    make_leader = warband(page, 2).get_by_role("button", name="Make leader")
    make_leader.focus()
    api_call(page, lambda: page.keyboard.press("Enter"))
    expect(page.locator("#breaches h2")).to_have_text("Legal list")
    expect(page.locator(".figure-points")).to_have_text("226 / 600")
    assert_accessible(page)


def test_a_removed_warband_comes_back_with_undo_and_an_error_sits_by_its_field(
    page: Page, live_server: LiveServer, starter: None
) -> None:
    new_list(live_server, page)
    page.fill("#search-text", "Captain of Minas")
    api_call(page, result(page, "Captain of Minas Tirith").get_by_role("button").click)
    page.fill("#search-text", "Warrior of Minas")
    page.fill("#search-count", "15")
    api_call(page, result(page, "Warrior of Minas Tirith").get_by_role("button").click)

    count = warband(page, 1).locator(".entry.follower .count").first
    count.fill("0")
    api_call(page, lambda: count.dispatch_event("change"))
    error = warband(page, 1).locator(".entry-controls + .field-error")
    expect(error).to_contain_text("greater than or equal to 1")
    count = warband(page, 1).locator(".entry.follower .count").first
    expect(count).to_have_value("15")  # the refused value is gone, the list's is back
    expect(count).to_have_attribute("aria-invalid", "true")

    page.once("dialog", lambda dialog: dialog.accept())
    api_call(page, warband(page, 1).get_by_role("button", name="Remove warband").click)
    expect(page.locator(".warband")).to_have_count(0)
    expect(page.locator("#undo-button")).to_contain_text("Remove the warband of Captain")
    api_call(page, page.locator("#undo-button").click)
    expect(page.locator(".warband")).to_have_count(1)
    expect(page.locator(".figure-models")).to_have_text("16")
    expect(page.locator("#builder-status")).to_contain_text("Undone")
    page.once("dialog", lambda dialog: dialog.dismiss())  # asked, and refused: nothing changes
    warband(page, 1).get_by_role("button", name="Remove warband").click()
    expect(page.locator(".warband")).to_have_count(1)
    page.locator("#history summary").click()
    expect(page.locator("#history-list li").first).to_contain_text("Before")


def test_the_print_view_shows_a_special_rule_text(
    page: Page, live_server: LiveServer, starter: None
) -> None:
    army = new_list(live_server, page)
    page.fill("#search-text", "Captain of Minas")
    api_call(page, result(page, "Captain of Minas Tirith").get_by_role("button").click)
    rules = warband(page, 1).locator(".entry-rules")
    rules.locator("summary").click()
    expect(rules).to_contain_text(SHIELDWALL)
    faction = army.contingents.get().faction
    for hero, count in (("Boromir, Captain of the White Tower", 15), ("Faramir, Capt", 12)):
        band = services.warband_add(
            contingent=army.contingents.get(),
            captain=faction.profiles.get(name__startswith=hero),
        )
        warriors = faction.profiles.get(name="Warrior of Minas Tirith")
        services.entry_add(warband=band, profile=warriors, count=count)
    page.goto(f"{live_server.url}/lists/{army.pk}/print/")
    expect(page.locator(".stat-card")).to_have_count(5)
    card = page.locator(".stat-card", has_text="Captain of Minas Tirith")
    expect(card.locator(".rule-text", has_text="Shieldwall")).to_contain_text(SHIELDWALL)
    page.emulate_media(media="print")
    expect(page.locator(".site-header")).to_be_hidden()
    assert_accessible(page)
    pdf = page.pdf(format="A4")  # the print CSS's own page size and margins
    pages = len(re.findall(rb"/Type\s*/Page\b(?!s)", pdf))
    assert 1 <= pages <= 2, pages  # five cards with their rules: two A4 pages at most


def test_a_game_is_tracked_on_a_phone_and_its_result_recorded(
    phone_page: Page, live_server: LiveServer, starter: None
) -> None:
    page = phone_page
    army = new_list(live_server, page, name="Patrol")
    faction = army.contingents.get().faction
    band = services.warband_add(
        contingent=army.contingents.get(),
        captain=faction.profiles.get(name="Captain of Minas Tirith"),
    )
    services.entry_add(
        warband=band, profile=faction.profiles.get(name="Warrior of Minas Tirith"), count=5
    )
    page.goto(f"{live_server.url}/lists/{army.pk}/games/")
    assert_accessible(page)
    page.get_by_role("button", name="Start a game").click()
    page.wait_for_url(re.compile(r".*/lists/games/\d+/$"))
    captain = page.locator(".hero-card", has_text="Captain of Minas Tirith")
    saved = page.locator("#sync-status")

    def tap(name: str) -> None:
        with page.expect_response(lambda r: "/api/games/" in r.url):
            page.get_by_role("button", name=name).click()

    tap("Captain of Minas Tirith: one Wounds fewer")
    tap("Captain of Minas Tirith: one Might fewer")
    expect(captain.locator(".stat-wounds output")).to_have_text("1 / 2")
    expect(captain.locator(".stat-might output")).to_have_text("1 / 2")
    for _ in range(3):
        tap("One more casualty")
    expect(page.locator("#break-state")).to_have_attribute("data-state", "holding")
    # no signal: the tap is kept on the phone, then sent when the signal is back
    page.context.set_offline(True)
    page.get_by_role("button", name="One more casualty").click()
    expect(saved).to_have_attribute("data-state", "offline")
    expect(page.locator("#break-state")).to_have_attribute("data-state", "broken")
    with page.expect_response(lambda r: "/api/games/" in r.url):
        page.context.set_offline(False)
    expect(saved).to_have_text("Saved")
    tap("Next turn")
    expect(saved).to_have_text("Saved")
    assert_accessible(page)

    page.reload()
    expect(page.locator("#casualties")).to_have_text("4")  # 4 > break point 3 (6 models)
    expect(page.locator("#turn")).to_have_text("2")
    expect(captain.locator(".stat-wounds output")).to_have_text("1 / 2")
    expect(page.locator("#break-state")).to_contain_text("Broken")
    # opened again without signal: the service worker's copy of the page and the phone's
    # copy of the sheet
    page.context.set_offline(True)
    page.reload()
    expect(page.locator("#casualties")).to_have_text("4")
    expect(captain.locator(".stat-might output")).to_have_text("1 / 2")
    page.context.set_offline(False)

    page.get_by_role("button", name="Record the result").click()
    expect(page.locator("#result-form .field-error").first).to_be_visible()
    page.get_by_label("Won").check()
    page.get_by_label("Opponent").fill("Saruman")
    with page.expect_response(lambda r: "/result/" in r.url):
        page.get_by_role("button", name="Record the result").click()
    expect(page.locator("#result-text")).to_have_text("Won against Saruman.")
    page.goto(f"{live_server.url}/lists/{army.pk}/games/")
    expect(page.locator("#record-wdl")).to_have_text("1 / 0 / 0")
    expect(page.locator("#simulated-rate")).to_contain_text("no simulation")

"""Issue 26 in a real browser: switch the site to French from the header and walk the main
pages (home, catalogue, builder, queueing a job, statistics, replay) at desktop width and at
390 px; no English word of the interface is left (data names stay as the data gives them);
the choice survives a new session, through the cookie and the user's preferences."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command
from playwright.sync_api import Browser, Page, expect
from pytest_django.live_server_helper import LiveServer

from tests.browser.conftest import DESKTOP, PHONE, page_open

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# Words of the English interface, each written otherwise in French. Data names (profiles,
# army lists, rules) are English and may hold some of them: the check reads the page's
# interface only (header, headings, labels, buttons, the builder's and replay's own texts).
ENGLISH = re.compile(
    r"\b(My lists|Log in|Log out|Sign up|Army lists|Search|Heroes|Warriors|Statistics|"
    r"Who won|Keyboard shortcuts|New job|Queue|Nothing to undo|Legal list|Breaches|Figures|"
    r"Add units|Games played|Turn|Step|Speed|battles|Wargear|Special rules)\b"
)
INTERFACE = "header, h1, h2, h3, label, button, legend, summary, th, .muted, #position, footer"


def english_left(page: Page) -> list[str]:
    texts = page.locator(INTERFACE).all_inner_texts()
    return sorted({m.group(0) for text in texts for m in ENGLISH.finditer(text)})


def to_french(page: Page) -> None:
    page.get_by_role("button", name="Français").click()
    expect(page.locator("html")).to_have_attribute("lang", "fr")


def fits(page: Page) -> None:
    width = page.viewport_size["width"] if page.viewport_size else 0
    assert page.evaluate("document.documentElement.scrollWidth") <= width


@pytest.fixture
def starter(live_server: LiveServer) -> None:
    call_command("load_starter", verbosity=0)


def test_french_from_the_header_through_catalogue_builder_job_and_replay(
    page: Page, live_server: LiveServer, starter: None
) -> None:
    base = live_server.url
    User.objects.create_user("eowyn", password="Dernhelm-of-Rohan-3")
    page.goto(f"{base}/")
    expect(page.get_by_role("heading", level=1)).to_have_text(re.compile("Build your army"))
    to_french(page)
    expect(page.get_by_role("heading", level=1)).to_have_text(
        "Composez votre armée. Éprouvez-la sur la table."
    )
    assert english_left(page) == []

    page.get_by_role("link", name="Catalogue", exact=True).click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Listes d'armée")
    assert english_left(page) == []
    page.locator(".faction-link").first.click()
    expect(page.locator(".kind-group h2").first).to_have_text(re.compile("^(Héros|Guerriers)$"))
    assert english_left(page) == []

    page.get_by_role("link", name="Se connecter").click()
    page.fill("#id_username", "eowyn")
    page.fill("#id_password", "Dernhelm-of-Rohan-3")
    page.locator("main").get_by_role("button", name="Se connecter").click()
    page.goto(f"{base}/lists/")
    expect(page.get_by_role("heading", level=1)).to_have_text("Mes listes d'armée")
    page.fill("#id_name", "Tour Blanche")
    page.select_option("#id_faction", label="Minas Tirith")
    page.get_by_role("button", name="Créer").click()
    page.wait_for_url(re.compile(r".*/lists/\d+/$"))
    # an empty list breaks one rule, said in French beside its id and its source's French name
    expect(page.locator("#breaches h2")).to_have_text("Infractions (1)")
    breach = page.locator("li.breach").first
    expect(breach).to_contain_text("Une liste a besoin d’exactement un chef")
    expect(breach.locator("code")).to_have_text("LIST-LEADER")
    # the rulebook section beside the rule id, as the French rulebook titles it (002:L135)
    expect(breach).to_contain_text("(Bible des Parties Compétitives (2018) · Le rang héroïque)")
    expect(page.locator("#figures h2")).to_have_text("Chiffres")
    expect(page.locator("#undo-button")).to_have_text("Rien à annuler")
    page.fill("#search-text", "Boromir")
    lead = page.locator(".result").first.get_by_role("button", name=re.compile("comme capitaine"))
    with page.expect_response(lambda response: "/api/" in response.url):
        lead.click()
    expect(page.locator(".warband h3").first).to_have_text("Troupe 1")
    expect(page.locator(".figure-break")).to_have_text(re.compile(r"^\d+(,\d+)?$"))
    assert english_left(page) == []

    page.goto(f"{base}/jobs/")
    expect(page.get_by_role("heading", name="Nouvelle simulation")).to_be_visible()
    page.select_option("#id_game", "sbg")
    page.fill("#id_battles", "2")
    page.fill("#id_seed", "77")
    page.select_option("#id_list_a", "starter:minas_tirith_patrol")
    page.select_option("#id_list_b", "starter:uruk_hai_warband")
    page.fill("#id_options", '{"turn_limit": 2}')
    page.get_by_role("button", name="Lancer").click()
    page.wait_for_url("**/jobs/*/")
    expect(page.locator("#progress-status")).to_have_text("Terminé", timeout=120_000)
    expect(page.locator("#statistics h2")).to_contain_text("Statistiques")
    expect(page.locator("#statistics")).to_contain_text("Qui a gagné")
    expect(page.locator("#chart-outcomes")).to_have_attribute("alt", re.compile("^Issues de 2"))
    assert english_left(page) == []

    page.get_by_role("link", name="Bataille 0").click()
    page.wait_for_url("**/battles/0/")
    expect(page.locator("#position")).to_contain_text("Étape 1 sur")
    page.get_by_title("Tour suivant").click()
    expect(page.locator("#position")).to_contain_text("phase d'Initiative")
    expect(page.locator("#log .event").nth(1)).to_contain_text("Tour 1 : phase d'Initiative")
    assert english_left(page) == []


def test_the_choice_survives_a_new_session_and_fits_a_phone(
    browser: Browser, live_server: LiveServer, starter: None
) -> None:
    base = live_server.url
    User.objects.create_user("faramir", password="Ithilien-Ranger-42")
    for page in page_open(browser, PHONE):
        page.goto(f"{base}/accounts/login/")
        to_french(page)
        page.fill("#id_username", "faramir")
        page.fill("#id_password", "Ithilien-Ranger-42")
        page.locator("main").get_by_role("button", name="Se connecter").click()
        page.goto(f"{base}/catalogue/")
        expect(page.get_by_role("heading", level=1)).to_have_text("Listes d'armée")
        fits(page)
        # the user's preference is saved once they choose while signed in
        to_french(page)
        page.goto(f"{base}/lists/")
        fits(page)
        assert english_left(page) == []
    # A new browser, with no cookie: English until the user signs in, then French.
    for page in page_open(browser, DESKTOP):
        page.goto(f"{base}/accounts/login/")
        expect(page.locator("html")).to_have_attribute("lang", "en-gb")
        page.fill("#id_username", "faramir")
        page.fill("#id_password", "Ithilien-Ranger-42")
        page.locator("main").get_by_role("button", name="Log in").click()
        page.goto(f"{base}/")
        expect(page.locator("html")).to_have_attribute("lang", "fr")
        expect(page.get_by_role("link", name="Mes listes")).to_be_visible()

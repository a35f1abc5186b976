"""The builder on imported BattleScribe data in a real browser (issue 24): the army bonus
text, a Legendary Legion chosen from the page whose restriction the breaches then show, a
characteristic the data leaves blank shown as "?", and one the importer's flagged assumption
fills (battlescribe_assumptions.yaml) shown as its value."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from armybuilder import services
from profiles.importers.battlescribe import parse_battlescribe
from profiles.services import catalogue_import

pytestmark = [pytest.mark.browser, pytest.mark.bsdata, pytest.mark.django_db(transaction=True)]

FILES = ("Middle-Earth_Strategy_Battle_Game.gst", "Isengard.cat", "Sharkey's_Rogues.cat")


def test_legion_army_bonus_and_typed_values_on_the_builder(
    page: Page, live_server: LiveServer, bsdata_dir: Path
) -> None:
    paths = [bsdata_dir / name for name in FILES]
    files = {path.name: path.read_bytes() for path in paths}
    release = catalogue_import(data=parse_battlescribe(paths), files=files).release
    isengard = release.factions.get(name="Isengard")
    owner = User.objects.create_user("saruman", password="Orthanc-Tower-of-1")
    army = services.army_list_create(owner=owner, name="Scouts", factions=[isengard])
    contingent = army.contingents.get()
    warband = services.warband_add(
        contingent=contingent, captain=isengard.profiles.get(name="Uglúk")
    )
    services.entry_add(warband=warband, profile=isengard.profiles.get(name="Uruk-hai Warrior"))
    services.warband_add(
        contingent=contingent, captain=isengard.profiles.get(name="Snaga, Orc Captain")
    )
    rogues = release.factions.get(name="Sharkey's Rogues")
    gang = services.army_list_create(owner=owner, name="Gang", factions=[rogues])
    services.warband_add(
        contingent=gang.contingents.get(), captain=rogues.profiles.get(name="Ted Sandyman")
    )

    page.goto(f"{live_server.url}/accounts/login/")
    page.fill("#id_username", "saruman")
    page.fill("#id_password", "Orthanc-Tower-of-1")
    page.get_by_role("button", name="Log in").click()
    page.goto(f"{live_server.url}/lists/{army.pk}/")

    expect(page.locator(".contingent summary", has_text="Army bonus")).to_be_visible()
    snaga = page.locator(".entry", has_text="Snaga, Orc Captain")
    # Wounds: blank in the data, Wounds 2 by the flagged assumption (the Orc Captain's card)
    expect(snaga.locator(".stat-line dd").nth(5)).to_have_text("2")
    expect(page.locator('li.breach[data-rule="BS-HIDDEN"]')).to_have_count(0)

    with page.expect_response(lambda response: "/api/contingents/" in response.url):
        page.locator("select.legion").select_option(label="Legendary Legion: Uglúk's Scouts")
    hidden = page.locator('li.breach[data-rule="BS-HIDDEN"]', has_text="Uruk-hai Warrior")
    expect(hidden).to_have_count(1)
    expect(page.locator(".contingent summary", has_text="Legion rules")).to_be_visible()

    with page.expect_response(lambda response: "/api/contingents/" in response.url):
        page.locator("select.legion").select_option(label="No Legendary Legion")
    expect(page.locator('li.breach[data-rule="BS-HIDDEN"]')).to_have_count(0)

    page.goto(f"{live_server.url}/lists/{gang.pk}/")
    ted = page.locator(".entry", has_text="Ted Sandyman")
    expect(ted.locator(".stat-line dd").nth(5)).to_have_text("?")  # Wounds: blank, no source

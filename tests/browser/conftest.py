"""Headless Chromium fixtures: Debian's chromium driven by playwright's sync API.

The browser is never downloaded (no ``playwright install``): a missing chromium is a failed
test run, not a skipped one, so a broken CI image cannot pass silently.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, sync_playwright

# Playwright's sync API runs an event loop in the test thread; Django's ORM refuses to run
# beside one unless told it is safe, which it is here (one thread drives both, in turn).
os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"

CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
DESKTOP = {"width": 1280, "height": 900}
PHONE = {"width": 390, "height": 844}


@pytest.fixture(scope="session")
def chromium_path() -> str:
    path = shutil.which("chromium")
    if path is None:
        pytest.fail(
            "chromium is not on PATH: install Debian's package (apt-get install -y chromium). "
            "The browser tests use the system browser and never download one."
        )
    return path


@pytest.fixture(scope="session")
def browser(chromium_path: str) -> Iterator[Browser]:
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium_path, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


def page_open(
    browser: Browser, viewport: dict[str, int], *, javascript: bool = True
) -> Iterator[Page]:
    context = browser.new_context(viewport=viewport, java_script_enabled=javascript)
    page = context.new_page()
    page.set_default_timeout(15_000)
    yield page
    context.close()


@pytest.fixture
def page(browser: Browser) -> Iterator[Page]:
    """A desktop-sized page (1280 px wide)."""
    yield from page_open(browser, DESKTOP)


@pytest.fixture
def phone_page(browser: Browser) -> Iterator[Page]:
    """A phone-sized page: 390 px wide, as an iPhone 12 to 15 in portrait."""
    yield from page_open(browser, PHONE)


@pytest.fixture
def page_without_js(browser: Browser) -> Iterator[Page]:
    """A desktop page with JavaScript off: the catalogue's forms must still work."""
    yield from page_open(browser, DESKTOP, javascript=False)

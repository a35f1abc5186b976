"""Pages under the Content-Security-Policy in a real browser: nothing is blocked, and the API
docs (Swagger UI from the pinned sidecar package, no CDN) render their operations."""

from __future__ import annotations

import pytest
from playwright.sync_api import ConsoleMessage, Page
from pytest_django.live_server_helper import LiveServer

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _violations(page: Page) -> list[str]:
    seen: list[str] = []

    def note(message: ConsoleMessage) -> None:
        if "Content Security Policy" in message.text:
            seen.append(message.text)

    page.on("console", note)
    return seen


def test_the_api_docs_render_offline_under_the_policy(page: Page, live_server: LiveServer) -> None:
    violations = _violations(page)
    outside: list[str] = []
    page.route(
        "**/*",
        lambda route: (
            route.continue_()
            if route.request.url.startswith(live_server.url)
            else (outside.append(route.request.url), route.abort())
        ),
    )
    page.goto(f"{live_server.url}/api/docs/")
    page.locator(".opblock").first.wait_for()
    assert page.locator(".opblock").count() > 10
    assert page.get_by_text("/api/jobs/").count() > 0
    assert not outside and not violations, (outside, violations)


def test_site_pages_break_no_rule_of_the_policy(page: Page, live_server: LiveServer) -> None:
    violations = _violations(page)
    for path in ("/", "/catalogue/", "/status/", "/accounts/login/", "/accounts/signup/"):
        page.goto(f"{live_server.url}{path}")
        page.wait_for_load_state("load")
    assert not violations, violations

"""What a public site needs: rate limits, a Content-Security-Policy, HTTPS-only settings in
production, no example secret key, private worker details, offline API docs."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.contrib.staticfiles import finders
from django.test import Client
from rest_framework.test import APIClient

from battlesim.models import SimulationJob, WorkerHeartbeat
from config.env import secret_key_refusal

ROOT = Path(__file__).resolve().parents[1]
PRODUCTION = {
    "DJANGO_DEBUG": "0",
    "DJANGO_SECRET_KEY": "k3y-" + "0123456789abcdefghijklmnopqrstuvwxyz" * 2,
    "DJANGO_ALLOWED_HOSTS": "sbg.example.org",
}


@pytest.fixture
def owner(db: None) -> User:
    return User.objects.create_user("owner", password="pw-owner-123")


def test_wrong_passwords_for_one_account_are_cut_off(owner: User, settings: Any) -> None:
    settings.SBG_RATE_LIMITS = {**settings.SBG_RATE_LIMITS, "login-account": "5/hour"}
    client = Client()
    answers = [
        client.post("/accounts/login/", {"username": "Owner", "password": f"guess-{n}"})
        for n in range(6)
    ]
    assert [a.status_code for a in answers[:5]] == [200] * 5  # the form again, with an error
    assert answers[5].status_code == 429 and int(answers[5]["Retry-After"]) > 0
    assert "Too many requests" in answers[5].content.decode()
    # Even the right password waits: the account is locked for the period, not the guesser.
    right = client.post("/accounts/login/", {"username": "owner", "password": "pw-owner-123"})
    assert right.status_code == 429
    assert client.get("/accounts/login/").status_code == 200  # reading the form is free


def test_the_token_endpoint_is_throttled_per_address(owner: User, settings: Any) -> None:
    settings.SBG_RATE_LIMITS = {**settings.SBG_RATE_LIMITS, "login": "3/minute"}
    client = APIClient()
    codes = [
        client.post("/api/auth/token/", {"username": f"u{n}", "password": "x"}).status_code
        for n in range(4)
    ]
    assert codes == [400, 400, 400, 429]


def test_sign_up_is_throttled_per_address(db: None, settings: Any) -> None:
    settings.SBG_RATE_LIMITS = {**settings.SBG_RATE_LIMITS, "signup": "2/hour"}
    client = Client()
    password = "a-Long-pass-9876"
    codes = []
    for n in range(3):
        client.logout()
        form = {"username": f"new{n}", "password1": password, "password2": password}
        codes.append(client.post("/accounts/signup/", form).status_code)
    assert codes == [302, 302, 429]
    assert User.objects.filter(username__startswith="new").count() == 2


def test_job_creation_is_throttled_per_user(
    owner: User, settings: Any, django_capture_on_commit_callbacks: Any
) -> None:
    settings.SBG_RATE_LIMITS = {**settings.SBG_RATE_LIMITS, "jobs": "2/hour"}
    client = APIClient()
    client.force_authenticate(owner)
    body = {"game": "monopoly", "battles": 1, "seed": 3}
    with django_capture_on_commit_callbacks(execute=True):
        codes = [client.post("/api/jobs/", body, format="json").status_code for _ in range(3)]
    assert codes == [201, 201, 429]
    assert client.get("/api/jobs/").status_code == 200  # reading is not counted
    page = Client()
    page.force_login(owner)
    form = {"game": "monopoly", "battles": 1, "options": "{}"}
    assert page.post("/jobs/", form).status_code == 429
    assert SimulationJob.objects.count() == 2


@pytest.mark.django_db
def test_pages_carry_a_content_security_policy() -> None:
    policy = Client().get("/").headers["Content-Security-Policy"]
    directives = dict(part.strip().split(" ", 1) for part in policy.split(";"))
    assert directives["script-src"] == "'self'"
    assert directives["object-src"] == "'none'" and directives["frame-ancestors"] == "'none'"


@pytest.mark.django_db
def test_the_status_page_names_workers_to_staff_only() -> None:
    WorkerHeartbeat.objects.create(
        hostname="node-7@secret-host", pid=4242, transport="redis", seen_at="2026-01-01T00:00Z"
    )
    public = Client().get("/status/").content.decode()
    assert "1 reported" in public
    assert "secret-host" not in public and "4242" not in public
    staff = Client()
    staff.force_login(User.objects.create_user("ops", password="pw-ops-1234", is_staff=True))
    page = staff.get("/status/").content.decode()
    assert "node-7@secret-host" in page and "4242" in page


@pytest.mark.django_db
def test_the_api_docs_load_nothing_from_another_site() -> None:
    client = Client()
    page = client.get("/api/docs/").content.decode()
    sources = re.findall(r'(?:src|href)="([^"]+)"', page)
    assert sources and all(s.startswith("/") for s in sources), sources
    assert any("swagger-ui-bundle.js" in s for s in sources)
    for source in sources:
        if source.startswith("/static/"):
            assert finders.find(source.removeprefix("/static/")), source
        else:
            assert client.get(source).status_code == 200, source


def test_the_example_secret_key_is_refused() -> None:
    example = (ROOT / "deploy" / "example.env").read_text()
    key = re.search(r"^DJANGO_SECRET_KEY=(.*)$", example, re.MULTILINE).group(1)  # type: ignore[union-attr]
    assert secret_key_refusal(key)
    assert secret_key_refusal("short")
    assert secret_key_refusal(PRODUCTION["DJANGO_SECRET_KEY"]) is None
    answer = _manage(["check"], DJANGO_SECRET_KEY=key)
    assert answer.returncode != 0 and "still the example value" in answer.stderr


def _manage(args: list[str], **env: str) -> subprocess.CompletedProcess[str]:
    environment = {**os.environ, **PRODUCTION, **env}
    for name in ("REDIS_URL", "DJANGO_ALLOW_ASYNC_UNSAFE"):  # the browser tests set the latter
        environment.pop(name, None)
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env=environment,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_check_deploy_is_clean_under_production_settings() -> None:
    answer = _manage(["check", "--deploy", "--fail-level", "WARNING"])
    assert answer.returncode == 0, answer.stdout + answer.stderr
    assert "no issues" in answer.stdout


PRODUCTION_PROBE = """
import json, django
django.setup()
from django.test import Client
from django.test.utils import override_settings, setup_test_environment
setup_test_environment()
# No collectstatic here: plain static storage instead of the manifest.
override_settings(STORAGES={
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}).enable()
plain = Client().get("/status/", HTTP_HOST="sbg.example.org")
secure = Client().get("/accounts/login/", HTTP_HOST="sbg.example.org", secure=True)
print(json.dumps({
    "plain": [plain.status_code, plain.headers.get("Location", "")],
    "hsts": secure.headers.get("Strict-Transport-Security", ""),
    "cookies": {name: bool(c["secure"]) for name, c in secure.cookies.items()},
}))
"""


def test_production_redirects_to_https_with_hsts_and_secure_cookies(tmp_path: Path) -> None:
    """Run in a child process: these settings are read once, at start-up, from the
    environment (``DJANGO_DEBUG=0``)."""
    answer = subprocess.run(
        [sys.executable, "-c", PRODUCTION_PROBE],
        cwd=ROOT,
        env={
            **os.environ,
            **PRODUCTION,
            "DJANGO_SETTINGS_MODULE": "config.settings",
            "DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite3'}",
        },
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert answer.returncode == 0, answer.stderr
    seen = json.loads(answer.stdout.strip().splitlines()[-1])
    assert seen["plain"] == [301, "https://sbg.example.org/status/"]
    assert "max-age=31536000" in seen["hsts"] and "includeSubDomains" in seen["hsts"]
    assert seen["cookies"] == {"csrftoken": True}


def test_one_account_cannot_hold_every_web_process(owner: User, settings: Any) -> None:
    """An API request made while the same account already has the limit in flight gets a
    429 at once; another account is served, and so are pages. The in-flight request is made
    by re-entering the middleware from inside a request (same cache, same counter)."""
    from django.http import HttpResponse
    from django.test import RequestFactory

    from config.fairness import ConcurrencyLimitMiddleware

    settings.SBG_MAX_CONCURRENT_REQUESTS = 1
    other = User.objects.create_user("other", password="pw-other-123")
    inner: dict[str, int] = {}

    def request_for(user: User, path: str = "/api/lists/") -> Any:
        request = RequestFactory().get(path)
        request.user = user
        return request

    def first_request(request: Any) -> HttpResponse:
        inner["same"] = limited(request_for(owner)).status_code
        inner["other"] = limited(request_for(other)).status_code
        inner["page"] = limited(request_for(owner, "/jobs/")).status_code
        return HttpResponse("ok")

    limited = ConcurrencyLimitMiddleware(lambda request: HttpResponse("ok"))
    outer = ConcurrencyLimitMiddleware(first_request)
    assert outer(request_for(owner)).status_code == 200
    assert inner == {"same": 429, "other": 200, "page": 200}
    assert limited(request_for(owner)).status_code == 200  # the first one ended: free again

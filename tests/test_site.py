"""Site-wide: home and status pages, the OpenAPI schema, the no-Django engines."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command
from django.test import Client

from battlesim.models import WorkerHeartbeat
from battlesim.tasks import worker_heartbeat_record

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.django_db
def test_home_and_status_pages_answer() -> None:
    client = Client()
    assert b"Build your army" in client.get("/").content
    worker_heartbeat_record.delay(hostname="eager@test")
    assert "1 reported" in client.get("/status/").content.decode()
    client.force_login(User.objects.create_user("ops", password="pw-ops-1234", is_staff=True))
    status = client.get("/status/").content.decode()  # host names to staff only
    assert "eager@test" in status and WorkerHeartbeat.objects.count() == 1


@pytest.mark.django_db
def test_the_openapi_schema_validates_without_warnings(tmp_path: Path) -> None:
    target = tmp_path / "schema.yaml"
    call_command("spectacular", "--validate", "--fail-on-warn", "--file", str(target))
    text = target.read_text()
    for path in ("/api/profiles/", "/api/lists/", "/api/jobs/"):
        assert path in text


@pytest.mark.parametrize("game", ["sbg", "monopoly", "risk", "rotk"])
def test_an_engine_imports_without_django(game: str) -> None:
    code = (
        f"import sys, battlesim.engines.{game}.game; "
        "sys.exit(1 if any(m.split('.')[0] in ('django', 'celery') for m in sys.modules) "
        "else 0)"
    )
    assert subprocess.run([sys.executable, "-c", code], cwd=ROOT).returncode == 0

"""The AI seats move on a real Celery worker over Redis, one visible frame at a time."""

from __future__ import annotations

import time
from collections.abc import Callable

import pytest
from django.contrib.auth.models import User
from rest_framework.test import APIClient

from battlesim.play.models import Table
from tests.play.helpers import plain_choice
from tests.workers import WorkerProcess, wait_for

pytestmark = pytest.mark.integration

DELAY = 0.3


def test_ai_seats_move_on_a_worker_with_a_visible_delay(
    start_worker: Callable[..., WorkerProcess], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SBG_PLAY_AI_DELAY", str(DELAY))
    worker = start_worker()
    user = User.objects.create_user("gimli", password="pw-gimli-123")
    client = APIClient()
    client.force_authenticate(user)
    seats = [
        {"kind": "me"},
        {"kind": "ai", "strategy": "hunter"},
        {"kind": "ai", "strategy": "builder"},
    ]
    body = {"game": "monopoly", "seats": seats, "settings": {"variant": "quick"}, "seed": 3}
    created = client.post("/api/play/tables/", body, format="json")
    assert created.status_code == 201
    table_id = created.json()["id"]

    def prompt_ready() -> bool:
        return Table.objects.get(pk=table_id).prompt is not None

    seen: list[tuple[int, int]] = []  # (version, events shown) while the AI moves
    for _ in range(6):  # a few of the person's decisions, each followed by the AIs' turns
        wait_for(
            prompt_ready, timeout=60, what=f"the person's question; worker log:\n{worker.log()}"
        )
        row = Table.objects.get(pk=table_id)
        state = client.get(f"/api/play/tables/{table_id}/").json()
        answer = {"seat": 0, "version": row.version, "choice": plain_choice(state["prompt"])}
        started = time.monotonic()
        assert (
            client.post(f"/api/play/tables/{table_id}/actions/", answer, format="json").status_code
            == 200
        )
        while not prompt_ready() and Table.objects.get(pk=table_id).status != "finished":
            if time.monotonic() - started > 60:
                pytest.fail(f"the AI did not finish its moves; worker log:\n{worker.log()}")
            now = Table.objects.get(pk=table_id)
            if not seen or seen[-1][0] != now.version:
                seen.append((now.version, len(now.events)))
            time.sleep(0.05)
        if len(seen) >= 3:
            break
    assert time.monotonic() - started >= DELAY  # the AI's moves are not shown at once
    versions = [v for v, _ in seen]
    shown = [n for _, n in seen]
    assert len(set(versions)) >= 3, seen  # several frames were shown one after another
    assert shown == sorted(shown) and shown[-1] > shown[0]
    assert Table.objects.get(pk=table_id).decisions  # the person's moves are saved in the row

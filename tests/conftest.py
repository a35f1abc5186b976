"""Shared fixtures: tasks run eagerly unless a test is an integration test."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from django.conf import settings
from django.core.cache import caches
from django.core.cache.backends.locmem import LocMemCache

from config.celery import app as celery_app

pytest_plugins = ["tests.workers"]


@pytest.fixture(autouse=True)
def _eager_celery(request: pytest.FixtureRequest) -> Iterator[None]:
    """Run tasks in-process, except where a test brings a real broker and worker."""
    if request.node.get_closest_marker("integration") or "broker" in request.fixturenames:
        yield
        return
    previous = celery_app.conf.task_always_eager
    celery_app.conf.task_always_eager = True
    yield
    celery_app.conf.task_always_eager = previous


@pytest.fixture(scope="session")
def bsdata_dir() -> Path:
    """The community BattleScribe data, read in place; never copied into the project."""
    path = Path(settings.SBG_BSDATA_DIR)
    if not (path / "Middle-Earth_Strategy_Battle_Game.gst").exists():
        pytest.fail(f"BattleScribe test data not found in {path} (set SBG_BSDATA_DIR)")
    return path


@pytest.fixture(autouse=True)
def _fresh_rate_limits() -> None:
    """Each test starts with no request counted by the throttles. Only the in-process
    cache is cleared: a Redis cache (``REDIS_URL`` set) may be shared with others."""
    if isinstance(caches["default"], LocMemCache):
        caches["default"].clear()

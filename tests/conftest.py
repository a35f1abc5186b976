"""Shared fixtures: tasks run eagerly unless a test is an integration test."""

from __future__ import annotations

import os
import subprocess
import sys
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
from django.conf import settings
from django.core.cache import caches
from django.core.cache.backends.locmem import LocMemCache
from hypothesis import settings as hypothesis_settings
from pytest_django.fixtures import Settings

from battlesim.engines import compiled
from config.celery import app as celery_app

pytest_plugins = ["tests.workers"]

ROOT = Path(__file__).resolve().parent.parent

# Properties are checked for what they assert, not for time: on shared, loaded cores
# Hypothesis's default 200 ms deadline failed a Risk invariant that passes alone.
hypothesis_settings.register_profile("project", deadline=None)
hypothesis_settings.load_profile("project")


def pytest_configure(config: pytest.Config) -> None:
    """Compile the translation catalogues when a .po is newer than its .mo (bin/test and
    bin/start do it too; this covers a plain ``pytest``). Once, in the controlling process."""
    if hasattr(config, "workerinput"):
        return
    sources = list((ROOT / "locale").glob("*/LC_MESSAGES/*.po"))
    stale = [
        po
        for po in sources
        if not po.with_suffix(".mo").exists()
        or po.with_suffix(".mo").stat().st_mtime < po.stat().st_mtime
    ]
    if stale:
        command = [
            sys.executable,
            "manage.py",
            "compilemessages",
            "--verbosity",
            "0",
            "--ignore",
            ".venv",
            "--ignore",
            "var",
        ]
        subprocess.run(command, cwd=ROOT, check=True)


@pytest.hookimpl(tryfirst=True)
def pytest_pyfunc_call(pyfuncitem: pytest.Function) -> bool | None:
    """A ``pure_python`` test patches an engine module's functions or classes, which compiled
    callers do not look up again: with the compiled engines loaded, the test runs whole in a
    child pytest on the pure-Python path (its failure fails this test)."""
    if not pyfuncitem.get_closest_marker("pure_python") or not compiled.active():
        return None
    child = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", pyfuncitem.nodeid],
        cwd=ROOT,
        env={**os.environ, compiled.PURE_ENV: "1"},
        capture_output=True,
        text=True,
        check=False,
    )
    assert child.returncode == 0, f"on the pure-Python path:\n{child.stdout[-3000:]}"
    return True


WORKER_FIXTURES = frozenset({"broker", "start_worker", "start_beat"})


@pytest.hookimpl(tryfirst=True)  # before ``-m`` deselects
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark every test that starts worker processes (or brings a real broker) ``workers``:
    bin/test runs them alone after the rest, whose processes would starve their deadlines."""
    for item in items:
        uses = set(getattr(item, "fixturenames", ()))
        if uses & WORKER_FIXTURES or item.get_closest_marker("integration"):
            item.add_marker(pytest.mark.workers)


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
def _fresh_cache(settings: Settings) -> None:
    """Each test starts with an empty cache: no request counted by the throttles, no replay
    marked as asked for. The in-process cache is cleared. A Redis cache (``REDIS_URL`` set)
    may be shared with others, so it is not flushed: the test gets a key prefix of its own
    instead (test databases reuse primary keys, so a key left by another test could match)."""
    if isinstance(caches["default"], LocMemCache):
        caches["default"].clear()
        return
    alias = settings.CACHES["default"]
    settings.CACHES = {"default": {**alias, "KEY_PREFIX": f"sbg-test-{uuid.uuid4().hex}"}}

"""Throughput of one simulation job on 1 and then 2 worker processes (Redis broker).

Usage: .venv/bin/python bench/jobs_scaleout.py [--game monopoly] [--battles 2000]
       [--options '{"turn_limit": 6}'] [--workers 1 2]

Uses REDIS_URL (default redis://127.0.0.1:6379/13) and DATABASE_URL (default: an SQLite file
under a temporary SBG_VAR_DIR). Prints battles per second for each worker count and the
speed-up over one worker. Each worker is a solo-pool process, so N workers use N cores.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("REDIS_URL", "redis://127.0.0.1:6379/13")
os.environ.setdefault("SBG_VAR_DIR", tempfile.mkdtemp(prefix="sbg-bench-"))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

import django  # noqa: E402

django.setup()

from django.contrib.auth import get_user_model  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.db import connection  # noqa: E402

from battlesim import services  # noqa: E402
from battlesim.models import SimulationJob  # noqa: E402
from config.celery import app as celery_app  # noqa: E402


def start_workers(count: int, queue: str) -> list[subprocess.Popen[bytes]]:
    env = {**os.environ, "DATABASE_URL": _database_url()}
    return [
        subprocess.Popen(
            [
                sys.executable,
                "-m",
                "celery",
                "-A",
                "config",
                "worker",
                "-Q",
                queue,
                "-n",
                f"bench{i}-{queue}@%h",
                "--pool=solo",
                "--loglevel=WARNING",
                "--without-gossip",
                "--without-mingle",
            ],
            cwd=ROOT,
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        for i in range(count)
    ]


def _database_url() -> str:
    if os.environ.get("DATABASE_URL"):
        return os.environ["DATABASE_URL"]
    return f"sqlite:///{connection.settings_dict['NAME']}"


def run(game: str, battles: int, options: dict[str, object], workers: int) -> float:
    """Return battles per second of one job on ``workers`` processes."""
    queue = f"bench-{uuid.uuid4().hex[:8]}"
    celery_app.conf.task_default_queue = queue
    processes = start_workers(workers, queue)
    time.sleep(3)  # let the workers connect before the clock starts
    owner, _ = get_user_model().objects.get_or_create(username="bench")
    SimulationJob.objects.filter(owner=owner).delete()
    started = time.perf_counter()
    job = services.job_queue(owner=owner, game=game, options=options, battles=battles, seed=1)
    while True:
        job.refresh_from_db()
        if not job.is_active:
            break
        time.sleep(0.5)
    elapsed = time.perf_counter() - started
    for process in processes:
        process.terminate()
    for process in processes:
        process.wait()
    if job.status != SimulationJob.Status.DONE:
        raise SystemExit(f"job ended {job.status}: {job.error}")
    return battles / elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="monopoly")
    parser.add_argument("--battles", type=int, default=2000)
    parser.add_argument("--options", default="{}")
    parser.add_argument("--workers", type=int, nargs="+", default=[1, 2])
    args = parser.parse_args()
    call_command("migrate", verbosity=0)
    options = json.loads(args.options)
    rates = {}
    for count in args.workers:
        rates[count] = run(args.game, args.battles, options, count)
        print(
            f"{count} worker(s): {rates[count]:8.1f} battles/s "
            f"({args.battles} {args.game} battles)",
            flush=True,
        )
    base = rates[args.workers[0]]
    for count in args.workers[1:]:
        print(f"speed-up with {count} workers: {rates[count] / base:.2f}x")


if __name__ == "__main__":
    main()

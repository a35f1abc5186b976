"""Weight and warm render time of the statistics page of a 1,000-battle SBG job (issue 22:
under 120 KB with its charts, under 300 ms warm).

Usage: .venv/bin/python bench/stats_page.py [--battles 1000] [--played 60] [--repeat 20]

Plays ``--played`` real battles (Rohan v Mordor's Troll, both side assignments, the default
turn limit), then copies their results to fill ``--battles`` rows (the page's tables and
charts have the sizes a real job of that many battles gives; the figures themselves are the
played battles' repeated), lets the worker's code draw the figures and charts, and requests
the page as a signed-in user through Django's test client. Prints the HTML's bytes, each
chart's bytes (raw and gzip, as served), the total, and the median and worst warm time.
Uses a fresh SQLite database in a temporary SBG_VAR_DIR.
"""

from __future__ import annotations

import argparse
import gzip
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("SBG_VAR_DIR", tempfile.mkdtemp(prefix="sbg-bench-"))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
os.environ.pop("REDIS_URL", None)

import django  # noqa: E402

django.setup()

from django.contrib.auth import get_user_model  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.test import Client  # noqa: E402

from battlesim import services  # noqa: E402
from battlesim.job_finish import job_finish  # noqa: E402
from battlesim.models import BattleResult, SimulationJob  # noqa: E402


def job_made(battles: int, played: int) -> SimulationJob:
    owner, _ = get_user_model().objects.get_or_create(username="bench")
    job = services.job_queue(
        owner=owner,
        game="sbg",
        options={"forces": ["rohan", "mordor_troll"]},
        battles=battles,
        seed=2026,
        dispatch=False,
    )
    real = [services._result_row(job, services.battle_play(job, i)) for i in range(played)]
    rows = []
    for index in range(battles):
        model = real[index % played]
        rows.append(
            BattleResult(
                job=job,
                index=index,
                seed=model.seed,
                winner=model.winner,
                termination=model.termination,
                summary=model.summary,
                log_gz=model.log_gz if index < played else None,
                elapsed_ms=model.elapsed_ms,
            )
        )
    BattleResult.objects.bulk_create(rows)
    job.chunks.update(status="done")
    SimulationJob.objects.filter(pk=job.pk).update(status="done", battles_done=battles)
    started = time.perf_counter()
    job_finish(job_id=job.pk)
    print(f"worker: statistics and charts drawn in {time.perf_counter() - started:.2f} s")
    return SimulationJob.objects.get(pk=job.pk)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--battles", type=int, default=1000)
    parser.add_argument("--played", type=int, default=60)
    parser.add_argument("--repeat", type=int, default=20)
    args = parser.parse_args()
    call_command("migrate", verbosity=0)
    job = job_made(args.battles, args.played)
    client = Client()
    client.force_login(job.owner)
    url = f"/jobs/{job.pk}/"
    html = client.get(url).content  # the first view fills the caches
    times = []
    for _ in range(args.repeat):
        started = time.perf_counter()
        client.get(url)
        times.append(1000 * (time.perf_counter() - started))
    print(f"page HTML: {len(html) / 1024:.1f} KB ({len(gzip.compress(html)) / 1024:.1f} KB gzip)")
    total_raw, total_sent = len(html), len(html)
    for name in job.charts.values_list("name", flat=True):
        answer = client.get(f"/jobs/{job.pk}/charts/{name}.svg", HTTP_ACCEPT_ENCODING="gzip")
        body = answer.content
        raw = len(gzip.decompress(body)) if answer.get("Content-Encoding") == "gzip" else len(body)
        total_raw += raw
        total_sent += len(body)
        print(f"  chart {name:<12} {raw / 1024:6.1f} KB, {len(body) / 1024:5.1f} KB served")
    print(
        f"page with its charts: {total_sent / 1024:.1f} KB served ({total_raw / 1024:.1f} KB raw)"
    )
    print(
        f"warm render over {args.repeat} requests: median {statistics.median(times):.0f} ms, "
        f"worst {max(times):.0f} ms ({args.battles} battles)"
    )


if __name__ == "__main__":
    main()

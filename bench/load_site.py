"""Load on the site over loopback: concurrent clients on the catalogue, the list API and a
job's statistics page, each for a bounded time.

Usage: .venv/bin/python bench/load_site.py [--clients 50] [--seconds 10] [--web-workers 3]

Starts its own site under gunicorn on a free 127.0.0.1 port, with production settings
(DJANGO_DEBUG=0, no HTTPS redirect) and a temporary SBG_VAR_DIR (SQLite unless DATABASE_URL
is set), the starter data, one user with five lists and a finished 200-game job. Prints, per
page, requests per second, median and p95 latency and failures, then the CPU seconds of the
web processes and the load average. Loopback only: nothing leaves the machine.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import secrets
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
HOST = "127.0.0.1"

SETUP = """
import json
from django.contrib.auth import get_user_model
from django.contrib.sessions.backends.db import SessionStore
from rest_framework.authtoken.models import Token
from armybuilder import services as lists
from battlesim import services
from profiles.models import Faction

user = get_user_model().objects.create_user("load", password="load-pass-1234")
faction = Faction.objects.filter(release__is_current=True).order_by("name").first()
for n in range(5):
    lists.army_list_create(owner=user, name=f"Load list {n}", factions=[faction])
job = services.job_queue(owner=user, game="monopoly", options={}, battles=200, seed=1,
                         dispatch=False)
for chunk in job.chunks.all():
    services.chunk_run(chunk_id=chunk.pk)
session = SessionStore()
session["_auth_user_id"] = str(user.pk)
session["_auth_user_backend"] = "django.contrib.auth.backends.ModelBackend"
session["_auth_user_hash"] = user.get_session_auth_hash()
session.create()
print(json.dumps({"session": session.session_key, "token": Token.objects.create(user=user).key,
                  "job": job.pk}))
"""


@dataclass
class Tally:
    latencies: list[float] = field(default_factory=list)
    failures: int = 0
    lock: threading.Lock = field(default_factory=threading.Lock)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind((HOST, 0))
        return int(probe.getsockname()[1])


def manage(env: dict[str, str], *args: str) -> str:
    done = subprocess.run(
        [sys.executable, "manage.py", *args], cwd=ROOT, env=env, capture_output=True, text=True
    )
    if done.returncode:
        raise SystemExit(f"manage.py {' '.join(args[:1])} failed:\n{done.stderr}")
    return done.stdout


def client_loop(port: int, path: str, headers: dict[str, str], until: float, tally: Tally) -> None:
    while time.monotonic() < until:
        started = time.perf_counter()
        try:
            connection = http.client.HTTPConnection(HOST, port, timeout=30)
            connection.request("GET", path, headers=headers)
            response = connection.getresponse()
            response.read()
            ok = response.status == 200
            connection.close()
        except OSError:
            ok = False
        elapsed = time.perf_counter() - started
        with tally.lock:
            tally.latencies.append(elapsed)
            tally.failures += not ok


def load(port: int, path: str, headers: dict[str, str], clients: int, seconds: float) -> Tally:
    tally = Tally()
    until = time.monotonic() + seconds
    threads = [
        threading.Thread(target=client_loop, args=(port, path, headers, until, tally))
        for _ in range(clients)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return tally


def cpu_seconds(pid: int) -> float:
    """User and system CPU of a process and its children (Linux /proc)."""
    total = 0.0
    tick = os.sysconf("SC_CLK_TCK")
    children = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
    for each in [str(pid), *children]:
        fields = Path(f"/proc/{each}/stat").read_text().rsplit(")", 1)[1].split()
        total += (int(fields[11]) + int(fields[12])) / tick
    return total


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--web-workers", type=int, default=3)
    args = parser.parse_args()
    if not (1 <= args.clients <= 200 and 1 <= args.seconds <= 120):
        raise SystemExit("--clients 1..200 and --seconds 1..120: this is a bounded benchmark")

    env = {key: value for key, value in os.environ.items() if key != "REDIS_URL"}
    env.update(
        SBG_VAR_DIR=tempfile.mkdtemp(prefix="sbg-load-"),
        DJANGO_DEBUG="0",
        DJANGO_SECRET_KEY=secrets.token_urlsafe(60),
        DJANGO_ALLOWED_HOSTS=HOST,
        SBG_SSL_REDIRECT="0",
        SBG_SECURE_COOKIES="0",
        LOG_LEVEL="WARNING",
    )
    for command in (["migrate"], ["collectstatic", "--noinput"], ["load_starter"]):
        manage(env, *command, "-v", "0")
    made = json.loads(manage(env, "shell", "-c", SETUP).strip().splitlines()[-1])

    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "config.wsgi:application", "--bind",
         f"{HOST}:{port}", "--workers", str(args.web_workers), "--preload",
         "--log-level", "warning"],
        cwd=ROOT, env=env,
    )  # fmt: skip
    try:
        for _ in range(100):
            try:
                socket.create_connection((HOST, port), timeout=1).close()
                break
            except OSError:
                time.sleep(0.2)
        pages = {
            "catalogue": ("/catalogue/", {}),
            "list API": ("/api/lists/", {"Authorization": f"Token {made['token']}"}),
            "statistics page": (
                f"/jobs/{made['job']}/",
                {"Cookie": f"sessionid={made['session']}"},
            ),
        }
        print(f"{args.clients} clients, {args.seconds:.0f} s a page, "
              f"{args.web_workers} gunicorn workers, {os.cpu_count()} CPUs")  # fmt: skip
        print(
            f"{'page':<16} {'requests':>8} {'req/s':>7} {'p50 ms':>7} {'p95 ms':>7} {'failed':>6}"
        )
        for name, (path, headers) in pages.items():
            cpu_before = cpu_seconds(server.pid)
            tally = load(port, path, headers, args.clients, args.seconds)
            cpu = cpu_seconds(server.pid) - cpu_before
            ms = sorted(1000 * value for value in tally.latencies)
            p95 = ms[int(0.95 * (len(ms) - 1))]
            print(
                f"{name:<16} {len(ms):>8} {len(ms) / args.seconds:>8.1f} "
                f"{statistics.median(ms):>8.0f} {p95:>8.0f} {tally.failures:>8}"
                f"   web CPU {cpu:.1f} s"
            )
        load1, load5, _ = os.getloadavg()
        print(f"load average: {load1:.2f} (1 min), {load5:.2f} (5 min)")
    finally:
        server.terminate()
        server.wait(timeout=30)


if __name__ == "__main__":
    main()

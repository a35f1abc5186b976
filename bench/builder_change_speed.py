"""Time one change of a list through the API, as the builder sends it (issue 25).

Usage: ``.venv/bin/python bench/builder_change_speed.py [--runs N]``. Loads the starter data
into a fresh SQLite file in a temporary directory (unless DATABASE_URL is set), builds a
three-warband Minas Tirith list, then times ``--runs`` answers of each kind: a count change,
an option on part of a row (a split), an undo and a whole-list read. Each change also keeps
the list before it (the undo stack), so the figures include that cost. Prints the median
and the slowest wall milliseconds per kind, and the load average.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WARBANDS = [
    ("Boromir, Captain of the White Tower", 15),
    ("Faramir, Captain of Gondor", 12),
    ("Captain of Minas Tirith", 11),
]


def setup_django(scratch: Path) -> None:
    sys.path.insert(0, str(ROOT))
    os.environ.setdefault("DATABASE_URL", f"sqlite:///{scratch / 'bench.sqlite3'}")
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    call_command("load_starter", verbosity=0)


def build() -> tuple[object, int, int, int]:
    from django.contrib.auth.models import User

    from armybuilder import services
    from profiles.models import Faction

    owner, _ = User.objects.get_or_create(username="bench")
    faction = Faction.objects.get(name="Minas Tirith", release__is_current=True)
    army = services.army_list_create(owner=owner, name="bench", factions=[faction])
    warrior = faction.profiles.get(name="Warrior of Minas Tirith")
    entry = None
    for captain, count in WARBANDS:
        band = services.warband_add(
            contingent=army.contingents.get(), captain=faction.profiles.get(name=captain)
        )
        entry = services.entry_add(warband=band, profile=warrior, count=count)
    banner = warrior.options.get(name="Banner")
    assert entry is not None
    return owner, army.pk, entry.pk, banner.pk


def timed(call: Callable[[], object], runs: int) -> list[float]:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        answer = call()
        times.append((time.perf_counter() - start) * 1000)
        assert getattr(answer, "status_code", 200) < 400, answer
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=20)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as scratch:
        setup_django(Path(scratch))
        from rest_framework.test import APIClient

        owner, list_id, entry_id, banner_id = build()
        client = APIClient()
        client.force_authenticate(owner)
        counts = iter([10, 11] * args.runs)
        kinds: dict[str, Callable[[], object]] = {
            "read the list": lambda: client.get(f"/api/lists/{list_id}/"),
            "change a count": lambda: client.patch(
                f"/api/entries/{entry_id}/", {"count": next(counts)}, format="json"
            ),
            # one more banner each time: the row of 11 splits, the banner row grows
            "banner on 1 of a row (split)": lambda: client.post(
                f"/api/entries/{entry_id}/option-models/",
                {"option": banner_id, "models": 1},
                format="json",
            ),
            "undo": lambda: client.post(f"/api/lists/{list_id}/undo/"),
        }
        print(f"{'answer':32} {'median ms':>10} {'max ms':>8}  ({args.runs} runs, 10 splits)")
        for name, call in kinds.items():
            runs = min(args.runs, 10) if "split" in name else args.runs  # 11 models to split
            times = timed(call, runs)
            print(f"{name:32} {statistics.median(times):10.1f} {max(times):8.1f}")
    print("load average:", " ".join(f"{x:.2f}" for x in os.getloadavg()))


if __name__ == "__main__":
    main()

"""Time the data's own rules on army lists: write the roster, check it as BattleScribe would.

Usage: ``.venv/bin/python bench/data_rules_speed.py [PATH] [--runs N]``. PATH (default
``settings.SBG_BSDATA_DIR``) is imported into a fresh SQLite file in a temporary directory
(unless DATABASE_URL is set), then lists of growing size are checked ``--runs`` times each;
it prints the median wall and CPU milliseconds per check and the load average. The builder
runs this check on every change of a list (``armybuilder.presenters.army_list_json``).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# (captain, follower, follower count) per warband, all Minas Tirith.
WARBANDS = [
    ("Faramir, Captain of Gondor", "Warrior of Minas Tirith", 12),
    ("Captain of Minas Tirith", "Osgiliath Veteran", 12),
    ("Damrod, Ranger of Ithilien", "Ranger of Gondor", 6),
    ("Beregond, Guard of the Citadel", "Citadel Guard", 6),
]


def setup_django(scratch: Path) -> None:
    sys.path.insert(0, str(ROOT))
    os.environ.setdefault("DATABASE_URL", f"sqlite:///{scratch / 'bench.sqlite3'}")
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)


def build(release, bands: int):  # type: ignore[no-untyped-def]
    from django.contrib.auth.models import User

    from armybuilder import services
    from armybuilder.selectors import army_list_full

    owner, _ = User.objects.get_or_create(username="bench")
    faction = release.factions.get(name="Minas Tirith")
    army = services.army_list_create(owner=owner, name="bench", factions=[faction])
    contingent = army.contingents.get()
    for captain, follower, count in WARBANDS[:bands]:
        warband = services.warband_add(
            contingent=contingent, captain=faction.profiles.get(name=captain)
        )
        profile = faction.profiles.get(name=follower)
        services.entry_add(warband=warband, profile=profile, count=count)
    return army_list_full(army=army)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("path", nargs="?", type=Path)
    parser.add_argument("--runs", type=int, default=20)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as scratch:
        setup_django(Path(scratch))
        from django.conf import settings

        from armybuilder.battlescribe.data_rules import data_rule_breaches
        from profiles.importers.battlescribe import parse_battlescribe
        from profiles.services import catalogue_import

        path = args.path or Path(settings.SBG_BSDATA_DIR)
        files = {p.name: p.read_bytes() for p in sorted(path.iterdir())}
        release = catalogue_import(data=parse_battlescribe([path]), files=files).release
        data_rule_breaches(build(release, 1))  # warm the catalogue caches once
        for bands in range(1, len(WARBANDS) + 1):
            army = build(release, bands)
            walls, cpus = [], []
            for _ in range(args.runs):
                wall, cpu = time.perf_counter(), time.process_time()
                breaches = data_rule_breaches(army)
                walls.append(time.perf_counter() - wall)
                cpus.append(time.process_time() - cpu)
            models = sum(
                e.count
                for c in army.contingents.all()
                for w in c.warbands.all()
                for e in w.entries.all()
            )
            print(
                f"{bands} warbands, {models} models: median {statistics.median(walls) * 1000:.1f}"
                f" ms wall, {statistics.median(cpus) * 1000:.1f} ms CPU per check"
                f" ({len(breaches)} breaches)"
            )
        print(f"load average: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()

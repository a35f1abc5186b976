"""Time the BattleScribe import of the community data: parse, then write to a scratch database.

Usage: ``.venv/bin/python bench/import_bsdata.py [PATH ...] [--runs N]``. PATH defaults to
``settings.SBG_BSDATA_DIR``. The database is a fresh SQLite file in a temporary directory
(unless DATABASE_URL is set), so the development database is never touched.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def setup_django(scratch: Path) -> None:
    sys.path.insert(0, str(ROOT))
    os.environ.setdefault("DATABASE_URL", f"sqlite:///{scratch / 'bench.sqlite3'}")
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)


def run_once(paths: list[Path]) -> tuple[float, float, int, int, int]:
    from profiles.importers.battlescribe import parse_battlescribe
    from profiles.models import DataRelease
    from profiles.services import catalogue_import

    DataRelease.objects.all().delete()  # each run writes a fresh release
    start = time.perf_counter()
    data = parse_battlescribe(paths)
    parsed = time.perf_counter()
    catalogue_import(data=data)
    written = time.perf_counter()
    options = sum(len(p.options) for f in data.factions for p in f.profiles)
    skipped = sum(len(f.skipped) for f in data.factions) + len(data.skipped)
    return parsed - start, written - parsed, data.profile_count, options, skipped


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("paths", nargs="*", type=Path)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as scratch:
        setup_django(Path(scratch))
        from django.conf import settings

        paths = args.paths or [Path(settings.SBG_BSDATA_DIR)]
        for run in range(1, args.runs + 1):
            parse_s, write_s, profiles, options, skipped = run_once(paths)
            print(
                f"run {run}: parse {parse_s:.2f} s, write {write_s:.2f} s, "
                f"total {parse_s + write_s:.2f} s; {profiles} profiles, {options} options, "
                f"{skipped} skipped"
            )


if __name__ == "__main__":
    main()

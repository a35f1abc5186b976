"""Load the starter army lists shipped in ``profiles/starter/`` (the site's start runs this)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from profiles.importers.starter import STARTER_DIR, StarterDataError, starter_load


class Command(BaseCommand):
    help = "Load the starter data; loading the same files again changes nothing."
    # The site's start runs this after migrate, which has already run the system checks;
    # skipping them here keeps the start fast (importing every URL conf costs seconds).
    requires_system_checks: list[str] = []

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--directory", type=Path, default=STARTER_DIR, help="Folder holding the YAML files."
        )

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            result = starter_load(directory=options["directory"])
        except StarterDataError as error:
            raise CommandError(str(error)) from error
        release = result.release
        if result.created:
            counts = f"{release.factions.count()} army lists, {release.profiles.count()} profiles"
            self.stdout.write(self.style.SUCCESS(f"Loaded {release} ({counts})."))
        else:
            self.stdout.write(f"{release} is already loaded; nothing to do.")

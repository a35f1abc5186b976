"""``manage.py import_battlescribe PATH [PATH ...]``: import a .gst and its .cat files."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser
from tqdm import tqdm

from profiles.importers.battlescribe import SBG_GAME_SYSTEM_ID, parse_battlescribe
from profiles.importers.bs_dataset import ParsedDataSet, SkippedEntry
from profiles.importers.bs_xml import BattleScribeError, expand_paths
from profiles.services import ImportReport, catalogue_import


class Command(BaseCommand):
    help = "Import a BattleScribe game system (.gst) and its catalogues (.cat) as a new release."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("paths", nargs="+", type=Path, help="directories or .gst/.cat files")
        parser.add_argument(
            "--game-system-id",
            default=SBG_GAME_SYSTEM_ID,
            help="the only .gst id accepted (default: the SBG game system)",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        paths: list[Path] = options["paths"]
        data = self._parse(paths, options["game_system_id"])
        files = {path.name: path.read_bytes() for path in expand_paths(paths)}
        report = catalogue_import(data=data, files=files)
        self._print(data, report)

    def _parse(self, paths: list[Path], system_id: str) -> ParsedDataSet:
        try:
            total = sum(1 for p in expand_paths(paths) if p.suffix == ".cat")
            with tqdm(total=total, desc="catalogues", unit="cat", file=self.stderr) as bar:
                return parse_battlescribe(
                    paths, game_system_id=system_id, on_catalogue=lambda _name: bar.update()
                )
        except BattleScribeError as error:
            raise CommandError(str(error)) from error

    def _print(self, data: ParsedDataSet, report: ImportReport) -> None:
        release = report.release
        if not report.created:
            self.stdout.write(f"Up to date: {release.key} already holds these files.")
            return
        for count in report.factions:
            self.stdout.write(f"  {count.name}: {count.profiles} profiles, {count.skipped} skipped")
        for skipped in _all_skipped(data):
            self.stdout.write(f"  skipped {skipped.catalogue} / {skipped.name}: {skipped.reason}")
        self.stdout.write(
            self.style.SUCCESS(
                f"Created release {release.key}: {len(data.factions)} factions, "
                f"{data.profile_count} profiles."
            )
        )


def _all_skipped(data: ParsedDataSet) -> list[SkippedEntry]:
    return [*data.skipped, *(s for f in data.factions for s in f.skipped)]

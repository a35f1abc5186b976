"""``manage.py import_battlescribe PATH-or-URL [...]``: import a .gst and its .cat files.

A URL (http or https) is a data repository's zip archive or a BattleScribe data index
(``.bsi``); it is fetched into a temporary folder first (``profiles.importers.bs_remote``).
"""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser
from tqdm import tqdm

from profiles.importers.battlescribe import SBG_GAME_SYSTEM_ID, parse_battlescribe
from profiles.importers.bs_dataset import ParsedDataSet, SkippedEntry
from profiles.importers.bs_remote import fetch_data_set, is_url
from profiles.importers.bs_xml import BattleScribeError, content_hash, expand_paths
from profiles.models import DataRelease
from profiles.services import ImportReport, catalogue_import


class Command(BaseCommand):
    help = "Import a BattleScribe game system (.gst) and its catalogues (.cat) as a new release."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "sources",
            nargs="+",
            help="directories, .gst/.cat files, or URLs of a data repository's zip archive or "
            "of a BattleScribe data index (.bsi)",
        )
        parser.add_argument(
            "--quiet",
            action="store_true",
            help="print the outcome only (no progress bar, no per-army counts)",
        )
        parser.add_argument(
            "--game-system-id",
            default=SBG_GAME_SYSTEM_ID,
            help="the only .gst id accepted (default: the SBG game system)",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        with tempfile.TemporaryDirectory(prefix="bsdata-") as scratch:
            paths = [self._local(source, Path(scratch)) for source in options["sources"]]
            self.quiet = options["quiet"]
            self._import(paths, options["game_system_id"])

    def _local(self, source: str, scratch: Path) -> Path:
        """A path as given, or the folder a URL's data was fetched into."""
        if not is_url(source):
            return Path(source)
        folder = scratch / str(len(list(scratch.iterdir())))
        folder.mkdir()
        self.stderr.write(f"Fetching {source} ...")
        try:
            fetch_data_set(source, folder)
        except BattleScribeError as error:
            raise CommandError(str(error)) from error
        return folder

    def _import(self, paths: list[Path], system_id: str) -> None:
        existing = self._imported_already(paths)
        if existing is not None:
            self.stdout.write(f"Up to date: {existing.key} already holds these files.")
            return
        data = self._parse(paths, system_id)
        files = {path.name: path.read_bytes() for path in expand_paths(paths)}
        report = catalogue_import(data=data, files=files)
        self._print(data, report)

    def _imported_already(self, paths: list[Path]) -> DataRelease | None:
        """The release of exactly these files, found by their hash before any parsing."""
        try:
            digest = content_hash(expand_paths(paths))
        except BattleScribeError as error:
            raise CommandError(str(error)) from error
        source = DataRelease.Source.BATTLESCRIBE
        return DataRelease.objects.filter(source=source, content_hash=digest).first()

    def _parse(self, paths: list[Path], system_id: str) -> ParsedDataSet:
        try:
            total = sum(1 for p in expand_paths(paths) if p.suffix == ".cat")
            bar_options = {"desc": "catalogues", "unit": "cat", "disable": self.quiet}
            with tqdm(total=total, file=self.stderr, **bar_options) as bar:
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
        if not self.quiet:
            for count in report.factions:
                line = f"  {count.name}: {count.profiles} profiles, {count.skipped} skipped"
                self.stdout.write(line)
            for skipped in _all_skipped(data):
                line = f"  skipped {skipped.catalogue} / {skipped.name}: {skipped.reason}"
                self.stdout.write(line)
        self.stdout.write(
            self.style.SUCCESS(
                f"Created release {release.key}: {len(data.factions)} factions, "
                f"{data.profile_count} profiles, {len(_all_skipped(data))} entries skipped."
            )
        )


def _all_skipped(data: ParsedDataSet) -> list[SkippedEntry]:
    return [*data.skipped, *(s for f in data.factions for s in f.skipped)]

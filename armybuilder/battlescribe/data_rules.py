"""The data's own rules on an army list: write it as a roster, check it as BattleScribe would.

Used beside ``armybuilder.validation`` (the matched-play rules, pure): this part needs the
release's catalogue files, so it lives here. A list that cannot be written as a roster (a
starter list without imported data to match it) gets no data-rule breach, and says so.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

from django.utils.translation import gettext_noop

from armybuilder.battlescribe.catalogue import CatalogueNotFoundError, catalogue_data, game_system
from armybuilder.battlescribe.roster_rules import Catalogues, read_roster, roster_breaches
from armybuilder.battlescribe.writer import RosterExportError, army_list_roster
from armybuilder.models import ArmyList
from armybuilder.validation import Breach
from profiles.importers.bs_xml import BsDocument
from profiles.models import DataRelease
from profiles.services import release_files_directory

DATA_SOURCE = gettext_noop("BattleScribe data")


def release_directory(army: ArmyList) -> Path | None:
    """The kept source files of the BattleScribe release the list's army lists come from, or
    of the current one for lists built on the starter data (None: nothing imported)."""
    releases = [
        c.faction.release
        for c in army.contingents.all()
        if c.faction.release.source == DataRelease.Source.BATTLESCRIBE
    ]
    release = releases[0] if releases else _current_battlescribe()
    return release_files_directory(release=release) if release else None


def _current_battlescribe() -> DataRelease | None:
    current = DataRelease.objects.filter(source=DataRelease.Source.BATTLESCRIBE, is_current=True)
    return current.first()


def data_rule_breaches(army: ArmyList) -> list[Breach]:
    """Breaches of the catalogue's constraints and conditions (army fully loaded)."""
    directory = release_directory(army)
    if directory is None or not any(c.warbands.all() for c in army.contingents.all()):
        return []
    try:
        xml = army_list_roster(army=army, directory=directory)
        root = _strip(ET.fromstring(xml))
        data = Catalogues(_documents(root, directory))
    except (RosterExportError, CatalogueNotFoundError):
        return []  # not expressible as a roster: the matched-play checks still apply
    return [
        Breach(b.rule_id, b.message, _ref(army, b.name), DATA_SOURCE)
        for b in roster_breaches(read_roster(root, data), data)
    ]


def _documents(root: ET.Element, directory: Path) -> list[BsDocument]:
    system = game_system(directory)
    ids = {force.get("catalogueId", "") for force in root.iter("force")}
    return [system, *(catalogue_data(directory, ident).catalogue for ident in sorted(ids))]


def _strip(root: ET.Element) -> ET.Element:
    for el in root.iter():
        el.tag = el.tag.rpartition("}")[2]
    return root


def _ref(army: ArmyList, name: str) -> str:
    """The entry a breach names (by profile or option name), else the whole list."""
    for contingent in army.contingents.all():
        for warband in contingent.warbands.all():
            for entry in warband.entries.all():
                names = {entry.profile.name, *(c.option.name for c in entry.chosen_options.all())}
                if name in names:
                    return f"entry:{entry.pk}"
    return "list"

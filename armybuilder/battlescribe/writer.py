"""Write an army list as a BattleScribe roster: ``.ros`` (XML) and ``.rosz`` (zipped XML).

One force per contingent (the game system's "Strategy Battle Game" force entry and the
catalogue of the contingent's army list), one root selection per warband: the captain's
entry, its model, and the followers inside the captain's Warband, each follower a selection
chain ending in its model with ``number`` = count. Options hang under the entry that offers
them. Costs: the model carries the profile's points times the count, an option its points
times its count times the models; the roster total equals the list's points.

A list built on the starter data is exported with the same names in the current BattleScribe
release; what has no match is refused, naming every such entry.
"""

from __future__ import annotations

import hashlib
import io
import xml.etree.ElementTree as ET
import zipfile
from collections.abc import Callable, Iterator
from pathlib import Path

from armybuilder.battlescribe.catalogue import (
    CatalogueData,
    CatalogueNotFoundError,
    Placement,
    Step,
    captain_placement,
    catalogue_data,
    follower_placement,
    game_system,
    in_warband,
    link_prefix,
    mandatory_routes,
    marker_route,
    option_route,
    steps,
)
from armybuilder.models import ArmyList, Contingent, Entry, Warband
from profiles.importers.bs_costs import points_type_id
from profiles.importers.bs_profiles import WARBAND_NAMES
from profiles.importers.bs_tree import NodePath
from profiles.importers.bs_xml import children
from profiles.models import DataRelease, Faction, Legion, Profile, ProfileOption

ROSTER_NAMESPACE = "http://www.battlescribe.net/schema/rosterSchema"
BATTLESCRIBE_VERSION = "2.03"
FORCE_ENTRY_NAME = "Strategy Battle Game"
LEADER_MARKER = "Leader ("
POINTS_NAME = " Points"

Chosen = list[tuple[ProfileOption, int]]


class RosterExportError(ValueError):
    """Some entries have no BattleScribe counterpart; ``problems`` names each one."""

    def __init__(self, problems: list[str]) -> None:
        super().__init__("Cannot export to BattleScribe: " + "; ".join(problems))
        self.problems = problems


def army_list_roster(*, army: ArmyList, directory: Path) -> bytes:
    """Return the roster XML of a fully loaded list (``selectors.army_list_full``)."""
    return _RosterWriter(army, directory).build()


def army_list_rosz(*, army: ArmyList, directory: Path) -> bytes:
    """Return the roster zipped as BattleScribe's ``.rosz``: one ``.ros`` entry."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        xml = army_list_roster(army=army, directory=directory)
        archive.writestr(f"army-list-{army.pk}.ros", xml)
    return buffer.getvalue()


def battlescribe_faction(faction: Faction) -> Faction | None:
    """Return the faction itself if it comes from BattleScribe, else the current BattleScribe
    faction of the same name."""
    if faction.release.source == DataRelease.Source.BATTLESCRIBE:
        return faction
    current = Faction.objects.filter(
        release__source=DataRelease.Source.BATTLESCRIBE, release__is_current=True
    )
    return current.filter(name__iexact=faction.name).first()


class _RosterWriter:
    def __init__(self, army: ArmyList, directory: Path) -> None:
        self.army = army
        self.directory = directory
        self.problems: list[str] = []
        self.ids = self._id_stream()
        self.points_id = ""
        self.points_name = POINTS_NAME
        self.total = 0.0

    def _id_stream(self) -> Iterator[str]:
        """Yield stable BattleScribe-style ids: the same list exports the same file."""
        number = 0
        while True:
            digest = hashlib.sha1(f"{self.army.pk}:{number}".encode()).hexdigest()
            yield "-".join(digest[i : i + 4] for i in range(0, 16, 4))
            number += 1

    def build(self) -> bytes:
        try:
            system = game_system(self.directory)
            self.points_id = points_type_id(system.root)
        except (CatalogueNotFoundError, KeyError) as error:
            raise RosterExportError([str(error)]) from error
        self.points_name = _cost_type_name(system.root, self.points_id)
        root = self._roster_element(system.id, system.name, system.revision)
        total = self.cost(ET.SubElement(root, "costs"), "cost", 0)
        self.cost(ET.SubElement(root, "costLimits"), "costLimit", self.army.points_limit)
        forces = ET.SubElement(root, "forces")
        force_entry = _force_entry(system.root)
        for contingent in self.army.contingents.all():
            self._force(forces, contingent, force_entry)
        if self.problems:
            raise RosterExportError(self.problems)
        total.set("value", _number(self.total))
        ET.indent(root)
        return ET.tostring(root, encoding="utf-8", xml_declaration=True)

    def cost(self, parent: ET.Element, tag: str, value: float) -> ET.Element:
        attributes = {"name": self.points_name, "typeId": self.points_id, "value": _number(value)}
        return ET.SubElement(parent, tag, attributes)

    def _roster_element(self, system_id: str, name: str, revision: int) -> ET.Element:
        root = ET.Element("roster")
        for key, value in (
            ("id", next(self.ids)),
            ("name", self.army.name),
            ("battleScribeVersion", BATTLESCRIBE_VERSION),
            ("gameSystemId", system_id),
            ("gameSystemName", name),
            ("gameSystemRevision", str(revision)),
            ("xmlns", ROSTER_NAMESPACE),
        ):
            root.set(key, value)
        return root

    def _force(self, forces: ET.Element, contingent: Contingent, force_entry: ET.Element) -> None:
        faction = battlescribe_faction(contingent.faction)
        if faction is None:
            self.problems.append(
                f"army list {contingent.faction.name}: a starter army list with no BattleScribe "
                "origin, and no imported BattleScribe catalogue of that name"
            )
            return
        try:
            data = catalogue_data(self.directory, faction.source_id)
        except CatalogueNotFoundError as error:
            self.problems.append(f"army list {faction.name}: {error}")
            return
        force = ET.SubElement(forces, "force")
        for key, value in (
            ("id", next(self.ids)),
            ("name", force_entry.get("name", FORCE_ENTRY_NAME)),
            ("entryId", force_entry.get("id", "")),
            ("catalogueId", data.catalogue.id),
            ("catalogueRevision", str(data.catalogue.revision)),
            ("catalogueName", data.catalogue.name),
        ):
            force.set(key, value)
        self._force_categories(force, force_entry, data)
        if contingent.legion is not None:
            self._legion(force, data, faction, contingent.legion)
        for warband in contingent.warbands.all():
            _WarbandWriter(self, data, faction, force).write(warband)

    def _legion(
        self, force: ET.Element, data: CatalogueData, faction: Faction, legion: Legion
    ) -> None:
        """A Legendary Legion is a root selection of its force, as BattleScribe writes it."""
        node = next(
            (n for n in data.lookup.tree_children(data.catalogue.root) if n.id == legion.source_id),
            None,
        )
        if node is None:
            self.problems.append(f"army list {faction.name}: no legion {legion.name!r} in its data")
            return
        _WarbandWriter(self, data, faction, force)._selection(force, steps((node,))[0], 1)

    def _force_categories(
        self, force: ET.Element, force_entry: ET.Element, data: CatalogueData
    ) -> None:
        """List the force entry's categories, under which BattleScribe files the selections."""
        links = list(children(force_entry, "categoryLinks"))
        write_categories(force, links, data, self.new_id, keep_primary=False)

    def new_id(self) -> str:
        return next(self.ids)


class _WarbandWriter:
    """Write one warband as a root selection; shared ancestors (the captain's entry, its
    Warband) are written once."""

    def __init__(
        self, roster: _RosterWriter, data: CatalogueData, faction: Faction, parent: ET.Element
    ) -> None:
        self.roster = roster
        self.data = data
        self.faction = faction
        self.parent = parent
        self.shared: dict[str, ET.Element] = {}

    def write(self, warband: Warband) -> None:
        entries = list(warband.entries.all())
        captain = next((e for e in entries if e.role == Entry.Role.CAPTAIN), None)
        if captain is None:
            self.roster.problems.append(f"a warband of {self.faction.name} has no captain")
            return
        placed = self._captain(captain, warband.is_army_leader)
        if placed is None:
            return
        for entry in entries:
            if entry is not captain:
                self._follower(entry, placed)

    def _captain(self, entry: Entry, is_leader: bool) -> Placement | None:
        resolved = self._resolve(entry)
        if resolved is None:
            return None
        profile, chosen = resolved
        placement = captain_placement(self.data, profile.source_id)
        if placement is None:
            self._missing(entry, "is not offered by the catalogue")
            return None
        elements = self._chain(self.parent, placement.path, len(placement.path), {})
        self._finish(entry, profile, chosen, placement, elements)
        if is_leader and not any(o.name.startswith(LEADER_MARKER) for o, _ in chosen):
            self._leader(placement, elements, profile.heroic_tier)
        return placement

    def _follower(self, entry: Entry, captain: Placement) -> None:
        resolved = self._resolve(entry)
        if resolved is None:
            return
        profile, chosen = resolved
        placement = follower_placement(self.data, profile.source_id, captain.path[0])
        if placement is not None:
            shared = _shared_length(placement.path)
            numbers = _numbers(placement, entry.count, profile.models_per_unit)
            elements = self._chain(self.parent, placement.path, shared, numbers)
        else:
            # Not offered in the captain's Warband (an Independent Hero joining it): nest the
            # model's own entry there so the warband survives a round trip.
            placement = captain_placement(self.data, profile.source_id)
            if placement is None:
                self._missing(entry, "is not offered by the catalogue")
                return
            # Only the entry's own selections are written; their ids keep the links above.
            skip = min(_shared_length(placement.path), placement.holder_index)
            host = self._warband_element()
            numbers = _numbers(placement, entry.count, profile.models_per_unit)
            elements = self._chain(host, placement.path, 0, numbers, skip)
        self._finish(entry, profile, chosen, placement, elements)

    def _warband_element(self) -> ET.Element:
        for element in self.shared.values():
            if element.get("name", "").strip().lower() in WARBAND_NAMES:
                return element
        return next(iter(self.shared.values()))

    def _chain(
        self,
        parent: ET.Element,
        path: NodePath,
        shared: int,
        numbers: dict[int, int],
        skip: int = 0,
    ) -> dict[int, ET.Element]:
        """Write the selections of ``path`` from node ``skip`` on (the first ``shared`` nodes
        merged with earlier ones); return node index -> selection element."""
        elements: dict[int, ET.Element] = {}
        for step in steps(path):
            index = path.index(step.node)
            if index < skip:
                continue
            number = numbers.get(index, 1)
            if index < shared and step.entry_id in self.shared:
                parent = self.shared[step.entry_id]
            else:
                parent = self._selection(parent, step, number)
                if index < shared:
                    self.shared[step.entry_id] = parent
            elements[index] = parent
        return elements

    def _selection(self, parent: ET.Element, step: Step, number: int) -> ET.Element:
        container = parent.find("selections")
        if container is None:
            container = ET.Element("selections")
            parent.insert(0, container)
        element = ET.SubElement(container, "selection")
        element.set("id", self.roster.new_id())
        element.set("name", step.node.name.strip())
        element.set("entryId", step.entry_id)
        if step.group_id:
            element.set("entryGroupId", step.group_id)
        element.set("number", str(number))
        element.set("type", step.node.entry.get("type", "upgrade"))
        costs = ET.SubElement(element, "costs")
        self.roster.cost(costs, "cost", 0)
        self._categories(element, step)
        return element

    def _categories(self, element: ET.Element, step: Step) -> None:
        links = [c for el in step.node.elements() for c in children(el, "categoryLinks")]
        if links:
            write_categories(element, links, self.data, self.roster.new_id, keep_primary=True)

    def _finish(
        self,
        entry: Entry,
        profile: Profile,
        chosen: Chosen,
        placement: Placement,
        elements: dict[int, ET.Element],
    ) -> None:
        self._add_points(elements[len(placement.path) - 1], profile.points * entry.count)
        for option, count in chosen:
            self._option(entry, option, count, placement, elements)
        for index in range(placement.holder_index, len(placement.path)):
            owner = placement.path[index]
            prefix = link_prefix(placement.path[: index + 1])
            for route in mandatory_routes(self.data.lookup, owner):
                self._write_route(elements[index], route, prefix, 1)

    def _option(
        self,
        entry: Entry,
        option: ProfileOption,
        count: int,
        placement: Placement,
        elements: dict[int, ET.Element],
    ) -> None:
        for index in range(placement.holder_index, len(placement.path)):
            route = option_route(
                self.data.lookup, placement.path[index], option.source_id, option.name
            )
            if route is not None:
                prefix = link_prefix(placement.path[: index + 1])
                element = self._write_route(elements[index], route, prefix, count)
                self._add_points(element, option.points * count * entry.count)
                return
        self._missing(entry, f"has no option {option.name!r} in the catalogue")

    def _leader(self, placement: Placement, elements: dict[int, ET.Element], tier: str) -> None:
        preferred = f"{LEADER_MARKER}{tier.title()})"
        for index in range(placement.holder_index, len(placement.path)):
            owner = placement.path[index]
            route = marker_route(self.data.lookup, owner, LEADER_MARKER, preferred)
            if route is not None:
                prefix = link_prefix(placement.path[: index + 1])
                self._write_route(elements[index], route, prefix, 1)
                return

    def _write_route(
        self, parent: ET.Element, route: NodePath, prefix: tuple[str, ...], number: int
    ) -> ET.Element:
        for step in steps(route, prefix):
            parent = self._selection(parent, step, number)
        return parent

    def _add_points(self, element: ET.Element, points: float) -> None:
        cost = element.find("costs/cost")
        assert cost is not None  # every selection gets one in _selection
        cost.set("value", _number(float(cost.get("value", "0")) + points))
        self.roster.total += points

    def _resolve(self, entry: Entry) -> tuple[Profile, Chosen] | None:
        """Return the BattleScribe profile and options of an entry (by name for starter data)."""
        profile = entry.profile
        if profile.faction_id != self.faction.pk:
            found = Profile.objects.filter(faction=self.faction, name__iexact=profile.name).first()
            if found is None:
                self._missing(
                    entry,
                    "is a starter profile with no BattleScribe origin, and the imported "
                    "army list has no profile of that name",
                )
                return None
            profile = found
        chosen: Chosen = []
        for pick in entry.chosen_options.all():
            option = pick.option
            if option.profile_id != profile.pk:
                option = profile.options.filter(name__iexact=option.name).first()
            if option is None:
                self._missing(entry, f"has no BattleScribe option {pick.option.name!r}")
                return None
            chosen.append((option, pick.count))
        return profile, chosen

    def _missing(self, entry: Entry, why: str) -> None:
        self.roster.problems.append(f"{entry.profile.name} ({self.faction.name}) {why}")


def write_categories(
    parent: ET.Element,
    links: list[ET.Element],
    data: CatalogueData,
    new_id: Callable[[], str],
    *,
    keep_primary: bool,
) -> None:
    """Write ``<categories>``: one per category link, named after its target category."""
    categories = ET.SubElement(parent, "categories")
    for link in links:
        target = data.lookup.get(link.get("targetId"))
        name = target.get("name", "") if target is not None else link.get("name", "")
        primary = link.get("primary", "false") if keep_primary else "false"
        attributes = {"id": new_id(), "name": name, "entryId": link.get("targetId", "")}
        ET.SubElement(categories, "category", {**attributes, "primary": primary})


def _numbers(placement: Placement, count: int, per_unit: int) -> dict[int, int]:
    """Selection numbers along a follower's path: ``count`` models, or for a team (a Drum of
    two Goblins) ``count`` team selections holding ``per_unit`` models each."""
    last = len(placement.path) - 1
    parents = [
        i for i in range(last) if placement.path[i].entry.tag != "selectionEntryGroup"
    ]  # the team's size is the model's min/max per parent: the entry just above it
    if per_unit > 1 and parents:
        return {parents[-1]: count, last: per_unit}
    return {last: count * per_unit}


def _shared_length(path: NodePath) -> int:
    """Return how many leading nodes a follower shares: up to its Warband, else the root."""
    if not in_warband(path):
        return 1
    last = max(i for i, n in enumerate(path[:-1]) if n.name.strip().lower() in WARBAND_NAMES)
    return last + 1


def _force_entry(system_root: ET.Element) -> ET.Element:
    entries = list(children(system_root, "forceEntries"))
    named = [e for e in entries if e.get("name") == FORCE_ENTRY_NAME]
    return (named or entries or [ET.Element("forceEntry")])[0]


def _cost_type_name(system_root: ET.Element, points_id: str) -> str:
    for cost_type in children(system_root, "costTypes"):
        if cost_type.get("id") == points_id:
            return cost_type.get("name", POINTS_NAME)
    return POINTS_NAME


def _number(value: float) -> str:
    """Format a cost as BattleScribe does: ``40.0``."""
    return f"{float(value):.1f}"

"""Find where a profile and its options sit in a BattleScribe catalogue, as roster paths.

No Django here: the caller passes the data directory. A roster selection's ``entryId`` is the
ids of the entry links crossed from the force root, then the id of the entry itself, joined
with ``::`` (entries inside a linked target are not listed, only the links that reached them).
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections import defaultdict
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from profiles.importers.battlescribe import locate
from profiles.importers.bs_costs import points_type_id
from profiles.importers.bs_profiles import WARBAND_NAMES, Occurrence
from profiles.importers.bs_tree import Lookup, Node, NodePath, model_paths
from profiles.importers.bs_xml import BsDocument, children, load_document

GAME_SYSTEM_FILE_SUFFIX = ".gst"
_CATALOGUE_ID = re.compile(rb"<catalogue\b[^>]*?\sid=\"([^\"]+)\"")


class CatalogueNotFoundError(ValueError):
    """No .gst, or no .cat with the wanted id, in the BattleScribe data directory."""


@dataclass(frozen=True, slots=True)
class Step:
    """One selection of a roster: the node it selects, its entry id and group id paths."""

    node: Node
    entry_id: str
    group_id: str | None


@dataclass(frozen=True, slots=True)
class Placement:
    """Where a profile is bought: the path from the force root and its holder's index."""

    path: NodePath
    holder_index: int

    @property
    def own_nodes(self) -> NodePath:
        return self.path[self.holder_index :]


@dataclass(frozen=True, slots=True)
class CatalogueData:
    system: BsDocument
    catalogue: BsDocument
    lookup: Lookup
    points_id: str
    paths_by_model: dict[str, tuple[NodePath, ...]]


def game_system(directory: Path) -> BsDocument:
    """Return the one game system of the data directory."""
    found = sorted(directory.glob(f"*{GAME_SYSTEM_FILE_SUFFIX}"))
    if len(found) != 1:
        message = f"expected one .gst file in the BattleScribe data, found {len(found)}"
        raise CatalogueNotFoundError(message)
    return _document(found[0], _mtime(found[0]))


def catalogue_data(directory: Path, catalogue_id: str) -> CatalogueData:
    """Return the catalogue with id ``catalogue_id`` and its game system (cached per file)."""
    system = game_system(directory)
    path = _catalogue_files(directory, _mtimes(directory)).get(catalogue_id)
    if path is None:
        message = f"no catalogue with id {catalogue_id} in the BattleScribe data"
        raise CatalogueNotFoundError(message)
    return _catalogue_data(system.path, _mtime(system.path), path, _mtime(path))


def _mtime(path: Path) -> int:
    return path.stat().st_mtime_ns


def _mtimes(directory: Path) -> tuple[int, ...]:
    return tuple(_mtime(p) for p in sorted(directory.glob("*.cat")))


@lru_cache(maxsize=4)
def _document(path: Path, _mtime: int) -> BsDocument:
    return load_document(path)


@lru_cache(maxsize=4)
def _catalogue_files(directory: Path, _mtimes: tuple[int, ...]) -> dict[str, Path]:
    """Map catalogue ids to files, reading only each file's header."""
    found: dict[str, Path] = {}
    for path in sorted(directory.glob("*.cat")):
        with path.open("rb") as handle:
            match = _CATALOGUE_ID.search(handle.read(4096))
        if match:
            found[match.group(1).decode()] = path
    return found


@lru_cache(maxsize=16)
def _catalogue_data(system_path: Path, system_mtime: int, path: Path, _mtime: int) -> CatalogueData:
    system = _document(system_path, system_mtime)
    catalogue = load_document(path)
    lookup = Lookup(catalogue, system)
    by_model: dict[str, list[NodePath]] = defaultdict(list)
    for node_path in model_paths(lookup):
        by_model[node_path[-1].id].append(node_path)
    paths = {model: tuple(found) for model, found in by_model.items()}
    return CatalogueData(system, catalogue, lookup, points_type_id(system.root), paths)


def _key_parts(source_id: str) -> tuple[str | None, str]:
    holder, _, model = source_id.rpartition("/")
    return (holder or None), model


def _placement(data: CatalogueData, path: NodePath, holder: str | None) -> Placement:
    found = locate(path, data.lookup)
    if isinstance(found, Occurrence):
        return Placement(path, found.holder_index)
    ids = [node.id for node in path]
    return Placement(path, ids.index(holder) if holder in ids else len(path) - 1)


def _candidates(data: CatalogueData, source_id: str) -> list[NodePath]:
    holder, model = _key_parts(source_id)
    paths = data.paths_by_model.get(model, ())
    return [p for p in paths if holder is None or any(node.id == holder for node in p)]


def _visible(data: CatalogueData, path: NodePath) -> bool:
    found = locate(path, data.lookup)
    return isinstance(found, Occurrence) and not found.hidden


def in_warband(path: NodePath) -> bool:
    return any(node.name.strip().lower() in WARBAND_NAMES for node in path[:-1])


def captain_placement(data: CatalogueData, source_id: str) -> Placement | None:
    """Return where a hero leading its own warband is bought: visible, outside any Warband,
    shortest first."""
    paths = _candidates(data, source_id)
    if not paths:
        return None
    best = min(paths, key=lambda p: (not _visible(data, p), in_warband(p), len(p)))
    return _placement(data, best, _key_parts(source_id)[0])


def follower_placement(data: CatalogueData, source_id: str, root: Node) -> Placement | None:
    """Return where a follower is bought under the captain's root entry, through its Warband
    when it can be; None when the captain's entry does not offer it."""
    paths = [p for p in _candidates(data, source_id) if p[0] == root]
    if not paths:
        return None
    best = min(paths, key=lambda p: (not in_warband(p), not _visible(data, p), len(p)))
    return _placement(data, best, _key_parts(source_id)[0])


def link_prefix(nodes: NodePath) -> tuple[str, ...]:
    """Return the ids of the entry links crossed by ``nodes``."""
    return tuple(node.link.get("id", "") for node in nodes if node.link is not None)


def steps(nodes: NodePath, prefix: tuple[str, ...] = ()) -> list[Step]:
    """Return one step per selection entry of ``nodes``; groups become ``entryGroupId``s."""
    links, group, found = list(prefix), None, []
    for node in nodes:
        if node.link is not None:
            links.append(node.link.get("id", ""))
        full = "::".join([*links, node.id])
        if node.entry.tag == "selectionEntryGroup":
            group = full
            continue
        found.append(Step(node, full, group))
        group = None
    return found


def option_route(lookup: Lookup, owner: Node, source_id: str, name: str) -> NodePath | None:
    """Return the groups then the upgrade ``source_id`` offered by ``owner`` (name first)."""
    routes = list(_upgrade_routes(lookup, owner.entry, ()))
    exact = [r for r in routes if r[-1].id == source_id and r[-1].name == name]
    loose = [r for r in routes if r[-1].id == source_id]
    return (exact or loose or [None])[0]


def mandatory_routes(lookup: Lookup, owner: Node) -> list[NodePath]:
    """Return the upgrades ``owner`` must take (``min`` 1 per parent): wargear BattleScribe
    selects by itself."""
    return [r for r in _upgrade_routes(lookup, owner.entry, ()) if _min_one(r[-1])]


def marker_route(lookup: Lookup, owner: Node, prefix: str, preferred: str = "") -> NodePath | None:
    """Return the upgrade of ``owner`` whose name starts with ``prefix`` ("Leader ("), the
    one named ``preferred`` ("Leader (Valour)") first: the data hides the other tiers'."""
    routes = [r for r in _upgrade_routes(lookup, owner.entry, ()) if r[-1].name.startswith(prefix)]
    exact = [r for r in routes if r[-1].name.strip() == preferred]
    return (exact or routes or [None])[0]


def _upgrade_routes(lookup: Lookup, entry: ET.Element, route: NodePath) -> list[NodePath]:
    found: list[NodePath] = []
    for node in lookup.tree_children(entry):
        if node.entry.tag == "selectionEntryGroup":
            found += _upgrade_routes(lookup, node.entry, (*route, node))
        elif not node.is_model and not lookup.contains_model(node.entry):
            found.append((*route, node))
    return found


def _min_one(node: Node) -> bool:
    return any(
        c.get("type") == "min"
        and c.get("field") == "selections"
        and c.get("scope") == "parent"
        and float(c.get("value", "0")) >= 1
        for el in node.elements()
        for c in children(el, "constraints")
    )

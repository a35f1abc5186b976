"""Import the community BattleScribe data of the SBG: one .gst game system and its .cat lists.

``parse_battlescribe(paths)`` reads the files into plain dataclasses (``bs_dataset``) without
touching the database; ``profiles.services.catalogue_import`` writes them.

Reading of the data (see each module for the details):

- every ``selectionEntry type="model"`` reachable from a catalogue's root entries, through
  ``entryLink``s into the game system's shared entries, is one model of that army list; its
  profile is the first visible Hero/Warrior profile on the model or the upgrade wrapping it.
  Mounts are options of their riders (upgrades, not models); siege engines are upgrades with
  a "Siege" profile and become profiles only through their crew models;
- prices, visibility, names and characteristics are evaluated in a *plain list* of the army
  (``bs_modifiers``); a model hidden there (Legendary Legion, alliance, or unlocked by another
  selection) is imported as ``conditional``;
  a model sold in a package (an engine with its veteran, "Elladan & Elrohir") shows the
  package price, a model inside another model (a Mumak's crew) shows 0 (``bs_costs``);
- the heroic tier is the model's primary category ("Hero of Valour"...), else its "Heroic
  Tier" characteristic; the side is the "Good Army"/"Evil Army" category linked by the
  catalogue's root entries, else ``battlescribe_assumptions.yaml``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import yaml

from profiles.importers.bs_army_rules import army_bonus, legions
from profiles.importers.bs_characteristics import UnreadableProfileError
from profiles.importers.bs_costs import points_type_id
from profiles.importers.bs_dataset import (
    ParsedDataSet,
    ParsedFaction,
    ParsedProfile,
    Side,
    SkippedEntry,
)
from profiles.importers.bs_integrity import check_documents
from profiles.importers.bs_modifiers import PlainList
from profiles.importers.bs_profiles import CatalogueContext, Occurrence, build_profile
from profiles.importers.bs_siege import engine_node
from profiles.importers.bs_tree import (
    Lookup,
    Node,
    NodePath,
    hero_or_warrior_profile,
    info_nodes,
    is_profile_upgrade,
    model_paths,
    node_hidden,
    path_ids,
)
from profiles.importers.bs_xml import (
    BsDocument,
    MissingGameSystemError,
    children,
    content_hash,
    expand_paths,
    load_document,
    split_documents,
)

__all__ = ["SBG_GAME_SYSTEM_ID", "ParsedDataSet", "parse_battlescribe"]

# The Middle-Earth Strategy Battle Game system of the community data (BSData/middle-earth).
SBG_GAME_SYSTEM_ID = "3e16-9abf-6238-4ed9"
ASSUMPTIONS_FILE = Path(__file__).with_name("battlescribe_assumptions.yaml")
_SIDE_CATEGORIES = {"Good Army": Side.GOOD, "Evil Army": Side.EVIL}

HIDDEN = "not a model with a profile: a hidden placeholder showing no Hero/Warrior profile"
NO_PROFILE = "no visible Hero/Warrior profile on the model or its wrapper"
WRAPPER = "not a model: a wrapper typed 'model' whose models inside are imported on their own"
DUPLICATE = "not a new model: another entry of this army sells the same unit under this name"
COUNTER = "not a model with a profile: a counter (such as extra crew) priced with its unit"

CatalogueDone = Callable[[str], None]


def parse_battlescribe(
    paths: list[Path],
    *,
    game_system_id: str | None = SBG_GAME_SYSTEM_ID,
    on_catalogue: CatalogueDone | None = None,
) -> ParsedDataSet:
    """Parse a game system and its catalogues (files or directories) into a data set.

    Raises a ``BattleScribeError`` subclass (a ``ValueError``) naming the file for malformed
    XML, a missing .gst or .cat, a .gst other than ``game_system_id`` (None accepts any), or a
    catalogue of another game system. Calls ``on_catalogue`` with each catalogue's name once
    it is parsed (for a progress bar).
    """
    files = expand_paths(paths)
    if not files:
        names = ", ".join(str(p) for p in paths)
        raise MissingGameSystemError(f"no .gst or .cat file found in {names}")
    docs = [load_document(f) for f in files]
    system, catalogues = split_documents(docs, game_system_id)
    check_documents(system, catalogues)
    factions: list[ParsedFaction] = []
    skipped: list[SkippedEntry] = []
    for cat in catalogues:
        parsed = _parse_or_skip(cat, system)
        if isinstance(parsed, ParsedFaction):
            factions.append(parsed)
        else:
            skipped.append(parsed)
        if on_catalogue is not None:
            on_catalogue(cat.name)
    return ParsedDataSet(
        game_system_id=system.id,
        game_system_name=system.name,
        revision=system.revision,
        content_hash=content_hash(files),
        factions=tuple(factions),
        skipped=tuple(skipped),
    )


def _parse_or_skip(cat: BsDocument, system: BsDocument) -> ParsedFaction | SkippedEntry:
    side = faction_side(cat, system)
    if side is None:
        reason = "no Good Army/Evil Army category and no side in the assumptions file"
        return SkippedEntry(cat.name, cat.name, cat.id, reason)
    return parse_catalogue(cat, system, side)


def faction_side(cat: BsDocument, system: BsDocument) -> Side | None:
    """Return the side linked by the catalogue's root entries, else the assumed one."""
    by_id = {
        c.get("id"): _SIDE_CATEGORIES[c.get("name", "")]
        for c in children(system.root, "categoryEntries")
        if c.get("name") in _SIDE_CATEGORIES
    }
    found = {
        by_id[link.get("targetId")]
        for entry in children(cat.root, "selectionEntries", "entryLinks")
        for link in children(entry, "categoryLinks")
        if link.get("targetId") in by_id
    }
    if len(found) == 1:
        return found.pop()
    assumed = load_assumptions().get("faction_sides", {}).get(cat.id)
    return Side(assumed["side"]) if assumed else None


def load_assumptions() -> dict[str, Any]:
    """Return battlescribe_assumptions.yaml: facts the data does not settle, each flagged."""
    return yaml.safe_load(ASSUMPTIONS_FILE.read_text(encoding="utf-8")) or {}


def parse_catalogue(cat: BsDocument, system: BsDocument, side: Side) -> ParsedFaction:
    """Return the faction with one profile per model occurrence (first visible one wins)."""
    lookup = Lookup(cat, system)
    ctx = CatalogueContext(lookup, points_type_id(system.root), _publications(cat, system))
    visible, skipped = _occurrences(lookup)
    order = {key: index for index, key in enumerate(visible)}
    profiles: dict[str, ParsedProfile] = {}
    for occ in sorted(visible.values(), key=_preference):
        try:
            built = build_profile(occ, ctx)
        except UnreadableProfileError as error:
            skipped[occ.key] = SkippedEntry(cat.name, occ.holder.name, occ.key, str(error))
            continue
        if built.name in profiles:
            reason = f"{DUPLICATE} ({profiles[built.name].source_id})"
            skipped[occ.key] = SkippedEntry(cat.name, built.name, occ.key, reason)
        else:
            profiles[built.name] = built
    return ParsedFaction(
        source_id=cat.id,
        name=cat.name,
        side=side,
        revision=cat.revision,
        profiles=tuple(sorted(profiles.values(), key=lambda p: order[p.source_id])),
        skipped=tuple(skipped.values()),
        army_bonus=army_bonus(lookup),
        legions=legions(lookup),
    )


def _preference(occ: Occurrence) -> tuple[bool, bool]:
    """Of two entries selling one unit under one name, keep the one a plain list offers,
    then the ``type="model"`` one (sorted() is stable: XML order otherwise)."""
    return occ.hidden, not occ.model.is_model


def _occurrences(lookup: Lookup) -> tuple[dict[str, Occurrence], dict[str, SkippedEntry]]:
    visible: dict[str, Occurrence] = {}
    skipped: dict[str, SkippedEntry] = {}
    for path in model_paths(lookup):
        found = locate(path, lookup)
        if isinstance(found, Occurrence):
            if found.key not in visible or (visible[found.key].hidden and not found.hidden):
                visible[found.key] = found  # a plain-list occurrence beats a hidden one
            skipped.pop(found.key, None)
        elif found.source_id not in visible:
            skipped.setdefault(found.source_id, found)
    return visible, skipped


def locate(path: NodePath, lookup: Lookup) -> Occurrence | SkippedEntry:
    """Find the profile of the model ending ``path`` (flagged when hidden in a plain list);
    skip it when it shows no profile."""
    catalogue = lookup.catalogue
    model = path[-1]
    ancestors = path_ids(path, lookup)
    probe = PlainList(catalogue.id, ancestors, frozenset({model.id}))
    for index in range(len(path) - 1, -1, -1):
        profile = hero_or_warrior_profile(path[index], lookup, probe)
        if profile is not None:
            break
    else:
        return SkippedEntry(catalogue.name, model.name, model.id, _no_profile_reason(model, lookup))
    selected = frozenset({model.id, path[index].id} | _link_ids(path[index:]))
    state = PlainList(catalogue.id, ancestors, selected)
    hidden = any(node_hidden(node, state) for node in path)
    return Occurrence(path, index, profile, state, hidden, engine_node(path, lookup))


def _no_profile_reason(model: Node, lookup: Lookup) -> str:
    """Say why a model-typed entry without a Hero/Warrior profile is no unit of its own."""
    if any(True for _ in _inner_units(model, lookup)):
        return WRAPPER
    types = {info.entry.get("typeName") for info in info_nodes(model, lookup)} - {None}
    if types:
        kinds = ", ".join(sorted(t for t in types if t))
        return f"not a model with a profile: an item ({kinds} profile) carried by other models"
    return COUNTER if not node_hidden(model, PlainList("", frozenset(), frozenset())) else HIDDEN


def _inner_units(model: Node, lookup: Lookup) -> Iterator[Node]:
    """Yield the units below ``model``, through groups and wrappers but not into units."""
    stack, seen = [model.entry], {model.id}
    while stack:
        for child in lookup.tree_children(stack.pop()):
            if child.is_model or is_profile_upgrade(child, lookup):
                yield child
            elif child.id not in seen:
                seen.add(child.id)
                stack.append(child.entry)


def _link_ids(nodes: NodePath) -> set[str]:
    return {node.link.get("id", "") for node in nodes if node.link is not None}


def _publications(cat: BsDocument, system: BsDocument) -> dict[str, str]:
    return {
        pub.get("id", ""): pub.get("name", "")
        for doc in (system, cat)
        for pub in children(doc.root, "publications")
    }

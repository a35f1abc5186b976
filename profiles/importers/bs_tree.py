"""Walk a catalogue's entry tree through its links, as BattleScribe offers it in a list.

A *node* is one step of that tree: an ``entryLink`` (or ``infoLink``) resolved to its target,
or an inline element (then ``link`` is None). Targets are looked up in the catalogue first,
then in the game system, which holds most shared models, wargear and rules.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Iterator
from dataclasses import dataclass

from profiles.importers.bs_modifiers import PlainList, is_hidden
from profiles.importers.bs_xml import BsDocument, children

_TREE_TAGS = ("selectionEntries", "selectionEntryGroups", "entryLinks")
HERO_OR_WARRIOR = frozenset({"Hero", "Warrior"})
_WARBANDS = frozenset({"warband", "captainless warband"})


@dataclass(frozen=True, slots=True)
class Node:
    link: ET.Element | None
    entry: ET.Element

    @property
    def id(self) -> str:
        return self.entry.get("id", "")

    @property
    def name(self) -> str:
        source = self.link if self.link is not None else self.entry
        return source.get("name") or self.entry.get("name", "")

    @property
    def is_model(self) -> bool:
        return self.entry.tag == "selectionEntry" and self.entry.get("type") == "model"

    def elements(self) -> tuple[ET.Element, ...]:
        """Return the target then the link: link modifiers apply after the target's own."""
        return (self.entry,) if self.link is None else (self.entry, self.link)


NodePath = tuple[Node, ...]


class Lookup:
    """Resolve ids against one catalogue, then its game system."""

    def __init__(self, catalogue: BsDocument, system: BsDocument) -> None:
        self.catalogue = catalogue
        self.system = system
        self._contains_model: dict[str, bool] = {}
        self._models: dict[str, frozenset[str]] = {}

    def get(self, ident: str | None) -> ET.Element | None:
        if not ident:
            return None
        found = self.catalogue.ids.get(ident)
        return found if found is not None else self.system.ids.get(ident)

    def resolve(self, el: ET.Element) -> Node | None:
        """Return the node for a tree or info element; None for a dangling link."""
        if el.tag not in ("entryLink", "infoLink"):
            return Node(None, el)
        target = self.get(el.get("targetId"))
        return None if target is None else Node(el, target)

    def tree_children(self, entry: ET.Element) -> Iterator[Node]:
        for child in children(entry, *_TREE_TAGS):
            node = self.resolve(child)
            if node is not None:
                yield node

    def contains_model(self, entry: ET.Element, seen: frozenset[str] = frozenset()) -> bool:
        """Return whether a model can be selected inside ``entry`` (memoised by id)."""
        ident = entry.get("id", "")
        if ident not in self._contains_model:
            inner = seen | {ident}
            self._contains_model[ident] = any(
                node.is_model or (node.id not in inner and self.contains_model(node.entry, inner))
                for node in self.tree_children(entry)
            )
        return self._contains_model[ident]


def models_inside(lookup: Lookup, entry: ET.Element, skip: frozenset[str]) -> frozenset[str]:
    """Return the ids of the models selectable in ``entry``, not descending into models or
    into entries named in ``skip`` (lower case, e.g. a Warband)."""
    found: set[str] = set()
    stack, seen = [entry], {entry.get("id", "")}
    while stack:
        for node in lookup.tree_children(stack.pop()):
            if node.is_model:
                found.add(node.id)
            elif node.id not in seen and node.name.strip().lower() not in skip:
                seen.add(node.id)
                stack.append(node.entry)
    return frozenset(found)


def model_paths(lookup: Lookup) -> Iterator[NodePath]:
    """Yield the path from the catalogue root to every model occurrence, depth first.

    A model is a ``type="model"`` entry, or an upgrade that shows its own Hero/Warrior profile
    and holds no model, under no entry that shows one (the Dwimmerlaik is an "upgrade" in the
    game system; so is each Nazgûl of the profile-less "Nazgûl of Dol Guldur" package). A
    mount or a banner with a profile, under its rider or the rider's wrapper, stays an option.
    """
    yield from _walk(lookup, lookup.catalogue.root, (), frozenset(), False)


def _walk(
    lookup: Lookup, entry: ET.Element, path: NodePath, seen: frozenset[str], covered: bool
) -> Iterator[NodePath]:
    """``covered``: an enclosing entry shows a Hero/Warrior profile (a model or its wrapper)
    or sells models (the horses of "Elladan & Elrohir" are their option)."""
    for node in lookup.tree_children(entry):
        if node.id in seen:
            continue  # a link cycle; BattleScribe would refuse it too
        here = (*path, node)
        upgrade = not covered and is_profile_upgrade(node, lookup)
        model = node.is_model or (upgrade and (bool(path) or _categorised(node)))
        if model:
            yield here
        inner = covered or shows_unit_profile(node, lookup) or sells_units(node, lookup)
        yield from _walk(lookup, node.entry, here, seen | {node.id}, inner)


def _categorised(node: Node) -> bool:
    """A root entry in no category is offered nowhere in BattleScribe (a leftover copy such
    as Minas Tirith's root "Warrior of Minas Tirith" beside the one in its Warbands)."""
    return any(True for el in node.elements() for _ in children(el, "categoryLinks"))


def shows_unit_profile(node: Node, lookup: Lookup, *, shown_only: bool = False) -> bool:
    """Whether the entry itself shows a Hero/Warrior profile (``shown_only``: one not
    ``hidden="true"`` in the data)."""
    return any(
        info.entry.tag == "profile"
        and info.entry.get("typeName") in HERO_OR_WARRIOR
        and not (shown_only and info.entry.get("hidden") == "true")
        for info in info_nodes(node, lookup)
    )


def sells_units(node: Node, lookup: Lookup) -> bool:
    """Whether the entry sells models with profiles of their own, Warbands aside (a pair
    such as "Elladan & Elrohir"; not the profile-less "Nazgûl of Dol Guldur" package)."""
    stack, seen = [node.entry], {node.id}
    while stack:
        for child in lookup.tree_children(stack.pop()):
            if child.is_model and shows_unit_profile(child, lookup):
                return True
            if child.id not in seen and child.name.strip().lower() not in _WARBANDS:
                seen.add(child.id)
                stack.append(child.entry)
    return False


def is_profile_upgrade(node: Node, lookup: Lookup) -> bool:
    """An upgrade entry that is a model in all but its type (see ``model_paths``)."""
    return (
        node.entry.tag == "selectionEntry"
        and node.entry.get("type") == "upgrade"
        and shows_unit_profile(node, lookup, shown_only=True)
        and not lookup.contains_model(node.entry)
    )


def path_ids(path: NodePath, lookup: Lookup) -> frozenset[str]:
    """Return the ids of the path's entries and links and of the categories they belong to."""
    ids: set[str] = set()
    for node in path:
        for el in node.elements():
            ids.add(el.get("id", ""))
            ids.update(c.get("targetId", "") for c in children(el, "categoryLinks"))
    return frozenset(ids)


def node_hidden(node: Node, state: PlainList) -> bool:
    return any(is_hidden(el, state) for el in node.elements())


def info_nodes(node: Node, lookup: Lookup) -> Iterator[Node]:
    """Yield the profiles and rules shown on an entry, through info groups and info links."""
    for el in node.elements():
        yield from _infos(el, lookup, frozenset())


def _infos(el: ET.Element, lookup: Lookup, seen: frozenset[str]) -> Iterator[Node]:
    for item in children(el, "profiles", "rules", "infoLinks", "infoGroups"):
        found = lookup.resolve(item)
        if found is None or found.id in seen:
            continue
        if found.entry.tag == "infoGroup":
            yield from _infos(found.entry, lookup, seen | {found.id})
            if found.link is not None:
                yield from _infos(found.link, lookup, seen | {found.id})
        else:
            yield found


def hero_or_warrior_profile(node: Node, lookup: Lookup, state: PlainList) -> Node | None:
    """Return the first visible Hero/Warrior profile shown on the node, if any; a card with
    keywords before one without (the War Mûmak of Harad links its Howdah's card, keywords
    "-", before the Mûmak's own)."""
    found = [
        info
        for info in info_nodes(node, lookup)
        if info.entry.tag == "profile"
        and info.entry.get("typeName") in HERO_OR_WARRIOR
        and not node_hidden(info, state)
    ]
    keyed = [info for info in found if _has_keywords(info)]
    return (keyed or found or [None])[0]


def _has_keywords(profile: Node) -> bool:
    for cell in profile.entry.iter("characteristic"):
        if cell.get("name") == "Keywords":
            return (cell.text or "").strip() not in ("", "-")
    return False

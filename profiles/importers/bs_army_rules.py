"""Read what a catalogue offers beside its models: its army bonus and its Legendary Legions.

Both are root entries of the catalogue (inline or linked from the game system), told apart
by their primary category: "Misc" for the army bonus (a rule such as Minas Tirith's "You are
Men of Gondor..."), "Legendary Legion" for each legion, whose rules hold its special rules
and restrictions. A legion becomes a selection of its force in a roster, where the data's own
conditions unlock models and options and apply its limits (``armybuilder.battlescribe``).
"""

from __future__ import annotations

from collections.abc import Iterator

from profiles.importers.bs_dataset import ParsedLegion, ParsedRule
from profiles.importers.bs_modifiers import PlainList
from profiles.importers.bs_rules import rules
from profiles.importers.bs_tree import Lookup, Node, node_hidden, path_ids
from profiles.importers.bs_xml import children

ARMY_BONUS_CATEGORY = "Misc"
LEGION_CATEGORY = "Legendary Legion"


def army_bonus(lookup: Lookup) -> tuple[ParsedRule, ...]:
    """The rules of the catalogue's visible root "Misc" entries (its army bonus)."""
    found: list[ParsedRule] = []
    for node, state in _root_entries(lookup, ARMY_BONUS_CATEGORY):
        if not node_hidden(node, state):
            found.extend(r for r in rules((node,), lookup, state) if r.text)
    return tuple(found)


def legions(lookup: Lookup) -> tuple[ParsedLegion, ...]:
    """Each Legendary Legion of the catalogue, with its rules (hidden ones included: the
    data often shows a legion only once its conditions hold)."""
    return tuple(
        ParsedLegion(
            source_id=node.id,
            link_id=node.link.get("id", "") if node.link is not None else "",
            name=node.name.strip(),
            rules=tuple(rules((node,), lookup, state)),
        )
        for node, state in _root_entries(lookup, LEGION_CATEGORY)
    )


def _root_entries(lookup: Lookup, category: str) -> Iterator[tuple[Node, PlainList]]:
    catalogue = lookup.catalogue
    for node in lookup.tree_children(catalogue.root):
        if _primary_category(node, lookup) == category:
            yield node, PlainList(catalogue.id, path_ids((node,), lookup), frozenset({node.id}))


def _primary_category(node: Node, lookup: Lookup) -> str:
    for el in node.elements():
        for link in children(el, "categoryLinks"):
            if link.get("primary") == "true":
                target = lookup.get(link.get("targetId"))
                return "" if target is None else target.get("name", "")
    return ""

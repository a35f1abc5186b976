"""Find a model's wargear and priced options among the entries it can take.

An upgrade under the model (or the entry carrying its profile) is *wargear* when it must be
taken (``min`` 1 per parent) or sits free in a group named "Wargear"; any other upgrade is an
*option*, priced per model in the plain list. Upgrades that hold models (a Warband, a
siege engine's crew) are units of their own, not options.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Iterator
from dataclasses import dataclass, replace

from profiles.importers.bs_costs import node_points
from profiles.importers.bs_dataset import ParsedOption
from profiles.importers.bs_modifiers import PlainList
from profiles.importers.bs_option_effects import (
    characteristic_changes,
    is_described,
    linked_rules,
    mount_card,
)
from profiles.importers.bs_tree import Lookup, Node, info_nodes, node_hidden
from profiles.importers.bs_xml import children

WARGEAR_GROUP = "wargear"
LEADER_MARKER = "Leader ("


@dataclass(frozen=True, slots=True)
class Choice:
    group: str
    node: Node
    hidden: bool = False  # hidden in a plain list: offered only when its conditions hold
    group_max: int = 0  # the group's own per-parent ``max`` constraint (0: none)


def choices(entry_nodes: tuple[Node, ...], lookup: Lookup, state: PlainList) -> Iterator[Choice]:
    """Yield the upgrades offered by the given nodes, through selection groups; those hidden
    in a plain list (or in a hidden group) come flagged."""
    for node in entry_nodes:
        yield from _choices(node.entry, ("", 0), lookup, state, False)


def _choices(
    entry: ET.Element, group: tuple[str, int], lookup: Lookup, state: PlainList, hidden: bool
) -> Iterator[Choice]:
    for node in lookup.tree_children(entry):
        if node.is_model:
            continue
        flagged = hidden or node_hidden(node, state)
        if node.entry.tag == "selectionEntryGroup":
            yield from _choices(node.entry, _group(node, group), lookup, state, flagged)
        elif not lookup.contains_model(node.entry):
            yield Choice(group[0], node, flagged, group[1])


def _group(node: Node, outer: tuple[str, int]) -> tuple[str, int]:
    """The group an option belongs to: a group with its own ``max`` (a weapon swap) is a
    group of its own, named by itself or else by the group around it; a plain group takes
    the outer group's name and limit when there is one."""
    limit, name = _limit(node, "max"), node.name.strip()
    if limit:
        return (name or outer[0] or "Choice", limit)
    return outer if outer[0] else (name, 0)


def is_marker(node: Node, lookup: Lookup) -> bool:
    """Return whether an upgrade shows nothing: a roster marker such as "Leader (Valour)"."""
    return next(info_nodes(node, lookup), None) is None


def _limit(node: Node, kind: str) -> int:
    """Return the per-parent ``min``/``max`` selections constraint (0 when absent)."""
    for el in node.elements():
        for constraint in children(el, "constraints"):
            if _is_parent_limit(constraint, kind):
                return int(float(constraint.get("value", "0")))
    return 0


def _is_parent_limit(constraint: ET.Element, kind: str) -> bool:
    return (
        constraint.get("type") == kind
        and constraint.get("field") == "selections"
        and constraint.get("scope") == "parent"
    )


def option_points(node: Node, points_id: str, state: PlainList) -> int:
    """Price one option for one model: the option itself counts as selected once."""
    link_id = node.link.get("id", "") if node.link is not None else ""
    selected = state.selected | {node.id, link_id}
    return round(node_points(node, points_id, replace(state, selected=frozenset(selected))))


@dataclass(frozen=True, slots=True)
class Equipment:
    wargear: tuple[str, ...]
    options: tuple[ParsedOption, ...]
    included_points: int  # mandatory upgrades' price, part of the model's price


def equipment(
    entry_nodes: tuple[Node, ...],
    lookup: Lookup,
    points_id: str,
    state: PlainList,
    profile: Node | None = None,
) -> Equipment:
    """Sort the upgrades into wargear and options (first of each name kept, in XML order;
    an upgrade hidden in a plain list is a ``conditional`` option after the rest).

    A mandatory upgrade (``min`` 1) is part of the model: wargear, and its price (the
    "Warrior" upgrade of 9 points inside the Woses Warrior model) is added to the model's.
    ``profile``: the model's Hero/Warrior card, whose modifiers say what each option changes
    on it (bs_option_effects).
    """
    read = _Effects(lookup, state, profile)
    wargear: dict[str, None] = {}
    options: dict[str, ParsedOption] = {}
    included = 0
    offered = sorted(choices(entry_nodes, lookup, state), key=lambda c: c.hidden)
    for choice in offered:
        if choice.hidden:
            if choice.node.name.startswith(LEADER_MARKER):
                continue  # a roster marker the writer adds for the army leader, not an option
            if choice.node.name not in options and choice.node.name not in wargear:
                points = option_points(choice.node, points_id, state)
                if not (points == 0 and is_marker(choice.node, lookup)):
                    options[choice.node.name] = _option(choice, points, read)
            continue
        points = option_points(choice.node, points_id, state)
        mandatory = _limit(choice.node, "min") >= 1
        included += points if mandatory else 0
        if points == 0 and is_marker(choice.node, lookup):
            continue
        if mandatory or (points == 0 and choice.group.strip().lower() == WARGEAR_GROUP):
            wargear.setdefault(choice.node.name)
        else:
            if choice.node.name not in options:
                options[choice.node.name] = _option(choice, points, read)
    return Equipment(tuple(wargear), tuple(options.values()), included)


@dataclass(frozen=True, slots=True)
class _Effects:
    lookup: Lookup
    state: PlainList
    profile: Node | None

    def changes(self, option: Node) -> tuple[tuple[str, str, int], ...]:
        if self.profile is None:
            return ()
        return characteristic_changes(self.profile, option, self.state)


def _option(choice: Choice, points: int, read: _Effects) -> ParsedOption:
    node = choice.node
    return ParsedOption(
        changes=read.changes(node),
        mount=mount_card(node, read.lookup, read.state),
        described=is_described(node, read.lookup),
        rules=linked_rules(node, read.lookup),
        source_id=choice.node.id,
        name=choice.node.name,
        points=points,
        max_count=max(_limit(choice.node, "max"), 1),
        group=choice.group,
        conditional=choice.hidden,
        group_max=choice.group_max,
    )

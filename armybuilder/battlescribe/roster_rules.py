"""Apply a catalogue's own rules to a roster, as BattleScribe does when it validates one.

The list is first written as a BattleScribe roster (``writer``); each selection is then
checked against the data, with modifiers and conditions evaluated in THAT roster (not the
importer's plain list):

- ``BS-HIDDEN``: a selection whose entry is hidden here (attribute or ``set hidden``
  modifiers): a model only another selection unlocks (Mordor's Giant Spider without
  Shelob's "Fell Beings of Mirkwood"), or an option whose condition does not hold;
- ``BS-MAX`` / ``BS-MIN``: ``<constraint>`` limits on selections (or points) at their scope
  (``self``, ``parent``, ``force``, ``roster``), after the modifiers that change the limit:
  a named character once in the whole roster across armies, Dernhelm's limit set to 0 when
  Éowyn is taken (mutual exclusion), a group's "one of" limit.

Conditions: ``atLeast``/``atMost``/``equalTo``/``notEqualTo``/``greaterThan``/``lessThan``
on ``selections``, ``forces`` or a cost type, counted at a scope (``self``, ``parent``,
``force``, ``roster``, ``primary-catalogue``, an entry id naming an ancestor), with or without
child selections; ``instanceOf``/``notInstanceOf`` at ``self``, ``parent``, ``ancestor`` or
``primary-catalogue``; ``and``/``or`` condition groups, nested; ``repeats``. A selection
matches a ``childId`` by its entry id, the link it came through, its group, or a category.
"""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

from profiles.importers.bs_xml import BsDocument, children

_COMPARE: dict[str, Callable[[float, float], bool]] = {
    "equalTo": lambda count, value: count == value,
    "notEqualTo": lambda count, value: count != value,
    "atLeast": lambda count, value: count >= value,
    "atMost": lambda count, value: count <= value,
    "greaterThan": lambda count, value: count > value,
    "lessThan": lambda count, value: count < value,
}
_WIDE = frozenset({"roster", "force"})


@dataclass(eq=False)
class Sel:
    """One roster selection with the data elements it was made from."""

    name: str
    number: int
    ids: frozenset[str]  # entry id, link ids, group ids, category ids, "model"/"upgrade"
    points: float
    elements: tuple[ET.Element, ...]  # the entry, then the link that reached it
    group: ET.Element | None
    force: Force
    parent: Sel | None = None
    children: list[Sel] = field(default_factory=list)

    def ancestors(self) -> Iterator[Sel]:
        node = self.parent
        while node is not None:
            yield node
            node = node.parent

    def descendants(self) -> Iterator[Sel]:
        for child in self.children:
            yield child
            yield from child.descendants()


@dataclass(eq=False)
class Force:
    catalogue_id: str
    entry_id: str
    roster: Roster
    selections: list[Sel] = field(default_factory=list)

    def all_selections(self) -> Iterator[Sel]:
        for sel in self.selections:
            yield sel
            yield from sel.descendants()


@dataclass(eq=False)
class Roster:
    forces: list[Force] = field(default_factory=list)


@dataclass(frozen=True, slots=True)
class RosterBreach:
    rule_id: str
    message: str
    name: str  # the selection it concerns


class Catalogues:
    """Find entries, links and groups by id in a roster's catalogues and game system."""

    def __init__(self, docs: list[BsDocument]) -> None:
        self.by_id: dict[str, ET.Element] = {}
        for doc in docs:
            for el in doc.root.iter():
                ident = el.get("id")
                if ident and el.tag in ("selectionEntry", "selectionEntryGroup", "entryLink"):
                    self.by_id.setdefault(ident, el)
        self.with_wide_minimum = [
            el
            for el in self.by_id.values()
            if el.tag == "selectionEntry"
            and any(
                c.get("type") == "min" and c.get("scope") in _WIDE
                for c in children(el, "constraints")
            )
        ]

    def elements(self, entry_id: str) -> tuple[ET.Element, ...]:
        """The entry of a ``link::...::entry`` id, then the link that reached it."""
        parts = entry_id.split("::")
        entry = self.by_id.get(parts[-1])
        if entry is None:
            return ()
        link = self.by_id.get(parts[-2]) if len(parts) > 1 else None
        if link is not None and link.tag == "entryLink" and link.get("targetId") == parts[-1]:
            return (entry, link)
        return (entry,)


# -- reading the roster ------------------------------------------------------------------------


def read_roster(root: ET.Element, data: Catalogues) -> Roster:
    """Build the selection tree of a roster written by ``writer`` (namespaces stripped)."""
    roster = Roster()
    for force_el in root.iter("force"):
        force = Force(force_el.get("catalogueId", ""), force_el.get("entryId", ""), roster)
        roster.forces.append(force)
        force.selections = [_sel(el, force, None, data) for el in children(force_el, "selections")]
    return roster


def _sel(el: ET.Element, force: Force, parent: Sel | None, data: Catalogues) -> Sel:
    entry_id = el.get("entryId", "")
    group_id = el.get("entryGroupId", "")
    elements = data.elements(entry_id)
    categories = {c.get("entryId", "") for c in children(el, "categories")}
    ids = {*entry_id.split("::"), *group_id.split("::"), *categories, el.get("type", "")}
    group = next(iter(data.elements(group_id)), None) if group_id else None
    sel = Sel(
        name=el.get("name", ""),
        number=int(el.get("number", "1")),
        ids=frozenset(ids - {""}),
        points=sum(float(c.get("value", "0")) for c in children(el, "costs")),
        elements=elements,
        group=group,
        force=force,
        parent=parent,
    )
    sel.children = [_sel(child, force, sel, data) for child in children(el, "selections")]
    return sel


# -- counting ---------------------------------------------------------------------------------


def _matches(sel: Sel, child_id: str) -> bool:
    return child_id == "any" or child_id in sel.ids


def _pool(scope: str, sel: Sel, deep: bool) -> list[Sel]:
    """The selections a count at ``scope`` looks at, seen from ``sel``."""
    if scope == "self":
        return [sel, *sel.descendants()] if deep else [sel]
    if scope == "parent":
        siblings = sel.parent.children if sel.parent else sel.force.selections
        return _spread(siblings, deep)
    if scope == "force":
        return _spread(sel.force.selections, deep)
    if scope in ("roster", "primary-catalogue"):
        return [s for force in sel.force.roster.forces for s in _spread(force.selections, deep)]
    holder = next((a for a in (sel, *sel.ancestors()) if scope in a.ids), None)
    return [] if holder is None else _spread(holder.children, deep)


def _spread(selections: list[Sel], deep: bool) -> list[Sel]:
    if not deep:
        return list(selections)
    return [s for top in selections for s in (top, *top.descendants())]


def _count(item: ET.Element, sel: Sel, child_id: str) -> float:
    """Count (or total the points of) what ``item`` (a condition, repeat or constraint)
    names at its scope."""
    what, scope = item.get("field", "selections"), item.get("scope", "parent")
    deep = item.get("includeChildSelections") == "true"
    if what == "forces":
        forces = sel.force.roster.forces
        return sum(1 for f in forces if child_id in ("any", f.catalogue_id, f.entry_id))
    pool = [s for s in _pool(scope, sel, deep) if _matches(s, child_id)]
    if what == "selections":
        return sum(s.number for s in pool)
    return sum(s.points for s in pool)  # a cost type id


# -- conditions and modifiers -----------------------------------------------------------------


def condition_holds(cond: ET.Element, sel: Sel) -> bool:
    kind, child = cond.get("type", ""), cond.get("childId", "")
    if kind in ("instanceOf", "notInstanceOf"):
        found = _instance(cond.get("scope", ""), child, sel)
        return found if kind == "instanceOf" else not found
    compare = _COMPARE.get(kind)
    if compare is None:
        return False
    return compare(_count(cond, sel, child), float(cond.get("value", "0")))


def _instance(scope: str, child: str, sel: Sel) -> bool:
    if scope == "primary-catalogue":
        return child == sel.force.catalogue_id
    if scope == "self":
        return _matches(sel, child)
    if scope == "parent":
        return sel.parent is not None and _matches(sel.parent, child)
    return any(_matches(a, child) for a in (sel, *sel.ancestors()))  # "ancestor"


def conditions_hold(el: ET.Element, sel: Sel) -> bool:
    conds = all(condition_holds(c, sel) for c in children(el, "conditions"))
    return conds and all(_group_holds(g, sel) for g in children(el, "conditionGroups"))


def _group_holds(group: ET.Element, sel: Sel) -> bool:
    results = [condition_holds(c, sel) for c in children(group, "conditions")]
    results += [_group_holds(g, sel) for g in children(group, "conditionGroups")]
    return any(results) if group.get("type") == "or" else all(results)


def active_modifiers(el: ET.Element, sel: Sel) -> Iterator[ET.Element]:
    for modifier in children(el, "modifiers"):
        if conditions_hold(modifier, sel):
            yield modifier
    for group in children(el, "modifierGroups"):
        if conditions_hold(group, sel):
            yield from active_modifiers(group, sel)


def _times(modifier: ET.Element, sel: Sel) -> int:
    repeats = list(children(modifier, "repeats"))
    if not repeats:
        return 1
    total = 0
    for repeat in repeats:
        per = float(repeat.get("value", "1")) or 1.0
        ratio = _count(repeat, sel, repeat.get("childId", "")) / per
        steps = math.ceil(ratio) if repeat.get("roundUp") == "true" else math.floor(ratio)
        total += steps * int(repeat.get("repeats", "1"))
    return total


def modified_number(value: float, elements: tuple[ET.Element, ...], key: str, sel: Sel) -> float:
    for el in elements:
        for modifier in active_modifiers(el, sel):
            if modifier.get("field") != key:
                continue
            amount = float(modifier.get("value", "0"))
            kind = modifier.get("type")
            if kind == "set":
                value = amount
            elif kind == "increment":
                value += amount * _times(modifier, sel)
            elif kind == "decrement":
                value -= amount * _times(modifier, sel)
    return value


def hidden_here(elements: tuple[ET.Element, ...], sel: Sel) -> bool:
    hidden = any(el.get("hidden") == "true" for el in elements)
    for el in elements:
        for modifier in active_modifiers(el, sel):
            if modifier.get("field") == "hidden" and modifier.get("type") == "set":
                hidden = modifier.get("value") == "true"
    return hidden


# -- the checks -------------------------------------------------------------------------------


def roster_breaches(roster: Roster, data: Catalogues) -> list[RosterBreach]:
    """Every breach of the data's own rules, each limit reported once per scope."""
    found: dict[tuple[str, ...], RosterBreach] = {}
    for force in roster.forces:
        for sel in force.all_selections():
            for key, breach in _selection_breaches(sel):
                found.setdefault(key, breach)
    for force in roster.forces:
        for key, breach in _unselected_minima(force, data):
            found.setdefault(key, breach)
    return list(found.values())


def _unselected_minima(
    force: Force, data: Catalogues
) -> Iterator[tuple[tuple[str, ...], RosterBreach]]:
    """Roster- and force-wide minima of entries nobody selected (the "Leader (Legend)" the
    data asks for once a Hero of Legend is in the list), seen from the force's root."""
    for entry in data.with_wide_minimum:
        probe = Sel(entry.get("name", ""), 0, frozenset(), 0.0, (entry,), None, force)
        for constraint in children(entry, "constraints"):
            if constraint.get("type") == "min" and constraint.get("scope") in _WIDE:
                yield from _limit(constraint, (entry,), entry.get("id", ""), probe)


def _selection_breaches(sel: Sel) -> Iterator[tuple[tuple[str, ...], RosterBreach]]:
    if sel.elements and hidden_here(sel.elements, sel):
        message = f"{sel.name} is not available here: the data offers it only when its "
        message += "conditions hold (unlocked by another selection, a legion or an ally)."
        yield ("hidden", str(id(sel))), RosterBreach("BS-HIDDEN", message, sel.name)
    owners = [(sel.elements, sel.elements[0].get("id", "") if sel.elements else "")]
    if sel.group is not None:
        owners.append(((sel.group,), sel.group.get("id", "")))
    for elements, child_id in owners:
        for el in elements:
            for constraint in children(el, "constraints"):
                yield from _limit(constraint, elements, child_id, sel)


def _limit(
    constraint: ET.Element, elements: tuple[ET.Element, ...], child_id: str, sel: Sel
) -> Iterator[tuple[tuple[str, ...], RosterBreach]]:
    kind = constraint.get("type")
    if kind not in ("min", "max") or constraint.get("percentValue") == "true":
        return
    ident = constraint.get("id", "")
    limit = modified_number(float(constraint.get("value", "0")), elements, ident, sel)
    if kind == "max" and limit < 0:
        return  # -1: no limit
    count = _count(constraint, sel, child_id)
    if (kind == "max" and count > limit) or (kind == "min" and count < limit):
        what = "points" if constraint.get("field") not in ("selections", "forces") else ""
        bound = "allows at most" if kind == "max" else "asks for at least"
        message = (
            f"{sel.name}: {_number(count)} {what or 'taken'} where the data {bound} "
            f"{_number(limit)} ({_scope_words(constraint.get('scope', ''))})."
        )
        scope_key = _scope_key(constraint.get("scope", ""), sel)
        rule = "BS-MAX" if kind == "max" else "BS-MIN"
        yield (rule, ident, scope_key), RosterBreach(rule, message, sel.name)


def _scope_key(scope: str, sel: Sel) -> str:
    if scope in ("roster", "primary-catalogue"):
        return "roster"
    if scope == "force":
        return str(id(sel.force))
    if scope == "parent":
        return str(id(sel.parent or sel.force))
    return str(id(sel))


def _scope_words(scope: str) -> str:
    return {
        "roster": "in the whole list",
        "force": "in this army",
        "parent": "in the entry that holds it",
        "self": "in this selection",
        "primary-catalogue": "in the whole list",
    }.get(scope, "in its entry")


def _number(value: float) -> str:
    return str(int(value)) if value == int(value) else f"{value:g}"

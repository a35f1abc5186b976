"""Evaluate BattleScribe modifiers, conditions and repeats for a plain list of one army.

BattleScribe computes a selection's costs, characteristics, name and visibility at roster time:
``<modifier type="set|increment|decrement|append" field="..." value="...">`` changes ``field``
when all its ``<conditions>`` and ``<conditionGroups>`` hold, ``repeats`` times over.

We import catalogue data, not rosters, so we evaluate every modifier in ONE fixed roster state,
the *plain list*: a list of the catalogue's own army holding just the model being priced, with
no option, no Legendary Legion, no ally and no other selection. In that state:

- a ``selections`` count is 1 for the ids in ``PlainList.selected`` (the model, the entry that
  carries its profile, and when an option is priced, that option), and 0 for anything else,
  whatever the scope (roster, force, parent, self or an entry id);
- ``instanceOf``/``notInstanceOf`` with scope ``ancestor`` test the real path that reached the
  entry (entry ids and their categories); with scope ``primary-catalogue`` they test the
  catalogue being imported;
- a repeat adds ``value * repeats`` for each full ``repeat.value`` of the counted selections
  (``roundUp`` rounds up), so "+1 point per Warrior" prices one model at +1.
"""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from dataclasses import dataclass

from profiles.importers.bs_xml import children

_COMPARE = {
    "equalTo": lambda count, value: count == value,
    "notEqualTo": lambda count, value: count != value,
    "atLeast": lambda count, value: count >= value,
    "atMost": lambda count, value: count <= value,
    "greaterThan": lambda count, value: count > value,
    "lessThan": lambda count, value: count < value,
}


@dataclass(frozen=True, slots=True)
class PlainList:
    """The fixed roster state every modifier is evaluated in (see the module docstring)."""

    catalogue_id: str
    ancestors: frozenset[str]  # ids of entries on the path and of their categories
    selected: frozenset[str]  # ids counted once; everything else counts 0

    def count(self, child_id: str | None) -> int:
        return 1 if child_id in self.selected else 0


def condition_holds(cond: ET.Element, state: PlainList) -> bool:
    """Return whether one ``<condition>`` holds in the plain list."""
    kind = cond.get("type", "")
    child = cond.get("childId")
    if kind in ("instanceOf", "notInstanceOf"):
        found = _is_instance(cond.get("scope", ""), child, state)
        return found if kind == "instanceOf" else not found
    compare = _COMPARE.get(kind)
    if compare is None or cond.get("field") != "selections":
        return False  # unknown kinds and cost-based conditions never fire in a plain list
    return compare(state.count(child), float(cond.get("value", "0")))


def _is_instance(scope: str, child: str | None, state: PlainList) -> bool:
    if scope == "primary-catalogue":
        return child == state.catalogue_id
    return child in state.ancestors or child in state.selected


def conditions_hold(el: ET.Element, state: PlainList) -> bool:
    """Return whether all conditions and condition groups directly under ``el`` hold."""
    conds = all(condition_holds(c, state) for c in children(el, "conditions"))
    return conds and all(_group_holds(g, state) for g in children(el, "conditionGroups"))


def _group_holds(group: ET.Element, state: PlainList) -> bool:
    results = [condition_holds(c, state) for c in children(group, "conditions")]
    results += [_group_holds(g, state) for g in children(group, "conditionGroups")]
    if group.get("type") == "or":
        return any(results)
    return all(results)


def repeat_times(modifier: ET.Element, state: PlainList) -> int:
    """Return how many times a modifier applies (1 without ``<repeats>``)."""
    repeats = list(children(modifier, "repeats"))
    if not repeats:
        return 1
    return sum(_one_repeat(r, state) for r in repeats)


def _one_repeat(repeat: ET.Element, state: PlainList) -> int:
    per = float(repeat.get("value", "1")) or 1.0
    count = state.count(repeat.get("childId")) if repeat.get("field") == "selections" else 0
    ratio = count / per
    steps = math.ceil(ratio) if repeat.get("roundUp") == "true" else math.floor(ratio)
    return steps * int(repeat.get("repeats", "1"))


def active_modifiers(el: ET.Element, state: PlainList) -> Iterator[ET.Element]:
    """Yield the modifiers of ``el`` that apply in the plain list, groups flattened in order."""
    for modifier in children(el, "modifiers"):
        if conditions_hold(modifier, state):
            yield modifier
    for group in children(el, "modifierGroups"):
        if conditions_hold(group, state):
            yield from active_modifiers(group, state)


def apply_number(value: float, el: ET.Element, field_id: str, state: PlainList) -> float:
    """Return ``value`` after the numeric modifiers of ``el`` that target ``field_id``."""
    for modifier in active_modifiers(el, state):
        if modifier.get("field") == field_id:
            value = _numeric(value, modifier, state)
    return value


def _numeric(value: float, modifier: ET.Element, state: PlainList) -> float:
    try:
        amount = float(modifier.get("value", "0"))
    except ValueError:
        return value
    kind = modifier.get("type")
    if kind == "set":
        return amount
    times = repeat_times(modifier, state)
    if kind == "increment":
        return value + amount * times
    if kind == "decrement":
        return value - amount * times
    return value


def apply_text(value: str, el: ET.Element, field_id: str, state: PlainList) -> str:
    """Return ``value`` after the ``set``/``append`` modifiers of ``el`` on ``field_id``."""
    for modifier in active_modifiers(el, state):
        if modifier.get("field") != field_id:
            continue
        if modifier.get("type") == "set":
            value = modifier.get("value", "")
        elif modifier.get("type") == "append":
            value = f"{value}{modifier.get('value', '')}"
    return value


def is_hidden(el: ET.Element, state: PlainList) -> bool:
    """Return whether ``el`` is hidden in the plain list (its attribute, then modifiers)."""
    hidden = el.get("hidden") == "true"
    for modifier in active_modifiers(el, state):
        if modifier.get("field") == "hidden" and modifier.get("type") == "set":
            hidden = modifier.get("value") == "true"
    return hidden

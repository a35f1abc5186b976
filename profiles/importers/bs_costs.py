"""Price models and options in points, the way BattleScribe totals a plain list.

A selection's cost is its ``<cost typeId="<Points>">`` after the modifiers of the entry and
then of the link that reached it (``set`` replaces, ``increment``/``decrement`` add, each
``repeats`` times). The catalogue authors price most warriors through a ``set`` on the
``entryLink`` to a generic "Warrior" model and most options through ``increment``
modifiers repeated once per model, so reading ``<cost>`` alone gets those wrong.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET

from profiles.importers.bs_modifiers import PlainList, apply_number
from profiles.importers.bs_tree import Node, NodePath
from profiles.importers.bs_xml import children

POINTS_NAME = "Points"


def points_type_id(system_root: ET.Element) -> str:
    """Return the id of the game system's points cost type (named " Points" in SBG data)."""
    for cost_type in children(system_root, "costTypes"):
        if cost_type.get("name", "").strip().lower() == POINTS_NAME.lower():
            return cost_type.get("id", "")
    raise KeyError("the game system defines no Points cost type")


def node_points(node: Node, points_id: str, state: PlainList) -> float:
    """Return one selection of ``node`` priced in the plain list."""
    value = _base_cost(node.entry, points_id)
    for el in node.elements():
        value = apply_number(value, el, points_id, state)
    return value


def _base_cost(entry: ET.Element, points_id: str) -> float:
    for cost in children(entry, "costs"):
        if cost.get("typeId") == points_id:
            return float(cost.get("value", "0"))
    return 0.0


def model_points(path: NodePath, points_id: str, state: PlainList) -> int:
    """Return one model's price in a plain list: its own cost plus its priced wrappers.

    The wrappers are the entries between the nearest enclosing model (or the catalogue root)
    and the model. Most cost 0; a positive one is a package the model cannot be taken
    without (a siege engine with its veteran, "Elladan & Elrohir", a Signal Tower with
    Azog's Lieutenants), so the package price is the model's. A negative one is the rebate
    for the crew that come free with an engine ("Minas Tirith Crew" -14 for two crew at 7):
    it is left out, so a crew profile shows the price of one more crew model.
    """
    packages = sum(price for _, price in packages_of(path, points_id, state))
    return max(round(node_points(path[-1], points_id, state) + packages), 0)


def packages_of(path: NodePath, points_id: str, state: PlainList) -> list[tuple[Node, float]]:
    """Return the positively priced wrappers of the path's model, outermost first."""
    wrappers = path[wrapper_start(path) : -1]
    priced = ((node, node_points(node, points_id, state)) for node in wrappers)
    return [(node, price) for node, price in priced if price > 0]


def wrapper_start(path: NodePath) -> int:
    """Return the index after the last model enclosing the path's model (0 if none)."""
    for index in range(len(path) - 2, -1, -1):
        if path[index].is_model:
            return index + 1
    return 0

"""Siege Engines in the data (SBG rulebook part 2 §11): an engine is an upgrade entry showing a
"Siege" profile (Strength in brackets, Defence, Wounds) with its special rules and upgrade
options; its crew are models bought inside it (its Siege Veteran or Engineer Captain) or in its
Warband. The engine's card rides on the crewman's profile it is bought with."""

from __future__ import annotations

from dataclasses import replace

from profiles.importers.bs_characteristics import characteristic_texts, first_number
from profiles.importers.bs_dataset import ParsedOption, ParsedSiegeEngine
from profiles.importers.bs_modifiers import PlainList
from profiles.importers.bs_options import choices, equipment
from profiles.importers.bs_rules import rules
from profiles.importers.bs_tree import Lookup, Node, NodePath, info_nodes, shows_unit_profile

SIEGE = "Siege"
_WARBANDS = frozenset({"warband", "captainless warband"})


def siege_profile(node: Node, lookup: Lookup) -> Node | None:
    """The "Siege" profile the entry itself shows, if any."""
    for info in info_nodes(node, lookup):
        if info.entry.tag == "profile" and info.entry.get("typeName") == SIEGE:
            return info
    return None


def engine_node(path: NodePath, lookup: Lookup) -> Node | None:
    """The siege engine the model is bought inside (its veteran or Engineer Captain); not
    for the models of the engine's Warband (crew are bought there, but so are others)."""
    for node in reversed(path[:-1]):
        if node.name.strip().lower() in _WARBANDS:
            return None
        if siege_profile(node, lookup) is not None:
            return node
    return None


def engine_card(
    node: Node, lookup: Lookup, points_id: str, state: PlainList
) -> ParsedSiegeEngine | None:
    """SE-PROF-01: the engine's card, its rules and the upgrades its entry offers; None when
    a characteristic has no number."""
    card = siege_profile(node, lookup)
    if card is None:
        return None
    texts = characteristic_texts(card, state)
    values = [first_number(texts.get(name)) for name in ("Strength", "Defence", "Wounds")]
    if any(value is None for value in values):
        return None
    strength, defence, wounds = (int(v) for v in values if v is not None)
    return ParsedSiegeEngine(
        name=card.entry.get("name", node.name).strip(),
        strength=strength,
        defence=defence,
        wounds=wounds,
        rules=tuple(rule.name for rule in rules((node,), lookup, state)),
        upgrades=tuple(option.name for option in engine_upgrades(node, lookup, points_id, state)),
    )


def option_engine(
    nodes: tuple[Node, ...], lookup: Lookup, points_id: str, state: PlainList
) -> ParsedSiegeEngine | None:
    """An engine a Hero buys as an option of his own (Bard the Bowman's Windlance, BSData
    4741-f743-34e6-9196): the option shows the "Siege" card; the Hero is its crew, and the
    engine comes only with the option."""
    for choice in choices(nodes, lookup, state):
        card = engine_card(choice.node, lookup, points_id, state)
        if card is not None:
            return replace(card, option=choice.node.name)
    return None


def engine_upgrades(
    node: Node, lookup: Lookup, points_id: str, state: PlainList
) -> tuple[ParsedOption, ...]:
    """SE-UPG-*: the options the engine's entry offers, but not the crewmen it sells (the
    Siege Veteran and Engineer Captain of a Hero group are models, not upgrades)."""
    crew = _crewmen(node, lookup)
    kit = equipment((node,), lookup, points_id, state)
    return tuple(option for option in kit.options if option.name not in crew)


def _crewmen(node: Node, lookup: Lookup) -> frozenset[str]:
    """Names of the entries inside the engine (not its Warband) that show a unit profile."""
    found: set[str] = set()
    stack, seen = [node.entry], {node.id}
    while stack:
        for child in lookup.tree_children(stack.pop()):
            if child.is_model or shows_unit_profile(child, lookup):
                found.add(child.name)
            elif child.id not in seen and child.name.strip().lower() not in _WARBANDS:
                seen.add(child.id)
                stack.append(child.entry)
    return frozenset(found)

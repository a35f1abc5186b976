"""What an option bought for a model does to its card, as the data states it.

Two kinds of effect are read, by structure (never by catalogue or option name):

- **characteristic changes**: the model's Hero/Warrior profile (or its link) carries modifiers
  on a characteristic whose conditions or repeats count the option ("Extra Might" increments
  Might once per selection; "Gnarled Hide" sets the Mûmak's Defence to 8). Each change is
  found by evaluating the profile's numeric modifiers in the plain list with and without the
  option selected once: ``("might", "add", 1)``, ``("defence", "set", 8)``.
- **a mount card**: the option shows a Hero/Warrior profile of its own ("Fell Warg",
  "Armoured Fell Beast", "The White Warg"): the model rides it (CAV-DEF-02, 002:L1268).

- **rules it links**: an infoLink to a rule of the game system ("Hearthguard" links Burly):
  the model has that rule, as if its card listed it.

``described``: the option carries rule text of its own (a rule written on it, or a wargear
profile's "Rules" cell), which an engine rule must play besides any characteristic change.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from dataclasses import replace
from typing import Any

from profiles.importers.bs_characteristics import (
    UnreadableProfileError,
    characteristic_texts,
    first_number,
    read_characteristics,
)
from profiles.importers.bs_dataset import ParsedMount, ParsedOption
from profiles.importers.bs_modifiers import PlainList, active_modifiers, repeat_times
from profiles.importers.bs_tree import Lookup, Node, hero_or_warrior_profile, info_nodes
from profiles.importers.bs_xml import children

# Cell name -> card field; Fight is the number before the slash of "5/4+".
_FIELDS = {
    "Movement": "move",
    "Fight": "fight",
    "Strength": "strength",
    "Defense": "defence",
    "Attack": "attacks",
    "Wounds": "wounds",
    "Courage": "courage",
    "Might": "might",
    "Will": "will",
    "Fate": "fate",
}
Change = tuple[str, str, int]
_INCHES = re.compile(r'\s*(\d+(?:\.\d+)?)\s*"\s*')


def selected_with(node: Node, state: PlainList) -> PlainList:
    """The plain list with the option (and the link that reaches it) selected once."""
    link_id = node.link.get("id", "") if node.link is not None else ""
    return replace(state, selected=state.selected | {node.id, link_id})


def characteristic_changes(profile: Node, option: Node, state: PlainList) -> tuple[Change, ...]:
    """The changes the profile's own modifiers make when ``option`` is selected once."""
    chosen = selected_with(option, state)
    found: list[Change] = []
    for cell in children(profile.entry, "characteristics"):
        field = _FIELDS.get(cell.get("name", ""))
        type_id = cell.get("typeId", "")
        if field is None or not type_id:
            continue
        base = first_number(cell.text) or 0
        without, set_without = _value(base, profile, type_id, state)
        with_option, set_with = _value(base, profile, type_id, chosen)
        if set_with and not set_without:
            found.append((field, "set", with_option))
        elif with_option != without:
            found.append((field, "add", with_option - without))
    return tuple(found)


def _value(base: int, profile: Node, type_id: str, state: PlainList) -> tuple[int, bool]:
    """The cell's number after its numeric modifiers, and whether a ``set`` applied."""
    value, was_set = float(base), False
    for el in profile.elements():
        for modifier in active_modifiers(el, state):
            if modifier.get("field") != type_id:
                continue
            amount = _amount(modifier)
            if amount is None:
                continue
            kind = modifier.get("type")
            if kind == "set":
                value, was_set = amount, True
            elif kind in ("increment", "decrement"):
                sign = 1 if kind == "increment" else -1
                value += sign * amount * repeat_times(modifier, state)
    return round(value), was_set


def _amount(modifier: ET.Element) -> float | None:
    text = modifier.get("value", "")
    inches = _INCHES.fullmatch(text)
    if inches is not None:  # a Move set as a cell reads, 8" (Mauhúr's Marauders)
        return float(inches.group(1))
    try:
        return float(text)
    except ValueError:
        return None  # a text modifier ("-", "O"): no number to play


def mount_card(option: Node, lookup: Lookup, state: PlainList) -> ParsedMount | None:
    """The Hero/Warrior card the option shows, read as a mount; None when it shows none or
    the card holds no number the engine could ride with."""
    card = hero_or_warrior_profile(option, lookup, state)
    if card is None:
        return None
    texts = characteristic_texts(card, state)
    try:
        values = read_characteristics(texts, hero=card.entry.get("typeName") == "Hero")
    except UnreadableProfileError:
        return None
    if values.notes and any(field != "shoot" for field, _ in values.notes):
        return None
    keywords = tuple((texts.get("Keywords") or "").split())
    rules = tuple(
        dict.fromkeys(
            info.entry.get("name", "").strip()
            for info in info_nodes(option, lookup)
            if info.entry.tag == "rule"
        )
    )
    return ParsedMount(option.name, values, keywords, tuple(r for r in rules if r))


def is_described(option: Node, lookup: Lookup) -> bool:
    """Whether the option carries rule text of its own: a rule written on it, or a profile
    with a "Rules" cell (a rule it only links, shared by the game system, is ``linked_rules``)."""
    for info in info_nodes(option, lookup):
        if info.entry.tag == "rule" and not _linked(info):
            return True
        if info.entry.tag == "profile" and _has_rules_cell(info.entry):
            return True
    return False


def linked_rules(option: Node, lookup: Lookup) -> tuple[str, ...]:
    """The game system's rules the option links ("Hearthguard" links Burly): bought, the
    model has them, as a card lists its special rules."""
    return tuple(
        info.name
        for info in info_nodes(option, lookup)
        if info.entry.tag == "rule" and _linked(info)
    )


def _linked(info: Node) -> bool:
    return info.link is not None and info.link.tag.endswith("infoLink")


def _has_rules_cell(profile: ET.Element) -> bool:
    return any(
        cell.get("name") == "Rules" and (cell.text or "").strip()
        for cell in children(profile, "characteristics")
    )


def option_effects(option: ParsedOption) -> dict[str, Any]:
    """The option's effects as plain data (``ProfileOption.effects``, the engine's
    ``battlesim/engines/sbg/options.apply_effects``); empty when it has none."""
    found: dict[str, Any] = {}
    if option.changes:
        found["changes"] = [list(change) for change in option.changes]
    if option.mount is not None:
        c = option.mount.characteristics
        numbers = ("move", "fight", "shoot", "strength", "defence", "attacks", "wounds")
        found["mount"] = {
            "name": option.mount.name,
            **{key: getattr(c, key) for key in (*numbers, "courage")},
            **{key: getattr(c, key) for key in ("might", "will", "fate") if getattr(c, key)},
            "keywords": list(option.mount.keywords),
            "rules": list(option.mount.rules),
        }
    if option.rules:
        found["rules"] = list(option.rules)
    if found and option.described:
        found["described"] = True
    return found

"""A model's second form: the bear a Skin-changer turns into (Beorn, Grimbeorn).

The data gives it as an upgrade bought inside the model ("Beorn the Bear", min 1) that shows
a Hero/Warrior profile of its own, with the form's own rules ("Beorn the Bear*", "Berserk",
"Crushing Strength"). A plain reading would make that upgrade an item of wargear; the model
carries a rule that changes its form, so the upgrade is its other form instead. Matched by the
rule (its name or its game-system id) and the profile's type, never by catalogue.
"""

from __future__ import annotations

from profiles.importers.bs_characteristics import (
    characteristic_texts,
    read_characteristics,
    split_list,
)
from profiles.importers.bs_dataset import ParsedForm
from profiles.importers.bs_modifiers import PlainList
from profiles.importers.bs_rules import parse_rule, rules
from profiles.importers.bs_tree import (
    Lookup,
    Node,
    hero_or_warrior_profile,
    info_nodes,
    node_hidden,
)

# BSData bf2e-3118-471d-9720 "Skin-Changer (Active)": the model changes shape from a man into
# a bear (or back) and takes the other model's profile.
FORM_RULE_IDS = frozenset({"bf2e-3118-471d-9720"})
FORM_RULE_NAMES = frozenset({"skin-changer"})


def changes_form(nodes: tuple[Node, ...], lookup: Lookup, state: PlainList) -> str:
    """The name of the model's form-changing rule ("" when it has none)."""
    for node in nodes:
        for info in info_nodes(node, lookup):
            if info.entry.tag != "rule" or node_hidden(info, state):
                continue
            rule = parse_rule(info, state)
            if info.id in FORM_RULE_IDS or rule.name.strip().lower() in FORM_RULE_NAMES:
                return rule.name
    return ""


def form_entry(model: Node, lookup: Lookup, state: PlainList) -> Node | None:
    """The upgrade inside the model that shows a Hero/Warrior profile: its other form."""
    stack, seen = [model.entry], {model.id}
    while stack:
        for child in lookup.tree_children(stack.pop()):
            if child.is_model or child.id in seen:
                continue
            seen.add(child.id)
            if child.entry.tag == "selectionEntry" and _shows_form(child, lookup, state):
                return child
            stack.append(child.entry)
    return None


def _shows_form(node: Node, lookup: Lookup, state: PlainList) -> bool:
    return hero_or_warrior_profile(node, lookup, state) is not None


def other_form(
    nodes: tuple[Node, ...], lookup: Lookup, state: PlainList
) -> tuple[ParsedForm, str] | None:
    """The model's other form and the name of the upgrade that holds it, when the model
    carries a form-changing rule and its entry offers such an upgrade; else None."""
    rule = changes_form(nodes, lookup, state)
    if not rule:
        return None
    entry = form_entry(nodes[-1], lookup, state)
    if entry is None:
        return None
    card = hero_or_warrior_profile(entry, lookup, state)
    if card is None:
        return None
    texts = characteristic_texts(card, state)
    form = ParsedForm(
        name=card.entry.get("name", entry.name).strip(),
        rule=rule,
        characteristics=read_characteristics(texts, hero=card.entry.get("typeName") == "Hero"),
        keywords=split_list(texts.get("Keywords")),
        heroic_actions=split_list(texts.get("Heroic Actions")),
        rules=tuple(r.name for r in rules((entry,), lookup, state)),
    )
    return form, entry.name

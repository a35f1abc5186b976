"""Read what a model shows besides its profile: special rules, magical powers, its book.

Rules are ``<rule>`` elements or ``infoLink``s to the game system's shared rules, often in a
"Special Rules" info group; "(Active)"/"(Passive)" ends their name. A magical power is a
shared "Magical Power" profile linked from the caster, whose link sets this caster's Range and
Casting value (the shared profile leaves both blank).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from profiles.importers.bs_characteristics import characteristic_texts, first_number
from profiles.importers.bs_dataset import ParsedPower, ParsedRule, RuleKind
from profiles.importers.bs_modifiers import PlainList, apply_text
from profiles.importers.bs_tree import Lookup, Node, info_nodes, node_hidden

_RULE_KIND = re.compile(r"\s*\((Active|Passive)\)\s*$", re.IGNORECASE)
MAGICAL_POWER = "Magical Power"


def rules(nodes: tuple[Node, ...], lookup: Lookup, state: PlainList) -> Iterator[ParsedRule]:
    """Yield the visible special rules shown on the nodes, each name once."""
    seen: set[str] = set()
    for node in nodes:
        for info in info_nodes(node, lookup):
            if info.entry.tag != "rule" or node_hidden(info, state):
                continue
            rule = parse_rule(info, state)
            if rule.name not in seen:
                seen.add(rule.name)
                yield rule


def parse_rule(info: Node, state: PlainList) -> ParsedRule:
    """Read a rule; "(Active)"/"(Passive)" at the end of its name gives its kind."""
    name = info.entry.get("name", "")
    for el in info.elements():
        name = apply_text(name, el, "name", state)
    match = _RULE_KIND.search(name)
    kind = RuleKind(match.group(1).lower()) if match else RuleKind.UNSPECIFIED
    text = (info.entry.findtext("description") or "").strip()
    return ParsedRule(name=_RULE_KIND.sub("", name).strip(), kind=kind, text=text)


def powers(nodes: tuple[Node, ...], lookup: Lookup, state: PlainList) -> Iterator[ParsedPower]:
    """Yield the magical powers with this caster's range and casting value."""
    seen: set[str] = set()
    for node in nodes:
        for info in info_nodes(node, lookup):
            if info.entry.get("typeName") != MAGICAL_POWER or node_hidden(info, state):
                continue
            power = parse_power(info, state)
            if power is not None and power.name not in seen:
                seen.add(power.name)
                yield power


def parse_power(info: Node, state: PlainList) -> ParsedPower | None:
    """Read a power; None when no casting value is given (nothing to cast)."""
    texts = characteristic_texts(info, state)
    casting = first_number(texts.get("Casting"))
    if casting is None:
        return None
    name = info.entry.get("name", "")
    for el in info.elements():
        name = apply_text(name, el, "name", state)
    return ParsedPower(
        name=name,
        text=_power_text(texts),
        range_inches=first_number(texts.get("Range")),
        casting_value=casting,
    )


def _power_text(texts: dict[str, str]) -> str:
    parts = [f"Duration: {texts['Duration']}." if texts.get("Duration") else ""]
    parts.append(texts.get("Rule", ""))
    if texts.get("Channelled"):
        parts.append(f"Channelled: {texts['Channelled']}")
    return " ".join(p for p in parts if p)


def source_reference(profile: Node, publications: dict[str, str]) -> str:
    """Return "<publication>, p. <page>" of the profile, or "" when the data gives none."""
    book = publications.get(profile.entry.get("publicationId", ""), "")
    page = profile.entry.get("page", "")
    if book and page:
        return f"{book}, p. {page}"[:200]
    return (book or (f"p. {page}" if page else ""))[:200]

"""Refuse corrupted BattleScribe data before anything is read from it.

Every link must reach an element of the loaded files, and every value the importer computes
with must be a number (costs, constraint, condition and repeat values, numeric modifiers,
and the cells of Hero/Warrior profiles unless ``*``, ``-``, ``?`` or blank). The first fault
stops the import with a ``CorruptDataError`` naming the file, the entry and the line, so
nothing is written (the import writes in one transaction after parsing anyway).
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Iterator

from profiles.importers.bs_xml import BattleScribeError, BsDocument, children
from profiles.stat_values import token_kind

_LINK_TAGS = frozenset({"entryLink", "infoLink", "categoryLink"})
_NUMBER_ATTRS: dict[str, tuple[str, ...]] = {
    "cost": ("value",),
    "constraint": ("value",),
    "condition": ("value",),
    "repeat": ("value", "repeats"),
}
_UNIT_PROFILES = frozenset({"Hero", "Warrior"})
# Elements a message names as "the entry" (a link is named by the entry holding it).
_ENTRY_TAGS = frozenset(
    {"selectionEntry", "selectionEntryGroup", "profile", "rule", "infoGroup"}
    | {"categoryEntry", "forceEntry", "costType", "publication"}
)
_NUMERIC_CELLS = frozenset(
    {"Movement", "Fight", "Strength", "Defense", "Attack", "Wounds", "Courage"}
    | {"Might", "Will", "Fate"}
)


class CorruptDataError(BattleScribeError):
    """A dangling link or a value that should be a number and is not."""


MAX_REPORTED = 5


def check_documents(system: BsDocument, catalogues: list[BsDocument]) -> None:
    """Raise ``CorruptDataError`` naming the first faults (up to ``MAX_REPORTED``)."""
    faults = list(_faults(system, catalogues))
    if faults:
        more = f" (and {len(faults) - MAX_REPORTED} more)" if len(faults) > MAX_REPORTED else ""
        raise CorruptDataError("corrupted data: " + "; ".join(faults[:MAX_REPORTED]) + more)


def _faults(system: BsDocument, catalogues: list[BsDocument]) -> Iterator[str]:
    known = set(system.ids)
    for cat in catalogues:
        known.update(cat.ids)
    known.update(cat.id for cat in catalogues)
    numeric_fields = _numeric_field_ids(system, catalogues)
    for doc in (system, *catalogues):
        for el, trail in _walk(doc.root, ()):
            problem = _problem(el, known, numeric_fields)
            if problem:
                name = " > ".join(trail[-2:]) or doc.name
                yield f"{doc.path.name}, line {doc.line(el)}, entry {name!r}: {problem}"


def _numeric_field_ids(system: BsDocument, catalogues: list[BsDocument]) -> frozenset[str]:
    """Cost types and constraints: a modifier on one of them sets or adds a number."""
    ids = {c.get("id", "") for c in children(system.root, "costTypes")}
    for doc in (system, *catalogues):
        ids.update(el.get("id", "") for el in doc.root.iter("constraint"))
    return frozenset(ids - {""})


def _walk(el: ET.Element, trail: tuple[str, ...]) -> Iterator[tuple[ET.Element, tuple[str, ...]]]:
    """Yield each element with the names of the entries holding it, outermost first (a
    message names the last two: "Captain of Númenor > Wargear")."""
    for child in el:
        named = child.tag in _ENTRY_TAGS
        name = child.get("name") or child.get("id", child.tag)
        here = (*trail, name) if named and trail[-1:] != (name,) else trail
        yield child, here
        yield from _walk(child, here)


def _problem(el: ET.Element, known: set[str], numeric_fields: frozenset[str]) -> str:
    if el.tag in _LINK_TAGS and el.get("targetId") not in known:
        return f"<{el.tag}> points at {el.get('targetId')!r}, which no loaded file defines"
    for attr in _NUMBER_ATTRS.get(el.tag, ()):
        if attr in el.attrib and not _is_number(el.get(attr, "")):
            return f"<{el.tag}> {attr}={el.get(attr)!r} is not a number"
    if _numeric_modifier(el, numeric_fields) and not _is_number(el.get("value", "")):
        return f"<modifier> value={el.get('value')!r} is not a number"
    if el.tag == "profile" and el.get("typeName") in _UNIT_PROFILES:
        return _cell_problem(el)
    return ""


def _numeric_modifier(el: ET.Element, numeric_fields: frozenset[str]) -> bool:
    return (
        el.tag == "modifier"
        and el.get("field") in numeric_fields
        and el.get("type") in ("set", "increment", "decrement")
    )


def _cell_problem(profile: ET.Element) -> str:
    for cell in children(profile, "characteristics"):
        text = cell.text or ""
        if cell.get("name") in _NUMERIC_CELLS and not _cell_readable(text):
            return f"characteristic {cell.get('name')} {text.strip()!r} is not a number"
    return ""


def _cell_readable(text: str) -> bool:
    if any(ch.isdigit() for ch in text) or token_kind(text) is not None:
        return True
    fight, slash, shoot = text.partition("/")  # "-/-" and "?/4+" are readable too
    return bool(slash) and all(_cell_readable(part) for part in (fight, shoot))


def _is_number(text: str) -> bool:
    try:
        float(text)
    except ValueError:
        return False
    return True

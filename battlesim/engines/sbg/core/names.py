"""Names of rules, wargear and powers as army data spells them, brought to one canonical form.

Army data writes the same rule many ways: ``"Heroic Defense"``, ``Terror (Passive)``,
``Hatred(Angmar)``, ``*The Lady of Lothlórien``, ``Elven-made Hand-and-a-Half Sword``. ``parse``
turns a name into its canonical name (lower case, no "(Active)"-like tag, no bracketed
parameter), the parameters it carried ("angmar") and, for wargear, the names it stands for
(``hand-and-a-half sword`` + ``elven-made``). Only the code here is generic (case, spaces,
quotes, asterisks, brackets, quality prefixes); every spelling variant and every class of name
is data in ``names.yaml``, so no blind stemmer merges two rules that only look alike.

Each canonical name also has a class (``class_of``): *battle* (played by the engine or to be
played), *list-building* (handled when the army is built) or *flavour* (no effect on play).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from functools import cache
from pathlib import Path
from typing import Any

import yaml

__all__ = [
    "Classification",
    "NameClass",
    "NameTable",
    "NameTableError",
    "ParsedName",
    "canonical",
    "class_of",
    "clean",
    "parse",
    "parts",
    "table",
]

NAMES_FILE = Path(__file__).with_name("names.yaml")
# Army families keep their own names beside the rulebook's (names_good.yaml, names_evil.yaml):
# the same sections, merged; a key given twice is an error, never a silent override.
EXTRA_NAMES = "names_*.yaml"

_SPACES = re.compile(r"\s+")
_OPEN_BRACKET = re.compile(r"\s*\(\s*")  # "Hatred(Angmar)" and "Fury  (Orc)" alike
_TRAILING_BRACKET = re.compile(r"^(?P<head>.*\S)\s*\((?P<inner>[^()]*)\)$")
_QUOTES = "\"'“”‘’«»"  # straight and curly: the data holds both
_MAX_DEPTH = 4  # a wargear name's parts may be wargear names again, never deeper than this


class NameClass(StrEnum):
    BATTLE = "battle"
    LIST_BUILDING = "list-building"
    FLAVOUR = "flavour"


class NameTableError(ValueError):
    """names.yaml (or a table given in its shape) is malformed."""


@dataclass(frozen=True, slots=True)
class Classification:
    """A canonical name's class; list-building and flavour names say why (``reason``) and,
    when the army builder checks them, under which of its rule ids (``enforced_by``)."""

    name: str
    name_class: NameClass
    reason: str = ""
    enforced_by: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class ParsedName:
    """``raw`` as written; ``name`` canonical; ``parameters`` the bracketed words it carried
    ("Hatred (Orc)" -> ("orc",)); ``parts`` the canonical names it stands for (one, itself,
    unless it is wargear made of a weapon and a quality or "counts as" another item)."""

    raw: str
    name: str
    parameters: tuple[str, ...] = ()
    parts: tuple[str, ...] = ()

    @property
    def full(self) -> str:
        """The canonical name with its parameters: "hatred (orc)"."""
        return "".join([self.name, *(f" ({p})" for p in self.parameters)])


@dataclass(frozen=True, slots=True)
class NameTable:
    """The data of names.yaml: tags dropped, quality prefixes, aliases, wargear parts and
    the list-building and flavour classes."""

    tags: frozenset[str] = frozenset()
    qualities: Mapping[str, str] = field(default_factory=dict)
    aliases: Mapping[str, str] = field(default_factory=dict)
    wargear: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    classes: Mapping[str, Classification] = field(default_factory=dict)

    @classmethod
    def from_mapping(cls, data: Mapping[str, Any]) -> NameTable:
        """Build and check a table from names.yaml's shape; raise ``NameTableError``."""
        aliases = {clean(k): clean(v) for k, v in _section(data, "aliases").items()}
        table = cls(
            tags=frozenset(clean(tag) for tag in data.get("tags") or ()),
            qualities={clean(k): clean(v) for k, v in _section(data, "qualities").items()},
            aliases=aliases,
            wargear={clean(k): _parts(k, v) for k, v in _section(data, "wargear").items()},
            classes=_classes(data),
        )
        _check(table)
        return table

    def alias(self, name: str) -> str:
        return self.aliases.get(name, name)

    def class_of(self, name: str) -> Classification:
        """The class of a canonical name: battle unless the table says otherwise."""
        return self.classes.get(name) or Classification(name, NameClass.BATTLE)

    def parse(self, raw: str, *, wargear: bool = False) -> ParsedName:
        """Canonical name, parameters and (for wargear) parts of ``raw``."""
        text = self.alias(clean(raw))
        text = self.alias(text.strip("*").strip())  # "**The One Ring" may be its own alias
        head, parameters = self._split_brackets(text)
        name = self.alias(head)
        found = self._parts(name, depth=0) if wargear else (name,)
        return ParsedName(raw, name, parameters, found)

    def _split_brackets(self, text: str) -> tuple[str, tuple[str, ...]]:
        """Drop tags and peel parameters off the end: "Master of Battle (Active) (3+)"."""
        parameters: list[str] = []
        while (match := _TRAILING_BRACKET.match(text)) is not None:
            if text in self.aliases:  # "knife (counts as a dagger)" is one name
                break
            inner = match["inner"].strip()
            if inner not in self.tags:
                parameters.insert(0, inner)
            text = self.alias(match["head"].strip())
        return text, tuple(p for p in parameters if p)

    def _parts(self, name: str, depth: int) -> tuple[str, ...]:
        if depth > _MAX_DEPTH:
            raise NameTableError(f"wargear parts of {name!r} nest too deep")
        if name in self.wargear:
            listed = self.wargear[name]
            return _unique(p for part in listed for p in self._part(part, name, depth))
        for prefix, quality in self.qualities.items():
            if name.startswith(prefix + " "):
                rest = self.alias(name[len(prefix) :].strip())
                return _unique([*self._parts(rest, depth + 1), quality])
        return (name,)

    def _part(self, part: str, owner: str, depth: int) -> tuple[str, ...]:
        # A wargear name listed among its own parts keeps its extra rule as itself.
        return (part,) if part == owner else self._parts(part, depth + 1)


def clean(raw: str) -> str:
    """Lower case, one space between words, no surrounding spaces or quotes, and one space
    before an opening bracket. Asterisks are kept (an alias may need them)."""
    text = _SPACES.sub(" ", str(raw)).strip().strip(_QUOTES).strip().lower()
    return _OPEN_BRACKET.sub(" (", text).replace("( ", "(").replace(" )", ")")


@cache
def table() -> NameTable:
    """The table of names.yaml and its names_*.yaml companions, read once."""
    files = [NAMES_FILE, *sorted(NAMES_FILE.parent.glob(EXTRA_NAMES))]
    return NameTable.from_mapping(merged(_read(path) for path in files))


def merged(tables: Iterable[Mapping[str, Any]]) -> dict[str, Any]:
    """Sections of several files in one: lists joined, mappings united; a key twice fails."""
    data: dict[str, Any] = {}
    for part in tables:
        for section, value in part.items():
            if isinstance(value, list):
                data.setdefault(section, []).extend(value)
                continue
            into = data.setdefault(section, {})
            for key in value or {}:
                if key in into:
                    raise NameTableError(f"{section} {key!r} is given twice")
            into.update(value or {})
    return data


def _read(path: Path) -> Mapping[str, Any]:
    data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
    if not isinstance(data, Mapping):
        raise NameTableError(f"{path.name} must hold a mapping")
    return data


def parse(raw: str, *, wargear: bool = False) -> ParsedName:
    return table().parse(raw, wargear=wargear)


def canonical(raw: str) -> str:
    return table().parse(raw).name


def parts(raw: str, *, wargear: bool = False) -> tuple[str, ...]:
    return table().parse(raw, wargear=wargear).parts


def class_of(name: str) -> Classification:
    return table().class_of(canonical(name))


def _section(data: Mapping[str, Any], key: str) -> Mapping[str, Any]:
    value = data.get(key) or {}
    if not isinstance(value, Mapping):
        raise NameTableError(f"{key!r} must be a mapping")
    return value


def _parts(name: str, value: Any) -> tuple[str, ...]:
    listed = value.get("parts") if isinstance(value, Mapping) else value
    if not isinstance(listed, list) or not listed:
        raise NameTableError(f"wargear {name!r} needs a non-empty list of parts")
    return tuple(clean(part) for part in listed)


def _classes(data: Mapping[str, Any]) -> dict[str, Classification]:
    classes: dict[str, Classification] = {}
    for key, name_class in (
        ("list_building", NameClass.LIST_BUILDING),
        ("flavour", NameClass.FLAVOUR),
    ):
        for name, entry in _section(data, key).items():
            reason = entry.get("reason") if isinstance(entry, Mapping) else entry
            if not isinstance(reason, str) or not reason.strip():
                raise NameTableError(f"{key} name {name!r} needs a reason")
            ids = (entry.get("enforced_by") or ()) if isinstance(entry, Mapping) else ()
            canonical_name = clean(name)
            if canonical_name in classes:
                raise NameTableError(f"{name!r} is classed twice")
            classes[canonical_name] = Classification(
                canonical_name, name_class, reason.strip(), tuple(str(i) for i in ids)
            )
    return classes


def _check(table: NameTable) -> None:
    """An alias leads to a canonical name in one step, and a classed name is canonical."""
    for source, target in table.aliases.items():
        if target in table.aliases and table.aliases[target] != target:
            raise NameTableError(f"alias {source!r} -> {target!r} leads to another alias")
    for name in table.classes:
        if name in table.aliases:
            raise NameTableError(f"{name!r} is classed but is an alias of {table.aliases[name]!r}")


def _unique(names: Any) -> tuple[str, ...]:
    return tuple(dict.fromkeys(names))

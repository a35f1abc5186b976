"""Read BattleScribe files (.gst game system, .cat catalogues) into checked XML documents.

Everything here is pure: no Django. Namespaces are stripped on load so the rest of the importer
can write ``el.findall("profiles/profile")`` for both the game system and catalogue schemas.
"""

from __future__ import annotations

import hashlib
import xml.etree.ElementTree as ET
import xml.parsers.expat
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from enum import Enum
from pathlib import Path

# Elements that other elements point at through ``targetId`` (links) or ``childId``.
_LINKABLE = frozenset(
    {"selectionEntry", "selectionEntryGroup", "profile", "rule", "infoGroup", "categoryEntry"}
)


class BattleScribeError(ValueError):
    """Base class of every illegal-input error of the BattleScribe importer."""


class MalformedFileError(BattleScribeError):
    """A file is not well-formed XML, or not a BattleScribe document."""


class MissingGameSystemError(BattleScribeError):
    """No .gst file (or more than one) among the given paths."""


class ForeignGameSystemError(BattleScribeError):
    """A catalogue written for another game system than the given .gst."""


class DocumentKind(Enum):
    GAME_SYSTEM = "gameSystem"
    CATALOGUE = "catalogue"


@dataclass(frozen=True, slots=True)
class BsDocument:
    """One parsed file: its root element (namespace-free) and header attributes."""

    path: Path
    kind: DocumentKind
    root: ET.Element
    id: str
    name: str
    revision: int
    game_system_id: str
    ids: dict[str, ET.Element] = field(repr=False)
    lines: dict[ET.Element, int] = field(default_factory=dict, repr=False, compare=False)

    def line(self, el: ET.Element) -> int:
        """Return the line where ``el`` starts in the file (0 when unknown)."""
        return self.lines.get(el, 0)


def expand_paths(paths: Iterable[Path]) -> list[Path]:
    """Return the .gst/.cat files named by ``paths`` (directories are listed, sorted)."""
    files: list[Path] = []
    for path in paths:
        if path.is_dir():
            files.extend(sorted(p for p in path.iterdir() if p.suffix in {".gst", ".cat"}))
        elif path.exists():
            files.append(path)
        else:
            raise MissingGameSystemError(f"{path}: no such file or directory")
    return files


def content_hash(files: Iterable[Path]) -> str:
    """Return the sha256 of all files' bytes, in name order, so renaming a copy changes nothing."""
    digest = hashlib.sha256()
    for path in sorted(files, key=lambda p: p.name):
        digest.update(path.name.encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()


def load_document(path: Path) -> BsDocument:
    """Parse one file; raise ``MalformedFileError`` naming the file and line on bad XML."""
    try:
        root, lines = _parse_with_lines(path.read_bytes())
    except xml.parsers.expat.ExpatError as error:
        raise MalformedFileError(
            f"{path.name}: malformed XML at line {error.lineno}, column {error.offset} "
            f"({xml.parsers.expat.ErrorString(error.code)})"
        ) from error
    _strip_namespaces(root)
    try:
        kind = DocumentKind(root.tag)
    except ValueError:
        raise MalformedFileError(
            f"{path.name}: root element <{root.tag}> is neither <gameSystem> nor <catalogue>"
        ) from None
    return _document(path, kind, root, lines)


def _parse_with_lines(raw: bytes) -> tuple[ET.Element, dict[ET.Element, int]]:
    """Parse XML keeping each element's line, so errors in the data can name it (ElementTree
    alone forgets lines)."""
    parser = xml.parsers.expat.ParserCreate()
    parser.buffer_text = True
    builder = ET.TreeBuilder()
    lines: dict[ET.Element, int] = {}

    def start(tag: str, attrs: dict[str, str]) -> None:
        own = {k: v for k, v in attrs.items() if k != "xmlns" and not k.startswith("xmlns:")}
        lines[builder.start(tag, own)] = parser.CurrentLineNumber

    parser.StartElementHandler = start
    parser.EndElementHandler = builder.end
    parser.CharacterDataHandler = builder.data
    parser.Parse(raw, True)
    return builder.close(), lines


def _document(
    path: Path, kind: DocumentKind, root: ET.Element, lines: dict[ET.Element, int]
) -> BsDocument:
    own_id = root.get("id", "")
    if not own_id:
        raise MalformedFileError(f"{path.name}: <{root.tag}> has no id attribute")
    system_id = own_id if kind is DocumentKind.GAME_SYSTEM else root.get("gameSystemId", "")
    return BsDocument(
        path=path,
        kind=kind,
        root=root,
        id=own_id,
        name=root.get("name", path.stem),
        revision=_int_attr(root, "revision", path),
        game_system_id=system_id,
        ids=_index(root),
        lines=lines,
    )


def _int_attr(el: ET.Element, name: str, path: Path) -> int:
    raw = el.get(name, "0")
    try:
        return int(raw)
    except ValueError:
        message = f"{path.name}: <{el.tag}> {name}={raw!r} is not a number"
        raise MalformedFileError(message) from None


def _strip_namespaces(root: ET.Element) -> None:
    for el in root.iter():
        if "}" in el.tag:
            el.tag = el.tag.split("}", 1)[1]


def _index(root: ET.Element) -> dict[str, ET.Element]:
    """Map ids to their first defining element (links themselves are not targets)."""
    index: dict[str, ET.Element] = {}
    for el in root.iter():
        ident = el.get("id")
        if ident and el.tag in _LINKABLE:
            index.setdefault(ident, el)
    return index


def split_documents(
    docs: list[BsDocument], expected_system_id: str | None = None
) -> tuple[BsDocument, list[BsDocument]]:
    """Return the one game system and its catalogues; refuse other systems' files.

    ``expected_system_id`` (when given) is the only game system accepted.
    """
    systems = [d for d in docs if d.kind is DocumentKind.GAME_SYSTEM]
    if len(systems) != 1:
        found = ", ".join(d.path.name for d in systems) or "none"
        raise MissingGameSystemError(f"expected exactly one .gst game system file, found {found}")
    system = systems[0]
    if expected_system_id is not None and system.id != expected_system_id:
        raise ForeignGameSystemError(
            f"{system.path.name}: game system {system.name!r} ({system.id}) is not the "
            f"expected one ({expected_system_id})"
        )
    catalogues = [d for d in docs if d.kind is DocumentKind.CATALOGUE]
    if not catalogues:
        raise MissingGameSystemError(f"no .cat catalogue beside {system.path.name}")
    for cat in catalogues:
        if cat.game_system_id != system.id:
            raise ForeignGameSystemError(
                f"{cat.path.name}: catalogue of game system {cat.game_system_id!r}, "
                f"not of {system.name!r} ({system.id})"
            )
    return system, catalogues


def children(el: ET.Element, *tags: str) -> Iterator[ET.Element]:
    """Yield the elements of the container children ``tags`` (e.g. ``"entryLinks"``)."""
    for tag in tags:
        for container in el.findall(tag):
            yield from container

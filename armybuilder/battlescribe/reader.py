"""Read an uploaded BattleScribe roster (.ros XML or .rosz zip) into plain values.

No Django here. Every refusal is a ``RosterFileError`` carrying the path of the element at
fault (``forces[0].selections[2]``) and a message that names it.
"""

from __future__ import annotations

import io
import math
import xml.etree.ElementTree as ET
import zipfile
import zlib
from dataclasses import dataclass

MAX_ROSTER_BYTES = 5 * 1024 * 1024
MAX_SELECTIONS = 5_000
MAX_DEPTH = 20
ROSTER_NAMESPACE = "http://www.battlescribe.net/schema/rosterSchema"
_ZIP_MAGIC = b"PK\x03\x04"
_ZIP_ENCRYPTED = 0x1  # general purpose flag bit 0 of a zip entry
# What zipfile raises on a damaged archive (sizes, offsets or checksums that disagree) or
# one using what it does not implement (strong encryption, patched data, a newer version;
# RuntimeError: encrypted in the local header only).
_ZIP_ERRORS = (
    zipfile.BadZipFile,
    zlib.error,
    EOFError,
    OSError,
    ValueError,
    OverflowError,
    NotImplementedError,
    RuntimeError,
)


class RosterFileError(ValueError):
    """The upload is not a readable roster; ``path`` names the element at fault."""

    def __init__(self, path: str, message: str) -> None:
        super().__init__(f"{path}: {message}")
        self.path = path
        self.message = message


@dataclass(frozen=True, slots=True)
class RosterSelection:
    path: str
    name: str
    entry_id: str
    type: str
    number: int
    points: float
    children: tuple[RosterSelection, ...]

    @property
    def last_id(self) -> str:
        """The id of the entry itself: the last segment of the ``entryId`` path."""
        return self.entry_id.rsplit("::", 1)[-1]

    def describe(self) -> str:
        return f"selection {self.name!r}"


@dataclass(frozen=True, slots=True)
class RosterForce:
    path: str
    catalogue_id: str
    catalogue_name: str
    selections: tuple[RosterSelection, ...]


@dataclass(frozen=True, slots=True)
class Roster:
    name: str
    game_system_id: str
    points_limit: int | None
    forces: tuple[RosterForce, ...]


def roster_read(data: bytes) -> Roster:
    """Parse a .ros or .rosz upload (told apart by content, not by file name)."""
    if len(data) > MAX_ROSTER_BYTES:
        raise RosterFileError("file", "the file is larger than 5 MB")
    if data.startswith(_ZIP_MAGIC):
        data = _unzip(data)
    return _roster(_parse(data))


def _unzip(data: bytes) -> bytes:
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
        entries = [i for i in archive.infolist() if i.filename.lower().endswith(".ros")]
    except _ZIP_ERRORS as error:
        raise RosterFileError("file", f"not a valid .rosz zip archive ({error})") from error
    if not entries:
        raise RosterFileError("file", "the .rosz archive holds no .ros roster")
    entry = entries[0]
    if entry.file_size > MAX_ROSTER_BYTES:
        raise RosterFileError(entry.filename, "the roster inside is larger than 5 MB")
    if entry.flag_bits & _ZIP_ENCRYPTED:
        raise RosterFileError(entry.filename, "the roster inside is encrypted")
    if entry.compress_type not in (zipfile.ZIP_STORED, zipfile.ZIP_DEFLATED):
        raise RosterFileError(
            entry.filename,
            f"unknown compression method {entry.compress_type} (BattleScribe zips with deflate)",
        )
    try:
        with archive.open(entry) as handle:
            return handle.read(MAX_ROSTER_BYTES + 1)[:MAX_ROSTER_BYTES]
    except _ZIP_ERRORS as error:
        # A header whose sizes or checksum disagree with the data: a damaged archive.
        raise RosterFileError(entry.filename, f"the .rosz archive is damaged ({error})") from error


def _parse(data: bytes) -> ET.Element:
    if b"<!ENTITY" in data or b"<!DOCTYPE" in data:
        raise RosterFileError("file", "a roster may not declare a DOCTYPE or entities")
    try:
        root = ET.fromstring(data)
    except ET.ParseError as error:
        line, column = error.position
        raise RosterFileError("file", f"not XML (line {line}, column {column})") from error
    namespace, _, tag = root.tag.rpartition("}")
    if tag != "roster" or namespace.lstrip("{") not in ("", ROSTER_NAMESPACE):
        raise RosterFileError("roster", f"the root element <{tag}> is not a BattleScribe <roster>")
    for el in root.iter():
        el.tag = el.tag.rpartition("}")[2]
    return root


def _roster(root: ET.Element) -> Roster:
    counter = [0]
    forces = tuple(
        _force(force, f"forces[{index}]", counter)
        # BattleScribe nests child forces inside a force: read them all, in file order.
        for index, force in enumerate(root.iter("force"))
    )
    if not forces:
        raise RosterFileError("roster.forces", "the roster has no force")
    return Roster(
        name=root.get("name", "").strip(),
        game_system_id=root.get("gameSystemId", ""),
        points_limit=_points_limit(root),
        forces=forces,
    )


def _points_limit(root: ET.Element) -> int | None:
    for limit in root.findall("costLimits/costLimit"):
        if limit.get("name", "").strip().lower() == "points":
            value = _float(limit, "value", "roster.costLimits")
            return int(value) if value > 0 else None
    return None


def _force(el: ET.Element, path: str, counter: list[int]) -> RosterForce:
    catalogue_id = el.get("catalogueId", "")
    if not catalogue_id and not el.get("catalogueName"):
        raise RosterFileError(path, f"force {el.get('name', '')!r} names no catalogue")
    return RosterForce(
        path=path,
        catalogue_id=catalogue_id,
        catalogue_name=el.get("catalogueName", ""),
        selections=_selections(el, path, counter, 0),
    )


def _selections(
    el: ET.Element, path: str, counter: list[int], depth: int
) -> tuple[RosterSelection, ...]:
    if depth > MAX_DEPTH:
        raise RosterFileError(path, f"selections nested more than {MAX_DEPTH} deep")
    return tuple(
        _selection(child, f"{path}.selections[{index}]", counter, depth)
        for index, child in enumerate(el.findall("selections/selection"))
    )


def _selection(el: ET.Element, path: str, counter: list[int], depth: int) -> RosterSelection:
    counter[0] += 1
    if counter[0] > MAX_SELECTIONS:
        raise RosterFileError(path, f"more than {MAX_SELECTIONS} selections")
    name = el.get("name", "")
    entry_id = el.get("entryId", "")
    if not entry_id:
        raise RosterFileError(path, f"selection {name!r} has no entryId")
    return RosterSelection(
        path=path,
        name=name.strip(),
        entry_id=entry_id,
        type=el.get("type", "upgrade"),
        number=_number(el, path),
        points=_points(el, path),
        children=_selections(el, path, counter, depth + 1),
    )


def _number(el: ET.Element, path: str) -> int:
    raw = el.get("number", "1")
    try:
        value = int(raw)
    except ValueError:
        raise RosterFileError(path, f"selection {el.get('name')!r}: number {raw!r}") from None
    if value < 0:
        raise RosterFileError(path, f"selection {el.get('name')!r}: negative number {value}")
    return value


def _points(el: ET.Element, path: str) -> float:
    return sum(
        _float(cost, "value", path)
        for cost in el.findall("costs/cost")
        if cost.get("name", "").strip().lower() == "points"
    )


def _float(el: ET.Element, attribute: str, path: str) -> float:
    raw = el.get(attribute, "0")
    try:
        value = float(raw)
    except ValueError:
        value = math.nan
    if not math.isfinite(value):
        raise RosterFileError(path, f"<{el.tag}> {attribute}={raw!r} is not a number")
    return value

"""Fetch BattleScribe data by URL, as BattleScribe's own "add data source" does.

Two kinds of URL are understood:

- a zip archive of a data repository (GitHub's "Download ZIP" of BSData/middle-earth): every
  ``.gst``/``.cat`` (or zipped ``.gstz``/``.catz``) file in it, whatever its folder;
- a BattleScribe data index (``.bsi``: a zip holding ``index.xml``, or that XML itself): its
  ``dataIndexEntry`` files are fetched relative to the index URL.

Files are written, by base name only, into a folder the caller owns. Downloads are limited in
size and time; every failure is a ``RemoteDataError`` with a plain message.
"""

from __future__ import annotations

import io
import urllib.error
import urllib.request
import xml.etree.ElementTree as ET
import zipfile
from pathlib import Path, PurePosixPath
from urllib.parse import urljoin, urlparse

from profiles.importers.bs_xml import BattleScribeError

MAX_BYTES = 100 * 1024 * 1024  # one download, and everything unzipped from one archive
TIMEOUT_SECONDS = 60
DATA_SUFFIXES = {".gst": ".gst", ".cat": ".cat", ".gstz": ".gst", ".catz": ".cat"}


class RemoteDataError(BattleScribeError):
    """A URL that gives no BattleScribe data (unreachable, too large, not data)."""


def is_url(text: str) -> bool:
    return urlparse(text).scheme in ("http", "https")


def fetch_data_set(url: str, folder: Path) -> list[Path]:
    """Download the data at ``url`` into ``folder``; return the .gst/.cat files written."""
    raw = download(url)
    if zipfile.is_zipfile(io.BytesIO(raw)):
        archive = zipfile.ZipFile(io.BytesIO(raw))
        if any(_data_name(name) for name in archive.namelist()):
            return _unpack(archive, folder, url)
        return _from_index(_index_xml(archive, url), url, folder)
    if _root_tag(raw) == "dataIndex":
        return _from_index(raw, url, folder)
    raise RemoteDataError(f"{url}: neither a zip archive of BattleScribe data nor a data index")


def download(url: str) -> bytes:
    """Return the body at ``url``; refuse other schemes, errors and bodies over MAX_BYTES."""
    if not is_url(url):
        raise RemoteDataError(f"{url}: only http:// and https:// URLs can be fetched")
    request = urllib.request.Request(url, headers={"User-Agent": "sbg-platform-importer"})
    try:
        with urllib.request.urlopen(request, timeout=TIMEOUT_SECONDS) as response:  # noqa: S310
            body = response.read(MAX_BYTES + 1)
    except urllib.error.HTTPError as error:
        raise RemoteDataError(f"{url}: the server answered {error.code} {error.reason}") from None
    except (urllib.error.URLError, TimeoutError, OSError) as error:
        reason = getattr(error, "reason", error)
        raise RemoteDataError(f"{url}: could not be fetched ({reason})") from None
    if len(body) > MAX_BYTES:
        raise RemoteDataError(f"{url}: larger than {MAX_BYTES // (1024 * 1024)} MB")
    return body


def _data_name(name: str) -> str | None:
    """The local name of a data file in an archive (``Foo.catz`` -> ``Foo.cat``), else None."""
    path = PurePosixPath(name)
    suffix = DATA_SUFFIXES.get(path.suffix.lower())
    if suffix is None or not path.name or path.name.startswith("."):
        return None
    return path.stem + suffix


def _unpack(archive: zipfile.ZipFile, folder: Path, url: str) -> list[Path]:
    written: list[Path] = []
    total = 0
    for info in archive.infolist():
        name = _data_name(info.filename)
        if name is None or info.is_dir():
            continue
        total += info.file_size
        if total > MAX_BYTES:
            raise RemoteDataError(f"{url}: the archive unpacks to more than the size limit")
        written.append(_write(folder, name, _unzipped(archive.read(info), info.filename, url)))
    return written


def _unzipped(raw: bytes, name: str, url: str) -> bytes:
    """A ``.gstz``/``.catz`` is a zip holding one XML file; plain files pass through."""
    if not name.lower().endswith("z"):
        return raw
    try:
        inner = zipfile.ZipFile(io.BytesIO(raw))
        return inner.read(inner.infolist()[0])
    except (zipfile.BadZipFile, IndexError) as error:
        raise RemoteDataError(f"{url}: {name} is not a zipped data file ({error})") from None


def _write(folder: Path, name: str, raw: bytes) -> Path:
    path = folder / PurePosixPath(name).name  # base name only: nothing lands outside folder
    if path.exists():
        raise RemoteDataError(f"two data files named {path.name}")
    path.write_bytes(raw)
    return path


def _index_xml(archive: zipfile.ZipFile, url: str) -> bytes:
    for name in archive.namelist():
        if name.lower().endswith(".xml"):
            return archive.read(name)
    raise RemoteDataError(f"{url}: a zip file with neither data files nor a data index")


def _root_tag(raw: bytes) -> str:
    try:
        return ET.fromstring(raw).tag.rpartition("}")[2]
    except ET.ParseError:
        return ""


def _from_index(raw: bytes, url: str, folder: Path) -> list[Path]:
    """Fetch each file a ``dataIndex`` lists, relative to the index URL."""
    try:
        root = ET.fromstring(raw)
    except ET.ParseError as error:
        raise RemoteDataError(f"{url}: the data index is not well-formed XML ({error})") from None
    entries = [el for el in root.iter() if el.tag.rpartition("}")[2] == "dataIndexEntry"]
    if not entries:
        raise RemoteDataError(f"{url}: the data index lists no data file")
    written = []
    for entry in entries:
        file_path = entry.get("filePath", "")
        name = _data_name(file_path)
        if name is None:
            raise RemoteDataError(f"{url}: the index lists {file_path!r}, not a data file")
        file_url = urljoin(url, file_path)
        written.append(_write(folder, name, _unzipped(download(file_url), file_path, file_url)))
    return written

"""``manage.py import_battlescribe URL`` against a real HTTP server on 127.0.0.1 (issue 24).

The server is Python's own ``http.server`` serving a temporary folder in a thread: the command
downloads over a socket exactly as it would from GitHub, without the network.
"""

from __future__ import annotations

import io
import threading
import zipfile
from collections.abc import Iterator
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest
from django.core.management.base import CommandError

from profiles.models import DataRelease, Faction, Profile
from tests.profiles.test_import_battlescribe_command import (
    catalogue,
    game_system,
    run_import,
)

pytestmark = pytest.mark.django_db

INDEX_NS = "http://www.battlescribe.net/schema/dataIndexSchema"


class _QuietHandler(SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:  # noqa: A002
        pass


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[Path, str]]:
    """A folder and the http://127.0.0.1:PORT/ URL that serves it."""
    root = tmp_path / "www"
    root.mkdir()
    handler = partial(_QuietHandler, directory=str(root))
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield root, f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()
    server.server_close()
    thread.join()


def _zip(files: dict[str, bytes]) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, raw in files.items():
            archive.writestr(name, raw)
    return buffer.getvalue()


def _mini() -> dict[str, bytes]:
    return {"Mini.gst": game_system().encode(), "Minitown.cat": catalogue().encode()}


def test_it_imports_a_repository_zip_archive(served: tuple[Path, str]) -> None:
    """GitHub's "Download ZIP": the files sit in a top folder beside a README."""
    root, base = served
    files = {f"middle-earth-master/{name}": raw for name, raw in _mini().items()}
    (root / "master.zip").write_bytes(_zip({**files, "middle-earth-master/README.md": b"hi"}))
    out = run_import(f"{base}master.zip")
    assert "Minitown: 2 profiles, 0 skipped" in out
    release = DataRelease.objects.get()
    assert sorted(release.files.values_list("name", flat=True)) == ["Mini.gst", "Minitown.cat"]
    assert Profile.objects.filter(release=release).count() == 2


def test_it_imports_a_data_index_with_zipped_files(served: tuple[Path, str]) -> None:
    """A .bsi is a zip holding index.xml; the .gstz/.catz it lists sit beside it."""
    root, base = served
    index = (
        f'<?xml version="1.0"?><dataIndex xmlns="{INDEX_NS}" name="Mini" '
        'battleScribeVersion="2.03"><dataIndexEntries>'
        '<dataIndexEntry filePath="Mini.gstz" dataType="gamesystem" dataId="gs-1"/>'
        '<dataIndexEntry filePath="data/Minitown.catz" dataType="catalogue" dataId="cat-1"/>'
        "</dataIndexEntries></dataIndex>"
    )
    (root / "data").mkdir()
    (root / "mini.bsi").write_bytes(_zip({"index.xml": index.encode()}))
    (root / "Mini.gstz").write_bytes(_zip({"Mini.gst": _mini()["Mini.gst"]}))
    (root / "data" / "Minitown.catz").write_bytes(_zip({"Minitown.cat": _mini()["Minitown.cat"]}))
    out = run_import(f"{base}mini.bsi")
    assert "Created release" in out
    assert Faction.objects.get().name == "Minitown"


@pytest.mark.parametrize(
    ("name", "body", "message"),
    [
        ("missing.zip", None, "the server answered 404"),
        ("page.html", b"<html><body>hello</body></html>", "neither a zip archive"),
        ("empty.zip", b"", "neither a zip archive"),
        ("notes.zip", None, "neither data files nor a data index"),
    ],
)
def test_it_refuses_urls_that_give_no_data(
    served: tuple[Path, str], name: str, body: bytes | None, message: str
) -> None:
    root, base = served
    if name == "notes.zip":
        body = _zip({"notes.txt": b"nothing here"})
    if body is not None:
        (root / name).write_bytes(body)
    with pytest.raises(CommandError, match=message):
        run_import(f"{base}{name}")
    assert not DataRelease.objects.exists()


def test_it_refuses_other_schemes() -> None:
    with pytest.raises(CommandError):
        run_import("ftp://127.0.0.1/data.zip")


@pytest.mark.bsdata
def test_it_imports_the_community_data_by_url(served: tuple[Path, str], bsdata_dir: Path) -> None:
    """The shared data zipped as a repository archive: all 41 army lists, as from a folder."""
    root, base = served
    files = {f"middle-earth/{p.name}": p.read_bytes() for p in sorted(bsdata_dir.iterdir())}
    (root / "middle-earth.zip").write_bytes(_zip(files))
    run_import(f"{base}middle-earth.zip", system_id="3e16-9abf-6238-4ed9")
    assert Faction.objects.count() == 41
    assert DataRelease.objects.get().files.count() == 42

"""The compiled engines: modules built by ``bin/compile-engines`` (mypyc), used when current.

The build lives outside the source tree (``<sys.prefix>/battlesim-compiled``, or
``$BATTLESIM_COMPILED_DIR``) with a manifest of the SHA-256 of every source file it was built
from. ``install`` (run when ``battlesim.engines`` is imported) puts the built modules ahead of
the sources only if every one of those files is unchanged and the build is for this
interpreter: an edited source is never shadowed by an older build (a stale build is left
out, with a warning). ``BATTLESIM_PURE_PYTHON=1`` forces the pure-Python path. Standard
library only: nothing here needs mypy.
"""

from __future__ import annotations

import hashlib
import importlib.abc
import importlib.machinery
import importlib.util
import json
import os
import sys
import sysconfig
import warnings
from collections.abc import Mapping, Sequence
from importlib.machinery import ModuleSpec
from pathlib import Path
from types import ModuleType

PURE_ENV = "BATTLESIM_PURE_PYTHON"
DIR_ENV = "BATTLESIM_COMPILED_DIR"
MANIFEST = "manifest.json"
# The directory holding the ``battlesim`` package: the manifest's paths are relative to it.
SOURCE_ROOT = Path(__file__).resolve().parents[2]


def build_dir() -> Path:
    """Where the build is kept: beside the interpreter's environment, not the sources."""
    return Path(os.environ.get(DIR_ENV) or Path(sys.prefix) / "battlesim-compiled")


def forced_pure() -> bool:
    """Whether ``BATTLESIM_PURE_PYTHON`` asks for pure Python (nothing built nor loaded)."""
    return os.environ.get(PURE_ENV, "") not in ("", "0")


def interpreter_tag() -> str:
    """What a build must match to load: the extension suffix names the interpreter."""
    return str(sysconfig.get_config_var("EXT_SUFFIX"))


def file_hash(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def changed_sources(sources: Mapping[str, str], root: Path) -> list[str]:
    """The manifest's source files (relative to ``root``) that are missing or differ."""
    changed = []
    for relative, digest in sources.items():
        path = root / relative
        if not path.is_file() or file_hash(path) != digest:
            changed.append(relative)
    return changed


def read_manifest(directory: Path) -> dict[str, object] | None:
    try:
        manifest = json.loads((directory / MANIFEST).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return manifest if isinstance(manifest, dict) else None


def usable_modules(directory: Path, root: Path) -> tuple[dict[str, Path], str]:
    """The built modules to load (name -> extension file) and a line saying which path runs.

    Empty when the pure-Python path must run: forced, no build, another interpreter's build,
    or any source file the build read has changed since (all or none: the modules of a build
    call each other natively, so one stale module would run old code inside the others).
    """
    if forced_pure():
        return {}, f"pure Python ({PURE_ENV} is set)"
    manifest = read_manifest(directory)
    if manifest is None:
        return {}, "pure Python (no compiled build: bin/compile-engines)"
    if manifest.get("interpreter") != interpreter_tag():
        return {}, "pure Python (the compiled build is for another interpreter)"
    sources, modules = manifest.get("sources"), manifest.get("modules")
    if not isinstance(sources, dict) or not isinstance(modules, dict):
        return {}, "pure Python (unreadable compiled manifest)"
    changed = changed_sources(sources, root)
    if changed:
        return {}, f"pure Python (stale compiled build: {changed[0]} changed; bin/compile-engines)"
    count = sum(1 for name in modules if "__mypyc" not in name)
    return {name: directory / file for name, file in modules.items()}, (
        f"compiled (mypyc, {count} modules, built in {manifest.get('build_seconds', '?')} s)"
    )


class CompiledFinder(importlib.abc.MetaPathFinder):
    """Finds the built modules by name, ahead of the sources; other names pass on."""

    def __init__(self, modules: Mapping[str, Path]) -> None:
        self.modules = dict(modules)

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> ModuleSpec | None:
        file = self.modules.get(fullname)
        if file is None:
            return None
        loader = importlib.machinery.ExtensionFileLoader(fullname, str(file))
        return importlib.util.spec_from_file_location(fullname, file, loader=loader)


STATUS = "pure Python (not installed)"


def active() -> bool:
    """Whether the compiled modules are on the import path (``install`` found them current)."""
    return any(isinstance(finder, CompiledFinder) for finder in sys.meta_path)


def install() -> str:
    """Put the current build, if any, ahead of the sources; return which path runs."""
    global STATUS
    if active():
        return STATUS
    modules, STATUS = usable_modules(build_dir(), SOURCE_ROOT)
    if modules:
        sys.meta_path.insert(0, CompiledFinder(modules))
    elif STATUS.startswith("pure Python (stale"):
        warnings.warn(f"battlesim engines: {STATUS}", RuntimeWarning, stacklevel=2)
    return STATUS

"""Build the engine modules listed in pyproject.toml with mypyc (run by ``bin/compile-engines``).

The list is ``[tool.battlesim.compiled]``: module names, a trailing ``.*`` for a package's
modules (not its ``__init__`` or ``__main__``), less ``exclude``. The build goes to
``battlesim.engines.compiled.build_dir()`` with a manifest of the SHA-256 of every project
source file it read (the listed modules and the project modules they import, transitively),
which ``battlesim.engines.compiled`` checks before loading it. Nothing is built when the
manifest already matches the sources, or when ``BATTLESIM_PURE_PYTHON`` is set. A failed build
prints a warning and leaves the pure-Python path running (exit status 1).

    .venv/bin/python -m battlesim.compile_engines [--force]
"""

from __future__ import annotations

import argparse
import ast
import contextlib
import json
import os
import shutil
import sys
import tempfile
import time
import tomllib
from collections.abc import Iterator
from pathlib import Path

from battlesim.engines import compiled

ROOT = compiled.SOURCE_ROOT
OPT_LEVEL = "3"


def listed_modules(pyproject: Path = ROOT / "pyproject.toml") -> list[str]:
    """The module names ``[tool.battlesim.compiled]`` asks for, sorted."""
    table = tomllib.loads(pyproject.read_text(encoding="utf-8"))["tool"]["battlesim"]["compiled"]
    names: set[str] = set()
    for entry in table["modules"]:
        if entry.endswith(".*"):
            package = module_path(entry[:-2] + ".__init__").parent
            names.update(f"{entry[:-2]}.{p.stem}" for p in package.glob("*.py"))
        else:
            names.add(entry)
    skipped = set(table.get("exclude", [])) | {compiled.__name__}
    return sorted(n for n in names if n not in skipped and n.rsplit(".", 1)[-1][:2] != "__")


def module_path(name: str) -> Path:
    return ROOT / (name.replace(".", "/") + ".py")


def imported_modules(name: str) -> set[str]:
    """Project modules ``name`` imports (any import statement, also under TYPE_CHECKING)."""
    tree = ast.parse(module_path(name).read_text(encoding="utf-8"))
    package = name.rsplit(".", 1)[0]
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = ".".join([*package.split(".")[: 1 - node.level or None], base]).strip(".")
            found.add(base)
            found.update(f"{base}.{alias.name}" for alias in node.names)
    return {m for m in found if _project_file(m) is not None}


def _project_file(name: str) -> Path | None:
    if not name.startswith("battlesim."):
        return None
    for path in (module_path(name), module_path(name + ".__init__")):
        if path.is_file():
            return path
    return None


def source_closure(names: list[str]) -> list[Path]:
    """The files a build of ``names`` reads: those modules, the project modules they import
    (transitively) and the packages' ``__init__`` files on the way."""
    seen: set[str] = set()
    todo = list(names)
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        parts = name.split(".")
        todo.extend(".".join(parts[:i]) for i in range(1, len(parts)))
        if module_path(name).is_file():
            todo.extend(imported_modules(name))
    return sorted({path for name in seen if (path := _project_file(name)) is not None})


def wanted_sources(names: list[str]) -> dict[str, str]:
    return {str(p.relative_to(ROOT)): compiled.file_hash(p) for p in source_closure(names)}


def up_to_date(directory: Path, names: list[str], sources: dict[str, str]) -> bool:
    manifest = compiled.read_manifest(directory) or {}
    modules = manifest.get("modules")
    return (
        manifest.get("interpreter") == compiled.interpreter_tag()
        and manifest.get("sources") == sources
        and isinstance(modules, dict)
        and sorted(m for m in modules if "__mypyc" not in m) == names
    )


@contextlib.contextmanager
def _in_root() -> Iterator[None]:
    """mypyc names the modules by their paths from the working directory."""
    previous = Path.cwd()
    os.chdir(ROOT)
    try:
        yield
    finally:
        os.chdir(previous)


def build(names: list[str], output: Path, work: Path) -> None:
    """Compile ``names`` (one group: their calls to each other are native) into ``output``."""
    from mypyc.build import mypycify  # the build's own dependency, imported only here
    from setuptools import Distribution  # type: ignore[import-untyped]

    with _in_root():
        extensions = mypycify(
            [str(module_path(n).relative_to(ROOT)) for n in names],
            opt_level=OPT_LEVEL,
            target_dir=str(work / "c"),
            multi_file=True,  # one C file a module: the 2 cores compile them side by side
        )
        distribution = Distribution({"name": "battlesim-compiled", "ext_modules": extensions})
        command = distribution.get_command_obj("build_ext")
        command.build_lib = str(output)
        command.build_temp = str(work / "temp")
        command.parallel = os.cpu_count() or 1
        distribution.run_command("build_ext")


def built_modules(output: Path) -> dict[str, str]:
    """Module name -> extension file (relative to ``output``) of a finished build."""
    suffix = compiled.interpreter_tag()
    files = (p.relative_to(output) for p in output.rglob("*" + suffix))
    return {str(f)[: -len(suffix)].replace("/", "."): str(f) for f in files}


def publish(staging: Path, directory: Path) -> None:
    """Swap the finished build in; a process that loaded the old one keeps it."""
    old = directory.with_name(directory.name + f".old-{os.getpid()}")
    if directory.exists():
        directory.rename(old)
    staging.rename(directory)
    shutil.rmtree(old, ignore_errors=True)


def compile_engines(force: bool = False) -> int:
    directory = compiled.build_dir()
    names = listed_modules()
    sources = wanted_sources(names)
    if not force and up_to_date(directory, names, sources):
        print(f"Compiled engines up to date ({len(names)} modules in {directory}).")
        return 0
    print(f"Compiling {len(names)} engine modules with mypyc (a few minutes) ...", flush=True)
    start = time.monotonic()
    staging = directory.with_name(directory.name + f".new-{os.getpid()}")
    shutil.rmtree(staging, ignore_errors=True)
    with tempfile.TemporaryDirectory(prefix="battlesim-compile-") as work:
        build(names, staging, Path(work))
    manifest = {
        "interpreter": compiled.interpreter_tag(),
        "sources": sources,
        "modules": built_modules(staging),
        "build_seconds": round(time.monotonic() - start),
    }
    (staging / compiled.MANIFEST).write_text(json.dumps(manifest, indent=1), encoding="utf-8")
    publish(staging, directory)
    print(f"Compiled engines built in {manifest['build_seconds']} s into {directory}.")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--force", action="store_true", help="build even when up to date")
    args = parser.parse_args(argv)
    if compiled.forced_pure():
        print(f"{compiled.PURE_ENV} is set: the engines run pure Python, nothing compiled.")
        return 0
    try:
        return compile_engines(force=args.force)
    except (Exception, SystemExit) as error:  # mypyc exits on a type error
        print(
            f"warning: the compiled engines were not built ({type(error).__name__}: {error});"
            " the pure-Python engines run (same play, slower).",
            file=sys.stderr,
        )
        return 1


if __name__ == "__main__":
    sys.exit(main())

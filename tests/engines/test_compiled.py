"""The compiled engines (battlesim/engines/compiled.py, bin/compile-engines): a build is used
only while every source file it was built from is unchanged; an edited source always runs."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from battlesim import compile_engines
from battlesim.engines import compiled


def _fake_build(tmp_path: Path) -> tuple[Path, Path]:
    """A source root with one module and a build whose manifest records its hash."""
    root, build = tmp_path / "src", tmp_path / "build"
    (root / "pkg").mkdir(parents=True)
    source = root / "pkg" / "mod.py"
    source.write_text("X = 1\n")
    build.mkdir()
    manifest = {
        "interpreter": compiled.interpreter_tag(),
        "sources": {"pkg/mod.py": compiled.file_hash(source)},
        "modules": {"pkg.mod": "pkg/mod" + compiled.interpreter_tag()},
        "build_seconds": 1,
    }
    (build / compiled.MANIFEST).write_text(json.dumps(manifest))
    return root, build


def test_a_build_is_used_only_while_its_sources_are_unchanged(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv(compiled.PURE_ENV, raising=False)
    root, build = _fake_build(tmp_path)
    modules, status = compiled.usable_modules(build, root)
    assert modules == {"pkg.mod": build / ("pkg/mod" + compiled.interpreter_tag())}
    assert status.startswith("compiled")
    (root / "pkg" / "mod.py").write_text("X = 2\n")
    modules, status = compiled.usable_modules(build, root)
    assert modules == {} and "stale" in status and "pkg/mod.py" in status


def test_the_switch_another_interpreter_or_no_build_mean_pure_python(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    root, build = _fake_build(tmp_path)
    monkeypatch.setenv(compiled.PURE_ENV, "1")
    assert compiled.usable_modules(build, root) == ({}, f"pure Python ({compiled.PURE_ENV} is set)")
    monkeypatch.delenv(compiled.PURE_ENV)
    manifest = json.loads((build / compiled.MANIFEST).read_text())
    (build / compiled.MANIFEST).write_text(json.dumps({**manifest, "interpreter": ".other.so"}))
    assert compiled.usable_modules(build, root)[0] == {}
    assert compiled.usable_modules(tmp_path / "none", root)[0] == {}


def test_a_build_records_every_project_module_its_modules_import() -> None:
    files = {
        str(p.relative_to(compile_engines.ROOT))
        for p in compile_engines.source_closure(["battlesim.engines.monopoly.game"])
    }
    assert {
        "battlesim/engines/monopoly/game.py",
        "battlesim/engines/monopoly/rules.py",  # imported by game.py
        "battlesim/engines/dice.py",  # imported by several monopoly modules
        "battlesim/engines/log.py",
        "battlesim/engines/monopoly/__init__.py",
    } <= files
    assert not any("/sbg/" in f for f in files)


def test_the_listed_modules_leave_out_package_inits_mains_and_the_loader() -> None:
    names = compile_engines.listed_modules()
    assert "battlesim.engines.monopoly.game" in names and "battlesim.engines.risk.turn" in names
    assert "battlesim.engines.risk.invariants" not in names  # excluded in pyproject.toml
    assert not [n for n in names if n.endswith(("__init__", "__main__", ".compiled"))]


def _which_files(root: Path) -> list[str]:
    """Import the engines from ``root`` with the real build and print which files ran."""
    code = (
        "import warnings; warnings.simplefilter('always')\n"
        "from battlesim.engines import compiled\n"
        "from battlesim.engines.monopoly import game\n"
        "from battlesim.engines import dice\n"
        "print(compiled.STATUS); print(game.__file__); print(dice.__file__)\n"
        "print(game.play_unlogged(seed=3, options={}).summary['turns'])\n"
    )
    env = {**os.environ, "PYTHONPATH": str(root), compiled.DIR_ENV: str(compiled.build_dir())}
    env.pop(compiled.PURE_ENV, None)
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=root, env=env, capture_output=True, text=True, check=True
    )
    return out.stdout.splitlines()


@pytest.mark.skipif(not compiled.active(), reason="no current compiled build (bin/compile-engines)")
def test_an_edited_source_is_never_shadowed_by_the_build(tmp_path: Path) -> None:
    """A copy of the sources runs the real build until one file of it is edited; then every
    module runs from the sources (all or none), the edit included."""
    source = compiled.SOURCE_ROOT / "battlesim"
    shutil.copytree(
        source / "engines",
        tmp_path / "battlesim" / "engines",
        ignore=shutil.ignore_patterns("__pycache__", "*.so"),
    )
    shutil.copy(source / "__init__.py", tmp_path / "battlesim" / "__init__.py")
    status, game_file, dice_file, turns = _which_files(tmp_path)
    assert status.startswith("compiled") and game_file.endswith(compiled.interpreter_tag())
    assert dice_file.endswith(compiled.interpreter_tag())
    dice = tmp_path / "battlesim" / "engines" / "dice.py"
    dice.write_text(dice.read_text() + "\nprint('the edited dice.py ran')\n")
    lines = _which_files(tmp_path)
    assert lines[0] == "the edited dice.py ran"
    assert lines[1].startswith("pure Python (stale compiled build: battlesim/engines/dice.py")
    assert lines[2] == str(tmp_path / "battlesim/engines/monopoly/game.py")
    assert lines[4] == turns  # the same game either way


# Each built module imported first in a fresh process (a forked child of one that imported
# only the loader): a compiled module whose class reads, at import, a type of another built
# module it imports only for the checker dies of a segmentation fault there (the hooks module
# once did when the coverage command imported it before the state).
_IMPORT_EACH_FIRST = """
import os, sys
from battlesim.engines import compiled
failed = []
for name in sys.argv[1:]:
    pid = os.fork()
    if pid == 0:
        __import__(name)
        os._exit(0)
    status = os.waitpid(pid, 0)[1]
    if os.WIFSIGNALED(status):
        failed.append(f"{name}: signal {os.WTERMSIG(status)}")
    elif os.WEXITSTATUS(status):
        failed.append(f"{name}: exit status {os.WEXITSTATUS(status)}")
print(compiled.STATUS)
print("\\n".join(failed))
"""


@pytest.mark.skipif(not compiled.active(), reason="no current compiled build (bin/compile-engines)")
def test_every_built_module_imports_first_in_a_fresh_process() -> None:
    names = compile_engines.listed_modules()
    env = {**os.environ, compiled.DIR_ENV: str(compiled.build_dir())}
    env.pop(compiled.PURE_ENV, None)
    out = subprocess.run(
        [sys.executable, "-c", _IMPORT_EACH_FIRST, *names],
        cwd=compiled.SOURCE_ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=True,
        timeout=600,
    )
    status, *failed = out.stdout.splitlines()
    assert status.startswith("compiled"), status
    assert [line for line in failed if line] == []

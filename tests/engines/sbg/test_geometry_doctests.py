"""The doctest examples of the geometry modules run as tests (python-chess style)."""

from __future__ import annotations

import ast
import doctest
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

from battlesim.compile_engines import module_path
from battlesim.engines.sbg.core import bases, geometry, table_generator


def _run_examples(module: ModuleType) -> doctest.TestResults:
    """``testmod``; a module built by mypyc holds no Python functions for doctest to find,
    so the examples of its source file are run in its namespace instead."""
    built = Path(str(module.__file__))
    if built.suffix == ".py":
        return doctest.testmod(module)
    source = module_path(module.__name__)  # the build lives outside the source tree
    parser, runner = doctest.DocTestParser(), doctest.DocTestRunner()
    for node in ast.walk(ast.parse(source.read_text())):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef):
            text = ast.get_docstring(node)
            name = getattr(node, "name", module.__name__)
            if text:
                runner.run(parser.get_doctest(text, dict(vars(module)), name, str(source), 0))
    return runner.summarize(verbose=False)


@pytest.mark.parametrize("module", [bases, geometry, table_generator])
def test_doctests_pass(module: ModuleType) -> None:
    result = _run_examples(module)
    assert result.attempted > 0
    assert result.failed == 0


def test_geometry_imports_no_django() -> None:
    """Engine contract: the geometry side of the engine loads without Django or Celery."""
    code = (
        "import sys, battlesim.engines.sbg.core.geometry;"
        "import battlesim.engines.sbg.core.table_generator;"
        "assert 'django' not in sys.modules and 'celery' not in sys.modules"
    )
    subprocess.run([sys.executable, "-c", code], check=True)

"""The doctest examples of the geometry modules run as tests (python-chess style)."""

from __future__ import annotations

import doctest
import subprocess
import sys
from types import ModuleType

import pytest

from battlesim.engines.sbg.core import bases, geometry, table_generator


@pytest.mark.parametrize("module", [bases, geometry, table_generator])
def test_doctests_pass(module: ModuleType) -> None:
    result = doctest.testmod(module)
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

"""Small printing helpers shared by the bench scripts: rates with 95% Wilson intervals, the
load average and CPU time, so every printed figure says how sure it is and how busy the
machine was."""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from battlesim.statistics import wilson_interval  # noqa: E402


def rate(successes: int, trials: int) -> str:
    """``0.412 [0.381, 0.444] (412/1000)``: a share with its 95% Wilson interval."""
    low, high = wilson_interval(successes, trials)
    share = successes / trials if trials else 0.0
    return f"{share:.3f} [{low:.3f}, {high:.3f}] ({successes}/{trials})"


def load_average() -> str:
    one, five, fifteen = os.getloadavg()
    return f"load average {one:.2f} {five:.2f} {fifteen:.2f} on {os.cpu_count()} CPUs"


def cpu_seconds() -> float:
    """CPU time of this process (user + system): steadier than wall time on a shared box."""
    return time.process_time()


def count_argument(doc: str | None, default: int, name: str = "battles") -> int:
    """The one optional positive count a bench takes (``bench.py [N]``), read by argparse so
    ``--help`` shows the bench's docstring and a bad value gets a usage line, not a trace."""
    cli = argparse.ArgumentParser(
        description=doc, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    cli.add_argument(name, nargs="?", type=int, default=default, help=f"default {default}")
    count = getattr(cli.parse_args(), name)
    if count < 1:
        cli.error(f"{name} must be at least 1")
    return int(count)

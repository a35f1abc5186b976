"""Save or check the event-log hashes of a seeded set of games (shared by sbg_log_hashes.py and
board_log_hashes.py): "behaviour unchanged" means every hash is the same."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any


def save_or_check(
    plan_key: str,
    plan: list[dict[str, Any]],
    hashes: list[str],
    save: Path | None,
    check: Path | None,
    describe: Callable[[dict[str, Any]], str],
) -> int:
    """Write ``{plan_key: plan, "hashes": hashes}`` to ``save``; compare with ``check`` and
    print each game that differs (``describe``); return the exit status."""
    if save:
        save.write_text(json.dumps({plan_key: plan, "hashes": hashes}, indent=1) + "\n")
        print(f"saved to {save}")
    if not check:
        return 0
    saved = json.loads(check.read_text())
    if saved[plan_key] != plan:
        print(f"the saved file was made from another {plan_key[:-1]} set; save it again")
        return 2
    differ = [i for i, (a, b) in enumerate(zip(hashes, saved["hashes"], strict=True)) if a != b]
    for i in differ:
        print(f"  differs: {describe(plan[i])}")
    print(f"{len(plan) - len(differ)}/{len(plan)} logs unchanged")
    return 1 if differ else 0

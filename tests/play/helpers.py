"""Shared moves for the table tests: a simple person who picks a plain legal option."""

from __future__ import annotations

from typing import Any

PASSIVE = ("no", "done", "none", "pass", "stop", "keep", "end", "resolve")


def plain_choice(prompt: dict[str, Any]) -> str:
    """Buy when asked, otherwise the quiet option, else the first one (all legal)."""
    ids = [option["id"] for option in prompt["options"]]
    if prompt["kind"] == "buy":
        return "yes"
    if prompt["kind"] == "reinforce":
        return next((i for i in ids if i.startswith("all:")), ids[0])
    if prompt["kind"] == "attack" and len(ids) > 1:
        return ids[1]
    if prompt["kind"] == "turn" and "end" not in ids:
        return ids[0]
    return next((i for i in ids if i in PASSIVE), ids[0])

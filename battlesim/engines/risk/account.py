"""A readable account of a game: one line per event that matters (an exporter over the log)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from battlesim.engines.log import Event

Name = Callable[[int], str]
Describe = Callable[[dict[str, Any], Name], str]


def _throw(d: dict[str, Any], name: Name) -> str:
    return (
        f"   {name(d['seat'])} {d['source']} -> {d['target']} ({name(d['defender'])}): "
        f"{d['attack']}+{d['attack_bonus']} v {d['defence']}+{d['defence_bonus']}, "
        f"losses {d['attacker_losses']}/{d['defender_losses']}"
    )


def _fellowship_roll(d: dict[str, Any], name: Name) -> str:
    verdict = "moves on" if d["leaves"] else "stays"
    return f"   Fellowship rolls {d['roll']}{d['modifier']:+d} to leave {d['territory']}: {verdict}"


TEXTS: dict[str, Describe] = {
    "turn": lambda d, n: f"\n-- Turn {d['turn']}: {n(d['seat'])} (Ring at {d['fellowship']})",
    "reinforcements": lambda d, n: f"   {n(d['seat'])} gets {d['count']} ({d['reason']})",
    "trade": lambda d, n: f"   {n(d['seat'])} trades a card set for {d['value']}",
    "throw": _throw,
    "conquest": lambda d, n: f"   {n(d['seat'])} takes {d['target']}, moving in {d['count']}",
    "eliminated": lambda d, n: f"   {n(d['seat'])} is eliminated by {n(d['by'])}",
    "fortify": lambda d, n: f"   {n(d['seat'])} fortifies {d['target']} with {d['count']}",
    "adventure_card": lambda d, n: f"   {n(d['seat'])} draws adventure card {d['name']}",
    "adventure_played": lambda d, n: f"   {n(d['seat'])} plays {d['name']}",
    "leader": lambda d, n: f"   {n(d['seat'])} leader to {d['territory']} ({d['reason']})",
    "leader_removed": lambda d, n: f"   {n(d['seat'])} loses its leader in {d['territory']}",
    "withdrawal": lambda d, n: f"   {d['count']} withdraw from {d['source']} to {d['target']}",
    "fellowship_stays": lambda d, n: f"   The Fellowship stays in {d['territory']} (card)",
    "fellowship_roll": _fellowship_roll,
    "fellowship_moves": lambda d, n: f"   The Fellowship reaches {d['territory']}",
    "ring_roll": lambda d, n: (
        f"   Mount Doom roll {d['roll']}: "
        + ("the Ring is destroyed!" if d["destroyed"] else "not yet")
    ),
    "game_over": lambda d, n: (
        f"\nResult: winner {d['winner']} ({d['termination']}); scores {d['scores']}"
    ),
}


class Account:
    """Turn events into lines, naming seats by their colours once the set-up is known."""

    def __init__(self) -> None:
        self.colours: dict[int, str] = {}

    def name(self, seat: int) -> str:
        return self.colours.get(seat, f"seat {seat}")

    def describe(self, event: Event) -> str | None:
        """Return the account line of an event, or None for bookkeeping events."""
        if event.kind == "setup":
            self.colours = {p["seat"]: p["colour"] for p in event.data["players"]}
            return "Players: " + ", ".join(
                f"{p['colour']} ({p['side']}, {p['strategy']})" for p in event.data["players"]
            )
        text = TEXTS.get(event.kind)
        return text(event.data, self.name) if text else None

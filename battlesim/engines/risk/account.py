"""A readable account of a game: one line per event that matters (an exporter over the log).

Each line is a template with ``{named}`` holes and the values that fill them, so the same
line reads in English here (the command line) and in the reader's language at a played
table (``battlesim.play.risk_table`` translates the template through the site's catalogue).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from battlesim.engines.log import Event

Name = Callable[[int], Any]
Line = tuple[str, dict[str, Any]]  # a template and its values
Describe = Callable[[dict[str, Any], Name], Line]


def gettext_noop(text: str) -> str:
    """Marks a template for the site's catalogue (``makemessages``); translated where shown."""
    return text


def _throw(d: dict[str, Any], n: Name) -> Line:
    text = gettext_noop(
        "{player} {source} -> {target} ({defender}): {attack}+{attack_bonus} v "
        "{defence}+{defence_bonus}, losses {attacker_losses}/{defender_losses}"
    )
    keys = ("source", "target", "attack", "attack_bonus", "defence", "defence_bonus")
    values = {key: d[key] for key in (*keys, "attacker_losses", "defender_losses")}
    return text, {"player": n(d["seat"]), "defender": n(d["defender"]), **values}


def _fellowship_roll(d: dict[str, Any], n: Name) -> Line:
    text = (
        gettext_noop("Fellowship rolls {roll}{modifier} to leave {territory}: moves on")
        if d["leaves"]
        else gettext_noop("Fellowship rolls {roll}{modifier} to leave {territory}: stays")
    )
    return text, {"roll": d["roll"], "modifier": f"{d['modifier']:+d}", "territory": d["territory"]}


def _ring_roll(d: dict[str, Any], n: Name) -> Line:
    text = (
        gettext_noop("Mount Doom roll {roll}: the Ring is destroyed!")
        if d["destroyed"]
        else gettext_noop("Mount Doom roll {roll}: not yet")
    )
    return text, {"roll": d["roll"]}


def _simple(text: str, seats: tuple[str, ...] = ("seat",), **fields: str) -> Describe:
    """A line whose holes are the event's own fields; ``seats`` name seat-number fields
    (``player`` for ``seat``, the field's own name otherwise)."""

    def describe(d: dict[str, Any], n: Name) -> Line:
        values: dict[str, Any] = {hole: d[key] for hole, key in fields.items()}
        for key in seats:
            values["player" if key == "seat" else key] = n(d[key])
        return text, values

    return describe


TEXTS: dict[str, Describe] = {
    "turn": _simple(
        gettext_noop("-- Turn {turn}: {player} (Ring at {fellowship})"),
        turn="turn",
        fellowship="fellowship",
    ),
    "reinforcements": _simple(
        gettext_noop("{player} gets {count} ({reason})"), count="count", reason="reason"
    ),
    "trade": _simple(gettext_noop("{player} trades a card set for {value}"), value="value"),
    "throw": _throw,
    "conquest": _simple(
        gettext_noop("{player} takes {target}, moving in {count}"), target="target", count="count"
    ),
    "eliminated": _simple(gettext_noop("{player} is eliminated by {by}"), ("seat", "by")),
    "fortify": _simple(
        gettext_noop("{player} fortifies {target} with {count}"), target="target", count="count"
    ),
    "adventure_card": _simple(gettext_noop("{player} draws adventure card {name}"), name="name"),
    "adventure_played": _simple(gettext_noop("{player} plays {name}"), name="name"),
    "leader": _simple(
        gettext_noop("{player} leader to {territory} ({reason})"),
        territory="territory",
        reason="reason",
    ),
    "leader_removed": _simple(
        gettext_noop("{player} loses its leader in {territory}"), territory="territory"
    ),
    "withdrawal": _simple(
        gettext_noop("{count} withdraw from {source} to {target}"),
        (),
        count="count",
        source="source",
        target="target",
    ),
    "fellowship_stays": _simple(
        gettext_noop("The Fellowship stays in {territory} (card)"), (), territory="territory"
    ),
    "fellowship_roll": _fellowship_roll,
    "fellowship_moves": _simple(
        gettext_noop("The Fellowship reaches {territory}"), (), territory="territory"
    ),
    "ring_roll": _ring_roll,
    "game_over": _simple(
        gettext_noop("Result: winner {winner} ({termination}); scores {scores}"),
        (),
        winner="winner",
        termination="termination",
        scores="scores",
    ),
}
# The command line's layout: a blank line before a turn and the result, an indent otherwise.
OPENS_A_SECTION = frozenset({"turn", "game_over"})


class Account:
    """Turn events into lines, naming seats by their colours once the set-up is known."""

    def __init__(self) -> None:
        self.colours: dict[int, str] = {}

    def name(self, seat: int) -> str:
        return self.colours.get(seat, f"seat {seat}")

    def line(self, event: Event, name: Name | None = None) -> Line | None:
        """The template and values of an event's line (seats named by ``name``, by
        colour if not given), or None for bookkeeping events."""
        if event.kind == "setup":
            self.colours = {p["seat"]: p["colour"] for p in event.data["players"]}
        text = TEXTS.get(event.kind)
        return text(event.data, name or self.name) if text else None

    def describe(self, event: Event) -> str | None:
        """Return the account line of an event in English, or None for bookkeeping events."""
        if event.kind == "setup":
            self.colours = {p["seat"]: p["colour"] for p in event.data["players"]}
            return "Players: " + ", ".join(
                f"{p['colour']} ({p['side']}, {p['strategy']})" for p in event.data["players"]
            )
        found = self.line(event)
        if found is None:
            return None
        text, values = found
        head = "\n" if event.kind in OPENS_A_SECTION else "   "
        return head + text.format(**values)

"""A readable account of a game, written from its event log (one exporter of the one record).

Each line is a template with ``{named}`` holes: read in English here (the command line) and
in the reader's language at a played table (``battlesim.play.rotk_table``).
"""

from __future__ import annotations

from typing import Any

from battlesim.engines.log import Event
from battlesim.engines.rotk.data import Material, load_material


def gettext_noop(text: str) -> str:
    """Marks a template for the site's catalogue (``makemessages``); translated where shown."""
    return text


_TEMPLATES = {
    "setup": gettext_noop(
        "{players} players{variant_text}; Frodo on {frodo}, Gollum on mountain {gollum}; "
        "P{first} starts"
    ),
    "lots": gettext_noop("Round {round}: lots laid out"),
    "lot_taken": gettext_noop("{who} takes lot {lot}: {cards_text}"),
    "enter": gettext_noop("{who} enters the board on {hex}"),
    "move": gettext_noop("{who} moves to {hex} (discards {card_text})"),
    "aragorn_move": gettext_noop("{who} shows three Aragorn cards and moves to {hex} for free"),
    "forced_march": gettext_noop("{who} marches to {last} (Eilmarsch)"),
    "reinforce": gettext_noop("{who} reinforces: draws {drawn_text}"),
    "attack": gettext_noop(
        "{who} attacks {target} (battle {battle}) with {armies_text}{heroes_text}: "
        "dice {dice}, total {total}, {verdict}"
    ),
    "reroll": gettext_noop("reroll with {card_text}: dice {dice}, total {total}, {verdict}"),
    "protect": gettext_noop("Gandalfs Schutz: the army goes back to the hand"),
    "tile_taken": gettext_noop("{who} takes the tile and steps to {hex}"),
    "frodo": gettext_noop("Frodo and Sam: {before} -> {after}"),
    "gollum": gettext_noop("Gollum: mountain {before} -> {after}"),
    "ring_destroyed": gettext_noop("The Ring falls into the crater!"),
    "gate_taken": gettext_noop("{who} breaks the Black Gate!"),
    "troll_taken": gettext_noop("{who} defeats a troll"),
    "game_over": gettext_noop(
        "Game over ({termination}): the players {result}; victory points {victory_points}"
    ),
}
# The command line's layout: how deep each line is indented.
_INDENT = {
    "lot_taken": 2,
    "enter": 2,
    "move": 2,
    "aragorn_move": 2,
    "forced_march": 2,
    "reinforce": 2,
    "attack": 2,
    "reroll": 4,
    "protect": 4,
    "tile_taken": 4,
    "frodo": 4,
    "gollum": 4,
    "ring_destroyed": 4,
    "gate_taken": 4,
    "troll_taken": 4,
}


def _names(ids: list[int], material: Material) -> str:
    return ", ".join(str(material.cards[i]) for i in ids) or "nothing"


def _fields(data: dict[str, Any], material: Material) -> dict[str, Any]:
    """Readable extras computed from the raw event data."""
    extra: dict[str, Any] = {"who": f"P{data['seat'] + 1}" if "seat" in data else ""}
    for key in ("cards", "drawn", "armies"):
        if key in data:
            extra[f"{key}_text"] = _names(data[key], material)
    extra["heroes_text"] = f" + {_names(data['heroes'], material)}" if data.get("heroes") else ""
    if "card" in data:
        extra["card_text"] = str(material.cards[data["card"]])
    extra["verdict"] = "success" if data.get("success") else "failure"
    extra["variant_text"] = " (variant)" if data.get("variant") else ""
    extra["first"] = data.get("start_player", 0) + 1
    extra["last"] = data["path"][-1] if data.get("path") else None
    extra["result"] = "win" if data.get("players_win") else "lose"
    return extra


def line(event: Event, material: Material | None = None) -> tuple[str, dict[str, Any]] | None:
    """The template of ``event``'s line and the values that fill it, or None for
    bookkeeping events."""
    template = _TEMPLATES.get(event.kind)
    if template is None:
        return None
    return template, {**event.data, **_fields(event.data, material or load_material())}


def describe(event: Event, material: Material | None = None) -> str | None:
    """Return one readable line for ``event`` in English, or None for bookkeeping events."""
    found = line(event, material)
    if found is None:
        return None
    template, values = found
    return " " * _INDENT.get(event.kind, 0) + template.format(**values)

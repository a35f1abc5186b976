"""A readable account of a game, written from its event log (one exporter of the one record)."""

from __future__ import annotations

from typing import Any

from battlesim.engines.log import Event
from battlesim.engines.rotk.data import Material, load_material

_TEMPLATES = {
    "setup": "{players} players{variant_text}; Frodo on {frodo}, Gollum on mountain {gollum}; "
    "P{first} starts",
    "lots": "Round {round}: lots laid out",
    "lot_taken": "  {who} takes lot {lot}: {cards_text}",
    "enter": "  {who} enters the board on {hex}",
    "move": "  {who} moves to {hex} (discards {card_text})",
    "aragorn_move": "  {who} shows three Aragorn cards and moves to {hex} for free",
    "forced_march": "  {who} marches to {last} (Eilmarsch)",
    "reinforce": "  {who} reinforces: draws {drawn_text}",
    "attack": "  {who} attacks {target} (battle {battle}) with {armies_text}{heroes_text}: "
    "dice {dice}, total {total}, {verdict}",
    "reroll": "    reroll with {card_text}: dice {dice}, total {total}, {verdict}",
    "protect": "    Gandalfs Schutz: the army goes back to the hand",
    "tile_taken": "    {who} takes the tile and steps to {hex}",
    "frodo": "    Frodo and Sam: {before} -> {after}",
    "gollum": "    Gollum: mountain {before} -> {after}",
    "ring_destroyed": "    The Ring falls into the crater!",
    "gate_taken": "    {who} breaks the Black Gate!",
    "troll_taken": "    {who} defeats a troll",
    "game_over": "Game over ({termination}): the players {result}; victory points {victory_points}",
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


def describe(event: Event, material: Material | None = None) -> str | None:
    """Return one readable line for ``event``, or None for bookkeeping events."""
    template = _TEMPLATES.get(event.kind)
    if template is None:
        return None
    return template.format(**event.data, **_fields(event.data, material or load_material()))

"""Read a Hero/Warrior profile's characteristics into numbers.

Values come as text: ``6"`` (Move), ``5/3+`` (Fight/Shoot), ``3/-`` (no shooting), ``4``, and
``*``, ``-``, ``?`` or blank where the profile has no number (``profiles.stat_values``);
keyword and heroic-action lists are one per line for heroes and space-separated for warriors.
Profile modifiers (e.g. +1 Defence with a shield) are applied in the plain list, where no
option is taken, so they leave the base profile.
"""

from __future__ import annotations

import re
from dataclasses import replace
from functools import cache
from pathlib import Path
from typing import Any

import yaml

from profiles.importers.bs_dataset import Characteristics
from profiles.importers.bs_modifiers import PlainList, apply_text
from profiles.importers.bs_tree import Node
from profiles.importers.bs_xml import children
from profiles.stat_values import StatKind, token_kind

_NUMBER = re.compile(r"\d+")
# Cell name -> Characteristics field, in card order (Fight holds Fight/Shoot).
_CELLS = {
    "Movement": "move",
    "Strength": "strength",
    "Defense": "defence",
    "Attack": "attacks",
    "Wounds": "wounds",
    "Courage": "courage",
}
_HERO_CELLS = {"Might": "might", "Will": "will", "Fate": "fate"}


class UnreadableProfileError(ValueError):
    """A characteristic holds neither a number nor ``*``, ``-``, ``?`` or a blank."""


def characteristic_texts(profile: Node, state: PlainList) -> dict[str, str]:
    """Return name -> text, after the profile's and its link's modifiers."""
    texts: dict[str, str] = {}
    for item in children(profile.entry, "characteristics"):
        value = item.text or ""
        for el in profile.elements():
            value = apply_text(value, el, item.get("typeId", ""), state)
        texts[item.get("name", "")] = value.strip()
    return texts


def first_number(text: str | None) -> int | None:
    match = _NUMBER.search(text or "")
    return int(match.group()) if match else None


class _Reader:
    """Collects numbers and the kinds of the cells that hold none."""

    def __init__(self) -> None:
        self.notes: list[tuple[str, str]] = []

    def value(self, name: str, field: str, text: str) -> int | None:
        number = first_number(text)
        if number is not None:
            return number
        kind = token_kind(text)
        if kind is None:
            raise UnreadableProfileError(f"{name} {text!r} is not a number")
        self.notes.append((field, kind.value))
        return None


def fight_and_shoot(text: str, reader: _Reader | None = None) -> tuple[int | None, int | None]:
    """Split ``5/3+`` into (5, 3) and ``3/-`` into (3, None); a cell of one token (``?``,
    ``-``) gives both values that kind."""
    reader = reader or _Reader()
    fight_text, slash, shoot_text = text.partition("/")
    fight = reader.value("Fight", "fight", fight_text)
    if not slash:
        kind = token_kind(fight_text)
        if fight is None and kind is not None and kind is not StatKind.NONE:
            reader.notes.append(("shoot", kind.value))
        return fight, None
    shoot = first_number(shoot_text)
    shoot_kind = token_kind(shoot_text)
    if shoot is None and shoot_kind not in (None, StatKind.NONE):
        reader.notes.append(("shoot", shoot_kind.value))  # "-" is the usual "no bow"
    return fight, shoot


def read_characteristics(texts: dict[str, str], *, hero: bool = True) -> Characteristics:
    """Return the profile; a ``*``, ``-``, ``?`` or blank cell gives None and a note.

    A warrior's Might/Will/Fate are absent, not notes. Raise ``UnreadableProfileError`` on
    any other text (the integrity check refuses such data before this runs).
    """
    reader = _Reader()
    fight, shoot = fight_and_shoot(texts.get("Fight", ""), reader)
    values = {f: reader.value(n, f, texts.get(n, "")) for n, f in _CELLS.items()}
    for name, field in _HERO_CELLS.items():
        text = texts.get(name)
        if hero and text is not None:
            values[field] = reader.value(name, field, text)
        else:
            values[field] = first_number(text)
    return Characteristics(fight=fight, shoot=shoot, **values, notes=tuple(reader.notes))


_ASSUMPTIONS = Path(__file__).with_name("battlescribe_assumptions.yaml")


@cache
def _blank_fills() -> dict[str, dict[str, int]]:
    """battlescribe_assumptions.yaml ``blank_characteristics``: profile id -> values."""
    data: dict[str, Any] = yaml.safe_load(_ASSUMPTIONS.read_text(encoding="utf-8")) or {}
    found = data.get("blank_characteristics") or {}
    return {key: {f: int(v) for f, v in entry["values"].items()} for key, entry in found.items()}


def fill_blanks(values: Characteristics, profile_id: str) -> Characteristics:
    """The profile with the flagged assumption's value in each blank (or "?") cell the
    assumptions file lists for its BattleScribe id; a cell holding a number or a "*" or "-"
    is never touched."""
    fills = _blank_fills().get(profile_id)
    if not fills:
        return values
    blank = {f for f, kind in values.notes if kind == StatKind.SEE_RULE.value and f in fills}
    if not blank:
        return values
    notes = tuple(note for note in values.notes if note[0] not in blank)
    return replace(values, notes=notes, **{f: fills[f] for f in blank})


def split_list(text: str | None) -> tuple[str, ...]:
    """Split a keyword/heroic-action cell: by line when it has lines, else by spaces."""
    if not text:
        return ()
    parts = text.splitlines() if "\n" in text.strip() else text.split()
    return tuple(p.strip() for p in parts if p.strip() not in ("", "-"))

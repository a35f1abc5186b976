"""Read a Hero/Warrior profile's characteristics into numbers.

Values come as text: ``6"`` (Move), ``5/3+`` (Fight/Shoot), ``3/-`` (no shooting), ``4``;
keyword and heroic-action lists are one per line for heroes and space-separated for warriors.
Profile modifiers (e.g. +1 Defence with a shield) are applied in the plain list, where no
option is taken, so they leave the base profile.
"""

from __future__ import annotations

import re

from profiles.importers.bs_dataset import Characteristics
from profiles.importers.bs_modifiers import PlainList, apply_text
from profiles.importers.bs_tree import Node
from profiles.importers.bs_xml import children

_NUMBER = re.compile(r"\d+")
_REQUIRED = ("Movement", "Strength", "Defense", "Attack", "Wounds", "Courage")


class UnreadableProfileError(ValueError):
    """A characteristic the rules need has no number in it."""


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


def _required(texts: dict[str, str], name: str) -> int:
    value = first_number(texts.get(name))
    if value is None:
        raise UnreadableProfileError(f"{name} {texts.get(name, '')!r} has no number")
    return value


def fight_and_shoot(text: str) -> tuple[int, int | None]:
    """Split ``5/3+`` into (5, 3) and ``3/-`` into (3, None)."""
    fight_text, _, shoot_text = text.partition("/")
    fight = first_number(fight_text)
    if fight is None:
        raise UnreadableProfileError(f"Fight {text!r} has no number")
    return fight, first_number(shoot_text)


def read_characteristics(texts: dict[str, str]) -> Characteristics:
    """Return the numeric profile; raise ``UnreadableProfileError`` on a missing value."""
    fight, shoot = fight_and_shoot(texts.get("Fight", ""))
    move, strength, defence, attacks, wounds, courage = (_required(texts, n) for n in _REQUIRED)
    return Characteristics(
        move=move,
        fight=fight,
        shoot=shoot,
        strength=strength,
        defence=defence,
        attacks=attacks,
        wounds=wounds,
        courage=courage,
        might=first_number(texts.get("Might")),
        will=first_number(texts.get("Will")),
        fate=first_number(texts.get("Fate")),
    )


def split_list(text: str | None) -> tuple[str, ...]:
    """Split a keyword/heroic-action cell: by line when it has lines, else by spaces."""
    if not text:
        return ()
    parts = text.splitlines() if "\n" in text.strip() else text.split()
    return tuple(p.strip() for p in parts if p.strip() not in ("", "-"))

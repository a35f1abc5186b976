"""The bracket of a special rule that names whom it is about: "Hatred (Elf)", "Ancient
Enemies (Dwarf) (Elf)", "Sworn Protector (Brand)" (checklist part 2 §9, SR-HATRED,
SR-ANCENEMY, SR-BANE, SR-SWORNPROT).

The data writes the keyword in the singular ("Elf") or, in the rulebook's examples, in the
plural ("Elfes", "Orques", "Hommes"); the plurals the rules use are mapped here so that the
bracket compares with a model's lower-case keywords.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from battlesim.engines.sbg.core import names

if TYPE_CHECKING:
    from battlesim.engines.sbg.core.state import ModelState

_SINGULAR = {
    "elves": "elf",
    "orcs": "orc",
    "men": "man",
    "dwarves": "dwarf",
    "goblins": "goblin",
    "hobbits": "hobbit",
    "spirits": "spirit",
    "monsters": "monster",
}


def parameters(model: ModelState, rule: str) -> tuple[str, ...]:
    """Every bracketed word the model's cards give ``rule`` (lower case, in order)."""
    found: list[str] = []
    for written in model.profile.rules:
        parsed = names.parse(written)
        if parsed.name == rule:
            found.extend(parsed.parameters)
    return tuple(dict.fromkeys(found))


def keywords_named(model: ModelState, rule: str) -> frozenset[str]:
    """The keywords ``rule`` names on ``model``'s card, in the singular."""
    return frozenset(_SINGULAR.get(word, word) for word in parameters(model, rule))


def aimed_at(model: ModelState, rule: str, target: ModelState | None) -> bool:
    """Whether ``target`` carries a keyword the bracket of ``rule`` names."""
    if target is None:
        return False
    return bool(keywords_named(model, rule) & target.profile.keywords)

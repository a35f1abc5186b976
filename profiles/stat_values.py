"""Characteristics that are not numbers: ``*``, ``-``, ``?`` and blank cells of a profile.

The rulebook prints ``*`` where a value varies by a special rule (Gûlavhar's Attacks), ``-``
where a model has none (a War Mûmak's Fight), and some data leaves a cell blank or writes
``?`` (Tom Bombadil, Goldberry: "see the rule"). Such a value is stored as ``None`` in its
number column with its kind in ``Profile.characteristic_notes``. Pure: no Django.
"""

from __future__ import annotations

from enum import StrEnum


class StatKind(StrEnum):
    VARIABLE = "variable"  # "*": set by the model's special rules
    NONE = "none"  # "-": the model has no such value
    SEE_RULE = "see_rule"  # "?" or a blank cell: no number given; read the model's rules


SYMBOLS: dict[StatKind, str] = {StatKind.VARIABLE: "*", StatKind.NONE: "-", StatKind.SEE_RULE: "?"}
LABELS: dict[StatKind, str] = {
    StatKind.VARIABLE: "variable: set by its special rules",
    StatKind.NONE: "none",
    StatKind.SEE_RULE: "no number given: see its special rules",
}
TOKENS: dict[str, StatKind] = {"*": StatKind.VARIABLE, "-": StatKind.NONE, "?": StatKind.SEE_RULE}

# The number columns of a profile, in card order.
STAT_FIELDS = (
    *("move", "fight", "shoot", "strength", "defence", "attacks"),
    *("wounds", "courage", "might", "will", "fate"),
)


def token_kind(text: str) -> StatKind | None:
    """Return the kind of a cell that holds no number (blank counts as "see rule")."""
    cleaned = text.strip().rstrip('"+').strip()
    if not cleaned:
        return StatKind.SEE_RULE
    if set(cleaned) == {"*"}:  # Sauron's Fate "**"
        return StatKind.VARIABLE
    return TOKENS.get(cleaned)


def stat_text(value: int | None, kind: str | None, suffix: str = "") -> str:
    """Return what a card shows: ``6"`` for a number (with ``suffix``), else the symbol."""
    if value is not None:
        return f"{value}{suffix}"
    if kind:
        return SYMBOLS[StatKind(kind)]
    return "-"

"""Sentences a table shows a person, kept untranslated until someone reads them.

A prompt is computed once (by the request that applied a decision, or by a worker) and
read later by every seat, each in their own language. So a table writes its questions,
option labels and log lines as ``Phrase`` values: the English text with ``{named}`` holes
and the values that fill them. ``render`` translates the text through the site's catalogue
(``battlesim.phrasebook``) in the reader's language and fills the holes, each value itself
rendered: a number, a nested phrase, a Monopoly square (named as ``board_names`` names it
for that reader) or a list (joined with commas).

The constructor is imported as ``_`` where phrases are written, so ``makemessages``
collects their texts. Django-free, like the rest of a table's run.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from battlesim.board_names import monopoly_square_names
from battlesim.phrasebook import phrasebook


@dataclass(frozen=True, slots=True)
class Square:
    """A Monopoly square, named in the reader's language."""

    index: int


@dataclass(frozen=True, slots=True, init=False)
class Phrase:
    text: str
    args: tuple[tuple[str, Any], ...]

    def __init__(self, text: str, /, **args: Any) -> None:
        object.__setattr__(self, "text", text)
        object.__setattr__(self, "args", tuple(args.items()))

    def __str__(self) -> str:
        return render(to_json(self), None)


def to_json(value: Any) -> Any:
    """The stored form: a phrase as {"_t", "_a"}, a square as {"_square"}, lists kept (the
    marks start with "_" so an event's own dict value never reads as one)."""
    if isinstance(value, Phrase):
        return {"_t": value.text, "_a": {key: to_json(arg) for key, arg in value.args}}
    if isinstance(value, Square):
        return {"_square": value.index}
    if isinstance(value, list | tuple):
        return [to_json(item) for item in value]
    return value


def render(value: Any, language: str | None) -> str:
    """The stored form of a phrase (or a plain text, from before phrases) as read in
    ``language``."""
    if isinstance(value, str):
        return value
    if isinstance(value, list):
        return ", ".join(render(item, language) for item in value)
    if isinstance(value, dict) and "_square" in value:
        return monopoly_square_names(language)[value["_square"]]
    if isinstance(value, dict) and "_t" in value:
        text = phrasebook(language)(value["_t"])
        return text.format(**{key: render(arg, language) for key, arg in value["_a"].items()})
    return str(value)


def render_prompt(prompt: dict[str, Any], language: str | None) -> dict[str, Any]:
    """A stored prompt with its question and option labels in ``language``."""
    return {
        **prompt,
        "text": render(prompt["text"], language),
        "options": [
            {
                **option,
                "label": render(option["label"], language),
                "group": render(option["group"], language),
            }
            for option in prompt["options"]
        ],
    }

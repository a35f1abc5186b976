"""Seats at a table, without Django: a person's decisions replayed from a script.

A played game is its seed, its settings and the list of the people's decisions. The engine
is run again from the start each time; a person's seat answers each decision point from the
script, and when the script is used up the run stops with the question (a ``Prompt``) that
seat faces now. Strategies sit at the other seats and decide in the run itself, exactly as in
a simulated game, so the engine stays the only judge and a game survives any restart.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from battlesim.play.phrases import Phrase, to_json
from battlesim.play.phrases import Phrase as _

Choice = Any  # an option id (str) or, for a form, a JSON object


class IllegalChoiceError(ValueError):
    """A person's choice is not one of the legal options, or the engine refused it."""


class DivergedError(RuntimeError):
    """A recorded decision no longer fits the question asked: the record is corrupt."""


@dataclass(frozen=True, slots=True)
class Option:
    id: str
    label: str | Phrase
    group: str | Phrase = ""

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "label": to_json(self.label), "group": to_json(self.group)}


@dataclass(slots=True)
class Prompt:
    """The question a seat faces: its kind, a sentence, the legal options or a form."""

    seat: int
    kind: str
    text: str | Phrase
    options: list[Option] = field(default_factory=list)
    form: dict[str, Any] | None = None  # a free-form choice checked by the engine

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "kind": self.kind,
            "text": to_json(self.text),
            "options": [option.to_json() for option in self.options],
            "form": self.form,
        }


class PauseError(Exception):
    """Raised inside the engine to stop the run: a person must answer ``prompt``."""

    def __init__(self, prompt: Prompt) -> None:
        super().__init__(str(prompt.text))
        self.prompt = prompt


class AiTurnError(Exception):
    """Raised inside the engine to stop the run before an AI seat's first new decision."""

    def __init__(self, seat: int) -> None:
        super().__init__(f"seat {seat} (AI) to decide")
        self.seat = seat


@dataclass(slots=True)
class Script:
    """The people's recorded decisions, handed out in order.

    ``stop_at_ai``: stop before the first AI decision after the script is used up (the web
    request stops there and leaves the AI's moves to a worker). ``on_ai`` is called before
    every AI decision after the script is used up (the worker takes its frames there).
    """

    decisions: list[dict[str, Any]]
    stop_at_ai: bool = False
    on_ai: Callable[[int], None] | None = None
    position: int = 0

    @property
    def used_up(self) -> bool:
        return self.position >= len(self.decisions)

    def ask(self, prompt: Prompt) -> Choice:
        """Return the recorded answer to ``prompt``, or stop the run with it."""
        if self.used_up:
            raise PauseError(prompt)
        decision = self.decisions[self.position]
        if decision["seat"] != prompt.seat or decision["kind"] != prompt.kind:
            raise DivergedError(
                f"decision {self.position} is {decision['kind']} for seat {decision['seat']}, "
                f"the game asks {prompt.kind} of seat {prompt.seat}"
            )
        choice = decision["choice"]
        offered = {option.id for option in prompt.options}
        if isinstance(choice, dict):
            if prompt.form is None:
                raise IllegalChoiceError("this question takes one of its options, not a form")
        elif not isinstance(choice, str) or choice not in offered:
            raise IllegalChoiceError(f"{choice!r} is not one of the legal choices now")
        self.position += 1
        return choice

    def before_ai(self, seat: int) -> None:
        """Called by an AI seat before it decides; stops or records a frame when due."""
        if not self.used_up:
            return
        if self.stop_at_ai:
            raise AiTurnError(seat)
        if self.on_ai is not None:
            self.on_ai(seat)


def yes_no(
    seat: int, kind: str, text: str | Phrase, yes: Phrase | None = None, no: Phrase | None = None
) -> Prompt:
    options = [Option("yes", yes or _("Yes")), Option("no", no or _("No"))]
    return Prompt(seat, kind, text, options)


def numbers(
    seat: int, kind: str, text: str | Phrase, low: int, high: int, dice: bool = False
) -> Prompt:
    """A choice of a number from ``low`` to ``high`` (of dice, when ``dice``)."""
    options = [
        Option(str(n), (_("1 die") if n == 1 else _("{count} dice", count=n)) if dice else str(n))
        for n in range(low, high + 1)
    ]
    return Prompt(seat, kind, text, options)


class AiSeat:
    """A strategy behind a proxy that tells the script before each of its decisions.

    Only calls from the engine pass through the proxy; a strategy's calls to its own
    methods go straight to it, so its behaviour is the same as in a simulated game.
    """

    def __init__(self, strategy: Any, seat: int, script: Script) -> None:
        self._strategy = strategy
        self._seat = seat
        self._script = script

    def __getattr__(self, name: str) -> Any:
        attribute = getattr(self._strategy, name)
        if not callable(attribute):
            return attribute

        def decide(*args: Any, **kwargs: Any) -> Any:
            self._script.before_ai(self._seat)
            return attribute(*args, **kwargs)

        return decide

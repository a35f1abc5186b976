"""The one source of randomness for a battle or game: seeded, scriptable, recording.

Rules never roll on their own: they ask the ``Dice`` they were given. The runner builds
``Dice(seed)``; tests pass ``ScriptedDice([...])`` with the results the rule text needs.
Every draw is recorded with its purpose, so a log replays even if Python's ``random`` changes.

>>> dice = Dice(7)
>>> roll = dice.d6("to hit")
>>> 1 <= roll <= 6
True
>>> dice.rolls[0].purpose
'to hit'
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TypeVar

from mypy_extensions import mypyc_attr

T = TypeVar("T")


class DiceExhaustedError(ValueError):
    """A scripted dice source was asked for more results than the test scripted."""


@dataclass(frozen=True, slots=True)
class Roll:
    """One recorded draw: what it was for, how many sides, and the result."""

    purpose: str
    sides: int
    value: int


@mypyc_attr(allow_interpreted_subclasses=True)  # compiled: subclasses may be Python
class Dice:
    """Seeded dice. Only ``random.Random.random()`` is used: it is the one stream Python
    promises to keep identical for the same seed across versions."""

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self._rng = random.Random(seed)
        self._rolls: list[Roll] = []
        # Draws not yet read, as (purpose, sides, value): they become ``Roll`` records only
        # when ``rolls`` is read (a simulation seldom reads them; building each was costly).
        self._pending: list[tuple[str, int, int]] = []

    @property
    def rolls(self) -> list[Roll]:
        """Every draw in order, with its purpose."""
        pending = self._pending
        if pending:
            self._rolls += [Roll(*draw) for draw in pending]
            pending.clear()
        return self._rolls

    def _draw(self, sides: int) -> int:
        return int(self._rng.random() * sides) + 1

    def roll(self, sides: int, purpose: str) -> int:
        """Return one result from 1 to ``sides`` and record it."""
        if sides < 1:
            raise ValueError(f"a die needs at least one side, not {sides}")
        value = self._draw(sides)
        self._pending.append((purpose, sides, value))
        return value

    def d6(self, purpose: str) -> int:
        return self.roll(6, purpose)

    def d6s(self, count: int, purpose: str) -> list[int]:
        draw = self._draw
        values = [draw(6) for _ in range(count)]
        self._pending += [(purpose, 6, value) for value in values]
        return values

    def d6s_pair(
        self, first: int, second: int, purposes: tuple[str, str], subject: str
    ) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """``d6s`` of ``first`` dice then of ``second``, as tuples; each purpose is a template
        filled with ``subject`` only by dice that keep a record (a Risk throw, every throw)."""
        return (
            tuple(self.d6s(first, purposes[0].format(subject))),
            tuple(self.d6s(second, purposes[1].format(subject))),
        )

    def choice(self, options: Sequence[T], purpose: str) -> T:
        """Pick one of ``options`` (sorted by the caller when order matters)."""
        if not options:
            raise ValueError(f"nothing to choose from for {purpose!r}")
        return options[self.roll(len(options), purpose) - 1]

    def shuffle(self, items: list[T], purpose: str) -> None:
        """Shuffle in place (Fisher-Yates through ``roll``, so it is recorded and stable)."""
        for i in range(len(items) - 1, 0, -1):
            j = self.roll(i + 1, purpose) - 1
            items[i], items[j] = items[j], items[i]


class QuietDice(Dice):
    """Seeded dice that keep no record of their draws, for a game played for its result
    only: the same seed gives the same values as ``Dice`` (the draw is the same), so a
    recorded game can be played again from the seed."""

    def roll(self, sides: int, purpose: str) -> int:
        if sides < 1:
            raise ValueError(f"a die needs at least one side, not {sides}")
        return int(self._rng.random() * sides) + 1

    def d6s(self, count: int, purpose: str) -> list[int]:
        random = self._rng.random
        return [int(random() * 6) + 1 for _ in range(count)]

    def d6s_pair(
        self, first: int, second: int, purposes: tuple[str, str], subject: str
    ) -> tuple[tuple[int, ...], tuple[int, ...]]:
        random = self._rng.random
        return (
            tuple([int(random() * 6) + 1 for _ in range(first)]),
            tuple([int(random() * 6) + 1 for _ in range(second)]),
        )


class ScriptedDice(Dice):
    """Dice that return the given results in order; for tests derived from the rule text.

    A scripted value is checked against the die's sides, so a test cannot script an
    impossible roll by mistake.
    """

    def __init__(self, values: Iterable[int]) -> None:
        super().__init__(seed=0)
        self._script = list(values)
        self._position = 0

    def _draw(self, sides: int) -> int:
        if self._position >= len(self._script):
            raise DiceExhaustedError(f"script of {len(self._script)} results used up")
        value = self._script[self._position]
        self._position += 1
        if not 1 <= value <= sides:
            raise ValueError(f"scripted {value} is not a result of a {sides}-sided die")
        return value

    @property
    def remaining(self) -> int:
        return len(self._script) - self._position

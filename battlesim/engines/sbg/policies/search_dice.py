"""``KeyedDice``: the search player's dice for its copies of the battle (``search.py``).

Each draw is read from the battle's copy seed, the draw's purpose ("duel m3", "to wound
m4 -> m7 ...", "courage m2 ...") and how many draws of that purpose came before it, not
from the order of all draws. Two copies that part ways (one candidate charges where the
other waits) still roll the same dice for the same duel, shot or test: the candidates
differ by their play, not their luck (common random numbers), and the copies' paired
differences are far less noisy than with one stream whose order the play shuffles.
"""

from __future__ import annotations

import hashlib

from battlesim.engines.dice import Dice


class KeyedDice(Dice):
    """Seeded dice whose draws are keyed by their purpose (module docstring)."""

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self._salt = str(seed).encode()
        self._drawn: dict[str, int] = {}  # purpose -> draws of it so far
        self._purpose = ""  # the purpose of the draws under way (roll, d6s)

    def _draw(self, sides: int) -> int:
        purpose = self._purpose
        count = self._drawn.get(purpose, 0)
        self._drawn[purpose] = count + 1
        key = f"{purpose}|{count}".encode()
        digest = hashlib.blake2b(key, digest_size=8, key=self._salt).digest()
        return int.from_bytes(digest, "little") % sides + 1

    def roll(self, sides: int, purpose: str) -> int:
        self._purpose = purpose  # Dice.roll checks, draws and records as for any dice
        return super().roll(sides, purpose)

    def d6s(self, count: int, purpose: str) -> list[int]:
        self._purpose = purpose
        return super().d6s(count, purpose)

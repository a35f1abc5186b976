"""The decisions a player can take; the state checks each one and refuses illegal ones.

Cards are named by id. The decision points are: which lot (recruitment), where to enter and
move, which tile to attack with which cards (movement and combat), and after each roll
whether to reroll, to protect the army, and which army card to keep (resolution).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from battlesim.engines.rotk.data import Hex


class IllegalActionError(ValueError):
    """The rules refuse this action in this state."""


class Phase(enum.Enum):
    """Which decision the current player faces; each allows its own actions."""

    RECRUIT = "recruit"  # the current chooser takes a lot
    TURN = "turn"  # the current player moves and attacks
    AFTER_ROLL = "after_roll"  # the current player rerolls, protects or resolves
    OVER = "over"


class Special(enum.Enum):
    """Attack targets that are not board hexes."""

    BLACK_GATE = "black_gate"
    TROLL = "troll"


Target = Hex | Special


@dataclass(frozen=True, slots=True)
class ChooseLot:
    lot: int


@dataclass(frozen=True, slots=True)
class Enter:
    hex: Hex


@dataclass(frozen=True, slots=True)
class Move:
    """Step to an adjacent free hex, discarding one card of the player's choice."""

    hex: Hex
    card: int


@dataclass(frozen=True, slots=True)
class AragornMove:
    """Step to an adjacent free hex for free by showing three Aragorn army cards."""

    hex: Hex


@dataclass(frozen=True, slots=True)
class ForcedMarch:
    """Play "Eilmarsch": one or two steps through free hexes without discarding."""

    card: int
    path: tuple[Hex, ...]


@dataclass(frozen=True, slots=True)
class Reinforce:
    """Play "Verstarkung": draw cards from the deck."""

    card: int


@dataclass(frozen=True, slots=True)
class Attack:
    """Attack an adjacent tile (or the Gate, or a troll) with army and hero cards."""

    target: Target
    armies: tuple[int, ...]
    heroes: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class Reroll:
    """After a failed roll: a "relancer" card of an attacking colour, or "Frischer Mut"."""

    card: int


@dataclass(frozen=True, slots=True)
class Protect:
    """After the roll: "Gandalfs Schutz" returns the played army cards to the hand."""

    card: int


@dataclass(frozen=True, slots=True)
class Resolve:
    """Accept the roll; after a failure ``keep`` names the army card taken back, if any."""

    keep: int | None = None


@dataclass(frozen=True, slots=True)
class EndTurn:
    pass


Action = (
    ChooseLot
    | Enter
    | Move
    | AragornMove
    | ForcedMarch
    | Reinforce
    | Attack
    | Reroll
    | Protect
    | Resolve
    | EndTurn
)

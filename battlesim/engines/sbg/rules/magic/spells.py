"""Magical Powers as registered units (MAGIC-*, checklist part 2 §8, seed 002:L2285-2693).

Each of the 36 powers of §8.4 is one small function named after its MAGIC-P-* id,
decorated with ``@power(...)``: the decorator records how the power aims (one enemy, one
friend, the caster, every enemy around the caster), how long it lasts, what makes a target
eligible and, for players, what a casting is worth; it registers the power's name in the
rule registry (kind ``power``) so that the coverage command counts it.

The power's function receives the state and the ``Spell`` being resolved (caster, chosen
target, the models affected, channelled or not, MAGIC-CHAN-01) once it is cast and not
resisted; it adds effects through core/effects.py (durations, MAGIC-DUR-*).
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from dataclasses import dataclass, field

from battlesim.engines.sbg.core.registry import REGISTRY, Kind
from battlesim.engines.sbg.core.state import BattleState, ModelState
from battlesim.engines.sbg.core.units import PowerSpec


class Aim(enum.Enum):
    """MAGIC-TGT-01 (002:L2301): whom a power is cast at."""

    ENEMY = "one enemy in range"  # resistible by the target (MAGIC-RES-01)
    FRIEND = "one friend in range"  # never resisted (MAGIC-RES-04)
    SELF = "the caster"  # never resisted (MAGIC-RES-04)
    AROUND = "every enemy within the power's radius of the caster"  # one resists (RES-05)
    ENEMIES_IN_RANGE = "every enemy in range"  # one resists for all (MAGIC-RES-05)


class Duration(enum.Enum):
    INSTANT = "instant"  # MAGIC-DUR-02
    TEMPORARY = "temporary"  # MAGIC-DUR-03: until the end of the turn
    EXHAUSTION = "exhaustion"  # MAGIC-DUR-04: while the caster keeps 1 Will


@dataclass(frozen=True, slots=True)
class Spell:
    """One casting being resolved."""

    power: PowerUnit
    spec: PowerSpec
    caster: ModelState
    target: ModelState
    affected: tuple[ModelState, ...]
    channelled: bool = False
    part: str = "rider"  # MAGIC-TGT-03: of a Cavalry target, "rider" or "mount" (parts.py)

    @property
    def source(self) -> str:
        return self.power.id


Resolve = Callable[[BattleState, Spell], None]
Eligible = Callable[[BattleState, ModelState, ModelState], bool]
Worth = Callable[[BattleState, ModelState, ModelState, bool], float]


def _anyone(state: BattleState, caster: ModelState, target: ModelState) -> bool:
    return True


def _nothing(state: BattleState, caster: ModelState, target: ModelState, chan: bool) -> float:
    return 0.0


@dataclass(frozen=True, slots=True)
class PowerUnit:
    """A power: its checklist id and lines, how it aims and lasts, and its resolution."""

    id: str
    name: str
    lines: str
    aim: Aim
    duration: Duration
    resolve: Resolve
    eligible: Eligible = _anyone
    worth: Worth = _nothing
    radius: float = 0.0  # Aim.AROUND: inches from the caster
    channelled_radius: float = 0.0  # a channelled form that widens it (12" auras)
    channelled_range: float = 0.0  # MAGIC-P-CHILL: +6" when channelled
    aliases: tuple[str, ...] = field(default=())
    parts: bool = False  # MAGIC-TGT-03: its text makes the caster choose rider or mount

    @property
    def resistible(self) -> bool:
        return self.aim in (Aim.ENEMY, Aim.AROUND, Aim.ENEMIES_IN_RANGE)


POWERS: dict[str, PowerUnit] = {}


def power(
    pid: str,
    name: str,
    lines: str,
    aim: Aim,
    duration: Duration,
    *,
    eligible: Eligible = _anyone,
    worth: Worth = _nothing,
    radius: float = 0.0,
    channelled_radius: float = 0.0,
    channelled_range: float = 0.0,
    aliases: tuple[str, ...] = (),
    parameters: bool = False,
    parts: bool = False,
) -> Callable[[Resolve], Resolve]:
    """Register a power under ``name`` (and ``aliases``: "Immobilise" is Transfix);
    ``parts``: against a Cavalry model the caster chooses rider or mount (MAGIC-TGT-03)."""

    def decorate(resolve: Resolve) -> Resolve:
        unit = REGISTRY.register(
            name, kind=Kind.POWER, source=f"{pid} ({lines})", aliases=aliases, parameters=parameters
        )
        POWERS[unit.name] = PowerUnit(
            pid,
            unit.name,
            lines,
            aim,
            duration,
            resolve,
            eligible,
            worth,
            radius,
            channelled_radius,
            channelled_range,
            aliases,
            parts,
        )
        return resolve

    return decorate


def unit_of(spec: PowerSpec) -> PowerUnit | None:
    """The power a card's entry names ("Immobilise", "Fury (Mordor Orc)"), if played."""
    unit = REGISTRY.lookup(spec.name)
    return POWERS.get(unit.name) if unit is not None else None


def parameter(spec: PowerSpec) -> frozenset[str]:
    """The keywords in a power's bracket ("Fury (Mordor Orc)" -> mordor, orc)."""
    parsed = REGISTRY.spellings.parse(spec.name)
    return frozenset(word for p in parsed.parameters for word in p.lower().split())

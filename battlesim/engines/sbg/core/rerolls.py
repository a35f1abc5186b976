"""Re-rolls granted by rules: which dice of a roll a model may (or must) roll again.

A rule registers what it allows for one kind of roll, for models carrying its trigger:

    @reroll(Roll.TO_WOUND_IN_COMBAT, "venom", source="SR-VENOM (002:L2881)")
    def _venom(context: HookContext) -> Reroll:
        return Reroll.FAILED

The code that rolls asks ``allowed(Roll.X, context)`` and re-rolls accordingly; a die is
never re-rolled twice (DICE-REROLL-01/02, 002:L259-263), so the broadest grant wins.
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from dataclasses import dataclass

from battlesim.engines.sbg.core.hooks import HookContext
from battlesim.engines.sbg.core.keys import Key
from battlesim.engines.sbg.core.registry import REGISTRY, Kind


class Roll(Key):
    """The rolls rules may grant re-rolls of."""

    TO_WOUND_IN_COMBAT = "to wound in combat"
    TO_WOUND_SHOOTING = "to wound shooting"
    TO_HIT = "to hit"
    DUEL = "duel"
    COURAGE = "courage"
    CROSSING = "leap, jump and climb tests"
    THROWN_RIDER = "thrown rider test"
    FATE = "fate roll"
    # army rules that re-roll "a single D6" of a roll: the roller's worst die, once
    DUEL_ONE_DIE = "one die of the duel roll"
    TO_WOUND_ONE_DIE = "one to wound die of a fight"
    DUEL_FOE_DIE = "one die of the enemy's duel roll"  # the carrier makes a foe re-roll it


class Reroll(enum.IntEnum):
    """What a grant allows, broadest last."""

    NONE = 0
    ONES = 1  # natural 1s
    FAILED = 2  # every die that failed


Grant = Callable[[HookContext], Reroll]


@dataclass(frozen=True, slots=True)
class _Registration:
    trigger: str
    grant: Grant


_GRANTS: dict[Roll, list[_Registration]] = {roll: [] for roll in Roll}


def reroll(roll: Roll, trigger: str, *, source: str) -> Callable[[Grant], Grant]:
    """Register ``grant`` for models carrying ``trigger``; the name joins the registry."""

    def decorate(grant: Grant) -> Grant:
        _GRANTS[roll].append(_Registration(trigger, grant))
        REGISTRY.register(trigger, kind=Kind.RULE, source=source)
        return grant

    return decorate


_BY_EFFECT: dict[Roll, list[Grant]] = {roll: [] for roll in Roll}


def reroll_by_effect(roll: Roll) -> Callable[[Grant], Grant]:
    """Register ``grant`` for every model: an effect with a duration (core/effects.py) that
    a power puts on it decides (Enchanted Blades); the power registers its own name."""

    def decorate(grant: Grant) -> Grant:
        _BY_EFFECT[roll].append(grant)
        return grant

    return decorate


def allowed(roll: Roll, context: HookContext) -> Reroll:
    """The broadest re-roll the model's rules (or effects on it) grant for this roll."""
    triggers = context.model.triggers
    best = Reroll.NONE
    for grant in _BY_EFFECT[roll]:
        best = max(best, grant(context))
    for registration in _GRANTS[roll]:
        if registration.trigger in triggers:
            best = max(best, registration.grant(context))
    return best

"""Characteristic overrides: a rule that sets a value outright ("counts as Fight 1", "its
Courage is 7"), applied before the additive hooks of ``hooks.py``.

    @override(Stat.FIGHT, "stunned", source="SPS-STUN-01")
    def _stunned(context: HookContext, value: int) -> int | None:
        return 1

``value(Stat.X, context, base)``: the lowest override wins where several apply (a rule that
sets a value is a limit), else ``base`` unchanged.
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from dataclasses import dataclass

from battlesim.engines.sbg.core.hooks import HookContext
from battlesim.engines.sbg.core.registry import REGISTRY, Kind


class Stat(enum.Enum):
    MOVE = "move"
    FIGHT = "fight"
    SHOOT = "shoot"
    STRENGTH = "strength"
    DEFENCE = "defence"
    ATTACKS = "attacks"
    WOUNDS = "wounds"
    COURAGE = "courage"
    # asked of the striker: the value its strikes compare Strength with (the target's
    # Defence unless a rule says otherwise, SR-BLADESDEAD)
    STRUCK_DEFENCE = "struck defence"
    TRAMPLE_HITS = "trample hits"  # a War Beast's hits when it tramples (WB-MOV-08)


Override = Callable[[HookContext, int], int | None]


@dataclass(frozen=True, slots=True)
class _Registration:
    trigger: str
    override: Override


_OVERRIDES: dict[Stat, list[_Registration]] = {stat: [] for stat in Stat}


def override(stat: Stat, trigger: str, *, source: str) -> Callable[[Override], Override]:
    """Register ``override`` (None: no effect this time) for models carrying ``trigger``."""

    def decorate(function: Override) -> Override:
        _OVERRIDES[stat].append(_Registration(trigger, function))
        REGISTRY.register(trigger, kind=Kind.RULE, source=source)
        return function

    return decorate


def value(stat: Stat, context: HookContext, base: int) -> int:
    """``base`` as the model's rules set it (the lowest override), else unchanged."""
    triggers = context.model.triggers
    found = [
        result
        for registration in _OVERRIDES[stat]
        if registration.trigger in triggers
        and (result := registration.override(context, base)) is not None
    ]
    return min(found) if found else base

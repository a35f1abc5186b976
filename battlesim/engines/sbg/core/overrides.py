"""Characteristic overrides: a rule that sets a value outright ("counts as Fight 1", "its
Courage is 7"), applied before the additive hooks of ``hooks.py``.

    @override(Stat.FIGHT, "stunned", source="SPS-STUN-01")
    def _stunned(context: HookContext, value: int) -> int | None:
        return 1

``value(Stat.X, context, base)``: the lowest override wins where several apply (a rule that
sets a value is a limit), else ``base`` unchanged.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from battlesim.engines.sbg.core.hooks import HookContext
from battlesim.engines.sbg.core.keys import Key
from battlesim.engines.sbg.core.registry import REGISTRY, Kind


class Stat(Key):
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
    found = [
        result
        for registration in _matching(stat, context.model.triggers)
        if (result := registration.override(context, base)) is not None
    ]
    return min(found) if found else base


# Registrations a set of triggers matches, per stat, in order (speed; see hooks._matching).
_MATCHED: dict[
    tuple[str, frozenset[str]], tuple[list[_Registration], int, list[_Registration]]
] = {}


def _matching(stat: Stat, triggers: frozenset[str]) -> list[_Registration]:
    registrations = _OVERRIDES[stat]
    key = (stat._name_, triggers)  # a C hash (speed; see hooks._matching)
    known = _MATCHED.get(key)
    if known is not None and known[0] is registrations and known[1] == len(registrations):
        return known[2]
    if len(_MATCHED) > 8192:
        _MATCHED.clear()
    found = [r for r in registrations if r.trigger in triggers]
    _MATCHED[key] = (registrations, len(registrations), found)
    return found

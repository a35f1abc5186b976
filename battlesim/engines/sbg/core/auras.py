"""Auras: a rule of one model that changes the models around it, measured in inches.

    aura(Hook.COURAGE, "harbinger of evil", reach=12.0, affects=Affects.ENEMIES,
         group="courage penalty", source="SR-HARBINGER (002:L2769)")(lambda ctx, carrier: -1)

The distance is between the closest points of the bases (MEAS-02, 002:L281). Auras of one
``group`` do not add up ("not cumulative with similar penalties"): the model feels the
strongest one only, once, whatever the number of carriers.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from battlesim.engines.sbg.core.hooks import Hook, HookContext, register
from battlesim.engines.sbg.core.keys import Key
from battlesim.engines.sbg.core.registry import REGISTRY, Kind
from battlesim.engines.sbg.core.state import BattleState, ModelState


class Affects(Key):
    ENEMIES = "enemies"
    FRIENDS = "friends"  # the carrier included


Effect = Callable[[HookContext, ModelState], int]


@dataclass(frozen=True, slots=True)
class Aura:
    trigger: str
    reach: float
    affects: Affects
    effect: Effect


_GROUPS: dict[tuple[Hook, str], list[Aura]] = {}


def aura(
    hook: Hook, trigger: str, *, reach: float, affects: Affects, group: str, source: str
) -> Callable[[Effect], Effect]:
    """Register an aura of models carrying ``trigger``; ``effect`` gives its value for one
    affected model and the carrier in reach."""

    def decorate(effect: Effect) -> Effect:
        key = (hook, group)
        if key not in _GROUPS:
            _GROUPS[key] = []
            register(hook, "any")(lambda context: _strongest(context, _GROUPS[key]))
        _GROUPS[key].append(Aura(trigger, reach, affects, effect))
        REGISTRY.register(trigger, kind=Kind.RULE, source=source)
        return effect

    return decorate


def _strongest(context: HookContext, auras: list[Aura]) -> int:
    """The value of the aura that changes the model most (by size), 0 if none reaches it."""
    best = 0
    for item in auras:
        for carrier in _carriers(context.state, context.model, item):
            value = item.effect(context, carrier)
            if abs(value) > abs(best):
                best = value
    return best


def _carriers(state: BattleState, model: ModelState, item: Aura) -> list[ModelState]:
    side = 1 - model.player if item.affects is Affects.ENEMIES else model.player
    return [
        carrier
        for carrier in state.living(side)
        if item.trigger in carrier.triggers and state.distance(carrier, model) <= item.reach
    ]

"""Named hook points where special rules, wargear and weapons change the core mechanics.

A rule is added by registering a function for a hook point under the name of the rule or
item that triggers it (``@register(Hook.DUEL_DIE, "banner")``), never by an ``if`` in the
core. The core asks ``modifier(Hook.X, context)`` and gets the sum over the handlers whose
trigger the model carries (wargear, bought option, special rule or keyword).
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from battlesim.engines.sbg.core.state import BattleState, ModelState


class Hook(enum.Enum):
    """Where a rule may act; each returns an integer modifier (0 = no effect)."""

    DUEL_DIE = "duel_die_modifier"  # added to each Duel die (clamped 1-6, DICE-MOD-01)
    WOUND_ROLL = "modify_wound_roll"  # added to each To Wound die, both dice of a 6/x
    STRENGTH = "strength_modifier"  # added to Strength for strikes
    DEFENCE = "defence_modifier"  # added to Defence against strikes and shots
    TO_HIT = "modify_to_hit"  # added to the To Hit die
    COURAGE = "courage_modifiers"  # added to Courage for a test
    MOVE = "move_modifier"  # added to the Move allowance this turn
    FIGHT = "fight_modifier"  # added to the Fight value used to break ties
    ATTACKS = "attacks_modifier"  # added to Attacks (Duel dice and strikes)
    SHOOT_VALUE = "shoot_value_modifier"  # added to the Shoot value (higher is worse)


@dataclass(frozen=True, slots=True)
class HookContext:
    """What a handler may read: the battle, the model concerned and optional details."""

    state: BattleState
    model: ModelState
    other: ModelState | None = None
    details: dict[str, Any] = field(default_factory=dict)


Handler = Callable[[HookContext], int]


@dataclass(frozen=True, slots=True)
class Registration:
    """``trigger`` names one rule, item or keyword; "a & b" names several keywords, all of
    which a model must have to be affected (KW-02, 002:L293)."""

    trigger: str
    handler: Handler
    all_of: frozenset[str] = frozenset()


_REGISTRY: dict[Hook, list[Registration]] = {hook: [] for hook in Hook}


def register(hook: Hook, trigger: str) -> Callable[[Handler], Handler]:
    """Register ``handler`` for ``hook``, run for models carrying ``trigger``."""

    def decorate(handler: Handler) -> Handler:
        name = trigger.lower()
        parts = frozenset(p.strip() for p in name.split("&")) if "&" in name else frozenset()
        _REGISTRY[hook].append(Registration(name, handler, parts))
        return handler

    return decorate


def carries(model: ModelState, trigger: str) -> bool:
    """True if the trigger is in the model's wargear, options, special rules or keywords."""
    return trigger in model.triggers


def modifier(hook: Hook, context: HookContext) -> int:
    """Sum the modifiers of every handler whose trigger the model carries."""
    triggers = context.model.triggers
    total = 0
    for registration in _REGISTRY[hook]:
        if registration.trigger in triggers or (
            registration.all_of and registration.all_of <= triggers
        ):
            total += registration.handler(context)
    return total


def implemented_triggers() -> frozenset[str]:
    """Every rule, wargear or keyword name some hook handles (for the coverage report)."""
    return frozenset(reg.trigger for regs in _REGISTRY.values() for reg in regs)


class On(enum.Enum):
    """Moments of the battle that rules may subscribe to (``@on(On.X)``)."""

    WOUNDING = "wounding"  # a blow is about to take Wounds: an interceptor may take it over
    WOUNDED = "wounded"  # a model lost Wounds and is still on the table
    LEAVING = "leaving"  # a model is being taken off the table, before it counts as a casualty
    REMOVED = "removed"  # a model left the table (slain, fled, My precious!), casualty logged


@dataclass(frozen=True, slots=True)
class Happening:
    """What a subscriber is told: the model concerned and the moment's details."""

    model: ModelState
    source: str = ""
    count: int = 1
    at_mount: bool = False
    reason: str = ""


# A subscriber returns True to say it took the moment over (interceptors only).
Subscriber = Callable[["BattleState", Happening], bool | None]


@dataclass(frozen=True, slots=True)
class Subscription:
    order: int
    name: str
    subscriber: Subscriber


_SUBSCRIBERS: dict[On, list[Subscription]] = {moment: [] for moment in On}


def on(moment: On, name: str, order: int) -> Callable[[Subscriber], Subscriber]:
    """Subscribe to ``moment``; subscribers run by ``order`` (then by name), whatever the
    order in which their modules were imported, so play never depends on imports."""

    def decorate(subscriber: Subscriber) -> Subscriber:
        subs = _SUBSCRIBERS[moment]
        subs.append(Subscription(order, name, subscriber))
        subs.sort(key=lambda s: (s.order, s.name))
        return subscriber

    return decorate


def notify(state: BattleState, moment: On, happening: Happening) -> None:
    """Tell every subscriber of ``moment``, in order."""
    for subscription in _SUBSCRIBERS[moment]:
        subscription.subscriber(state, happening)


def intercept(state: BattleState, moment: On, happening: Happening) -> bool:
    """Offer the moment to each subscriber in order; True once one takes it over."""
    return any(s.subscriber(state, happening) for s in _SUBSCRIBERS[moment])

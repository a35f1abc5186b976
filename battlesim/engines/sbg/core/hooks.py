"""Named hook points where special rules, wargear and weapons change the core mechanics.

A rule is added by registering a function for a hook point under the name of the rule or
item that triggers it (``@register(Hook.DUEL_DIE, "banner")``), never by an ``if`` in the
core. The core asks ``modifier(Hook.X, context)`` and gets the sum over the handlers whose
trigger the model carries (wargear, bought option, special rule or keyword).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from battlesim.engines.sbg.core.keys import Key

# Imported at run time, not under TYPE_CHECKING: compiled by mypyc, HookContext's field types
# are read when this module is built, and a compiled state module not yet imported then is a
# null type (a segmentation fault when hooks is the first compiled module imported).
from battlesim.engines.sbg.core.state import BattleState, ModelState


class Hook(Key):
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
    EXTRA_WOUNDS = "extra_wounds_per_strike"  # added to the 1 Wound a strike that wounds deals
    # added to a strike's Wounds once no save took the blow over (SR-BANE's D3, L1786-1788)
    WOUNDS_AFTER_SAVES = "wounds_after_saves"
    CROSSING_TEST = "crossing_test_modifier"  # added to Jump, Leap and Climb test dice
    EXTRA_SHOTS = "extra_shots"  # added to the shots a model takes in the Shoot phase
    EXTRA_SHOT_WOUNDS = "extra_shot_wounds"  # added to the 1 Wound a shot that wounds deals
    MOUNT_DEFENCE = "mount_defence_modifier"  # added to the mount's Defence (the rider's rules)
    STAND_FAST_REACH = "stand_fast_reach"  # inches added to a Hero's Stand Fast! (6")
    EXTRA_STRIKES = "extra_strikes"  # Strikes a winner adds, never doubled by a Trapped foe


@dataclass(slots=True)
class HookContext:
    """What a handler may read: the battle, the model concerned and optional details.
    Handlers only read it; not frozen: tens of thousands are made per battle, and a frozen
    dataclass sets each field through ``object.__setattr__`` (speed)."""

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
    total = 0
    for registration in _matching(hook, context.model.triggers):
        total += registration.handler(context)
    return total


# The registrations a set of triggers matches, per hook, in registration order (speed: asked
# tens of thousands of times a battle by few distinct sets); checked against the list it was
# made from (its identity and length), so a new registration or a replaced list is seen.
_MATCHED: dict[tuple[str, frozenset[str]], tuple[list[Registration], int, list[Registration]]] = {}


def _matching(hook: Hook, triggers: frozenset[str]) -> list[Registration]:
    registrations = _REGISTRY[hook]
    key = (hook._name_, triggers)  # the name's hash is kept in C, an Enum's is Python (speed)
    known = _MATCHED.get(key)
    if known is not None and known[0] is registrations and known[1] == len(registrations):
        return known[2]
    if len(_MATCHED) > 8192:
        _MATCHED.clear()
    found = [
        r for r in registrations if r.trigger in triggers or (r.all_of and r.all_of <= triggers)
    ]
    _MATCHED[key] = (registrations, len(registrations), found)
    return found


def implemented_triggers() -> frozenset[str]:
    """Every rule, wargear or keyword name some hook handles (for the coverage report)."""
    return frozenset(reg.trigger for regs in _REGISTRY.values() for reg in regs)

"""Permissions and bans: what a rule lets a model do, or forbids, beyond the core rules.

    @grant(May.PASS_COURAGE_UNTESTED, "fearless", source="SR-FEARLESS (002:L2865)")
    def _fearless(context: HookContext) -> bool:
        return True

    if permitted(May.PASS_COURAGE_UNTESTED, HookContext(state, model)): ...

A ban is a grant of the opposite permission (``May.BE_CHARGED`` answered False): any handler
that answers False forbids, so a ban always wins over the default.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from battlesim.engines.sbg.core.hooks import HookContext
from battlesim.engines.sbg.core.keys import Key
from battlesim.engines.sbg.core.registry import REGISTRY, Kind


class May(Key):
    """What rules may permit or ban; each with the core rules' answer (``default``)."""

    PASS_COURAGE_UNTESTED = ("pass courage tests without rolling", False)
    BE_CHARGED = ("be charged", True)
    CHARGE = ("charge an enemy model", True)
    CHARGE_UNSEEN = ("charge a model it cannot see", False)
    CROSS_WOODS_AS_OPEN = ("move through woods as open ground", False)
    CROSS_ROCKS_AS_OPEN = ("move through rocky ground as open ground", False)
    CROSS_WATER_AS_OPEN = ("move over water features as open ground", False)
    CROSS_DIFFICULT_AS_OPEN = ("move through any difficult terrain as open ground", False)
    FLY = ("fly over models, terrain and control zones", False)
    SEE_STEALTHY = ("target Stealth models without penalty", False)
    BE_STEALTHY = ("have Stealth by another model's rule (Birdcalls)", False)
    BE_TRAPPED = ("be Trapped when it cannot back away", True)
    HOLD_GROUND = ("not back away when losing a fight: the winners back away instead", False)
    # ``other`` is the friend it would support (Chittering Hordes: only one of its kind)
    SUPPORT_AS_SPEAR = ("support a friend in a fight as if it had a spear", False)
    # details["friends"]: the two friends in the way (Phalanx)
    MAKE_WAY_WITH_TWO = ("have two friends make way for it instead of one", False)
    STRIKE_PAST_BARRIERS = ("pass every In The Way test striking a barrier's defender", False)
    COUNT_AS_IN_BANNER_RANGE = ("count as in range of a banner", False)
    # asked of a Hero whose Stand Fast! would rally ``other`` (a Hero, or one it may not)
    RALLY_HERO = ("let another Hero use its Stand Fast!", False)
    RALLY = ("let this model use its Stand Fast!", True)
    # asked of a Hero whose Heroic Action would benefit ``other`` (a friend within 6")
    HEED = ("let this friend benefit from its Heroic Actions", True)
    # a shot that hits on 2+ whatever the modifiers, In The Way tests or combat (Deadly Shot)
    HIT_ON_TWO_REGARDLESS = ("hit on 2+ regardless of every other factor", False)

    @property
    def default(self) -> bool:
        return bool(self.value[1])


Answer = Callable[[HookContext], bool]


@dataclass(frozen=True, slots=True)
class _Registration:
    trigger: str
    answer: Answer


_ANSWERS: dict[May, list[_Registration]] = {may: [] for may in May}


def grant(may: May, trigger: str, *, source: str) -> Callable[[Answer], Answer]:
    """Register ``answer`` (True permits, False bans) for models carrying ``trigger``."""

    def decorate(answer: Answer) -> Answer:
        _ANSWERS[may].append(_Registration(trigger, answer))
        REGISTRY.register(trigger, kind=Kind.RULE, source=source)
        return answer

    return decorate


_BY_EFFECT: dict[May, list[Callable[[HookContext], bool | None]]] = {may: [] for may in May}


def grant_by_effect(
    may: May,
) -> Callable[[Callable[[HookContext], bool | None]], Callable[[HookContext], bool | None]]:
    """Register ``answer`` for every model: a rule of another model decides (an aura: "models
    within 6\" of X count as in range of a banner"); None says nothing. The rule registers
    its own name."""

    def decorate(
        answer: Callable[[HookContext], bool | None],
    ) -> Callable[[HookContext], bool | None]:
        _BY_EFFECT[may].append(answer)
        return answer

    return decorate


def permitted(may: May, context: HookContext) -> bool:
    """The core default unless the model's rules say otherwise; a ban beats a grant."""
    matching, effects = _matching(may, context.model.triggers), _BY_EFFECT[may]
    if not matching and not effects:  # no rule speaks: the default (speed, the same answer)
        return _DEFAULTS[may]
    answers = [r.answer(context) for r in matching]
    answers += [a for a in (effect(context) for effect in effects) if a is not None]
    if False in answers:
        return False
    return True if answers else may.default


# Each permission's core default, read once: an Enum member's ``value`` is a Python-level
# descriptor, asked tens of thousands of times a battle (speed).
_DEFAULTS: dict[May, bool] = {may: may.default for may in May}


# Registrations a set of triggers matches, per permission, in order (speed; see
# hooks._matching).
_MATCHED: dict[
    tuple[str, frozenset[str]], tuple[list[_Registration], int, list[_Registration]]
] = {}


def _matching(may: May, triggers: frozenset[str]) -> list[_Registration]:
    registrations = _ANSWERS[may]
    key = (may._name_, triggers)  # a C hash (speed; see hooks._matching)
    known = _MATCHED.get(key)
    if known is not None and known[0] is registrations and known[1] == len(registrations):
        return known[2]
    if len(_MATCHED) > 8192:
        _MATCHED.clear()
    found = [r for r in registrations if r.trigger in triggers]
    _MATCHED[key] = (registrations, len(registrations), found)
    return found

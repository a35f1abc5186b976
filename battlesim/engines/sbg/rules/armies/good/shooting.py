"""Army rules of the Shoot phase: Legolas's Deadly Shot (three shots, or one sure shot), the
Light of Eärendil (shots at Galadriel's side hit only on 6s), Dead-eye Shot."""

from __future__ import annotations

from dataclasses import dataclass

from battlesim.engines.sbg.core.decisions import Decision
from battlesim.engines.sbg.core.hooks import Hook, HookContext, register
from battlesim.engines.sbg.core.permissions import May, grant
from battlesim.engines.sbg.core.registry import REGISTRY, Kind
from battlesim.engines.sbg.core.rerolls import Reroll, Roll, reroll
from battlesim.engines.sbg.core.state import BattleState, ModelState
from battlesim.engines.sbg.core.status import Lasting, Status
from battlesim.engines.sbg.rules.armies.good.near import carrier_within
from battlesim.engines.sbg.rules.characteristics import shoot_base
from battlesim.engines.sbg.rules.fighting import ask
from battlesim.engines.sbg.rules.heroic_actions import HEROIC_SHOOT, declared, friends_in_range

DEADLY_SHOT = "deadly shot"
_SOURCE = "BSData 7265-036b-65ff-76c1"


@dataclass(frozen=True, slots=True)
class ChooseDeadlyShot(Decision[bool]):
    """Deadly Shot: three shots (False) or one shot that hits on 2+ whatever the modifiers,
    In The Way tests or combat (True). The heuristic takes three shots unless its bow needs
    a 5+ or worse to hit (then the sure shot is worth more than three poor ones)."""

    model: ModelState
    need: int

    def default(self, state: BattleState) -> bool:
        return self.need >= 5


_MODE: Status[list[bool]] = Status("deadly shot: one sure shot", list, Lasting.TURN)


def sure_shot(state: BattleState, model: ModelState) -> bool:
    """The choice for this turn, asked once (when the model's shots are counted)."""
    chosen = _MODE.of(model)
    if not chosen:
        chosen.append(ask(state, model, ChooseDeadlyShot(model, shoot_base(state, model))))
    return chosen[0]


@register(Hook.EXTRA_SHOTS, DEADLY_SHOT)
def _deadly_shot(context: HookContext) -> int:
    """Deadly Shot: "Legolas may fire his bow three times in the Shoot phase rather than
    once", each at any target."""
    return 0 if sure_shot(context.state, context.model) else 2


@grant(May.HIT_ON_TWO_REGARDLESS, DEADLY_SHOT, source=_SOURCE)
def _one_sure_shot(context: HookContext) -> bool:
    """... or one shot that always hits on 2+ (READINGS: at the model chosen as target; the
    rider-or-mount choice follows the usual cavalry rule)."""
    return sure_shot(context.state, context.model)


REGISTRY.register(DEADLY_SHOT, kind=Kind.RULE, source=_SOURCE)


EARENDIL = "the light of earendil"


@register(Hook.TO_HIT, "any")
def _light_of_earendil(context: HookContext) -> int:
    """The Light of Eärendil (BSData b489-0998-ee93-6571): shots at Galadriel, Lady of Light,
    or any model within 6" of her, hit only on a 6 (a natural 6 always hits, SHOOT-MOVE-01:
    -5 leaves every other die short)."""
    target = context.other
    if target is None or context.details.get("sure"):
        return 0
    return -5 if carrier_within(context.state, target, 6.0, EARENDIL) is not None else 0


REGISTRY.register(EARENDIL, kind=Kind.WARGEAR, source="BSData b489-0998-ee93-6571")


@reroll(Roll.TO_WOUND_SHOOTING, "dead-eye shot", source="BSData 9df1-0b56-7e2c-c29c")
def _dead_eye_shot(context: HookContext) -> Reroll:
    """Dead-eye Shot: when benefitting from a Heroic Shoot (its own or a Hero's within 6",
    HERO-HS-01/02), the model re-rolls failed To Wound rolls when shooting."""
    state, model = context.state, context.model
    for declaration in declared(state, HEROIC_SHOOT):
        hero = state.models.get(declaration.hero)
        if hero is None or declaration.cancelled:
            continue
        if hero is model or model in friends_in_range(state, hero):
            return Reroll.FAILED
    return Reroll.NONE

"""Army rules of the Shoot phase: Legolas's Deadly Shot (three shots, or one sure shot)."""

from __future__ import annotations

from dataclasses import dataclass

from battlesim.engines.sbg.core.decisions import Decision
from battlesim.engines.sbg.core.hooks import Hook, HookContext, register
from battlesim.engines.sbg.core.permissions import May, grant
from battlesim.engines.sbg.core.registry import REGISTRY, Kind
from battlesim.engines.sbg.core.state import BattleState, ModelState
from battlesim.engines.sbg.core.status import Lasting, Status
from battlesim.engines.sbg.rules.fighting import ask

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
        chosen.append(ask(state, model, ChooseDeadlyShot(model, model.profile.shoot)))
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

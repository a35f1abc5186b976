"""Fighting an invisible Ring-bearer (RING-INV-05, 002:L2210): Fight halved, after a
Heroic Strike's bonus (so it sits above both the One Ring and the Heroic Actions)."""

from __future__ import annotations

from battlesim.engines.sbg.core.hooks import Hook, HookContext, register
from battlesim.engines.sbg.rules.characteristics import fight_base
from battlesim.engines.sbg.rules.heroic_actions import fight_bonus
from battlesim.engines.sbg.rules.one_ring import invisible_to
from battlesim.engines.sbg.rules.special_strikes import stun_mark


@register(Hook.FIGHT, "any")
def _halved_by_invisible_foe(context: HookContext) -> int:
    """RING-INV-05 (002:L2210): a model engaged with an invisible bearer halves its Fight
    for the fight, rounding up (CHAR-CAP-01); halving follows the strikes' own changes and
    a Heroic Strike's D6, which comes before any other effect (HERO-HST-01, 002:L1706)."""
    state, model = context.state, context.model
    touching = state.touching.get(model.uid, ())
    if not any(invisible_to(state.models[uid], model) for uid in touching):
        return 0
    stunned = state.turn <= stun_mark(model).stunned_until
    raised = fight_base(state, model) + fight_bonus(state, model)  # HERO-HST-01: first
    fight = 1 if stunned else max(1, raised + model.fight_mod)
    return (fight + 1) // 2 - fight

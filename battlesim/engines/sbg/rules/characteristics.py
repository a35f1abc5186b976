"""A model's current characteristics, read in one place: the profile value, then the rules
that set it outright (``core/overrides.py``), then the additive modifiers (``core/hooks.py``).

The ``*_base`` readers stop after the overrides: they give what a rule means by "its Fight
value" before this turn's modifiers (a Special Strike's eligibility, "Fight becomes 1").
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from battlesim.engines.sbg.core.hooks import Hook, HookContext, modifier
from battlesim.engines.sbg.core.overrides import Stat, value
from battlesim.engines.sbg.rules.combat import clamp_stat

if TYPE_CHECKING:
    from battlesim.engines.sbg.core.state import BattleState, ModelState


def fight_base(state: BattleState, model: ModelState) -> int:
    """The Fight value as the model's rules set it (Stat.FIGHT), before modifiers."""
    return value(Stat.FIGHT, HookContext(state, model), model.profile.fight)


def fight_value(state: BattleState, model: ModelState) -> int:
    """FIGHT-DUEL-04: the Fight value a Duel compares, overrides then modifiers (1-10)."""
    return clamp_stat(fight_base(state, model) + modifier(Hook.FIGHT, HookContext(state, model)))


def attacks_base(state: BattleState, model: ModelState) -> int:
    """The Attacks as the model's rules set them (Stat.ATTACKS), before modifiers."""
    return value(Stat.ATTACKS, HookContext(state, model), model.profile.attacks)


def attacks(state: BattleState, model: ModelState) -> int:
    """FIGHT-DUEL-01, FIGHT-STK-01: Duel dice and strikes, overrides then modifiers."""
    context = HookContext(state, model)
    return max(0, attacks_base(state, model) + modifier(Hook.ATTACKS, context))


def shoot_base(state: BattleState, model: ModelState) -> int:
    """The Shoot value as the model's rules set it (Stat.SHOOT), before modifiers."""
    return value(Stat.SHOOT, HookContext(state, model), model.profile.shoot)


def defence_value(state: BattleState, model: ModelState, missile: bool = False) -> int:
    """The Defence a hit on the model compares (strike, shot, fall...): overrides
    (Stat.DEFENCE) then modifiers (Hook.DEFENCE), 1-10; the mount's is cavalry's.
    ``missile``: against a shot (rules read ``details["missile"]``)."""
    context = HookContext(state, model, details={"missile": True} if missile else {})
    return clamp_stat(value(Stat.DEFENCE, context, model.defence) + modifier(Hook.DEFENCE, context))


def strength_base(state: BattleState, model: ModelState) -> int:
    """The Strength as the model's rules set it (Stat.STRENGTH), before modifiers."""
    return value(Stat.STRENGTH, HookContext(state, model), model.profile.strength)


def strength_value(state: BattleState, model: ModelState) -> int:
    """The current Strength: overrides (Stat.STRENGTH) then modifiers (Hook.STRENGTH)."""
    context = HookContext(state, model)
    return clamp_stat(strength_base(state, model) + modifier(Hook.STRENGTH, context))

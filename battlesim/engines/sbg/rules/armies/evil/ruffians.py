"""Sharkey's Ruffians' rules against Hobbits, from the BattleScribe rule text: Put 'em in
Chains (a winner binds a Hobbit instead of striking: played through the Brutal Power Attack
machinery, open to any model naming it) and At 'em Lads!."""

from __future__ import annotations

from collections.abc import Sequence

from battlesim.engines.sbg.core.hooks import Hook, HookContext, register
from battlesim.engines.sbg.core.registry import REGISTRY, Kind
from battlesim.engines.sbg.core.state import BattleState, ModelState
from battlesim.engines.sbg.rules import characteristics
from battlesim.engines.sbg.rules.magic.powers_rare import paralyse, paralysed
from battlesim.engines.sbg.rules.monsters.core import (
    BpaFight,
    BrutalPowerAttack,
    register_bpa,
)

HOBBIT = "hobbit"


def _hobbits(fight: BpaFight) -> list[ModelState | None]:
    state = fight.state
    return [
        m for m in fight.living_losers() if HOBBIT in m.profile.keywords and not paralysed(state, m)
    ]


def _bind(rule: str) -> BrutalPowerAttack:
    """Nominate one Hobbit of the fight; a D6 higher than its Strength binds it: it is
    treated as under the Paralyse Magical Power (powers_rare.paralyse)."""

    def resolve(fight: BpaFight, hobbit: ModelState | None) -> None:
        assert hobbit is not None
        state = fight.state
        (die,) = state.roll(1, f"{rule} {fight.monster.uid}->{hobbit.uid}")
        strength = characteristics.strength_value(state, hobbit)
        bound = die > strength
        state.log.emit(
            "army_rule", model=fight.monster.uid, rule=rule, target=hobbit.uid, bound=bound
        )
        if bound:
            paralyse(state, hobbit, rule, f"BSData {rule} ({fight.monster.uid})")

    def harm(
        state: BattleState, ruffian: ModelState, _l: Sequence[ModelState], hobbit: ModelState | None
    ) -> float:
        """Half a model taken out, times the chance of beating its Strength."""
        if hobbit is None:
            return 0.0
        return 0.5 * max(0, 6 - hobbit.profile.strength) / 6

    return BrutalPowerAttack(rule, _hobbits, resolve, unique=True, harm=harm, any_model=True)


CHAINS = "put 'em in chains"
AT_EM_LADS = "at 'em lads!"
register_bpa(_bind(CHAINS))
register_bpa(_bind(AT_EM_LADS))


@register(Hook.FIGHT, AT_EM_LADS)
def _at_em_lads(context: HookContext) -> int:
    """At 'em Lads!: +1 Fight value in a fight with one or more Hobbits."""
    foes = context.state.contacts(context.model)
    return 1 if any(HOBBIT in m.profile.keywords for m in foes) else 0


REGISTRY.register(AT_EM_LADS, kind=Kind.RULE, source="BSData At 'em Lads! (Ruffian)")

"""Army rules of Will and magic: a free Will point each turn (the Lady of Lothlórien, the
Shipwright's Power) as a Staff of Power gives (rules/will.py), Powers of Nature, Lord of the
Istari, Bofur's Steadfast."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from battlesim.engines.sbg.core.decisions import Decision
from battlesim.engines.sbg.core.registry import REGISTRY, Kind
from battlesim.engines.sbg.core.state import BattleState, ModelState
from battlesim.engines.sbg.rules.fighting import ask
from battlesim.engines.sbg.rules.magic.casting import SHRUGGED_OFF
from battlesim.engines.sbg.rules.magic.spells import Spell
from battlesim.engines.sbg.rules.might import MightRoll, boost
from battlesim.engines.sbg.rules.will import ONE_WILL_DIE, REFUND_ON_SIX, free_will_rule

for _rule, _id in (
    ("the lady of lothlórien", "f2a8-2c2e-98ca-fdef"),  # Galadriel
    ("the shipwright's power", "b024-3618-5110-e0ce"),  # Círdan
):
    free_will_rule(_rule)
    REGISTRY.register(_rule, kind=Kind.RULE, source=f"BSData {_id}: one free Will point a turn")

# Powers of Nature (BSData 866f-fed4-c596-9e57): a natural 6 on a casting die returns the
# Will spent casting the power once it has resolved (rules/will.py cast).
REFUND_ON_SIX.add("powers of nature")
REGISTRY.register("powers of nature", kind=Kind.RULE, source="BSData 866f-fed4-c596-9e57")

# Lord of the Istari (BSData 0b73-4b79-bd56-3b80): Saruman re-rolls one die of a Casting or
# Resist test (rules/will.py: the lowest die, when the test would fail).
ONE_WILL_DIE.add("lord of the istari")
REGISTRY.register("lord of the istari", kind=Kind.RULE, source="BSData 0b73-4b79-bd56-3b80")

STEADFAST = "steadfast"


@dataclass(frozen=True, slots=True)
class TryToIgnore(Decision[bool]):
    """Steadfast: whether Bofur tries to ignore this power (the heuristic: an enemy's)."""

    model: ModelState
    caster: ModelState

    def default(self, state: BattleState) -> bool:
        return self.caster.player != self.model.player


def _steadfast(state: BattleState, players: Sequence[Any], spell: Spell) -> bool:
    """Steadfast (BSData f00f-db9b-c7fd-de65): when Bofur is the target of a Magical Power he
    may try to ignore its effects: a D6, Might may raise it, 2+ ignores it (after any resist
    attempt)."""
    bofur = spell.target
    if STEADFAST not in bofur.triggers or not ask(state, bofur, TryToIgnore(bofur, spell.caster)):
        return False
    (die,) = state.roll(1, f"steadfast {bofur.uid}")
    ignored = boost(state, bofur, MightRoll.RULE, die, 2) >= 2
    state.log.emit("steadfast", model=bofur.uid, die=die, ignored=ignored)
    return ignored


SHRUGGED_OFF.append(_steadfast)
REGISTRY.register(STEADFAST, kind=Kind.RULE, source="BSData f00f-db9b-c7fd-de65")

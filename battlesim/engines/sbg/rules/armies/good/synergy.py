"""Combat Synergy: Fíli and Kíli in base contact swap places at the start of any phase."""

from __future__ import annotations

from dataclasses import dataclass

from battlesim.engines.sbg.core.decisions import Decision
from battlesim.engines.sbg.core.registry import REGISTRY, Kind
from battlesim.engines.sbg.core.state import BattleState, ModelState, Tick, every
from battlesim.engines.sbg.rules.fighting import ask

SYNERGY = "combat synergy"


@dataclass(frozen=True, slots=True)
class SwapPlaces(Decision[bool]):
    """Combat Synergy: whether ``model`` and ``partner`` swap places now. The heuristic
    swaps a wounded brother out of a fight for an unwounded one who is not fighting."""

    model: ModelState
    partner: ModelState

    def default(self, state: BattleState) -> bool:
        hurt = self.model.wounds < self.model.profile.wounds
        fresh = self.partner.wounds == self.partner.profile.wounds
        return hurt and fresh and state.engaged(self.model) and not state.engaged(self.partner)


@every(Tick.PHASE_START, SYNERGY, order=50)
def _combat_synergy(state: BattleState) -> None:
    """Combat Synergy (BSData 375a-bd0c-41f7-a75b): in base contact, Fíli and Kíli may swap
    places at the start of any phase; this does not count as moving."""
    carriers = [m for m in state.living() if SYNERGY in m.triggers]
    for model in carriers:
        for partner in carriers:
            if partner is model or partner.player != model.player:
                continue
            if state.in_contact(model, partner) and ask(state, model, SwapPlaces(model, partner)):
                _swap(state, model, partner)
                return  # one swap a phase: the pair has just swapped


def _swap(state: BattleState, a: ModelState, b: ModelState) -> None:
    """Each takes the other's place (contacts computed again once both stand there)."""
    here, there = a.position, b.position
    state.set_position(b, here)
    state.set_position(a, there)
    state.set_position(b, here)
    state.log.emit("swap", models=[a.uid, b.uid], rule=SYNERGY)


REGISTRY.register(SYNERGY, kind=Kind.RULE, source="BSData 375a-bd0c-41f7-a75b")

"""Orders a player chooses: which winner strikes first (FIGHT-MULTI-04, 002:L1066) and which
attacker fights a barrier's defender first (FIGHT-BAR-12, 002:L1140)."""

from __future__ import annotations

from dataclasses import dataclass

from battlesim.engines.sbg.core.decisions import Decision, Player
from battlesim.engines.sbg.core.state import BattleState, ModelState
from battlesim.engines.sbg.core.units import ModelId


@dataclass(frozen=True, slots=True)
class ChooseOrder(Decision[tuple[ModelId, ...]]):
    """An order of ``models``; the default keeps the order given."""

    models: tuple[ModelState, ...]

    def default(self, state: BattleState) -> tuple[ModelId, ...]:
        return tuple(m.uid for m in self.models)


@dataclass(frozen=True, slots=True)
class StrikeOrder(ChooseOrder):
    """FIGHT-MULTI-04 (002:L1066): « les gagnants portent leur(s) coup(s) tour à tour dans
    l'ordre choisi par le joueur les contrôlant »."""


@dataclass(frozen=True, slots=True)
class BarrierOrder(ChooseOrder):
    """FIGHT-BAR-12 (002:L1140): « Le joueur qui attaque peut choisir l'ordre de résolution »."""


def in_order(state: BattleState, player: Player, decision: ChooseOrder) -> list[ModelState]:
    """The models in the player's order; an answer that is not an order of exactly these
    models is logged as refused and the given order kept."""
    if len(decision.models) < 2:
        return list(decision.models)
    chosen = player.decide(state, decision)
    answer = tuple(chosen)
    by_uid = {m.uid: m for m in decision.models}
    if sorted(answer) != sorted(by_uid):
        state.log.emit("refused", reason=f"{answer} is not an order of {sorted(by_uid)}")
        return list(decision.models)
    return [by_uid[uid] for uid in answer]

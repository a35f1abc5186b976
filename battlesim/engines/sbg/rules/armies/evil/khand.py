"""The Khandish Horseman's rule (Variags of Khand), from the BattleScribe rule text."""

from __future__ import annotations

from dataclasses import dataclass

from battlesim.engines.sbg.core.decisions import Decision
from battlesim.engines.sbg.core.registry import REGISTRY, Kind
from battlesim.engines.sbg.core.state import BattleState, ModelState
from battlesim.engines.sbg.rules.cavalry import ON_FOOT, drop_item

# Khandish Horseman: dismounted, he at once drops either his bow or his hand-and-a-half axe,
# as his controller chooses.
KHANDISH_HORSEMAN = "khandish horseman"
_DROPPED = ("bow", "hand-and-a-half axe")


@dataclass(frozen=True, slots=True)
class DropWeapon(Decision[str]):
    """Which weapon the dismounted Horseman drops. Heuristic: the bow when he is engaged or
    an enemy stands within 12" (he will fight), else the axe (he can still shoot)."""

    horseman: ModelState
    items: tuple[str, ...]

    def default(self, state: BattleState) -> str:
        model = self.horseman
        close = state.engaged(model) or any(
            state.distance(model, e) <= 12.0 for e in state.enemies(model)
        )
        keep_shooting = "hand-and-a-half axe" in self.items and not close
        return "hand-and-a-half axe" if keep_shooting else self.items[0]


def _on_foot(state: BattleState, model: ModelState) -> None:
    if KHANDISH_HORSEMAN not in model.triggers:
        return
    items = tuple(i for i in _DROPPED if model.profile.has(i))
    if not items:
        return
    ask = DropWeapon(model, items)
    players = state.players
    chosen = ask.default(state) if players is None else players[model.player].decide(state, ask)
    drop_item(state, model, chosen if chosen in items else items[0])


ON_FOOT.append(_on_foot)
REGISTRY.register(KHANDISH_HORSEMAN, kind=Kind.RULE, source="BSData Khandish Horseman")

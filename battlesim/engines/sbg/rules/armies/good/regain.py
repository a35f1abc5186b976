"""Army rules that give back spent points when an enemy Hero or Monster falls: Ori's
Chronicler, Flói's Living Lore."""

from __future__ import annotations

from dataclasses import dataclass

from battlesim.engines.sbg.core.decisions import Decision
from battlesim.engines.sbg.core.registry import REGISTRY, Kind
from battlesim.engines.sbg.core.state import BattleState, Happening, ModelState, On, Removal, on
from battlesim.engines.sbg.rules.armies.good.near import named
from battlesim.engines.sbg.rules.fighting import ask

CHRONICLER = "chronicler"
LIVING_LORE = "the living lore"
_POOLS = ("might", "will", "fate")


def _big_game(model: ModelState) -> bool:
    return model.profile.is_hero or "monster" in model.triggers


def slayer_of(state: BattleState, happening: Happening) -> ModelState | None:
    """The model whose blow slew the removed one ("struck by X" or "shot by X")."""
    if happening.reason != Removal.SLAIN.value:
        return None
    for prefix in ("struck by ", "shot by "):
        if happening.source.startswith(prefix):
            return state.models.get(happening.source.removeprefix(prefix))
    return None


@dataclass(frozen=True, slots=True)
class ChooseRegained(Decision[str]):
    """Chronicler: which spent point (Might, Will or Fate) the slayer regains."""

    model: ModelState
    spent: tuple[str, ...]

    def default(self, state: BattleState) -> str:
        return "might" if "might" in self.spent else self.spent[0]


_CHAMPIONS = ("thorin oakenshield, king under the mountain",)


@on(On.REMOVED, CHRONICLER, order=55)
def _chronicler(state: BattleState, happening: Happening) -> None:
    """Chronicler (BSData d799-9157-5720-807e): when Thorin, King Under the Mountain, or a
    Champion of Erebor slays an enemy Hero or Monster within 3" of Ori, the slayer regains
    a point of Might, Will or Fate spent earlier (the player's choice)."""
    slain, slayer = happening.model, slayer_of(state, happening)
    if slayer is None or not slayer.alive or not _big_game(slain):
        return
    if not (named(slayer, _CHAMPIONS) or "champion of erebor" in slayer.profile.name.casefold()):
        return
    oris = [m for m in state.living(slayer.player) if CHRONICLER in m.triggers]
    if not any(ori is slayer or state.distance(ori, slain) <= 3.0 for ori in oris):
        return
    spent = tuple(p for p in _POOLS if getattr(slayer, p) < getattr(slayer.profile, p))
    if not spent:
        return
    pool = ask(state, slayer, ChooseRegained(slayer, spent))
    pool = pool if pool in spent else spent[0]
    setattr(slayer, pool, getattr(slayer, pool) + 1)
    state.log.emit("regained", model=slayer.uid, pool=pool, rule=CHRONICLER)


@on(On.REMOVED, LIVING_LORE, order=56)
def _living_lore(state: BattleState, happening: Happening) -> None:
    """The Living Lore (BSData f3a9-7159-0dd7-9dce): each time a friendly Moria Dwarf slays
    an enemy Hero or Monster, Flói regains a Will point spent earlier."""
    slain, slayer = happening.model, slayer_of(state, happening)
    if slayer is None or not _big_game(slain) or not {"dwarf", "moria"} <= slayer.triggers:
        return
    for floi in state.living(slayer.player):
        if LIVING_LORE in floi.triggers and floi.will < floi.profile.will:
            floi.will += 1
            state.log.emit("regained", model=floi.uid, pool="will", rule=LIVING_LORE)


REGISTRY.register(CHRONICLER, kind=Kind.RULE, source="BSData d799-9157-5720-807e")
REGISTRY.register(LIVING_LORE, kind=Kind.RULE, source="BSData f3a9-7159-0dd7-9dce")

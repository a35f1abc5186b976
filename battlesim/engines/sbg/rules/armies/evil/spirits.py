"""Rules of the Necromancer's servants and the undead of Mordor (the Dark Powers of Dol Guldur,
Mordor), from the BattleScribe rule text."""

from __future__ import annotations

from dataclasses import dataclass

from battlesim.engines.sbg.core.decisions import Decision
from battlesim.engines.sbg.core.hooks import HookContext
from battlesim.engines.sbg.core.permissions import May, grant
from battlesim.engines.sbg.core.registry import REGISTRY, Kind
from battlesim.engines.sbg.core.state import BattleState, Happening, ModelState, On, on
from battlesim.engines.sbg.rules import might
from battlesim.engines.sbg.rules.heroics import FATE_SAVE, FatePolicy, fate_policy
from battlesim.engines.sbg.rules.pools import Pool, spend

# Will points spent as Fate points (HERO-FATE-01..04 with Will): the same 4+ save.
WILL_AS_FATE = {
    "will of the necromancer": "BSData 5821-b35d-d774-5109 (Will of the Necromancer)",
    "eternal willpower": "BSData 6c28-b644-45a2-b608, 2b0b-a054-d92a-acc3 (Eternal Willpower)",
    "he cannot yet take physical form": "BSData fcaf-def0-b839-2efa (He cannot yet take...)",
}


@dataclass(frozen=True, slots=True)
class SpendWillAsFate(Decision[bool]):
    """Spend a Will point as a Fate point against this blow of ``count`` wounds (once the
    Fate points are gone)? The default is the battle's Fate policy (a blow that would slay)."""

    model: ModelState
    count: int
    policy: FatePolicy

    def default(self, state: BattleState) -> bool:
        return self.policy(self.model, self.count)


def _spends(state: BattleState, model: ModelState, count: int) -> bool:
    decision = SpendWillAsFate(model, count, fate_policy(state))
    if state.players is None:
        return decision.default(state)
    return bool(state.players[model.player].decide(state, decision))


@on(On.WOUNDING, "will as fate", order=21)
def _will_as_fate(state: BattleState, blow: Happening) -> bool:
    """After the Fate save (order 20): one Will point and one D6 at a time, 4+ ignores the
    whole blow; Might may raise the die as for Fate (HERO-FATE-03)."""
    model = blow.model
    if model.will < 1 or blow.at_mount or not (set(WILL_AS_FATE) & model.triggers):
        return False
    while model.will > 0 and _spends(state, model, blow.count):
        if not spend(state, model, Pool.WILL):
            continue  # this save is cancelled (pools.SPENT); another point may be tried
        (die,) = state.roll(1, f"will as fate for {model.uid}")
        score = might.boost(state, model, might.MightRoll.FATE, die, FATE_SAVE)
        saved = score >= FATE_SAVE
        state.log.emit("will_as_fate", model=model.uid, die=die, saved=saved, will=model.will)
        if saved:
            return True
    return False


for _name, _source in WILL_AS_FATE.items():
    REGISTRY.register(_name, kind=Kind.RULE, source=_source)

AUTOMATONS = "automatons"


@grant(May.RALLY, AUTOMATONS, source="BSData c08d-effe-bf79-774d (Automatons)")
def _automatons(context: HookContext) -> bool:
    """Automatons: Castellans of Dol Guldur do not grant their Stand Fast! to nearby Warrior
    models (a ban; Heroes are never rallied by them either, COUR-SF-02)."""
    return False

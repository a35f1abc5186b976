"""Army rules that last a whole battle or a turn as effects (core/effects.py): Terror from
the Horn of Zirakzigil or a Fearsome Charge, Glorfindel's Unbending Resolve."""

from __future__ import annotations

from battlesim.engines.sbg.core import effects
from battlesim.engines.sbg.core.effects import Effect, Until
from battlesim.engines.sbg.core.registry import REGISTRY, Kind
from battlesim.engines.sbg.core.state import BattleState, Happening, ModelState, On, Tick, every, on
from battlesim.engines.sbg.rules.magic.resisting import FORTIFIED
from battlesim.engines.sbg.rules.terror import CAUSES_TERROR

HORN = "the horn of zirakzigil"
UNBENDING = "unbending resolve"


def _lasting(state: BattleState, model: ModelState, rule: str, mark: str) -> None:
    """Put the rule's battle-long mark on the model once."""
    if effects.marked(state, model, mark) is None:
        effects.add(state, Effect(rule, model.uid, None, 0, Until.END_OF_BATTLE, rule, mark=mark))


@every(Tick.TURN_START, "battle-long army rules", order=5)
def _battle_long(state: BattleState) -> None:
    """The Horn of Zirakzigil (BSData ee68-9e43-ae48-ada2): "a war horn ... also gives Durin
    the Terror special rule"; Unbending Resolve (BSData 27e0-89a9-4e14-b1af): Glorfindel
    "always counts as having had the Fortify Spirit Magical Power cast upon him" (not
    channelled), even at 0 Will."""
    for model in state.living():
        if HORN in model.triggers:
            _lasting(state, model, HORN, CAUSES_TERROR)
        if UNBENDING in model.triggers:
            _lasting(state, model, UNBENDING, FORTIFIED)


REGISTRY.register(HORN, kind=Kind.WARGEAR, source="BSData ee68-9e43-ae48-ada2")
REGISTRY.register(UNBENDING, kind=Kind.RULE, source="BSData 27e0-89a9-4e14-b1af")

FEARSOME = "fearsome charge"


@on(On.CHARGE_DECLARED, FEARSOME, order=50, trigger=FEARSOME)
def _fearsome_charge(state: BattleState, happening: Happening) -> None:
    """Fearsome Charge (BSData cf39-3cbe-0016-758d): in a turn Dáin charges, he causes
    Terror until the end of the turn."""
    model = happening.model
    if effects.marked(state, model, CAUSES_TERROR) is None:
        effects.add(
            state,
            Effect(FEARSOME, model.uid, None, 0, Until.END_OF_TURN, FEARSOME, mark=CAUSES_TERROR),
        )


REGISTRY.register(FEARSOME, kind=Kind.RULE, source="BSData cf39-3cbe-0016-758d")

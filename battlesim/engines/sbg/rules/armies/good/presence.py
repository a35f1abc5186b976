"""Army rules that last a whole battle or a turn as effects (core/effects.py): Terror from
the Horn of Zirakzigil or a Fearsome Charge, Glorfindel's Unbending Resolve."""

from __future__ import annotations

from dataclasses import dataclass

from battlesim.engines.sbg.core import effects
from battlesim.engines.sbg.core.decisions import Decision
from battlesim.engines.sbg.core.effects import Effect, Until
from battlesim.engines.sbg.core.registry import REGISTRY, Kind
from battlesim.engines.sbg.core.state import BattleState, Happening, ModelState, On, Tick, every, on
from battlesim.engines.sbg.core.units import PlayerId
from battlesim.engines.sbg.rules.combats import Combat
from battlesim.engines.sbg.rules.courage import courage_test, courage_value
from battlesim.engines.sbg.rules.fighting import AUTO_WINNERS, ask
from battlesim.engines.sbg.rules.magic.resisting import FORTIFIED
from battlesim.engines.sbg.rules.one_ring import UNAWOKEN
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


# It Has Not Yet Awoken (BSData 0dc4-cece-d27c-6bba): Bilbo, Master Burglar ignores the Will of
# Sauron, and as the last model of his side wearing the Ring he is not removed.
UNAWOKEN.add("it has not yet awoken")
REGISTRY.register("it has not yet awoken", kind=Kind.RULE, source="BSData 0dc4-cece-d27c-6bba")

HORN_OF_GONDOR = "horn of gondor"


@dataclass(frozen=True, slots=True)
class BlowTheHorn(Decision[bool]):
    """Horn of Gondor: whether Boromir blows it at the start of this fight (the heuristic
    always does when he may: a failed test wins the fight outright)."""

    model: ModelState

    def default(self, state: BattleState) -> bool:
        return True


def _horn_of_gondor(state: BattleState, combat: Combat) -> PlayerId | None:
    """Horn of Gondor (BSData 5a58-f9c4-ffdb-e12d): at the start of a fight in which Boromir
    is outnumbered two to one or more, the enemy with the highest Courage takes a Courage
    test; if it fails, Boromir wins the fight automatically."""
    for side in (0, 1):
        mine, theirs = combat.side(side), combat.side(1 - side)
        for boromir in mine:
            if HORN_OF_GONDOR not in boromir.triggers or len(theirs) < 2 * len(mine):
                continue
            if not ask(state, boromir, BlowTheHorn(boromir)):
                continue
            bravest = max(theirs, key=lambda m: (courage_value(state, m), m.uid))
            state.log.emit("horn_of_gondor", model=boromir.uid, tests=bravest.uid)
            if not courage_test(state, bravest, HORN_OF_GONDOR):
                return side
    return None


AUTO_WINNERS.append(_horn_of_gondor)
REGISTRY.register(HORN_OF_GONDOR, kind=Kind.RULE, source="BSData 5a58-f9c4-ffdb-e12d")

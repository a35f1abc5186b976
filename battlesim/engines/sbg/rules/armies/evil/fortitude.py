"""Rules of the Evil armies that ignore Wounds as a Fate point would (Uruk-hai and Gundabad
Berserkers, Feral Uruk-hai), from the BattleScribe rule text."""

from __future__ import annotations

from battlesim.engines.sbg.core import effects
from battlesim.engines.sbg.core.registry import REGISTRY, Kind
from battlesim.engines.sbg.core.state import BattleState, Happening, On, on
from battlesim.engines.sbg.rules.magic.powers_aura import FURY_SAVE
from battlesim.engines.sbg.rules.wound_saves import save_on_sixes

OBLIVIOUS = "oblivious to pain"
_OBLIVIOUS_IDS = "BSData 5767-f867-77ce-110f, 6ccb-c31d-6cb5-b47a (Oblivious to Pain)"

_PASSED_ON: set[str] = set()  # models whose unsaved Wounds go on to Fate, not back here


@on(On.WOUNDING, OBLIVIOUS, order=16, trigger=OBLIVIOUS)
def _oblivious_to_pain(state: BattleState, blow: Happening) -> bool:
    """Oblivious to Pain: every time the model suffers a Wound, a D6; on a 6 the Wound is
    ignored exactly as if a Fate point had been spent (so before Fate, one die per Wound of
    the blow). Not cumulative with a rule of the same effect: under the channelled Fury,
    which rolls its own 6s first (order 15), no second die is rolled."""
    model = blow.model
    if model.uid in _PASSED_ON or blow.at_mount:
        return False
    if effects.marked(state, model, FURY_SAVE) is not None:
        return False
    purpose = f"oblivious to pain {model.uid}"
    return save_on_sixes(state, blow, purpose, _PASSED_ON, "wound_ignored", rule=OBLIVIOUS)


REGISTRY.register(OBLIVIOUS, kind=Kind.RULE, source=_OBLIVIOUS_IDS)

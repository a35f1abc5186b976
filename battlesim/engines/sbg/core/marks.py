"""Marks of effects (core/effects.py) that the shooting and fighting rules read: the powers
of rules/magic put them, the rules that roll read them here, so neither imports the other."""

from __future__ import annotations

from battlesim.engines.sbg.core import effects
from battlesim.engines.sbg.core.state import BattleState, ModelState
from battlesim.engines.sbg.core.status import Lasting, Status

BLINDING = "shots hit only on a 6"  # MAGIC-P-BLINDLIGHT
STRIKES_AT = "strikes at a set strength"  # MAGIC-P-BLADEWRATH
SHROUDED = "shrouded"  # MAGIC-P-SHROUD (value 1: channelled)
PARALYSED = "paralysed"  # MAGIC-P-PARALYSE (value 1: channelled)


def blinded(state: BattleState, target: ModelState) -> bool:
    """MAGIC-P-BLINDLIGHT: a shot at ``target`` hits only on a natural 6."""
    return effects.marked(state, target, BLINDING) is not None


def strike_strength(state: BattleState, striker: ModelState) -> int | None:
    """MAGIC-P-BLADEWRATH: the Strength the striker's blows are set to, if any."""
    found = effects.marked(state, striker, STRIKES_AT)
    return found.value if found is not None else None


def shrouded(state: BattleState, target: ModelState) -> bool:
    """MAGIC-P-SHROUD: ``target`` is Invisible (to all but Sauron and the Nazgûl)."""
    return effects.marked(state, target, SHROUDED) is not None


def paralysed(state: BattleState, model: ModelState) -> bool:
    """MAGIC-P-PARALYSE: ``model`` is Paralysed (no Duel dice, loses its fights alone)."""
    return effects.marked(state, model, PARALYSED) is not None


# MAGIC-P-SHROUD (002:L2663): the shrouded models a charger failed its Courage test to see
UNSEEN_SHROUDED: Status[set[str]] = Status("shrouded models not seen", set, Lasting.TURN)


def fails_to_see(charger: ModelState, target: ModelState) -> bool:
    """A charger that failed its test against the shrouded ``target`` this turn."""
    unseen = UNSEEN_SHROUDED.peek(charger)
    return unseen is not None and target.uid in unseen

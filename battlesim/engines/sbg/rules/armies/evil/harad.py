"""Rules of Harad and the Mûmakil (Far Harad, the Serpent Horde), from the BattleScribe text."""

from __future__ import annotations

from typing import Any

from battlesim.engines.sbg.core.registry import REGISTRY, Kind
from battlesim.engines.sbg.core.state import BattleState
from battlesim.engines.sbg.core.units import PlayerId
from battlesim.engines.sbg.rules import fighting

AWESOME_PRESENCE = "awesome presence"
PRESENCE_RANGE = 3.0
_HARAD_KEYWORDS = frozenset({"haradrim", "mahûd", "mahud"})


def _awesome_presence(state: BattleState, side: PlayerId, dice: list[Any]) -> None:
    """Awesome Presence (BSData 8bcb-455b-45e0-5abf): friendly Haradrim and Mahûd models
    within 3" of the carrier may re-roll a single D6 of a Duel roll, with a banner's re-roll
    too but each die once (READINGS: one die per side and Duel, taken by a side losing so far,
    on its lowest die, as the banner's)."""
    carriers = [m for m in state.living(side) if AWESOME_PRESENCE in m.triggers]
    if not carriers:
        return
    eligible = [
        d
        for d in dice
        if not d.rerolled
        and _HARAD_KEYWORDS & d.owner.profile.keywords
        and any(state.distance(c, d.owner) <= PRESENCE_RANGE + 1e-9 for c in carriers)
    ]
    if not eligible:
        return
    worst = min(eligible, key=lambda d: (d.value, d.owner.uid))
    (worst.raw,) = state.roll(1, f"awesome presence re-roll {worst.owner.uid}")
    worst.rerolled = True


fighting.DUEL_REROLLS.append(_awesome_presence)
REGISTRY.register(
    AWESOME_PRESENCE, kind=Kind.RULE, source="BSData 8bcb-455b-45e0-5abf (Awesome Presence)"
)

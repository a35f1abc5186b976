"""Goblin rules of the Evil armies (Goblin-town, Azog's Legion), from the BattleScribe text."""

from __future__ import annotations

from battlesim.engines.sbg.core.hooks import HookContext
from battlesim.engines.sbg.core.permissions import May, grant

CHITTERING_HORDES = "chittering hordes"


@grant(
    May.SUPPORT_AS_SPEAR,
    CHITTERING_HORDES,
    source="BSData c74c-8c88-2807-2eff (Chittering Hordes)",
)
def _chittering_hordes(context: HookContext) -> bool:
    """Chittering Hordes: the model may Support as if it had a spear, but only another model
    with Chittering Hordes (the spear rules otherwise: Infantry, one supporter per fighter).
    A supporter makes no Strikes, so its two-handed weapon changes nothing here (READINGS)."""
    friend = context.other
    return friend is not None and CHITTERING_HORDES in friend.triggers

"""Gundabad Troll wargear bought as an option (Azog's Legion), from its BSData "Rules" text."""

from __future__ import annotations

from battlesim.engines.sbg.core.hooks import Hook, HookContext, register
from battlesim.engines.sbg.core.registry import REGISTRY, Kind

SCYTHE_GAUNTLETS = "scythe gauntlets"


# BSData c80a-c2bb-d9c0-a65a: "A Gundabad Troll armed with a pair of scythe gauntlets
# receives a +1 bonus to its Strikes when rolling To Wound."
@register(Hook.WOUND_ROLL, SCYTHE_GAUNTLETS)
def _scythe_gauntlets(context: HookContext) -> int:
    return 0 if context.details.get("missile") else 1


REGISTRY.register(SCYTHE_GAUNTLETS, kind=Kind.WARGEAR, source="BSData c80a-c2bb-d9c0-a65a")

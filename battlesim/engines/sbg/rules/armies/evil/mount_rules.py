"""The rules a mount bought from the data's card brings (battlesim/engines/sbg/options.py):
they stay with the mount when it is left riderless (core/mounts.loose_profile)."""

from __future__ import annotations

from battlesim.engines.sbg.core.hooks import HookContext
from battlesim.engines.sbg.core.permissions import May, grant
from battlesim.engines.sbg.core.registry import REGISTRY, Kind
from battlesim.engines.sbg.rules import cavalry, muster

FERAL = "feral"
RAGING_BEAST = "raging beast"
DEADLY_UNION = "deadly union"

# BSData dc19-b783-5dfb-9c51 Feral (the Fell Beasts): "If the Ringwraith riding a Fell Beast
# is slain or dismounts, the creature automatically fails its Courage test and flees the
# battlefield."
cavalry.RIDERLESS_STAYS[FERAL] = False
REGISTRY.register(FERAL, kind=Kind.RULE, source="BSData dc19-b783-5dfb-9c51 (Feral)")

# BSData 842c-458b-008a-a229 Raging Beast (the White Warg): "When Azog dismounts, the White
# Warg automatically passes its Courage test to stay and fight. Additionally, it will
# automatically pass all Courage tests for the rest of the battle." (its test to stay,
# cavalry.mount_stays, is taken once it is riderless: the grant below passes it too)


@grant(May.PASS_COURAGE_UNTESTED, RAGING_BEAST, source="BSData 842c-458b-008a-a229")
def _raging_beast(context: HookContext) -> bool:
    """Only the warg itself, once riderless ("for the rest of the battle" after Azog
    dismounts), passes every Courage test; Azog riding it tests as usual."""
    return context.model.loose


# BSData 92be-d21f-978a-e4dc Deadly Union (the White Warg): "As long as Azog is mounted upon
# the White Warg, you can expend either Azog's or the White Warg's stores of Might, Will and
# Fate as if they shared the same profile" (READINGS "Deadly Union": one pool while he rides).
muster.SHARED_STORES.add(DEADLY_UNION)
REGISTRY.register(DEADLY_UNION, kind=Kind.RULE, source="BSData 92be-d21f-978a-e4dc (Deadly Union)")

"""Army rules of movement over terrain: Fleetfoot (a Woodland Creature's mount too), Spectral
Walk (water as open ground), Stalk Unseen (Stealth), Venerable (the worse of two dice)."""

from __future__ import annotations

from battlesim.engines.sbg.core.hooks import HookContext
from battlesim.engines.sbg.core.permissions import May, grant
from battlesim.engines.sbg.core.registry import REGISTRY, Kind
from battlesim.engines.sbg.rules.crossing import WORST_OF_TWO
from battlesim.engines.sbg.rules.equipment import STEALTH_RULES
from battlesim.engines.sbg.rules.terrain_rules import MOUNT_TOO

# Fleetfoot (BSData c07e-808a-f538-03b5): "a model that has this special rule, and the
# Woodland Creature special rule, will also apply the effects of Woodland Creature to their
# mount" (SR-WOODLAND reads MOUNT_TOO, as it does for Light-footed).
FLEETFOOT = "fleetfoot"
MOUNT_TOO.add(FLEETFOOT)
REGISTRY.register(FLEETFOOT, kind=Kind.RULE, source="BSData c07e-808a-f538-03b5")


@grant(May.CROSS_WATER_AS_OPEN, "spectral walk", source="BSData 0708-707c-1396-1b40")
def _spectral_walk(context: HookContext) -> bool:
    """Spectral Walk: the model moves over water features as if they were open ground
    (difficult water; deep water that no base may enter stays so: READINGS)."""
    return True


# Stalk Unseen (BSData 9e98-f137-8fe8-8fea): the text of Stealth (SR-STEALTH): partly hidden
# by terrain, unseen beyond 6" (no charge, shot or power), none when mounted (stealth.py).
STEALTH_RULES.add("stalk unseen")
REGISTRY.register("stalk unseen", kind=Kind.RULE, source="BSData 9e98-f137-8fe8-8fea")


# Venerable (BSData 8761-a9ab-e2e6-3726): "whenever Dáin makes a Jump, Leap or Climb test,
# he will roll two dice and pick the lowest result" (crossing.py reads WORST_OF_TWO).
WORST_OF_TWO.add("venerable")
REGISTRY.register("venerable", kind=Kind.RULE, source="BSData 8761-a9ab-e2e6-3726")

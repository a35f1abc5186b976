"""Army rules of movement over terrain: Fleetfoot (a Woodland Creature's mount too)."""

from __future__ import annotations

from battlesim.engines.sbg.core.registry import REGISTRY, Kind
from battlesim.engines.sbg.rules.terrain_rules import MOUNT_TOO

# Fleetfoot (BSData c07e-808a-f538-03b5): "a model that has this special rule, and the
# Woodland Creature special rule, will also apply the effects of Woodland Creature to their
# mount" (SR-WOODLAND reads MOUNT_TOO, as it does for Light-footed).
FLEETFOOT = "fleetfoot"
MOUNT_TOO.add(FLEETFOOT)
REGISTRY.register(FLEETFOOT, kind=Kind.RULE, source="BSData c07e-808a-f538-03b5")

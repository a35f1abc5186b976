"""Good mounts bought from the data's card (battlesim/engines/sbg/options.py) whose own rule
settles their riderless test (rules/cavalry.RIDERLESS_STAYS)."""

from __future__ import annotations

from battlesim.engines.sbg.core.registry import REGISTRY, Kind
from battlesim.engines.sbg.rules import cavalry

# BSData 4b2a-3149-ab86-0a34 Great Eagle (Radagast's mount): "This is a mount. [...]
# Additionally, if Radagast dismounts, the Great Eagle automatically passes its Courage test
# to stay and fight."
GREAT_EAGLE = "great eagle"
cavalry.RIDERLESS_STAYS[GREAT_EAGLE] = True
REGISTRY.register(GREAT_EAGLE, kind=Kind.RULE, source="BSData 4b2a-3149-ab86-0a34 (Great Eagle)")

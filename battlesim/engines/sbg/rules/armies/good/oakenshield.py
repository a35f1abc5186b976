"""The Oakenshield (BSData 6cda-9044-5459-d48e, Young Thorin's option): "The Oakenshield is a
shield. Additionally, should Thorin opt to use it for Shielding during a Fight and he wins,
he may make a single Strike at his Strength (receiving no bonuses from any weapons)." The
shield is the name's part (core/names_good.yaml); the Strike: fighting.SHIELDING_STRIKES."""

from __future__ import annotations

from battlesim.engines.sbg.core.registry import REGISTRY, Kind
from battlesim.engines.sbg.rules.fighting import SHIELDING_STRIKES

OAKENSHIELD = "the oakenshield"

SHIELDING_STRIKES.add(OAKENSHIELD)
REGISTRY.register(OAKENSHIELD, kind=Kind.WARGEAR, source="BSData 6cda-9044-5459-d48e")

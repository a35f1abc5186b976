"""Shagrat's Shield of Cirith Ungol (BSData profile b82a-6a16-311e-df11): "This is a shield.
Additionally, in a turn in which Shagrat charges, he gains the knock to the Ground bonus
exactly as if he were a Cavalry model." The shield is the name's part (core/names_evil.yaml:
ARM-SH-01's +1 Defence and Shielding); the knock to the ground is the cavalry's (CAV-CHG-06),
under the cavalry's conditions, without its Extra Attack."""

from __future__ import annotations

from battlesim.engines.sbg.core.registry import REGISTRY, Kind
from battlesim.engines.sbg.rules import cavalry

SHIELD_OF_CIRITH_UNGOL = "shield of cirith ungol"

cavalry.CHARGES_AS_CAVALRY.add(SHIELD_OF_CIRITH_UNGOL)
REGISTRY.register(
    SHIELD_OF_CIRITH_UNGOL, kind=Kind.WARGEAR, source="BSData b82a-6a16-311e-df11 (Shagrat)"
)

"""Glorfindel's Armour of Gondolin (BSData wargear profile 746a-84ee-b2a4-5254): "Heavy
Armour. additionally, whislt wearing the armour of Gondolin, Monster models may not target
Glorfindel with Brutal Power Attacks." The heavy armour is the name's part
(core/names_good.yaml); no Monster nominates him for a Brutal Power Attack
(monsters.core.NOT_BPA_TARGETS); one that nominates nobody (Barge) still reaches him."""

from __future__ import annotations

from battlesim.engines.sbg.core.registry import REGISTRY, Kind
from battlesim.engines.sbg.rules.monsters.core import NOT_BPA_TARGETS

ARMOUR_OF_GONDOLIN = "armour of gondolin"

NOT_BPA_TARGETS.add(ARMOUR_OF_GONDOLIN)
REGISTRY.register(ARMOUR_OF_GONDOLIN, kind=Kind.WARGEAR, source="BSData 746a-84ee-b2a4-5254")

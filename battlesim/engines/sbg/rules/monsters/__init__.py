"""Monsters (part 2 §2): Brutal Power Attacks and Monsters against Cavalry.

Importing the package registers the generic BPAs (Rend, Hurl, Barge) and the unique ones
(Bludgeon); see ``core`` for the registry and the cavalry hook.
"""

from battlesim.engines.sbg.rules.cavalry import knocked_down_by_charge_immune
from battlesim.engines.sbg.rules.kinds import immovable, is_monster
from battlesim.engines.sbg.rules.monsters import (  # noqa: F401  (registry)
    barge,
    bludgeon,
    breath,
    hurl,
    rend,
)
from battlesim.engines.sbg.rules.monsters.core import (
    BPAS,
    BpaOption,
    brutal_power_attacks,
    counts_as_cavalry,
    unique_names,
)

__all__ = [
    "BPAS",
    "BpaOption",
    "brutal_power_attacks",
    "counts_as_cavalry",
    "immovable",
    "is_monster",
    "knocked_down_by_charge_immune",
    "unique_names",
]

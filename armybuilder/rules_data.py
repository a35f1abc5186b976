"""The matched-play data the validator reads: one documented table, no branches in code.

Sources: the 2018 Matched Play Guide as summarised in the issue (warband capacities, bow
limit, leader, alliances). Entries marked ASSUMPTION are our reading where no source we hold
settles the point; correct them here, not in code.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from enum import Enum


class Tier(Enum):
    """Heroic tiers, strongest first; the value is the rank (higher leads)."""

    LEGEND = 5
    VALOUR = 4
    FORTITUDE = 3
    MINOR = 2
    INDEPENDENT = 1


TIER_BY_NAME: dict[str, Tier] = {tier.name.lower(): tier for tier in Tier}

# Followers a captain of each tier may lead (Independent Heroes lead none).
WARBAND_CAPACITY: dict[Tier, int] = {
    Tier.LEGEND: 18,
    Tier.VALOUR: 15,
    Tier.FORTITUDE: 12,
    Tier.MINOR: 6,
    Tier.INDEPENDENT: 0,
}

# Tiers that may never be the army's leader.
CANNOT_LEAD_ARMY: frozenset[Tier] = frozenset({Tier.MINOR, Tier.INDEPENDENT})

# The bow limit: this fraction of a contingent's warriors, rounded up, may carry bows.
DEFAULT_BOW_LIMIT = (1, 3)

# ASSUMPTION: a missile weapon counts against the bow limit when its name is a bow or a
# crossbow (BattleScribe tracks the same with its " Bow" cost); throwing weapons do not.
BOW_NAME = re.compile(r"\b(?:cross|long|short)?bows?\b", re.IGNORECASE)


class Alliance(Enum):
    """Alliance levels, best first; a list's level is the lowest over all pairs."""

    HISTORICAL = 3
    CONVENIENT = 2
    IMPOSSIBLE = 1


@dataclass(frozen=True, slots=True)
class ArmyBonus:
    """What an army list's bonus changes in list building (the exceptions to the rules)."""

    bow_limit: tuple[int, int] | None = None  # e.g. (1, 2) for half, None = default
    bow_limit_exempt_keywords: frozenset[str] = frozenset()
    heroless_warband_keywords: frozenset[str] = frozenset()  # warriors that need no captain


@dataclass(frozen=True, slots=True)
class FactionRules:
    """Alliances and bonus of one army list, keyed by the catalogue's faction name."""

    historical: frozenset[str] = frozenset()
    impossible: frozenset[str] = frozenset()
    bonus: ArmyBonus = field(default_factory=ArmyBonus)


# ASSUMPTION (pending): the alliance matrix and the army bonuses are not filled in yet. The
# community BattleScribe game system encodes the matrix in its "Historical Allies",
# "Convenient Allies" and "Impossible Allies" entries; deriving this table from there is the
# next step. Until then an army list missing here is Convenient with every other army list of
# its side and keeps the default bow limit.
FACTION_RULES: dict[str, FactionRules] = {}


def faction_rules(name: str) -> FactionRules:
    return FACTION_RULES.get(name, FactionRules())


def alliance_between(first: str, second: str) -> Alliance:
    """Return the alliance level of two army lists of the same side."""
    if first == second:
        return Alliance.HISTORICAL
    a, b = faction_rules(first), faction_rules(second)
    if second in a.impossible or first in b.impossible:
        return Alliance.IMPOSSIBLE
    if second in a.historical or first in b.historical:
        return Alliance.HISTORICAL
    return Alliance.CONVENIENT

"""The matched-play data the validator reads: one documented table, no branches in code.

Sources: the 2018 Matched Play Guide as summarised in the issue (warband capacities, bow
limit, leader, alliances). The alliance matrix and the army lists' list-building exceptions
are data files in ``armybuilder/data/`` (documented there, derived from the community
BattleScribe data). Entries marked ASSUMPTION are our reading where no source we hold settles
the point; correct them in the data, not in code.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import Enum
from pathlib import Path
from typing import Any

import yaml


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


WORD_PLURAL = r"s?"  # "Warg" also names "Wargs"


@dataclass(frozen=True, slots=True)
class HerolessWarband:
    """A warband an army list allows without a hero captain."""

    min_models: int
    max_models: int | None = None
    every_model: str | None = None  # each model matches this word
    requires: str | None = None  # a named model the whole list must include


@dataclass(frozen=True, slots=True)
class CaptainCapacity:
    """A captain (matched by name or keyword) leading more followers than its tier allows."""

    captain: str
    capacity: int | None = None  # replaces the tier's capacity
    extra: int = 0  # added to it


@dataclass(frozen=True, slots=True)
class ArmyBonus:
    """What an army list (or its bonus) changes in list building: the exceptions to the rules."""

    name: str = ""
    bow_limit: tuple[int, int] | None = None  # e.g. (1, 2) for half, None = default
    bow_limit_exempt: frozenset[str] = frozenset()  # names or keywords
    exempt_requires: str | None = None
    heroless_warbands: tuple[HerolessWarband, ...] = ()
    captain_capacity: tuple[CaptainCapacity, ...] = ()
    free_options: frozenset[str] = frozenset()  # options taken without paying their points


NO_BONUS = ArmyBonus()


@dataclass(frozen=True, slots=True)
class FactionRules:
    """Alliances, standing rules and bonus of one army list, keyed by its faction name."""

    historical: frozenset[str] = frozenset()
    convenient: frozenset[str] = frozenset()
    impossible: frozenset[str] = frozenset()
    standing: ArmyBonus = NO_BONUS  # kept whatever the alliance
    bonus: ArmyBonus = NO_BONUS  # kept only when the whole list is Historical


@dataclass(frozen=True, slots=True)
class NamedHeroRule:
    """A named hero making any alliance Impossible with these lists or heroes."""

    lists: frozenset[str]
    heroes: frozenset[str]


@dataclass(frozen=True, slots=True)
class ConditionalHistorical:
    """A pair of army lists made Historical by named heroes (the Battle of Dale)."""

    lists: frozenset[str]
    all_of: frozenset[str]
    any_of: frozenset[str]


DATA_DIR = Path(__file__).resolve().parent / "data"


def _load(name: str) -> dict[str, Any]:
    return yaml.safe_load((DATA_DIR / name).read_text(encoding="utf-8")) or {}


def _fraction(raw: list[int] | None) -> tuple[int, int] | None:
    if not raw:
        return None
    numerator, denominator = raw
    return numerator, denominator


def _bonus(raw: dict[str, Any] | None) -> ArmyBonus:
    """One `standing` or `bonus` block of data/army_lists.yaml."""
    if not raw:
        return NO_BONUS
    return ArmyBonus(
        name=raw.get("name", ""),
        bow_limit=_fraction(raw.get("bow_limit")),
        bow_limit_exempt=frozenset(raw.get("bow_limit_exempt", ())),
        exempt_requires=raw.get("exempt_requires"),
        heroless_warbands=tuple(HerolessWarband(**h) for h in raw.get("heroless_warbands", ())),
        captain_capacity=tuple(CaptainCapacity(**c) for c in raw.get("captain_capacity", ())),
        free_options=frozenset(raw.get("free_options", ())),
    )


def _faction_rules() -> dict[str, FactionRules]:
    armies = _load("alliances.yaml")["armies"]
    extras = _load("army_lists.yaml")["army_lists"]
    levels = {name: row for side in armies.values() for name, row in side.items()}
    names = set(levels) | set(extras)
    return {
        name: FactionRules(
            historical=frozenset(levels.get(name, {}).get("historical", ())),
            convenient=frozenset(levels.get(name, {}).get("convenient", ())),
            impossible=frozenset(levels.get(name, {}).get("impossible", ())),
            standing=_bonus(extras.get(name, {}).get("standing")),
            bonus=_bonus(extras.get(name, {}).get("bonus")),
        )
        for name in names
    }


FACTION_RULES: dict[str, FactionRules] = _faction_rules()
NAMED_HERO_RULES: dict[str, NamedHeroRule] = {
    hero: NamedHeroRule(frozenset(rule["lists"]), frozenset(rule["heroes"]))
    for hero, rule in _load("alliances.yaml")["named_heroes"].items()
}
CONDITIONAL_HISTORICAL: tuple[ConditionalHistorical, ...] = tuple(
    ConditionalHistorical(frozenset(c["lists"]), frozenset(c["all_of"]), frozenset(c["any_of"]))
    for c in _load("alliances.yaml")["conditional_historical"]
)


def faction_rules(name: str) -> FactionRules:
    return FACTION_RULES.get(name, FactionRules())


def alliance_between(first: str, second: str) -> Alliance:
    """Return the alliance level of two army lists of the same side.

    A pair the data states nowhere is Convenient (ASSUMPTION, see data/alliances.yaml).
    """
    if first == second:
        return Alliance.HISTORICAL
    a, b = faction_rules(first), faction_rules(second)
    if second in a.impossible or first in b.impossible:
        return Alliance.IMPOSSIBLE
    if second in a.convenient or first in b.convenient:
        return Alliance.CONVENIENT
    if second in a.historical or first in b.historical:
        return Alliance.HISTORICAL
    return Alliance.CONVENIENT


def matches(word: str, name: str, keywords: frozenset[str]) -> bool:
    """True when a model's keyword is the word, or the word is a whole word of its name."""
    if word.casefold() in {keyword.casefold() for keyword in keywords} or word == name:
        return True
    return re.search(rf"\b{re.escape(word)}{WORD_PLURAL}\b", name, re.IGNORECASE) is not None

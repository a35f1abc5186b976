"""Live figures of an army list: points, models, warband fill, bows, break points, Might.

Also the alliance level of the list and what it changes (issue item 5): the army bonus is kept
only when Historical; an Impossible alliance breaks per contingent and limits heroic actions
and Stand Fast! to a contingent (flags for the game engine).
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass

from armybuilder.list_data import ContingentData, EntryData, ListData, WarbandData
from armybuilder.rules_data import (
    CONDITIONAL_HISTORICAL,
    DEFAULT_BOW_LIMIT,
    NAMED_HERO_RULES,
    WARBAND_CAPACITY,
    Alliance,
    ArmyBonus,
    HerolessWarband,
    alliance_between,
    faction_rules,
)


@dataclass(frozen=True, slots=True)
class WarbandFigures:
    ref: str
    points: int
    followers: int
    capacity: int | None  # None when the warband has no single captain


@dataclass(frozen=True, slots=True)
class ContingentFigures:
    ref: str
    points: int
    models: int
    warriors: int  # counted for the bow limit: heroes and War Beasts are not
    bows: int
    bow_limit: int
    break_point: float  # its own break point; used alone in an Impossible alliance
    army_bonus: str  # the bonus kept, "" when lost or none (or replaced by a legion's rules)
    legion: str = ""  # the Legendary Legion the contingent is built as


@dataclass(frozen=True, slots=True)
class ListFigures:
    points: int
    points_limit: int
    models: int
    break_point: float  # broken once casualties exceed it: half the models (COUR-BRK-01)
    quarter_point: float  # a quarter of the models: "reduced to 25%" in scenarios
    might: int
    warbands: tuple[WarbandFigures, ...]
    contingents: tuple[ContingentFigures, ...]
    alliance: str = "historical"
    army_bonus_kept: bool = True
    separate_break_points: bool = False  # Impossible: each contingent breaks on its own
    heroic_actions_within_contingent: bool = False  # Impossible: only a hero of the same list
    stand_fast_within_contingent: bool = False  # Impossible: idem for Stand Fast!


# -- alliance ------------------------------------------------------------------------------------


def list_alliance(army: ListData) -> Alliance:
    """The lowest alliance level over every pair of contingents, named heroes included.

    Good and Evil never ally (LIST-SIDES): such a list is at the lowest level, so the figures
    never call it Convenient while its breaches refuse it.
    """
    names = [contingent.faction for contingent in army.contingents]
    levels = [_pair_level(army, a, b) for i, a in enumerate(names) for b in names[i + 1 :]]
    sides = {contingent.side for contingent in army.contingents}
    if len(sides) > 1 or (len(names) > 1 and _named_hero_forbids(army)):
        levels.append(Alliance.IMPOSSIBLE)
    return min(levels, key=lambda level: level.value, default=Alliance.HISTORICAL)


def _names(army: ListData) -> set[str]:
    return {name for entry in army.entries for name in entry.identities}


def _pair_level(army: ListData, first: str, second: str) -> Alliance:
    heroes = _names(army)
    for rule in CONDITIONAL_HISTORICAL:
        if {first, second} == rule.lists and rule.all_of <= heroes and rule.any_of & heroes:
            return Alliance.HISTORICAL
    return alliance_between(first, second)


def _named_hero_forbids(army: ListData) -> bool:
    """A hero of another era in an alliance makes it Impossible (data/alliances.yaml)."""
    for contingent in army.contingents:
        others = {c.faction for c in army.contingents if c is not contingent}
        for entry in contingent.entries:
            rest = _names(army) - entry.identities
            for rule in filter(None, map(NAMED_HERO_RULES.get, entry.identities)):
                if rule.lists & others or rule.heroes & rest:
                    return True
    return False


def bonus_kept(army: ListData) -> bool:
    return list_alliance(army) is Alliance.HISTORICAL


def active_rules(contingent: ContingentData, army: ListData) -> tuple[ArmyBonus, ...]:
    """The army list's standing rules, plus its bonus when the list is Historical."""
    rules = faction_rules(contingent.faction)
    return (rules.standing, rules.bonus) if bonus_kept(army) else (rules.standing,)


def _in_list(army: ListData, name: str | None) -> bool:
    return name is None or name in _names(army)


# -- bows ----------------------------------------------------------------------------------------


def bow_limit(contingent: ContingentData, army: ListData) -> int:
    """A third of the contingent's warriors, rounded up, unless its army list says otherwise."""
    fractions = [r.bow_limit for r in active_rules(contingent, army) if r.bow_limit]
    numerator, denominator = max(fractions, key=lambda f: f[0] / f[1], default=DEFAULT_BOW_LIMIT)
    warriors = sum(entry.models for entry in contingent.entries if entry.is_bow_limit_warrior)
    return math.ceil(warriors * numerator / denominator)


def _bow_exempt(entry: EntryData, rules: Iterable[ArmyBonus], army: ListData) -> bool:
    return any(
        any(entry.matches(word) for word in r.bow_limit_exempt)
        and _in_list(army, r.exempt_requires)
        for r in rules
    )


def bows_counted(contingent: ContingentData, army: ListData) -> int:
    # ASSUMPTION: an entry of several models carrying bows counts once per unit against the
    # bow limit, as the Warg Marauder's rule says for its riders (the data says no more).
    rules = active_rules(contingent, army)
    return sum(
        entry.count
        for entry in contingent.entries
        if entry.is_bow_limit_warrior and entry.has_bow and not _bow_exempt(entry, rules, army)
    )


# -- warbands ------------------------------------------------------------------------------------


def warband_capacity(warband: WarbandData, rules: Iterable[ArmyBonus] = ()) -> int | None:
    captains = warband.captains
    if len(captains) != 1 or captains[0].tier is None:
        return None
    capacity = WARBAND_CAPACITY[captains[0].tier]
    for change in (c for r in rules for c in r.captain_capacity):
        if captains[0].matches(change.captain):
            capacity = (change.capacity or capacity) + change.extra
    return capacity


def _heroless_fits(rule: HerolessWarband, warband: WarbandData, army: ListData) -> bool:
    size = warband.models
    return (
        size >= rule.min_models
        and (rule.max_models is None or size <= rule.max_models)
        and (rule.every_model is None or all(e.matches(rule.every_model) for e in warband.entries))
        and _in_list(army, rule.requires)
        and not any(entry.is_hero for entry in warband.entries)
    )


def heroless_allowed(warband: WarbandData, contingent: ContingentData, army: ListData) -> bool:
    """True when an army list (bonus) lets this warband go without a hero captain."""
    rules = active_rules(contingent, army)
    return any(_heroless_fits(h, warband, army) for r in rules for h in r.heroless_warbands)


# -- points --------------------------------------------------------------------------------------


def entry_points(entry: EntryData, rules: Iterable[ArmyBonus]) -> int:
    """The entry's points, less the options its army list's rules make free."""
    free = {name for r in rules for name in r.free_options}
    waived = sum(option.points * option.count for option in entry.options if option.name in free)
    return entry.total_points - waived * entry.count


def contingent_points(contingent: ContingentData, army: ListData) -> int:
    rules = active_rules(contingent, army)
    return sum(entry_points(entry, rules) for entry in contingent.entries)


def list_points(army: ListData) -> int:
    return sum(contingent_points(contingent, army) for contingent in army.contingents)


# -- figures -------------------------------------------------------------------------------------


def contingent_figures(contingent: ContingentData, army: ListData) -> ContingentFigures:
    entries = contingent.entries
    models = sum(entry.models for entry in entries)
    # ASSUMPTION: a Legendary Legion's own rules replace the army bonus (the legions of the
    # data carry their special rules and restrictions, never the list's bonus).
    bonus = faction_rules(contingent.faction).bonus.name or contingent.army_bonus
    if contingent.legion:
        bonus = ""
    return ContingentFigures(
        ref=contingent.ref,
        points=contingent_points(contingent, army),
        models=models,
        warriors=sum(entry.models for entry in entries if entry.is_bow_limit_warrior),
        bows=bows_counted(contingent, army),
        bow_limit=bow_limit(contingent, army),
        break_point=models / 2,
        army_bonus=bonus if bonus_kept(army) else "",
        legion=contingent.legion,
    )


def _warband_figures(army: ListData) -> tuple[WarbandFigures, ...]:
    bands = [(w, active_rules(c, army)) for c in army.contingents for w in c.warbands]
    return tuple(
        WarbandFigures(
            ref=warband.ref,
            points=sum(entry_points(entry, rules) for entry in warband.entries),
            followers=warband.follower_models,
            capacity=warband_capacity(warband, rules),
        )
        for warband, rules in bands
    )


def list_figures(army: ListData) -> ListFigures:
    models = sum(entry.models for entry in army.entries)
    alliance = list_alliance(army)
    impossible = alliance is Alliance.IMPOSSIBLE
    return ListFigures(
        points=list_points(army),
        points_limit=army.points_limit,
        models=models,
        break_point=models / 2,
        quarter_point=models / 4,
        might=sum(entry.might * entry.count for entry in army.entries if entry.is_hero),
        warbands=_warband_figures(army),
        contingents=tuple(contingent_figures(c, army) for c in army.contingents),
        alliance=alliance.name.lower(),
        army_bonus_kept=alliance is Alliance.HISTORICAL,
        separate_break_points=impossible,
        heroic_actions_within_contingent=impossible,
        stand_fast_within_contingent=impossible,
    )

"""Live figures of an army list: points, models, warband fill, bows, break points, Might."""

from __future__ import annotations

import math
from dataclasses import dataclass

from armybuilder.list_data import ContingentData, ListData, WarbandData
from armybuilder.rules_data import DEFAULT_BOW_LIMIT, WARBAND_CAPACITY, faction_rules


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
    warriors: int
    bows: int
    bow_limit: int


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


def warband_capacity(warband: WarbandData) -> int | None:
    captains = warband.captains
    if len(captains) != 1 or captains[0].tier is None:
        return None
    return WARBAND_CAPACITY[captains[0].tier]


def bow_limit(contingent: ContingentData) -> int:
    """A third of the contingent's warriors, rounded up, unless its army bonus says otherwise."""
    numerator, denominator = faction_rules(contingent.faction).bonus.bow_limit or DEFAULT_BOW_LIMIT
    warriors = sum(entry.count for entry in contingent.entries if not entry.is_hero)
    return math.ceil(warriors * numerator / denominator)


def bows_counted(contingent: ContingentData) -> int:
    exempt = faction_rules(contingent.faction).bonus.bow_limit_exempt_keywords
    return sum(
        entry.count
        for entry in contingent.entries
        if not entry.is_hero and entry.has_bow and not (entry.keywords & exempt)
    )


def contingent_figures(contingent: ContingentData) -> ContingentFigures:
    entries = contingent.entries
    return ContingentFigures(
        ref=contingent.ref,
        points=sum(entry.total_points for entry in entries),
        models=sum(entry.count for entry in entries),
        warriors=sum(entry.count for entry in entries if not entry.is_hero),
        bows=bows_counted(contingent),
        bow_limit=bow_limit(contingent),
    )


def list_figures(army: ListData) -> ListFigures:
    models = sum(entry.count for entry in army.entries)
    warbands = tuple(
        WarbandFigures(
            ref=warband.ref,
            points=sum(entry.total_points for entry in warband.entries),
            followers=warband.follower_models,
            capacity=warband_capacity(warband),
        )
        for warband in army.warbands
    )
    return ListFigures(
        points=sum(entry.total_points for entry in army.entries),
        points_limit=army.points_limit,
        models=models,
        break_point=models / 2,
        quarter_point=models / 4,
        might=sum(entry.might * entry.count for entry in army.entries if entry.is_hero),
        warbands=warbands,
        contingents=tuple(contingent_figures(c) for c in army.contingents),
    )

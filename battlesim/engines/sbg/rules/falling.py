"""Falling (part 1 §4.9, 002:L635-637): a falling model is placed prone at the bottom and a
fall higher than the model deals Strength 3 hits (MOVE-FALL-01/02)."""

from __future__ import annotations

import math

from battlesim.engines.sbg.core.bases import obstacle_height_for
from battlesim.engines.sbg.core.data import EPSILON, FALL_STRENGTH
from battlesim.engines.sbg.core.state import BattleState, Happening, ModelState, On, intercept
from battlesim.engines.sbg.rules import characteristics
from battlesim.engines.sbg.rules.combat import roll_to_wound
from battlesim.engines.sbg.rules.heroic_actions import wounded_only_on_sixes

_HEIGHTS: dict[frozenset[str], float] = {}


def terrain_height(model: ModelState) -> float:
    """The height compared with obstacles, gaps and drops (data.ASSUMPTIONS terrain-height);
    cached per set of keywords (asked for every candidate move)."""
    keywords = model.profile.keywords
    height = _HEIGHTS.get(keywords)
    if height is None:
        height = _HEIGHTS[keywords] = obstacle_height_for(keywords)
    return height


def falling_hits(drop: float, height: float) -> int:
    """MOVE-FALL-02: none up to the model's height, else one plus one per whole inch beyond."""
    if drop <= height + EPSILON:
        return 0
    return 1 + math.floor(drop - height + EPSILON)


def fall(state: BattleState, model: ModelState, drop: float, cause: str) -> None:
    """MOVE-FALL-01/02: prone at once, then each hit rolls to wound (S3 against Defence).
    A mounted model falls as cavalry (cavalry.fall: the mount takes the hits)."""
    if intercept(state, On.FALLING, Happening(model, source=cause, amount=drop)):
        return  # a mounted model: the mount takes the hits (cavalry.py)
    model.prone = True
    hits = falling_hits(drop, terrain_height(model))
    state.log.emit("fall", model=model.uid, cause=cause, drop=round(drop, 3), hits=hits)
    defence = characteristics.defence_value(state, model)
    for k in range(hits):
        if not model.alive:
            return
        purpose = f"fall {model.uid} hit {k + 1} (S{FALL_STRENGTH} D{defence})"
        sixes = wounded_only_on_sixes(state, model)  # HERO-HD-01 (in the Fight phase)
        if roll_to_wound(state, FALL_STRENGTH, defence, 0, purpose, natural_six=sixes):
            state.wound(model, "fall")

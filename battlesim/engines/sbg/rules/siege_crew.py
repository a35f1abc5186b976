"""Siege Engine crews (checklist part 2 §11.1, §11.6; 002:L3029-3033, L3110-3124): who crews
which engine, and the 6" tether. Kept apart from the engine's shooting (siege_engines.py) so
that movement can ask it without importing the shooting rules."""

from __future__ import annotations

import math
from dataclasses import dataclass

from battlesim.engines.sbg.core.decisions import Decision, Player
from battlesim.engines.sbg.core.registry import REGISTRY, Kind
from battlesim.engines.sbg.core.state import BattleState, ModelState
from battlesim.engines.sbg.core.units import SIEGE_ENGINE, STRUCTURES

TETHER = 6.0  # SE-CREW-01 (002:L3029): « pas ... à plus de 6" de leur Engin de Siège »
# BSData 4741-f743-34e6-9196 The Windlance: a small engine whose Hero is its only crew and
# may move more than 6" away from it (rules/siege_engines.py plays the rest)
WINDLANCE = "the windlance"

# BSData 6909-2331-47e0-554d: the "Crew" upgrade of the Iron Hills Dwarf Crew, the model a
# Ballista's warband takes (shown only under an Iron Hills Ballista): it marks the crewmen of
# the warband's engine, which the warband crews by construction (SE-CREW-01, the adapter's
# ``engine_input._crewed``, ``units.force_from_data``'s "crew").
REGISTRY.register(
    "crew", kind=Kind.WARGEAR, source="BSData 6909-2331-47e0-554d, SE-CREW-01 (002:L3029)"
)


def is_engine(model: ModelState) -> bool:
    return SIEGE_ENGINE in model.triggers


def is_structure(model: ModelState) -> bool:
    """A Siege Engine or a gate: a piece on the table, not a model of the army."""
    return bool(model.triggers & STRUCTURES)


def engine_of(state: BattleState, model: ModelState) -> ModelState | None:
    """The living engine ``model`` crews, if any."""
    for engine_id, crew in state.engines.items():
        if model.uid in crew:
            engine = state.models[engine_id]
            return engine if engine.alive else None
    return None


def trained_crew(state: BattleState, player: int) -> frozenset[str]:
    """SE-CREW-02 (002:L3110): a crewman operates any engine of his army as trained crew."""
    return frozenset(
        uid
        for engine_id, crew in state.engines.items()
        if state.models[engine_id].player == player
        for uid in crew
    )


def beyond_tether(state: BattleState, model: ModelState, point: tuple[float, float]) -> bool:
    """SE-CREW-01: a crewman may not end more than 6" from his engine while it stands
    (SE-ATK-01: once it is destroyed the crew act normally)."""
    if not state.engines:
        return False
    engine = engine_of(state, model)
    if engine is None or WINDLANCE in engine.triggers:
        return False
    gap = math.dist(point, engine.position) - model.radius - engine.radius
    return gap > TETHER + 1e-9


def stays(state: BattleState, player: Player, model: ModelState) -> bool:
    """SE-SHOOT-01 (002:L3043): a crewman in contact with his standing engine may stay to
    work it (the engine fires only with crew in contact); his player decides."""
    if not state.engines:
        return False
    engine = engine_of(state, model)
    if engine is None or not state.in_contact(model, engine):
        return False
    return bool(player.decide(state, StayAtEngine(model, engine)))


# Decisions this module asks a player (core/decisions.py).


@dataclass(frozen=True, slots=True)
class StayAtEngine(Decision[bool]):
    """SE-SHOOT-01: does the crewman hold at his engine this Move phase? Default: yes."""

    model: ModelState
    engine: ModelState

    def default(self, state: BattleState) -> bool:
        return True

"""Water (checklist part 2 §10.1, ADV-WATER-01..04, 002:L2909-2936; reading 29).

Which pieces are water is read from their names (core/table.py features; ADV-WATER-01's
agreement between players, data.ASSUMPTIONS "terrain-features"); water pieces are difficult
terrain. Shallow water is open ground for Cavalry, Monsters, horses and wargs (ADV-WATER-02).
Deep water asks a Swim test of a model that enters it and of one that starts its Move phase
in it (ADV-WATER-03); the table (ADV-WATER-04): 1 drowned, 2-5 swims (half its Move: deep
water is difficult ground), 6 fast swim (its full Move: the water costs it nothing extra this
turn). A model that swam cannot shoot that turn (002:L767), nor can one in deep water.
READINGS.md: entering deep water mid-move, the model finishes its move and then tests.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from battlesim.engines.sbg.core.state import (
    BattleState,
    Happening,
    ModelState,
    On,
    Removal,
    Tick,
    every,
    on,
)
from battlesim.engines.sbg.core.status import Lasting, Status
from battlesim.engines.sbg.core.table import DEEP_WATER, SHALLOW_WATER, TerrainKind

_WADERS = frozenset({"cavalry", "monster", "horse", "warg"})  # ADV-WATER-02
_HEAVY = ("heavy armour", "dwarf armour", "heavy dwarf armour")  # one -1 (reading 29)


class Swim(enum.Enum):
    DROWNED = "drowned"  # 1
    SWIM = "swim"  # 2-5: half its Move
    FAST = "fast swim"  # 6: its full Move


@dataclass(slots=True)
class Swum:
    """This turn's Swim test result, if the model took one."""

    result: Swim | None = None


SWUM: Status[Swum] = Status("swum", Swum, Lasting.TURN)


def _water_on(table: object) -> frozenset[str]:
    """The water features a table has at all, kept with the table's own index (asked at every
    move and shot; a module-level cache would keep every battle's table alive)."""
    index = getattr(table, "index", None)
    found: frozenset[str] | None = index.memo.get("water") if index is not None else None
    if found is None:
        pieces = getattr(table, "pieces", ())
        found = frozenset(f for p in pieces for f in p.features) & {SHALLOW_WATER, DEEP_WATER}
        if index is not None:
            index.memo["water"] = found
    return found


def _water_at(state: BattleState, model: ModelState, feature: str) -> bool:
    table = state.table
    if table is None or feature not in _water_on(table):
        return False
    return any(
        p.kind is TerrainKind.DIFFICULT and feature in p.features
        for p in table.terrain_at(model.position)
    )


def in_deep_water(state: BattleState, model: ModelState) -> bool:
    return _water_at(state, model, DEEP_WATER)


def in_shallow_water(state: BattleState, model: ModelState) -> bool:
    return _water_at(state, model, SHALLOW_WATER)


def in_water(state: BattleState, model: ModelState) -> bool:
    """In a river or any water piece, shallow or deep (MAGIC-P-BRUINEN's « zone aquatique »)."""
    return in_deep_water(state, model) or in_shallow_water(state, model)


def wades(model: ModelState) -> bool:
    """ADV-WATER-02 (002:L2913): horses, wargs, Cavalry and Monsters ignore shallow water."""
    return model.mount is not None or bool(_WADERS & model.profile.keywords)


def open_water(state: BattleState, model: ModelState) -> frozenset[str]:
    """The water features the model crosses as open ground now (terrain_rules asks)."""
    found = {SHALLOW_WATER} if wades(model) else set()
    swum = SWUM.peek(model)
    if swum is not None and swum.result is Swim.FAST:
        found.add(DEEP_WATER)  # ADV-WATER-04: a 6 moves its full Move
    return frozenset(found)


def swim_modifier(model: ModelState) -> int:
    """ADV-WATER-04 (002:L2932-2936): +1 mounted; -1 heavy or Dwarf armour (one, reading
    29), -1 shield, -1 banner."""
    triggers = model.triggers
    total = 1 if model.mount is not None else 0
    total -= 1 if any(t in triggers for t in _HEAVY) else 0
    total -= 1 if "shield" in triggers else 0
    return total - (1 if "banner" in triggers else 0)


# Army rules whose carrier counts as rolling a 6 on Swim tests (Tom is Master) or passes
# them automatically (River-daughter: the reading in READINGS.md, at least a plain swim)
SWIMS_A_SIX: set[str] = set()
SWIMS_SURE: set[str] = set()


def swim_test(state: BattleState, model: ModelState, extra: int = 0) -> Swim:
    """ADV-WATER-04: D6 plus modifiers, a result below 1 counts as 1 (002:L251)."""
    die = state.roll(1, f"swim {model.uid}")[0]
    score = max(1, die + swim_modifier(model) + extra)
    if not model.triggers.isdisjoint(SWIMS_A_SIX):
        score = 6  # army rules (Tom is Master): counts as a 6 rolled
    elif not model.triggers.isdisjoint(SWIMS_SURE):
        score = max(2, score)  # army rules (River-daughter): the test passed, never drowned
    result = Swim.DROWNED if score <= 1 else Swim.FAST if score >= 6 else Swim.SWIM
    SWUM.of(model).result = result
    state.log.emit("swim", model=model.uid, score=score, result=result.value)
    if result is Swim.DROWNED:
        state.remove(model, Removal.SLAIN, source="drowned")
    return result


def before_move(state: BattleState, model: ModelState) -> bool:
    """ADV-WATER-02/03: at the start of its move a model in deep water, or Prone in shallow
    water, takes a Swim test; True if it drowned."""
    deep = in_deep_water(state, model)
    if not deep and not (model.prone and in_shallow_water(state, model)):
        return False
    return swim_test(state, model) is Swim.DROWNED


def may_shoot(state: BattleState, model: ModelState) -> bool:
    """ADV-WATER-03: no shooting in deep water; 002:L767: nor after a Swim test."""
    return SWUM.peek(model) is None and not in_deep_water(state, model)


@on(On.MOVE_ENDED, "swim on entering deep water", 80)
def _entered_deep_water(state: BattleState, happening: Happening) -> None:
    """ADV-WATER-03 (002:L2917): a model entering deep water takes a Swim test (once a
    turn: one that tested at the start of its move is already swimming)."""
    model = happening.model
    if model.alive and SWUM.peek(model) is None and in_deep_water(state, model):
        swim_test(state, model)


SUNK: Status[set[str]] = Status("prone in deep water", set, Lasting.BATTLE)
PRONE_PENALTY = -1  # ADV-WATER-03 (002:L2917)


@every(Tick.PHASE_END, "swim when knocked prone in deep water", 40)
def _knocked_prone(state: BattleState) -> None:
    """ADV-WATER-03: a model knocked Prone in deep water takes a Swim test at -1; read as
    at the end of the phase in which it fell (READINGS), once until it stands up."""
    table = state.table
    if table is None or DEEP_WATER not in _water_on(table):
        return
    sunk = SUNK.of(state)
    sunk.intersection_update(m.uid for m in state.living() if m.prone)
    for model in list(state.living()):
        if model.prone and model.uid not in sunk and in_deep_water(state, model):
            sunk.add(model.uid)
            swim_test(state, model, PRONE_PENALTY)

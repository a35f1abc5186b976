"""Terrain tests during a move: Leap, Jump, Climb and Climb down (part 1 §4.6-4.9,
002:L528-641).

Each test has a check (refuses what the rules forbid, returns the extra Move it costs) and a
resolution (rolls the D6 and places the model), registered per ``TerrainTest``: the Move
phase asks ``check_crossing`` and ``resolve_crossing`` without knowing which test it is.
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from battlesim.engines.sbg.core.actions import IllegalActionError
from battlesim.engines.sbg.core.data import CLIMB_COST, CONTACT_TOLERANCE
from battlesim.engines.sbg.core.hooks import Hook, HookContext, modifier
from battlesim.engines.sbg.core.paths import (
    Point,
    circle_base,
    point_distance,
    segment_point_distance,
    terrain_cost,
    terrain_entry,
    terrain_fits,
    terrain_tests,
    toward,
)
from battlesim.engines.sbg.core.rerolls import Reroll, Roll, allowed
from battlesim.engines.sbg.core.state import BattleState, ModelState
from battlesim.engines.sbg.core.table import TerrainKind
from battlesim.engines.sbg.rules import cavalry as cav
from battlesim.engines.sbg.rules import long_climb, siege_barricades, siege_ladders
from battlesim.engines.sbg.rules import ring_moves as ring
from battlesim.engines.sbg.rules.combat import clamp_die
from battlesim.engines.sbg.rules.falling import fall, terrain_height
from battlesim.engines.sbg.rules.long_climb import climb_mark
from battlesim.engines.sbg.rules.might import MightRoll, boost
from battlesim.engines.sbg.rules.terrain_rules import flies

_LANDING_REACH = 2.6  # inches: the widest base pair (two 60 mm bases) and a margin
LADDER_REACH = 0.5  # inches: a move passing this close to a ladder's foot uses it


class TerrainTest(enum.Enum):
    LEAP = "leap"  # MOVE-LEAP: an obstacle between half and all of the model's height
    JUMP = "jump"  # MOVE-JUMP: a gap
    CLIMB = "climb"  # MOVE-CLIMB: a sheer side higher than the model
    DESCEND = "descend"  # MOVE-DESC-03: a drop higher than the model, climbed down
    LADDER = "ladder"  # MOVE-CLIMB-08: up or down a ladder, rope or steps: no test
    SIEGE_LADDER = "siege ladder"  # SIEGE-LADDER-02: over a wall by a raised siege ladder


@dataclass(frozen=True, slots=True)
class Crossing:
    """One test a move asks for: the piece, the test, and its size in inches (the height to
    leap or climb, the gap's width, or the drop to climb down)."""

    piece: Any
    test: TerrainTest
    size: float


def crossings(state: BattleState, model: ModelState, end: Point) -> list[Crossing]:
    """The tests the straight move from the model's position to ``end`` asks for (none for
    a flyer, SR-FLY-01)."""
    if flies(state, model):
        return []
    found = terrain_tests(state.table, model.position, end, terrain_height(model))
    tests = [_by_ladder(model.position, end, piece, test, size) for piece, test, size in found]
    if siege_barricades.on_table(state.table):
        tests = _barricade_leaps(state, model.position, end, tests)
    if tests and siege_ladders.raised_ladders(state):
        return [_by_siege_ladder(state, model.position, end, c) for c in tests]
    return tests


def _barricade_leaps(
    state: BattleState, start: Point, end: Point, tests: list[Crossing]
) -> list[Crossing]:
    """SIEGE-BARR-01 (002:L3315, reading 36): « franchies au prix d'un Test de Saut »: a
    barricade is crossed with the obstacle test whatever the model's height (a Hobbit does
    not climb it, a Troll does not step over it)."""
    leaps = [
        Crossing(c.piece, TerrainTest.LEAP, c.piece.height)
        if siege_barricades.is_barricade(c.piece)
        else c
        for c in tests
    ]
    tested = {c.piece.name for c in leaps}
    crossed = [
        Crossing(piece, TerrainTest.LEAP, piece.height)
        for piece in state.table.crosses_obstacle(start, end)
        if siege_barricades.is_barricade(piece) and piece.name not in tested
    ]
    return crossed + leaps


def _by_siege_ladder(state: BattleState, start: Point, end: Point, crossing: Crossing) -> Crossing:
    """SIEGE-LADDER-02 (002:L3359): a climb of a fortified wall passing a raised siege
    ladder's foot goes up it like any ladder (MOVE-CLIMB-08)."""
    piece = crossing.piece
    if (
        crossing.test is TerrainTest.CLIMB
        and siege_ladders.is_fortified_wall(piece)
        and siege_ladders.ladder_at(state, piece, start, end)
    ):
        return Crossing(piece, TerrainTest.SIEGE_LADDER, crossing.size)
    return crossing


def _by_ladder(start: Point, end: Point, piece: Any, test: str, size: float) -> Crossing:
    """A climb up or down that passes a ladder of the piece uses it (MOVE-CLIMB-08)."""
    if test in ("climb", "descend") and any(
        segment_point_distance(start, end, ladder) <= LADDER_REACH for ladder in piece.ladders
    ):
        return Crossing(piece, TerrainTest.LADDER, size)
    return Crossing(piece, TerrainTest(test), size)


def check_crossings(
    state: BattleState, model: ModelState, end: Point, found: list[Crossing]
) -> float:
    """Refuse an illegal crossing; return the extra Move the climb costs (MOVE-CLIMB-02)."""
    if len(found) > 1:
        raise IllegalActionError(f"{model.uid} would need two terrain tests in one move")
    if not found:
        return 0.0
    return _CHECKS[found[0].test](state, model, end, found[0])


def half_way(state: BattleState, model: ModelState, end: Point, found: list[Crossing]) -> bool:
    """MOVE-CLIMB-06: whether the move is a climb that cannot reach the top this turn."""
    if not found or found[0].test is not TerrainTest.CLIMB:
        return False
    return long_climb.unfinished(state, model, end, found[0].piece, found[0].size)


def resolve_crossing(state: BattleState, model: ModelState, end: Point, crossing: Crossing) -> None:
    """Roll the test (any attempt forbids shooting this turn, SHOOT-ELIG-07) and place."""
    model.leapt = crossing.test not in (TerrainTest.LADDER, TerrainTest.SIEGE_LADDER)
    _RESOLVERS[crossing.test](state, model, end, crossing)


# --- checks ---------------------------------------------------------------------------------


def _check_leap(state: BattleState, model: ModelState, end: Point, crossing: Crossing) -> float:
    """MOVE-LEAP (002:L541-542): a leap ends beyond a wall, never on its top."""
    piece = crossing.piece
    if piece.kind is TerrainKind.OBSTACLE and piece in state.table.terrain_at(end):
        raise IllegalActionError(f"{model.uid} would leap onto {piece.name} and stop on it")
    return 0.0


def _check_jump(state: BattleState, model: ModelState, end: Point, crossing: Crossing) -> float:
    """MOVE-JUMP-02 (002:L572): at most twice the model's height. MOVE-JUMP-01 (the Move to
    reach the far side) is part of the move's cost, checked with the path."""
    if crossing.size > 2 * terrain_height(model):
        raise IllegalActionError(f'{model.uid} cannot jump a {crossing.size:.2f}" gap (JUMP-02)')
    return 0.0


def _check_climb(state: BattleState, model: ModelState, end: Point, crossing: Crossing) -> float:
    """MOVE-CLIMB-04/07 (002:L601, L611): no cavalry, no smooth side, no wall top too thin
    to stand on (data.ASSUMPTIONS rampart-top); the climb must end on the piece (one test
    per move: a rampart is climbed down on a later move, MOVE-DESC-03)."""
    piece = crossing.piece
    _climbable(model, piece)
    if piece.kind is TerrainKind.OBSTACLE and piece.thickness < 2 * model.radius:
        raise IllegalActionError(
            f'{model.uid} cannot stand on top of {piece.name}: {piece.thickness:.2f}" is '
            f"thinner than its base (MOVE-CLIMB-07, 002:L611)"
        )
    if piece.kind is not TerrainKind.GAP and piece not in state.table.terrain_at(end):
        raise IllegalActionError(f"{model.uid} would climb {piece.name} and drop off it")
    return long_climb.climb_cost(state, model, end, piece, crossing.size)  # MOVE-CLIMB-06


def _check_descend(state: BattleState, model: ModelState, end: Point, crossing: Crossing) -> float:
    """MOVE-DESC-03 (002:L631): climbing down is a Climb test, costing like a climb.
    CAV-MOVE-07 (002:L1306): a mounted model goes down without a test or extra cost."""
    if model.mount is not None:
        return 0.0
    _climbable(model, crossing.piece)
    return CLIMB_COST * crossing.size


def _check_ladder(state: BattleState, model: ModelState, end: Point, crossing: Crossing) -> float:
    """MOVE-CLIMB-08, MOVE-TER-05 (002:L615, L623): no test, not difficult terrain: the
    height costs its inches (a 3" ladder costs 3"); cavalry cannot use ladders (L1310)."""
    if any(word.lower() == "cavalry" for word in model.profile.keywords):
        raise IllegalActionError(f"{model.uid} is cavalry and cannot use a ladder (CLIMB-08)")
    if crossing.piece.kind is not TerrainKind.ELEVATED:
        raise IllegalActionError(f"{model.uid} cannot stand on top of {crossing.piece.name}")
    return crossing.size


def _check_siege_ladder(
    state: BattleState, model: ModelState, end: Point, crossing: Crossing
) -> float:
    """SIEGE-LADDER-02, MOVE-CLIMB-08 (002:L3359, L615): no test; the wall's height costs its
    inches and the climber steps onto the rampart behind (data.ASSUMPTIONS siege-ladder);
    cavalry cannot use ladders (L1310). Short of Move, it stays at the foot, on the ladder."""
    if any(word.lower() == "cavalry" for word in model.profile.keywords) or (
        model.mount is not None
    ):
        raise IllegalActionError(f"{model.uid} is cavalry and cannot use a ladder (CLIMB-08)")
    if crossing.piece in state.table.terrain_at(end):
        raise IllegalActionError(f"{model.uid} cannot stop on top of {crossing.piece.name}")
    return crossing.size


def _ladder(state: BattleState, model: ModelState, end: Point, crossing: Crossing) -> None:
    """MOVE-CLIMB-08: up or down the ladder to ``end`` like any move (it may even charge)."""
    state.log.emit("ladder", model=model.uid, piece=crossing.piece.name)
    _place(state, model, end, crossing.size, "charge" if model.charged else "ladder")


def _climbable(model: ModelState, piece: Any) -> None:
    if any(word.lower() == "cavalry" for word in model.profile.keywords):
        raise IllegalActionError(f"{model.uid} is cavalry and cannot climb (MOVE-CLIMB-04)")
    if not piece.climbable:
        raise IllegalActionError(f"{piece.name} has no holds (MOVE-CLIMB-07)")


# --- resolutions ----------------------------------------------------------------------------


def _leap(state: BattleState, model: ModelState, end: Point, crossing: Crossing) -> None:
    """MOVE-LEAP table (002:L540-543): 1 stops before the obstacle; 2-5 lands touching its
    far side and stops; 6 crosses and goes on.

    MOVE-CHG-13 (002:L551): a charge across it reaches its target only on a 6; on 2-5 the
    charger stops on the far side (never touching an enemy, else it stays before the obstacle).
    """
    obstacle = crossing.piece
    die = _test_die(state, model, f"leap {model.uid} over {obstacle.name}", MightRoll.LEAP)
    spot = end
    if die < 6:
        model.charged = False
        spot = _far_side(state, model, end, obstacle)
        if die == 1 or not free_landing(state, model, spot):
            spot = _before(state, model, end)
    state.log.emit("leap", model=model.uid, obstacle=obstacle.name, roll=die)
    _place(state, model, spot, 0.0, "charge" if model.charged else "leap")
    if die == 1 and model.mount is not None:
        cav.failed_leap(state, model)  # CAV-MOVE-05 (002:L1286)
    siege_barricades.after_leap(state, model, obstacle)  # SIEGE-SPIKED-01: its spikes


def _jump(state: BattleState, model: ModelState, end: Point, crossing: Crossing) -> None:
    """MOVE-JUMP table (002:L565-568): 1 falls into the gap (falling damage for its depth,
    MOVE-JUMP-05); 2-5 lands touching the far edge and stops; 6 lands and goes on. Landing
    touching an enemy needs a 6 (MOVE-JUMP-04, 002:L576)."""
    gap = crossing.piece
    die = _test_die(state, model, f"jump {model.uid} over {gap.name}", MightRoll.JUMP)
    state.log.emit("jump", model=model.uid, gap=gap.name, roll=die)
    if die == 1:
        if model.mount is not None:
            cav.failed_leap(state, model)  # CAV-MOVE-05 (002:L1286)
        _fall_in(state, model, end, gap)
        return
    spot = end
    if die < 6:
        model.charged = False
        spot = state.table.far_side(model.position, end, gap, circle_base(model.radius))
        if not free_landing(state, model, spot):
            spot = _before(state, model, end)
    _place(state, model, spot, 0.0, "charge" if model.charged else "jump")


def _climb(state: BattleState, model: ModelState, end: Point, crossing: Crossing) -> None:
    """MOVE-CLIMB table (002:L590-593): 1 slips and falls prone at the foot (no damage from
    ground level); 2-5 reaches the top and stops; 6 goes on. Finishing the climb touching an
    enemy needs a 6 (MOVE-CLIMB-05, 002:L603)."""
    piece = crossing.piece
    height = long_climb.climbed(model, piece)  # MOVE-CLIMB-06: a climb begun earlier
    die = _test_die(state, model, f"climb {model.uid} up {piece.name}", MightRoll.CLIMB)
    state.log.emit("climb", model=model.uid, piece=piece.name, roll=die)
    unfinished = long_climb.unfinished(state, model, end, piece, crossing.size)
    if die == 1:  # it falls from the height it had reached (part 1 §13 A28)
        climb_mark(model).climb = None
        _fall_short(state, model, end, height, f"climbing {piece.name}")
        return
    if unfinished:  # MOVE-CLIMB-06: it goes on next turn
        long_climb.hold_on(state, model, _before(state, model, end), piece, crossing.size)
        return
    climb_mark(model).climb = None
    spot = end
    if die < 6:
        model.charged = False
        spot = _top(state, model, end, piece)
    if not free_landing(state, model, spot) and die < 6:
        _place(state, model, _before(state, model, end), 0.0, "climb")
        return
    climb = CLIMB_COST * (crossing.size - height)
    _place(state, model, spot, climb, "charge" if model.charged else "climb")


def _descend(state: BattleState, model: ModelState, end: Point, crossing: Crossing) -> None:
    """MOVE-DESC-03 (002:L631) with the Climb table: 1 falls from the platform's height
    (falling damage, MOVE-FALL-02); 2-5 reaches the foot and stops; 6 goes on."""
    piece = crossing.piece
    if model.mount is not None:
        _descend_mounted(state, model, end, crossing)
        return
    die = _test_die(state, model, f"climb {model.uid} down {piece.name}", MightRoll.CLIMB)
    state.log.emit("climb_down", model=model.uid, piece=piece.name, roll=die)
    foot = state.table.far_side(model.position, end, piece, circle_base(model.radius))
    if die == 1:
        model.charged = False
        _place(state, model, foot, 0.0, "fall")
        fall(state, model, crossing.size, f"climbing down {piece.name}")
        return
    spot = end
    if die < 6:
        model.charged = False
        spot = foot if free_landing(state, model, foot) else _before(state, model, end)
    _place(state, model, spot, CLIMB_COST * crossing.size, "charge" if model.charged else "descend")


def _descend_mounted(state: BattleState, model: ModelState, end: Point, crossing: Crossing) -> None:
    """CAV-MOVE-07, CAV-MOVE-11 (002:L1300, L1306): the move (checked legal) ends where it
    was going; the mount takes the hits, and if it dies the rider is thrown there."""
    _place(state, model, end, 0.0, "charge" if model.charged else "descend")
    cav.descend(state, model, crossing.size)
    if not (model.alive and model.mount is not None):
        model.charged = False


_CHECKS: dict[TerrainTest, Callable[[BattleState, ModelState, Point, Crossing], float]] = {
    TerrainTest.LEAP: _check_leap,
    TerrainTest.JUMP: _check_jump,
    TerrainTest.CLIMB: _check_climb,
    TerrainTest.DESCEND: _check_descend,
    TerrainTest.LADDER: _check_ladder,
    TerrainTest.SIEGE_LADDER: _check_siege_ladder,
}
_RESOLVERS: dict[TerrainTest, Callable[[BattleState, ModelState, Point, Crossing], None]] = {
    TerrainTest.LEAP: _leap,
    TerrainTest.JUMP: _jump,
    TerrainTest.CLIMB: _climb,
    TerrainTest.DESCEND: _descend,
    TerrainTest.LADDER: _ladder,
    TerrainTest.SIEGE_LADDER: _ladder,
}


# Rules whose carrier rolls two dice for a Leap, Jump or Climb test and keeps the lowest
WORST_OF_TWO: set[str] = set()
# Rules whose carrier must re-roll 6s on those tests (Lumbering)
REROLL_SIXES: set[str] = set()


def _test_die(state: BattleState, model: ModelState, purpose: str, roll: MightRoll) -> int:
    """One D6 of a Leap, Jump or Climb test with the rules' bonus (SR-CAVE) and re-roll
    (SR-MOUNTAIN, SR-EXPRIDER: a die that fails is rolled again, data.ASSUMPTIONS
    "optional-rerolls"), then Might."""
    context = HookContext(state, model)
    bonus = modifier(Hook.CROSSING_TEST, context)
    if model.triggers & WORST_OF_TWO:
        die = min(state.roll(2, f"{purpose} (two dice, the lowest)"))  # army rules: Venerable
    else:
        (die,) = state.roll(1, purpose)
    if die == 6 and model.triggers & REROLL_SIXES:  # army rules: Lumbering
        (die,) = state.roll(1, f"{purpose} (a 6 re-rolled)")
    need = 6 if model.charged else 2
    if clamp_die(die + bonus) < need and allowed(Roll.CROSSING, context) is not Reroll.NONE:
        (die,) = state.roll(1, f"{purpose} (re-roll)")
    return _might(state, model, roll, clamp_die(die + bonus))


def _might(state: BattleState, model: ModelState, roll: MightRoll, die: int) -> int:
    """HERO-MIGHT-06 item 1 (002:L1532): Might helps pass the test. A charger needs the 6 to
    reach its enemy (MOVE-CHG-13); anyone else succeeds on 2+ (a 1 stops or falls)."""
    return boost(state, model, roll, die, 6 if model.charged else 2)


# --- where the model ends up ------------------------------------------------------------------


def _place(state: BattleState, model: ModelState, spot: Point, climbed: float, why: str) -> None:
    """Pay for the ground covered (and the climb, if it got there) and move."""
    cavalry = "cavalry" in model.triggers  # CAV-MOVE-03
    model.spent += terrain_cost(state.table, model.position, spot, model.radius, cavalry) + climbed
    ring.make_room(state, model, spot)  # RING-INV-03: a bearer there steps aside first
    state.move_to(model, spot, why)


def _fall_short(state: BattleState, model: ModelState, end: Point, drop: float, why: str) -> None:
    """A failed Climb: placed prone where it stood to attempt it, after falling ``drop``
    inches (MOVE-FALL-01/02)."""
    model.charged = False
    _place(state, model, _before(state, model, end), 0.0, "fall")
    fall(state, model, drop, why)


def _fall_in(state: BattleState, model: ModelState, end: Point, gap: Any) -> None:
    """MOVE-JUMP-05 (002:L566): a failed Jump falls to the gap's floor, its base just past
    the near edge on the line of the jump, prone, with falling damage for the depth; it
    climbs out on a later move (data.ASSUMPTIONS gap-floor). A gap narrower than the base
    cannot hold it: it lies prone touching the near edge."""
    model.charged = False
    table = state.table
    entry = terrain_entry(table, model.position, end, gap)
    spot = toward(model.position, end, entry + model.radius + 0.01)
    base = circle_base(model.radius)
    if not table.index.covers(table.pieces.index(gap), spot, base):
        spot = _before(state, model, end)
    _place(state, model, spot, 0.0, "fall")
    fall(state, model, gap.depth, f"jump over {gap.name}")


def _before(state: BattleState, model: ModelState, end: Point) -> Point:
    """Where the table stops the model on its way to ``end``: touching what needs a test."""
    base = circle_base(model.radius)
    reach = state.table.move_limit(model.position, end, base, terrain_height(model))
    return toward(model.position, end, max(0.0, reach))


def _far_side(state: BattleState, model: ModelState, end: Point, piece: Any) -> Point:
    """Where a 2-5 Leap lands: beyond a wall, or on top of a low sheer platform."""
    if piece.kind is TerrainKind.ELEVATED:
        return _top(state, model, end, piece)
    return state.table.far_side(model.position, end, piece, circle_base(model.radius))


def _top(state: BattleState, model: ModelState, end: Point, piece: Any) -> Point:
    """The first spot on top of the climbed piece: its base just over the edge (out of a
    gap: touching its edge)."""
    if piece.kind is TerrainKind.GAP:
        return state.table.far_side(model.position, end, piece, circle_base(model.radius))
    entry = terrain_entry(state.table, model.position, end, piece)
    spot = toward(model.position, end, entry + model.radius + 0.01)
    if terrain_fits(state.table, spot, model.radius, state.width, state.depth):
        return spot
    return end


def free_landing(state: BattleState, model: ModelState, spot: Point) -> bool:
    """No overlap with any base and no contact with an enemy (MOVE-CHG-13, JUMP-04, CLIMB-05)."""
    for other in state.living():
        if other is model or abs(other.x - spot[0]) + abs(other.y - spot[1]) > _LANDING_REACH * 2:
            continue
        gap = point_distance(spot, other.position) - model.radius - other.radius
        if gap < -CONTACT_TOLERANCE or (other.player != model.player and gap <= CONTACT_TOLERANCE):
            return False
    return True

"""Movement (checklist part 1 §4, 002:L359-687): what a move or charge may do and how it is
carried out: Move allowance, control zones, charge spots and the checks of every action.
The Move phase (phases/move.py) asks the players and runs these."""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING

from battlesim.engines.sbg.core import effects, geometry, marks
from battlesim.engines.sbg.core.actions import (
    Charge,
    Hold,
    IllegalActionError,
    Move,
    MoveAction,
)
from battlesim.engines.sbg.core.actions import describe as describe_action
from battlesim.engines.sbg.core.arms import MissileKind
from battlesim.engines.sbg.core.data import CONTACT_TOLERANCE, CONTROL_ZONE
from battlesim.engines.sbg.core.effects import Bar
from battlesim.engines.sbg.core.geometry import GeometryError
from battlesim.engines.sbg.core.hooks import Hook, HookContext, modifier
from battlesim.engines.sbg.core.paths import (
    Point,
    angle_to,
    approaches,
    circle_base,
    entry_fraction,
    fan,
    near_terrain,
    point_distance,
    rotated,
    segment_box,
    segment_point_distance,
    terrain_cost,
    terrain_fits,
    toward,
)
from battlesim.engines.sbg.core.permissions import May, permitted
from battlesim.engines.sbg.core.state import (
    BattleState,
    Happening,
    ModelState,
    On,
    Phase,
    notify,
    subscribed,
)
from battlesim.engines.sbg.core.table import CAVALRY_DIFFICULT_FACTOR, DIFFICULT_FACTOR, TerrainKind
from battlesim.engines.sbg.rules import (
    cavalry,
    elevation,
    one_ring,
    prone_leap,
    sentries,
    siege_ladders,
    war_beasts,
)
from battlesim.engines.sbg.rules import ring_moves as ring
from battlesim.engines.sbg.rules.allowance import allowance
from battlesim.engines.sbg.rules.barriers import barrier_across, protecting_barrier
from battlesim.engines.sbg.rules.challenges import rival_of
from battlesim.engines.sbg.rules.crossing import (
    Crossing,
    check_crossings,
    crossings,
    half_way,
    resolve_crossing,
)
from battlesim.engines.sbg.rules.falling import terrain_height
from battlesim.engines.sbg.rules.fortifications import passes_gate
from battlesim.engines.sbg.rules.heroic_actions import heroic_turn, leash_refusal, may_charge
from battlesim.engines.sbg.rules.howdah import riding
from battlesim.engines.sbg.rules.kinds import sure_footed
from battlesim.engines.sbg.rules.one_ring import ring_worn, wears_ring
from battlesim.engines.sbg.rules.perch import contact_at, fits_beneath, out_of_reach
from battlesim.engines.sbg.rules.rider_status import rider_turns
from battlesim.engines.sbg.rules.shooting import shoot
from battlesim.engines.sbg.rules.siege_crew import beyond_tether, is_structure
from battlesim.engines.sbg.rules.sight import can_see
from battlesim.engines.sbg.rules.stealth import hidden_by_stealth
from battlesim.engines.sbg.rules.terrain_rules import flies, in_woods
from battlesim.engines.sbg.rules.throw_kill import slew_with_throw

if TYPE_CHECKING:
    pass

_SLACK = 1e-3  # inches: tolerance for float noise when comparing with limits


_LARGEST_RADIUS = 1.25  # inches: a 60 mm base, the largest a neighbour may stand on


_OBSTACLES = frozenset({"obstacle"})


CHARGE_TARGETS_CONSIDERED = 4  # nearest enemies in reach offered to players (speed)


def _invisible(state: BattleState, enemy: ModelState, model: ModelState) -> bool:
    """MAGIC-P-SHROUD (002:L2659): a shrouded model has no control zone, and ignores those
    of its enemies; Sauron and the Nazgûl are not fooled."""
    if marks.shrouded(state, model) and not one_ring.sees_invisible(enemy):
        return True
    return marks.shrouded(state, enemy) and not one_ring.sees_invisible(model)


def zone_holders(
    state: BattleState, model: ModelState, among: Iterable[ModelState] | None = None
) -> Iterator[ModelState]:
    """Enemies whose control zone counts: not engaged (MOVE-ZOC-04), not prone (ZOC-05),
    not an invisible Ring-bearer (RING-INV-02), none for or against a shrouded model.
    ``among``: the enemies that may matter, in living order (``_enemies_near``), when the
    caller's own test drops every other one (speed: no scan of the whole enemy army)."""
    beasts, ring_on = bool(state.crews), ring_worn(state)  # asked once (speed)
    spells = bool(effects.active(state))
    for enemy in state.enemies(model) if among is None else among:
        if (
            enemy.prone
            or (state.structures and is_structure(enemy))  # SE-ATK-03: no control zone
            or (beasts and riding(enemy) is not None)
            or (ring_on and wears_ring(enemy) and one_ring.invisible_to(enemy, model))
            or (spells and _invisible(state, enemy, model))
        ):
            continue
        if not state.touching[enemy.uid] or (state.across and holds_zone(state, enemy)):
            yield enemy


def _enemies_near(
    state: BattleState, model: ModelState, start: Point, end: Point, reach: float
) -> list[ModelState]:
    """The enemies of ``model`` whose centre may lie within ``reach`` of the segment
    start-end, in living order: the grid's cells of a square holding the segment's box grown
    by ``reach`` (a superset; callers keep their exact test, so they find what a scan of
    every enemy finds, in the same order)."""
    half = max(abs(end[0] - start[0]), abs(end[1] - start[1])) / 2 + reach + 0.01
    middle_x, middle_y = (start[0] + end[0]) / 2, (start[1] + end[1]) / 2
    return state.near(middle_x, middle_y, half, 1 - model.player)


def holds_zone(state: BattleState, model: ModelState) -> bool:
    """MOVE-ZOC-04/05; FIGHT-BAR-06 (002:L1110): a barrier defender engaged only across its
    barrier keeps its zone."""
    if model.prone or riding(model) is not None:
        return False
    if not state.engaged(model):
        return True
    return bool(state.across) and all(
        state.across.get(uid) == model.uid for uid in state.touching[model.uid]
    )


def can_move(state: BattleState, model: ModelState) -> bool:
    """MOVE-CHG-03: engaged models cannot move; each model moves once (MOVE-GEN-02); a rider
    thrown this turn cannot move (CAV-THROWN-01/02); howdah models never leave it (WB-MOV-04)."""
    if riding(model) is not None or is_structure(model):
        return False  # SE-MOVE-01 (002:L3037): an engine never moves by itself; nor a gate
    if not model.alive or model.done_moving or rider_turns(model).thrown_turn == state.turn:
        return False
    return not state.engaged(model) and not effects.barred(state, model, Bar.MOVE)


def _cavalry(model: ModelState) -> bool:
    """CAV-MOVE-03: cavalry pays four times in difficult terrain (unless a rule spares it)."""
    return "cavalry" in model.triggers and not sure_footed(model)


def check_action(state: BattleState, model: ModelState, action: MoveAction) -> float:
    """Refuse an illegal action (``IllegalActionError``); return the Move it costs."""
    return _check_action(state, model, action, passing_checked=False)


def _check_action(
    state: BattleState, model: ModelState, action: MoveAction, passing_checked: bool
) -> float:
    """``check_action``; ``passing_checked``: the caller's ``_beyond`` already found that the
    straight move to ``action.to`` passes through no base, in this same state (a charge
    search: the test is not made twice, speed; it found what ``_passed_through`` finds)."""
    if not can_move(state, model):
        raise IllegalActionError(f"{model.uid} cannot move now (engaged or already moved)")
    if isinstance(action, Hold):
        return 0.0
    found = crossings(state, model, action.to)
    if found and one_ring.foe_moves(state, model):
        raise IllegalActionError(f"{model.uid}: no dangerous move for the foe (RING-WILL-02)")
    climb = check_crossings(state, model, action.to, found)
    charging = isinstance(action, Charge)
    cost = _check_path(state, model, action.to, climb, charging, passing_checked)
    prone_leap.check_hurdles(state, model, action.to, len(found))
    if isinstance(action, Charge):
        _check_charge(state, model, action)
        if half_way(state, model, action.to, found):
            raise IllegalActionError(f"{model.uid} cannot charge half way up a wall (CLIMB-06)")
        cost += _elevated_climb(state, model, action)
        _check_barrier_leap(state, model, action, found)
        if action.throw and (found or not can_throw(model)):
            raise IllegalActionError(f"{model.uid} cannot throw on this charge (MSL-THROW-01/02)")
    else:
        _check_zones(state, model, action.to)
    leash = leash_refusal(state, model, action.to)
    if leash is not None:
        raise IllegalActionError(leash)
    if beyond_tether(state, model, action.to):
        raise IllegalActionError(f'{model.uid} would end over 6" from its engine (SE-CREW-01)')
    return cost


# Army rules letting a charger pass through a model (Relentless Advance): each is asked
# (state, charger, other) during a charge only.
CHARGE_THROUGH: list[Callable[[BattleState, ModelState, ModelState], bool]] = []


def _check_path(
    state: BattleState,
    model: ModelState,
    end: Point,
    climb: float,
    charging: bool = False,
    passing_checked: bool = False,
) -> float:
    """MOVE-GEN-03/07: on the table, within the Move (climbing included), through no base
    (a charger an army rule lets through excepted, ``CHARGE_THROUGH``; ``passing_checked``:
    that last test already made, see ``_check_action``)."""
    start = model.position
    if not terrain_fits(state.table, end, model.radius, state.width, state.depth):
        raise IllegalActionError(f"{model.uid} cannot stand at {end} (edge or terrain)")
    if flies(state, model) and in_woods(state, end):
        raise IllegalActionError(f"{model.uid} cannot land in a wood (SR-FLY-01)")
    cost = terrain_cost(state.table, start, end, model.radius, _cavalry(model)) + climb
    if cost > allowance(state, model) + _SLACK:
        raise IllegalActionError(f'{model.uid} needs {cost:.2f}" (MOVE-GEN-03, MOVE-TER-02)')
    if passing_checked:
        return cost
    other = _passed_through(state, model, end, charging=charging)
    if other is not None:
        raise IllegalActionError(f"{model.uid} would pass through {other.uid} (MOVE-GEN-07)")
    return cost


def _passed_through(
    state: BattleState,
    model: ModelState,
    end: Point,
    near: list[ModelState] | None = None,
    charging: bool = False,
    any_order: bool = False,
) -> ModelState | None:
    """MOVE-GEN-07: the first living model the straight move to ``end`` passes through;
    ``near``: the living models that may be (in living order), when the caller knows them.
    ``any_order``: the caller asks only whether there is one (any such model, or the
    refusal ``_check_end_on`` raises, whichever is met first): the grid's models unsorted."""
    start = end if flies(state, model) else model.position  # SR-FLY-01: only where it lands
    # A base it passes through (or ends on) has its centre within the move's length plus
    # both radii of the start; a hair more keeps every such base (speed: few survive).
    reach = point_distance(start, end) + model.radius + 0.01
    sx, sy = start
    if near is None:  # the grid's cells round the start, in living order: no scan of all
        box = reach + state.largest_radius + 0.01
        if any_order:  # ``state.near``'s cells, not sorted (speed)
            near = state.in_box(sx - box, sy - box, sx + box, sy + box)
        else:
            near = state.near(sx, sy, box)
    ringed = ring_worn(state)  # nobody wears the Ring: nobody passes through (speed)
    for other in near:
        dx, dy = other.x - sx, other.y - sy
        limit = reach + other.radius
        if other is model or dx * dx + dy * dy > limit * limit:
            continue
        clearance = model.radius + other.radius - CONTACT_TOLERANCE
        if ringed and one_ring.passes_through(state, model, other):
            _check_end_on(state, model, other, end, clearance)
            continue
        if other.prone and prone_leap.may_hop(state, model, other, end):
            continue  # MOVE-PRONE-11: leapt over (checked in check_action)
        if state.structures and passes_gate(model, other):
            if point_distance(end, other.position) < clearance:
                return other  # through its own gate, never stopping on it (SIEGE-MOVE-02)
            continue
        if segment_point_distance(start, end, (other.x, other.y)) < clearance:
            if state.perchers and fits_beneath(state, model, start, end, other):
                continue  # SR-FLY-05: over or under a perched flyer's base
            if charging and any(rule(state, model, other) for rule in CHARGE_THROUGH):
                continue
            return other
    return None


def surely_illegal(
    state: BattleState, model: ModelState, end: Point, near: list[ModelState] | None = None
) -> bool:
    """A cheap necessary test for players' candidate searches (speed): True only when
    ``check_action`` would refuse a move or charge to ``end`` anyway (the model cannot move,
    the straight distance alone exceeds its Move, or it passes through a base). Terrain
    only adds to the cost (MOVE-TER-02, MOVE-CLIMB-02), so the distance is a lower bound."""
    return not can_move(state, model) or _beyond(state, model, end, allowance(state, model), near)


def _beyond(
    state: BattleState,
    model: ModelState,
    end: Point,
    budget: float,
    near: list[ModelState] | None,
    charging: bool = False,
) -> bool:
    """``surely_illegal`` for a model known free to move, with its allowance ``budget``
    (speed: a search over many spots asks those once); ``charging``: a charge's spot."""
    if point_distance(model.position, end) > budget + _SLACK:
        return True
    try:
        return _passed_through(state, model, end, near, charging, any_order=True) is not None
    except IllegalActionError:
        return True  # ending on an invisible bearer (RING-INV-02/03): refused anyway


def _check_end_on(
    state: BattleState, model: ModelState, other: ModelState, end: Point, clearance: float
) -> None:
    """RING-INV-02/03: through an invisible bearer (or the bearer through anyone), never
    ending on a base, unless the enemy bearer can be shifted aside to make room."""
    if point_distance(end, other.position) >= clearance:
        return
    if wears_ring(model) or ring.room_spot(state, model, end, other) is None:
        raise IllegalActionError(f"{model.uid} cannot end on {other.uid} (RING-INV-02/03)")


def _check_zones(state: BattleState, model: ModelState, end: Point) -> None:
    """MOVE-ZOC-01/03: never enter an enemy control zone without charging; leave, never close."""
    start = model.position
    # An enemy farther from the start than the move plus its zone cannot matter (speed).
    near = point_distance(start, end) + model.radius + CONTROL_ZONE + 1.0
    # the grid's enemies round the start (the test below drops every other one: speed)
    around = state.near(start[0], start[1], near + state.largest_radius + 0.01, 1 - model.player)
    for enemy in zone_holders(state, model, around):
        dx, dy = enemy.x - start[0], enemy.y - start[1]
        if dx * dx + dy * dy > (near + enemy.radius) ** 2:
            continue
        if state.perchers and out_of_reach(state, model, start, end, enemy):
            continue  # SR-FLY-05: more than 1" of height between it and a perched model
        zone = model.radius + enemy.radius + CONTROL_ZONE
        if point_distance(end, enemy.position) < zone - _SLACK:
            raise IllegalActionError(f"{model.uid} would end in {enemy.uid}'s zone (MOVE-ZOC-01)")
        if wears_ring(model) or flies(state, model):
            continue  # RING-INV-02: the bearer passes through enemies; SR-FLY-04: over them
        entry = entry_fraction(start, end, enemy.position, zone - _SLACK)
        if entry == 0.0 and approaches(start, end, enemy.position):
            raise IllegalActionError(f"{model.uid} moves closer to {enemy.uid} (MOVE-ZOC-03)")
        if entry is not None and entry > 0.0:
            raise IllegalActionError(f"{model.uid} would enter {enemy.uid}'s zone (MOVE-ZOC-01)")


def chargeable(state: BattleState, target: ModelState) -> bool:
    """MOVE-CHG-01/03 (002:L430, L434): a charge ends in contact with an enemy model and
    engages it in a fight; a rule may ban it (``May.BE_CHARGED``: pieces nobody fights,
    gates, towers, Siege Engines, rallying points, reached by a plain move instead; Tom
    Bombadil's and Goldberry's control zones)."""
    return permitted(May.BE_CHARGED, HookContext(state, target))


def _check_charge(state: BattleState, model: ModelState, action: Charge) -> None:
    """MOVE-CHG-01/06/08: visible target at the start, contact at the end, other zones only
    bar the way before the charger enters its target's zone. A model that starts inside
    several enemy zones may charge any of them (ambiguity A8, 002:L418-422, L444, L448)."""
    target = state.models.get(action.target)
    if target is None or not target.alive or target.player == model.player:
        raise IllegalActionError(f"{action.target} is not a living enemy")
    if riding(target) is not None:
        raise IllegalActionError(f"{target.uid} rides in a howdah (WB-GEN-05)")
    if not chargeable(state, target):
        raise IllegalActionError(f"{target.uid} may never be charged (its rules)")
    if model.arriving:
        raise IllegalActionError(f"{model.uid} arrived this turn and cannot charge (CHG-12)")
    if not permitted(May.CHARGE, HookContext(state, model, target)):
        raise IllegalActionError(f"{model.uid} may never charge (its rules)")
    if model.prone or state.drum_sounded.get(model.player) and _drummed(state, model):
        raise IllegalActionError(f"{model.uid} may not charge (prone or war drum, EQP-DRUM-01)")
    if heroic_turn(model).no_charge or not may_charge(model, target):
        raise IllegalActionError(f"{model.uid} may not charge (HERO-HMA-01, HERO-HCHAL-02)")
    if sentries.unaware(state, model):
        raise IllegalActionError(f"{model.uid} is a sentry before the alarm (ADV-SENTRY-01)")
    if state.perchers:  # SR-FLY-05: a landing over it, a charge beneath a perched flyer
        touching = contact_at(state, model, action.to, target)
    else:
        touching = state.in_contact_at(action.to, model.radius, target)
    if not touching and barrier_across(state, model, action.to, target) is None:
        raise IllegalActionError(f"{model.uid} would not touch {target.uid} (MOVE-CHG-02)")
    unseen_ok = permitted(May.CHARGE_UNSEEN, HookContext(state, model))  # SR-SEEUNSEEN
    unseen_ok = unseen_ok or siege_ladders.charges_from_ladder(state, model, target, action.to)
    if not unseen_ok and not _sees_target(state, model, target):
        raise IllegalActionError(f"{model.uid} cannot see {target.uid} (MOVE-CHG-01)")
    if not ring.may_charge(state, model, target) or hidden_by_stealth(state, model, target):
        raise IllegalActionError(f"{model.uid} cannot see {target.uid} (RING-INV-04, SR-STEALTH)")
    if marks.fails_to_see(model, target):
        raise IllegalActionError(f"{model.uid} failed to see {target.uid} (MAGIC-P-SHROUD)")
    start, end = model.position, action.to
    zone = model.radius + target.radius + CONTROL_ZONE
    if point_distance(start, target.position) < zone - _SLACK:
        return  # A8: it starts in its target's zone, so it has entered it: CHG-08 (002:L448)
    limit = entry_fraction(start, end, target.position, zone) or 0.0
    # an enemy whose zone the path never comes within gives no entry (speed: the grid's)
    reach = model.radius + state.largest_radius + CONTROL_ZONE
    for enemy in zone_holders(state, model, _enemies_near(state, model, start, end, reach)):
        if enemy is target or wears_ring(model) or flies(state, model):
            continue  # RING-INV-02: an invisible bearer's path passes any zone; SR-FLY-04
        if state.perchers and out_of_reach(state, model, start, end, enemy):
            continue  # SR-FLY-05: more than 1" of height between it and a perched model
        reach = model.radius + enemy.radius + CONTROL_ZONE - _SLACK
        entry = entry_fraction(start, end, enemy.position, reach)
        if entry is None or entry > limit:
            continue
        if entry > 0.0 or approaches(start, end, enemy.position):
            raise IllegalActionError(f"{model.uid} enters {enemy.uid}'s zone first (CHG-08)")


# Whether a charger sees its target from where it stands, per (charger, target), while a
# charge search tries spots in one unchanged state (``charge_options``): the answer is the
# same for every spot (MOVE-CHG-01 asks it at the start), so it is drawn once (speed).
_SEARCH_SIGHT: list[dict[tuple[str, str], bool]] = []


def _sees_target(state: BattleState, model: ModelState, target: ModelState) -> bool:
    if not _SEARCH_SIGHT:
        return can_see(state, model, target)
    memo = _SEARCH_SIGHT[-1]
    key = (model.uid, target.uid)
    seen = memo.get(key)
    if seen is None:
        seen = memo[key] = can_see(state, model, target)
    return seen


def _check_barrier_leap(
    state: BattleState, model: ModelState, action: Charge, found: list[Crossing]
) -> None:
    """FIGHT-BAR-03 (002:L1100): no crossing a barrier inside its defender's zone: the
    charger fights across it instead (FIGHT-BAR-05)."""
    target = state.models[action.target]
    barrier = protecting_barrier(state, target, model) if found else None
    if barrier is not None and barrier.kind is TerrainKind.ELEVATED:
        return  # climbing onto an elevated defender: a 6 ends in contact (MOVE-CLIMB-05)
    if barrier is not None and any(c.piece is barrier for c in found):
        raise IllegalActionError(f"{model.uid} cannot leap {barrier.name} held by {target.uid}")


def _elevated_climb(state: BattleState, model: ModelState, action: Charge) -> float:
    """FIGHT-ELEV-02 (002:L1176): a charge at the foot of an elevated position must have
    the Move for the climb too."""
    target = state.models[action.target]
    if target.uid in state.perched and fits_beneath(
        state, model, model.position, action.to, target
    ):
        return 0.0  # SR-FLY-05: reached within 1" below a perched flyer, no climb
    extra = elevation.climb_cost(state, model, action.to, target)
    if extra and _path_cost(state, model, action.to) + extra > allowance(state, model) + _SLACK:
        raise IllegalActionError(f"{model.uid} lacks the Move to climb to {target.uid} (ELEV-02)")
    return extra


def _on_the_spot(model: ModelState, action: MoveAction) -> bool:
    """SHOOT-MOVE-02 (002:L858): turning on the spot (a Move that ends where it starts) is
    not moving: the model keeps its full Shoot value."""
    return isinstance(action, Move) and point_distance(model.position, action.to) < 1e-9


def _path_cost(state: BattleState, model: ModelState, end: Point) -> float:
    return terrain_cost(state.table, model.position, end, model.radius)


def _drummed(state: BattleState, model: ModelState) -> bool:
    return modifier(Hook.MOVE, HookContext(state, model)) > 0


def apply_action(state: BattleState, model: ModelState, action: MoveAction) -> None:
    """Check then carry out one model's action, and log it."""
    cost = check_action(state, model, action)
    state.log.emit("action", phase=Phase.MOVE.value, **describe_action(action))
    model.done_moving = True
    if isinstance(action, Hold) or _on_the_spot(model, action):
        return
    model.moved = True
    model.charged = isinstance(action, Charge)
    _announce(state, model, action)
    if model.charged:
        cavalry.note_charge(state, model, model.position, action.to)  # WPN-LANCE-01
    ring.make_room(state, model, action.to)  # RING-INV-03: the bearer steps aside first
    _carry_out(state, model, action, cost)
    ring.make_room(state, model, model.position)  # a crossing may end elsewhere
    if subscribed(On.MOVE_ENDED):
        notify(state, On.MOVE_ENDED, Happening(model, reason="charge" if model.charged else ""))


def _announce(state: BattleState, model: ModelState, action: Move | Charge) -> None:
    """Rules subscribed to declared moves and charges hear of it before it is carried out."""
    if subscribed(On.MOVE_DECLARED):
        notify(state, On.MOVE_DECLARED, Happening(model, amount=model.spent))
    if isinstance(action, Charge) and subscribed(On.CHARGE_DECLARED):
        target = state.models[action.target]
        notify(state, On.CHARGE_DECLARED, Happening(model, other=target))


def _carry_out(state: BattleState, model: ModelState, action: Move | Charge, cost: float) -> None:
    if prone_leap.leap_over(state, model, action):  # MOVE-PRONE-11
        return
    found = crossings(state, model, action.to)
    if found:
        resolve_crossing(state, model, action.to, found[0])
        return
    if isinstance(action, Charge) and action.throw:
        _throw_then_charge(state, model, action)
        return
    model.spent += cost
    reason = "charge" if model.charged else "move"
    state.move_to(model, action.to, reason, _across(state, model, action))
    if model.charged and state.crews:
        war_beasts.note_charge(state, model)


def _across(state: BattleState, model: ModelState, action: Move | Charge) -> ModelState | None:
    """FIGHT-BAR-05 (002:L1108): the defender a charge ending at ``action.to`` fights over
    a barrier, engaged without base contact; None for any other move or charge."""
    target = state.models.get(action.target) if isinstance(action, Charge) else None
    if target is None or not target.alive:
        return None
    if state.in_contact_at(action.to, model.radius, target):
        return None
    return target if barrier_across(state, model, action.to, target) is not None else None


def can_throw(model: ModelState) -> bool:
    """MSL-THROW-01: a throwing weapon, once per turn, even after moving."""
    weapon = model.missile
    return weapon is not None and weapon.kind is MissileKind.THROWING and not model.shot


def _throw_then_charge(state: BattleState, model: ModelState, action: Charge) -> None:
    """MSL-THROW-02/03 (002:L2142-2146): stop 1" from the target (or throw from where it
    stands inside its zone), throw with no moving penalty, then complete the charge unless
    the target was slain."""
    target = state.models[action.target]
    start = model.position
    reach = model.radius + target.radius + CONTROL_ZONE
    entry = entry_fraction(start, action.to, target.position, reach)
    if entry:
        stop = toward(start, action.to, entry * point_distance(start, action.to))
        model.spent += terrain_cost(state.table, start, stop, model.radius, _cavalry(model))
        state.move_to(model, stop, "throw approach")
    model.shot = True
    shoot(state, model, target, moving_penalty=False)
    if not target.alive:
        slew_with_throw(state, model)  # MSL-THROW-03: it may move on, charge another...
        return
    action = _after_unhorsing(state, model, target, action)
    across = _across(state, model, action)
    model.spent += terrain_cost(
        state.table, model.position, action.to, model.radius, _cavalry(model)
    )
    state.move_to(model, action.to, "charge", across)


def _after_unhorsing(
    state: BattleState, model: ModelState, target: ModelState, action: Charge
) -> Charge:
    """CAV-SHOOT-04 (002:L1354): a throw that slew the target's mount leaves its rider on a
    smaller base: the charge ends touching it along the same line, or stops where it threw."""
    if state.in_contact_at(action.to, model.radius, target):
        return action
    reach = model.radius + target.radius
    spot = rotated(target.position, angle_to(target.position, action.to), reach)
    clear = all(
        point_distance(spot, o.position) >= model.radius + o.radius - CONTACT_TOLERANCE
        for o in state.living()
        if o is not model
    )
    if not clear or not terrain_fits(state.table, spot, model.radius, state.width, state.depth):
        spot = model.position
    return Charge(action.model, action.target, spot, action.throw)


def _within(state: BattleState, x: float, y: float, limit: float) -> list[ModelState]:
    """Living models whose centre is within ``limit`` of (x, y): squared arithmetic, no
    tuples (this filter runs for every candidate move)."""
    return state.in_living_order(_within_any_order(state, x, y, limit))


def _within_any_order(state: BattleState, x: float, y: float, limit: float) -> list[ModelState]:
    """``_within`` in no particular order, for callers whose answer does not depend on it
    (the least of some distances, whether any base overlaps: speed, no sort)."""
    limit2 = limit * limit
    near = state.in_box(x - limit, y - limit, x + limit, y + limit)  # the grid's cells
    return [o for o in near if (o.x - x) ** 2 + (o.y - y) ** 2 <= limit2]


@dataclass(frozen=True, slots=True)
class Surroundings:
    """What a plain move of a model from where it stands meets: its Move left, the bases
    near it and the enemy zones among them, the same whatever the direction (players trying
    several directions build it once: speed)."""

    budget: float
    placed: list[geometry.Placed]
    zones: list[geometry.Placed]
    height: float


def surroundings(state: BattleState, model: ModelState) -> Surroundings:
    budget = allowance(state, model)
    # furthest_toward reads only the least stop among them: their order does not matter
    reach = budget + 2 * model.radius + CONTROL_ZONE + 1.0  # a base or zone it may meet
    others = [o for o in _within_any_order(state, model.x, model.y, reach) if o is not model]
    placed = [(o.position, circle_base(o.radius)) for o in others]
    zones = [
        (o.position, circle_base(o.radius))
        for o in others
        if o.player != model.player and holds_zone(state, o) and not _unseen(o, model)
    ]
    return Surroundings(budget, placed, zones, terrain_height(model))


def furthest_toward(
    state: BattleState, model: ModelState, goal: Point, around: Surroundings | None = None
) -> Point:
    """The furthest point towards ``goal`` a plain move may reach (bases, zones, terrain);
    ``around``: the model's ``surroundings`` when the caller already has them (unchanged
    state only)."""
    around = around or surroundings(state, model)
    r = model.radius + 1e-6  # float noise: a goal exactly on the edge may round off it
    goal = (min(max(goal[0], r), state.width - r), min(max(goal[1], r), state.depth - r))
    return geometry.furthest_legal_point(
        model.position,
        goal,
        around.budget,
        circle_base(model.radius),
        around.placed,
        around.zones,
        state.table,
        model_height=around.height,  # the mount's shoulders for cavalry (CAV-MOVE-02)
        difficult_factor=CAVALRY_DIFFICULT_FACTOR if _cavalry(model) else DIFFICULT_FACTOR,
    )


def _unseen(other: ModelState, model: ModelState) -> bool:
    return wears_ring(other) and one_ring.invisible_to(other, model)


def charge_spot(
    state: BattleState,
    model: ModelState,
    target: ModelState,
    movers: list[ModelState] | None = None,
    budget: float | None = None,
) -> Point | None:
    """The nearest point touching ``target`` that a legal charge reaches, or None.

    Circle arithmetic (speed): spots round the target, nearest the charger first. ``movers``:
    ``in_moving_reach`` of the model, when the caller tries several targets (speed);
    ``budget``: its ``allowance``, likewise.
    """
    budget = allowance(state, model) if budget is None else budget
    if state.distance(model, target) > budget:
        return None
    spot = _contact_spot(state, model, target, movers, budget)
    if spot is None:
        spot = _across_spot(state, model, target)
    return spot if spot is not None else _foot_spot(state, model, target)


def _foot_spot(state: BattleState, model: ModelState, target: ModelState) -> Point | None:
    """FIGHT-ELEV-02: a target on a sheer platform is charged from the foot of its side."""
    for spot in elevation.foot_spots(state, model, target)[:6]:
        if _legal(state, model, Charge(model.uid, target.uid, spot)):
            return spot
    return None


def _contact_spot(
    state: BattleState,
    model: ModelState,
    target: ModelState,
    movers: list[ModelState] | None,
    budget: float,
) -> Point | None:
    """``budget``: the model's ``allowance``, as ``charge_spot`` found it (nothing moved)."""
    if not can_move(state, model):
        return None  # every free spot would be surely illegal: the search's own answer
    reach = target.radius + model.radius
    near = [
        o
        # only whether a spot overlaps any of them is asked: in any order (speed)
        for o in _within_any_order(
            state, target.x, target.y, reach + model.radius + _LARGEST_RADIUS
        )
        if o is not target and o is not model
    ]
    taken = [(o.x, o.y, model.radius + o.radius - 1e-3) for o in near]
    heading = angle_to(target.position, model.position)
    tries = 0
    for angle in fan(heading, 12, math.pi / 12):
        spot = rotated(target.position, angle, reach)
        sx, sy = spot
        if _spot_taken(sx, sy, taken):
            continue
        if movers is None:
            movers = in_moving_reach(state, model, budget)
        if _beyond(state, model, spot, budget, movers, charging=True) or not _legal(
            state, model, Charge(model.uid, target.uid, spot), passing_checked=True
        ):
            tries += 1
            if tries >= 3:
                return None
            continue
        return spot
    return None


def in_moving_reach(
    state: BattleState, model: ModelState, budget: float | None = None
) -> list[ModelState]:
    """Every living model a move of this model within its Move (or a landing within it)
    could pass through or end on, in living order: ``surely_illegal``'s ``near`` for the
    many spots a player tries from one place (speed: one search instead of one per spot)."""
    budget = allowance(state, model) if budget is None else budget
    reach = budget + _SLACK + model.radius + 0.01 + state.largest_radius
    return _within(state, model.x, model.y, reach + 1e-6)


def _spot_taken(sx: float, sy: float, taken: list[tuple[float, float, float]]) -> bool:
    """A base at (sx, sy) would overlap one of ``taken`` (x, y, gap): a plain loop (speed)."""
    for x, y, gap in taken:  # noqa: SIM110 (a generator in any() costs more)
        if math.hypot(sx - x, sy - y) < gap:
            return True
    return False


def _across_spot(state: BattleState, model: ModelState, target: ModelState) -> Point | None:
    """FIGHT-BAR-05: a target behind an obstacle is charged at the obstacle, within 1"."""
    if state.table is None or not state.table.pieces:
        return None
    box = segment_box(target.position, target.position, target.radius + 0.1)
    if not near_terrain(state.table, box, _OBSTACLES):
        return None
    table, base = state.table, circle_base(target.radius)
    between = table.crosses_obstacle(target.position, model.position)
    for piece in table.touching(target.position, base):
        if piece.kind is not TerrainKind.OBSTACLE or piece not in between:
            continue
        others = [(o.position, circle_base(o.radius)) for o in _near_target(state, model, target)]
        try:
            spot = table.across_barrier_spot(
                model.position, circle_base(model.radius), target.position, base, piece, others
            )
        except GeometryError:
            continue  # the target's centre stands on the obstacle's line: no far side
        if spot is not None and _legal(state, model, Charge(model.uid, target.uid, spot)):
            return spot
    return None


def _near_target(state: BattleState, model: ModelState, target: ModelState) -> list[ModelState]:
    near = _within(state, target.x, target.y, 2 * _LARGEST_RADIUS + 1.5)
    return [o for o in near if o is not model and o is not target]


def _legal(
    state: BattleState, model: ModelState, action: MoveAction, passing_checked: bool = False
) -> bool:
    try:
        _check_action(state, model, action, passing_checked)
    except IllegalActionError:
        return False
    return True


def charge_options(state: BattleState, model: ModelState) -> list[tuple[ModelState, Point]]:
    """Every enemy the model may legally charge now, with the contact point found."""
    return _charges(state, model, lambda enemies: enemies, first=False)


def first_charge(
    state: BattleState,
    model: ModelState,
    ranked: Callable[[list[ModelState]], list[ModelState]],
) -> tuple[ModelState, Point] | None:
    """The first of ``charge_options``' enemies, in the order ``ranked`` gives them (it may
    leave some out), that a legal charge reaches, with its spot: a player that ranks the
    enemies before it looks for spots searches only until the best one is found (speed:
    the same answer as taking the best of ``charge_options``)."""
    found = _charges(state, model, ranked, first=True)
    return found[0] if found else None


def _charges(
    state: BattleState,
    model: ModelState,
    ranked: Callable[[list[ModelState]], list[ModelState]],
    first: bool,
) -> list[tuple[ModelState, Point]]:
    """The enemies ``charge_options`` considers, in the order ``ranked`` gives them, each
    with its spot where one is found (``first``: only the first found)."""
    if not can_move(state, model) or model.prone or model.arriving or heroic_turn(model).no_charge:
        return []
    budget = allowance(state, model)
    x, y, radius = model.x, model.y, model.radius  # state.distance inlined (speed)
    # the grid's enemies within reach, not a scan of the whole enemy army (speed): an enemy
    # within the budget has its centre within the budget and both radii on each axis; the
    # sort below puts them in the same order whatever order the grid gives
    half, side = budget + radius + state.largest_radius + 1e-6, 1 - model.player
    near = state.in_box(x - half, y - half, x + half, y + half)
    gaps = (
        (math.hypot(x - e.x, y - e.y) - radius - e.radius, e.uid, e)
        for e in near
        if e.player == side
    )
    beasts = bool(state.crews)  # no War Beast, nobody rides one (speed)
    in_reach = sorted(
        item
        for item in gaps
        if (not beasts or riding(item[2]) is None)
        and item[0] <= budget
        and may_charge(model, item[2])
        and chargeable(state, item[2])
    )
    enemies = ranked([enemy for _, _, enemy in in_reach[:CHARGE_TARGETS_CONSIDERED]])
    if not enemies:
        return []
    found = []
    movers = in_moving_reach(state, model, budget)  # once (speed)
    _SEARCH_SIGHT.append({})  # nothing moves while the spots are tried
    try:
        for enemy in enemies:
            spot = charge_spot(state, model, enemy, movers, budget)
            if spot is not None:
                found.append((enemy, spot))
                if first:
                    break
    finally:
        _SEARCH_SIGHT.pop()
    return found


def challenge_charge(state: BattleState, model: ModelState, action: MoveAction) -> MoveAction:
    """HERO-HCHAL-02: a Hero in a challenge must charge its rival when it can, else move
    towards it as far as it can (part 1 §9.12 reading)."""
    rival = rival_of(state, model)
    if rival is None or not rival.alive:
        return action
    if isinstance(action, Charge) and action.target == rival.uid:
        return action
    spot = charge_spot(state, model, rival)
    forced: MoveAction
    if spot is not None:
        forced = Charge(model.uid, rival.uid, spot)
    else:
        end = furthest_toward(state, model, rival.position)
        if _gap(end, rival) >= _gap(_end_of(model, action), rival) - 0.5:
            return action  # already closing in as far as it can
        forced = Move(model.uid, end)
    state.log.emit("refused", model=model.uid, reason="must charge its rival (HERO-HCHAL-02)")
    return forced


# Army rules acting at the start of a model's move (Loremaster, Skin-changer, Healing
# Herbs): each returns True if the model acted "instead of moving" (it then holds).
StartOfMove = Callable[[BattleState, ModelState], bool]
START_OF_MOVE: list[StartOfMove] = []

# Army rules that make a model charge "if able to do so" (Deep-rooted Hatred, Fiery Temper):
# each returns which enemies the model must charge now (a test on the enemy), or None.
MustCharge = Callable[[BattleState, ModelState], Callable[[ModelState], bool] | None]
MUST_CHARGE: list[MustCharge] = []


def forced_charge(state: BattleState, model: ModelState, action: MoveAction) -> MoveAction:
    """A model an army rule makes charge charges the nearest enemy the rule names that it
    can reach, unless its chosen move already is such a charge; if none can be reached,
    its move stands."""
    tests = [t for t in (rule(state, model) for rule in MUST_CHARGE) if t is not None]
    if not tests:
        return action
    target = state.models.get(action.target) if isinstance(action, Charge) else None
    if target is not None and any(test(target) for test in tests):
        return action
    for enemy, spot in charge_options(state, model):
        if any(test(enemy) for test in tests):
            state.log.emit("refused", model=model.uid, reason="must charge (army rule)")
            return Charge(model.uid, enemy.uid, spot)
    return _approach(state, model, action)


# Army rules of the charged model that answer a declared charge (Considerable Wealth: Lotho
# pays the charger off): each returns the action the charger makes instead (or the same).
ChargeAnswer = Callable[[BattleState, ModelState, Charge], MoveAction]
CHARGE_ANSWERS: list[ChargeAnswer] = []


def answer_charge(state: BattleState, model: ModelState, action: MoveAction) -> MoveAction:
    """The charge as the charged model's rules leave it (a Move or a Hold instead)."""
    for answer in CHARGE_ANSWERS:
        if not isinstance(action, Charge):
            break
        action = answer(state, model, action)
    return action


# Army rules that, when the charge they force cannot be made, make the model "move as close
# as possible" to a friend (Longshanks, In Defence of the King): each names it, or None.
MUST_APPROACH: list[Callable[[BattleState, ModelState], ModelState | None]] = []


def _approach(state: BattleState, model: ModelState, action: MoveAction) -> MoveAction:
    goal = next((m for m in (rule(state, model) for rule in MUST_APPROACH) if m), None)
    if goal is None:
        return action
    end = furthest_toward(state, model, goal.position)
    if _gap(end, goal) >= _gap(_end_of(model, action), goal) - 0.5:
        return action  # already closing in as far as it can
    state.log.emit("refused", model=model.uid, reason="must move towards its ward (army rule)")
    return Move(model.uid, end)


def _end_of(model: ModelState, action: MoveAction) -> tuple[float, float]:
    return model.position if isinstance(action, Hold) else action.to


def _gap(point: tuple[float, float], other: ModelState) -> float:
    return ((point[0] - other.x) ** 2 + (point[1] - other.y) ** 2) ** 0.5

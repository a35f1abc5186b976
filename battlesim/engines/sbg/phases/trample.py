"""War Beast movement: trample and stampede (WB-MOV-01..11, WB-DMG-02..04, 002:L1878-1895).

A War Beast moves only by trampling: pivot (a round base contacts nothing while pivoting),
then one straight segment up to its Move, ignoring enemy control zones. Each model its base
meets on the way takes the profile's trample hits; a survivor stops it. The controller names
the intended end point (``Player.choose_trample``); the engine checks it, finds the contacts
and resolves them in order along the path.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from battlesim.engines.sbg.core.actions import IllegalActionError
from battlesim.engines.sbg.core.data import (
    CONTACT_TOLERANCE,
    WAR_BEAST_BUMP_HITS,
    WAR_BEAST_BUMP_STRENGTH,
    WAR_BEAST_OBSTACLE_LIMIT,
)
from battlesim.engines.sbg.core.decisions import Decision
from battlesim.engines.sbg.core.hooks import Hook, HookContext, modifier
from battlesim.engines.sbg.core.overrides import Stat, value
from battlesim.engines.sbg.core.paths import (
    Point,
    approaches,
    entry_fraction,
    point_distance,
    terrain_cost,
    terrain_fits,
)
from battlesim.engines.sbg.core.state import BattleState, ModelState
from battlesim.engines.sbg.core.units import PlayerId
from battlesim.engines.sbg.rules import war_beasts
from battlesim.engines.sbg.rules.crossing import crossings
from battlesim.engines.sbg.rules.heroic_actions import HEROIC_MARCH, declarations, declared_by
from battlesim.engines.sbg.rules.howdah import beast_turn, howdah, riding
from battlesim.engines.sbg.rules.monsters.core import hit, hits

if TYPE_CHECKING:
    from battlesim.engines.sbg.core.decisions import Player

_SLACK = 1e-3
# Bases closer than this gap are met; the beast stops at exactly this gap (in contact).
_REACH_PAD = CONTACT_TOLERANCE * 0.9
_DRUM_BONUS = 3.0  # WB-MOV-03 (002:L1878): +3" for a War Drum (and for a Heroic March)


@dataclass(frozen=True, slots=True)
class Contact:
    """A model the beast's base meets at ``fraction`` of its path (WB-MOV-08)."""

    fraction: float
    model: ModelState


# --- allowance and checks -----------------------------------------------------------------


def beast_allowance(state: BattleState, beast: ModelState) -> float:
    """MOVE-GEN-03 with WB-MOV-03: a War Drum and its leader's Heroic March each add 3",
    whatever they give Infantry or Cavalry (ambiguity 6: cumulative)."""
    bonus = modifier(Hook.MOVE, HookContext(state, beast))
    drum = _DRUM_BONUS if bonus > 0 else 0.0
    leader = war_beasts.leader(state, beast)
    march = _DRUM_BONUS if leader is not None and _marches(state, leader) else 0.0
    return max(0.0, beast.profile.move + drum + march - beast.spent)


def _marches(state: BattleState, leader: ModelState) -> bool:
    """WB-MOV-05/06: a Heroic March declared by the model leading the beast."""
    return bool(declarations(state)) and declared_by(state, leader, HEROIC_MARCH) is not None


def may_trample(state: BattleState, beast: ModelState) -> bool:
    """WB-MOV-07/11 (002:L1889, L1895): not once charged (nor engaged), once per turn."""
    return beast.alive and not beast.done_moving and not beast_turn(beast).was_charged


def check_trample(state: BattleState, beast: ModelState, end: Point, panic: bool) -> float:
    """Refuse an illegal trample (``IllegalActionError``); return the Move it costs.

    WB-MOV-01: no obstacle 2" or higher, no Jump/Leap/Climb test; WB-MOV-02: difficult
    terrain halves its move (costs double). A panic move may leave the table (WB-DMG-03)."""
    if not may_trample(state, beast) or state.engaged(beast):
        raise IllegalActionError(f"{beast.uid} cannot move now (charged or already moved)")
    on_table = terrain_fits(state.table, end, beast.radius, state.width, state.depth)
    if not on_table and not (panic and _off_table(state, end)):
        raise IllegalActionError(f"{beast.uid} cannot stand at {end} (edge or terrain)")
    target = end if on_table else _last_on_table(state, beast, end)
    if crossings(state, beast, target):
        raise IllegalActionError(f"{beast.uid} cannot take terrain tests (WB-MOV-01)")
    if _high_obstacle(state, beast.position, target):
        raise IllegalActionError(f'{beast.uid} cannot cross an obstacle 2" high (WB-MOV-01)')
    cost = terrain_cost(state.table, beast.position, target, beast.radius)
    cost += point_distance(target, end)
    if cost > beast_allowance(state, beast) + _SLACK:
        raise IllegalActionError(f'{beast.uid} needs {cost:.2f}" (WB-MOV-02/08)')
    return cost


def _off_table(state: BattleState, end: Point) -> bool:
    x, y = end
    return not (0.0 <= x <= state.width and 0.0 <= y <= state.depth)


def _last_on_table(state: BattleState, beast: ModelState, end: Point) -> Point:
    """Where the centre crosses the table edge (the beast leaves the table there)."""
    (x0, y0), (x1, y1) = beast.position, end
    t = 1.0
    for start, stop, limit in ((x0, x1, state.width), (y0, y1, state.depth)):
        if stop < 0.0:
            t = min(t, start / (start - stop))
        elif stop > limit:
            t = min(t, (limit - start) / (stop - start))
    return (x0 + (x1 - x0) * t, y0 + (y1 - y0) * t)


def _high_obstacle(state: BattleState, start: Point, end: Point) -> bool:
    if state.table is None or not state.table.pieces:
        return False
    pieces = state.table.crosses_obstacle(start, end)
    return any(p.height >= WAR_BEAST_OBSTACLE_LIMIT for p in pieces)


# --- contacts along the path --------------------------------------------------------------


def contacts(state: BattleState, beast: ModelState, end: Point) -> list[Contact]:
    """WB-MOV-08: every model the base meets while moving (not while pivoting), in order.

    A model already touching at the start is met only if the beast moves towards it."""
    start = beast.position
    found = []
    for other in state.living():
        if other is beast or riding(other) is not None:
            continue
        reach = beast.radius + other.radius + _REACH_PAD
        fraction = entry_fraction(start, end, other.position, reach)
        if fraction is None:
            continue
        if fraction == 0.0 and not approaches(start, end, other.position):
            continue
        found.append(Contact(fraction, other))
    return sorted(found, key=lambda c: (c.fraction, c.model.uid))


def contact_point(state: BattleState, beast: ModelState, end: Point, other: ModelState) -> Point:
    """Where the beast's centre is when its base touches ``other`` (no overlap)."""
    start = beast.position
    reach = beast.radius + other.radius + _REACH_PAD  # as in ``contacts``: same order
    fraction = entry_fraction(start, end, other.position, reach) or 0.0
    return (start[0] + (end[0] - start[0]) * fraction, start[1] + (end[1] - start[1]) * fraction)


# --- resolution ---------------------------------------------------------------------------


def trample_hits(state: BattleState, beast: ModelState, victim: ModelState) -> None:
    """WB-MOV-08: the number of hits given in the profile, at its Strength, each a To Wound
    roll against the victim's Defence; Cavalry: the rider and the mount each suffer them
    (``monsters.core.hits``: one on the mount, one on the rider, per hit)."""
    count = value(Stat.TRAMPLE_HITS, HookContext(state, beast), beast.profile.trample_hits)
    strength = beast.profile.trample_strength
    cause = f"trampled by {beast.uid}"
    state.log.emit("trample_hits", model=victim.uid, hits=count, strength=strength, cause=cause)
    for _ in range(count):
        hits(state, victim, strength, cause)


def _hits(state: BattleState, victim: ModelState, count: int, strength: int, cause: str) -> None:
    state.log.emit("trample_hits", model=victim.uid, hits=count, strength=strength, cause=cause)
    for _ in range(count):
        hit(state, victim, strength, cause)  # monsters.core: one To Wound roll per hit


def trample(
    state: BattleState, controller: Player, beast: ModelState, end: Point, panic: bool
) -> None:
    """WB-MOV-08..10: move along the path, resolving each contact in order; the beast is
    moved to each contact before it is resolved, so that models placed by the hits (a
    riderless mount, CAV-LOOSE) see where it stands and bases never overlap."""
    check_trample(state, beast, end, panic)
    start = beast.position
    beast.done_moving = beast.moved = True
    state.log.emit("trample", model=beast.uid, start=list(start), end=list(end), panic=panic)
    side = 1 - beast.player if panic else beast.player  # WB-DMG-03: "as if his own"
    stopped = _resolve_contacts(state, controller, side, beast, end)
    if not beast.alive:
        return
    if not stopped:
        on_table = terrain_fits(state.table, end, beast.radius, state.width, state.depth)
        _advance(state, beast, end, "trample" if on_table else "stampede off the table")
        if not on_table:
            war_beasts.leave_table(state, beast)
            return
    beast.spent += terrain_cost(state.table, start, beast.position, beast.radius)
    beast_turn(beast).trampled_into = any(e.player != beast.player for e in state.contacts(beast))


def _advance(state: BattleState, beast: ModelState, point: Point, reason: str) -> None:
    if point_distance(point, beast.position) > 1e-9:
        state.move_to(beast, point, reason)


def _resolve_contacts(
    state: BattleState, controller: Player, side: int, beast: ModelState, end: Point
) -> bool:
    """Resolve the models met, nearest first; True if the beast stopped. ``side`` moves it:
    its models are the friends met (WB-MOV-09); a panicking beast is moved by the opponent
    "as if it were his own" (WB-DMG-03), so the owner's models are then trampled."""
    while beast.alive:
        met = contacts(state, beast, end)
        if not met:
            return False
        other = met[0].model
        _advance(state, beast, contact_point(state, beast, end, other), "trample")
        if war_beasts.is_war_beast(other):
            _bump(state, beast, other)  # WB-MOV-10 (002:L1893), ambiguity 8: it stops
            return True
        if other.player == side and not _tramples_friend(state, controller, beast, other):
            return True  # WB-MOV-09: stop before the friend, no hits
        trample_hits(state, beast, other)
        if other.alive:  # WB-MOV-08: a survivor stops it (an enemy: fight it later)
            _advance(state, beast, contact_point(state, beast, end, other), "trample")
            return True
    return True


def _tramples_friend(
    state: BattleState, controller: Player, beast: ModelState, friend: ModelState
) -> bool:
    choice = controller.decide(state, TrampleFriend(beast, friend))
    state.log.emit("trample_friend", beast=beast.uid, friend=friend.uid, trample=bool(choice))
    return bool(choice)


def _bump(state: BattleState, beast: ModelState, other: ModelState) -> None:
    """WB-MOV-10: three S9 hits on each War Beast."""
    for victim in (beast, other):
        cause = f"war beasts collide ({beast.uid}, {other.uid})"
        _hits(state, victim, WAR_BEAST_BUMP_HITS, WAR_BEAST_BUMP_STRENGTH, cause)


# --- the beast's turn in the Move phase ---------------------------------------------------


def move_beast(state: BattleState, players: tuple[Player, Player], beast: ModelState) -> None:
    """WB-DMG-02/03, WB-MOV-04/07: test an empty howdah, stand prone crew up, then the owner
    (or the opponent, for a panicking beast) names the trample."""
    war_beasts.crewless_test(state, beast)
    _crew_stand_up(state, beast)
    side = war_beasts.stampede_controller(state, beast)
    panic = side is not None
    controller = players[beast.player if side is None else side]
    if panic:
        war_beasts.end_panic(state, beast)
    end = controller.decide(
        state, ChooseTrample(beast, 1 - beast.player if panic else beast.player)
    )
    if end is None:
        beast.done_moving = True
        return
    try:
        trample(state, controller, beast, end, panic)
    except IllegalActionError as error:
        state.log.emit("refused", model=beast.uid, reason=str(error))
        beast.done_moving = True


def _crew_stand_up(state: BattleState, beast: ModelState) -> None:
    """WB-MOV-04 (002:L1880): a crew model knocked prone stands up as soon as possible."""
    for rider in war_beasts.crew(state, beast):
        if rider.prone:
            rider.prone = False
            rider.spent += rider.profile.move / 2
            rider.moved = True
            state.log.emit("stand_up", model=rider.uid)


def lapse_panics(state: BattleState) -> None:
    """WB-DMG-03/04: at the end of the Move phase control returns to the owner: a beast
    that could make no panic move (charged, engaged) is no longer panicking."""
    for uid in state.crews:
        beast = state.models[uid]
        if beast.alive and howdah(beast).panic_turn and howdah(beast).panic_turn <= state.turn:
            howdah(beast).panic_turn = 0
            state.log.emit("panic_lapses", beast=uid)


def rider_leads(state: BattleState, players: tuple[Player, Player], rider: ModelState) -> None:
    """WB-MOV-04/05/06 (002:L1880-1886): a rider never moves by itself; when the model leading
    the beast makes a Heroic Move or March, the beast moves (its trample) instead. Another
    rider's Heroic Move does not move the beast."""
    rider.done_moving = True
    beast = war_beasts.beast_of(state, rider)
    if beast is None or war_beasts.leader(state, beast) is not rider:
        return
    if beast.alive and not beast.done_moving and not state.engaged(beast):
        move_beast(state, players, beast)


# Decisions this module asks a player (core/decisions.py).


@dataclass(frozen=True, slots=True)
class ChooseTrample(Decision[Point | None]):
    """WB-MOV-07: where a War Beast tramples (None: it does not)."""

    beast: ModelState
    controller: PlayerId


@dataclass(frozen=True, slots=True)
class TrampleFriend(Decision[bool]):
    """WB-MOV-09: does the trample go through this friend?"""

    beast: ModelState
    friend: ModelState

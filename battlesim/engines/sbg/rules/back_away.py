"""Backing away, trapped models and making way (part 1 §6.3-6.6, 002:L968-1032)."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

from battlesim.engines.sbg.core.bases import height_for
from battlesim.engines.sbg.core.data import BACK_AWAY, CONTACT_TOLERANCE
from battlesim.engines.sbg.core.decisions import Decision, Player
from battlesim.engines.sbg.core.hooks import HookContext
from battlesim.engines.sbg.core.paths import (
    Point,
    angle_to,
    fan,
    point_distance,
    rotated,
    segment_point_distance,
    terrain_crossings,
    terrain_drop,
    terrain_fits,
)
from battlesim.engines.sbg.core.permissions import May, permitted
from battlesim.engines.sbg.core.state import BattleState, ModelState
from battlesim.engines.sbg.rules.howdah import riding

_BACK_AWAY_STEP = math.radians(5)
_MAKE_WAY_STEPS = (0.25, 0.5, 0.75, 1.0)  # inches tried, shortest first (FIGHT-WAY-01)
_NEAR = 3.5  # inches: neighbours farther than this cannot meet a 1" move (speed filter)
_LARGEST_RADIUS = 1.25  # inches: a 60 mm base


def _window(model: ModelState, spot: Point) -> float:
    """How far a neighbour may stand and still meet the move (longer moves: Barge's 3\")."""
    return max(_NEAR, point_distance(model.position, spot) + model.radius + _LARGEST_RADIUS)


@dataclass(frozen=True, slots=True)
class ChooseBackAway(Decision[float]):
    """FIGHT-BACK-01 (002:L970, L984: « dans une direction au choix du joueur qui contrôle la
    figurine »): the heading of a loser's 1" straight move. ``headings`` are the candidates,
    straight away from the winners first; ``legal`` says which of them the rules allow (asked
    lazily: most players take the first legal one)."""

    loser: ModelState
    winners: tuple[ModelState, ...]
    headings: tuple[float, ...]
    legal: Callable[[float], bool]

    def default(self, state: BattleState) -> float:
        return next(h for h in self.headings if self.legal(h))


def back_away(
    state: BattleState,
    loser: ModelState,
    winners: list[ModelState],
    falls: dict[str, float] | None = None,
    player: Player | None = None,
) -> bool:
    """FIGHT-BACK-01..03: 1" straight in a direction the loser's ``player`` chooses, touching
    no enemy and moving away from the winners (a full 1" from a single winner); returns False
    if no direction works (the model is trapped, FIGHT-TRAP-01).

    FIGHT-BACK-04 (002:L988): over the edge of a sheer drop only when nothing else works;
    the drop is recorded in ``falls`` (the fight resolves it after the strikes)."""
    # FIGHT-PRONE-02, FIGHT-BACK-06 (002:L1006): a prone loser backs away too and stays
    # prone; strikes against it count as against a trapped model (fight.winners_strike).
    cx = sum(w.x for w in winners) / len(winners)
    cy = sum(w.y for w in winners) / len(winners)
    away = angle_to((cx, cy), loser.position)
    if _back_away_chosen(state, loser, winners, away, player):
        return True
    if make_way(state, loser, winners, away):
        return True
    origin = loser.position
    if falls is None or not _back_away_along(state, loser, winners, away, over_edge=True):
        return False
    falls[loser.uid] = terrain_drop(state.table, origin, loser.position)
    return True


def _back_away_chosen(
    state: BattleState,
    loser: ModelState,
    winners: list[ModelState],
    away: float,
    player: Player | None,
) -> bool:
    """The player's heading among the legal ones on level ground; a refused one is logged
    and the first legal heading is taken."""
    near = _neighbours(state, loser)
    headings = tuple(fan(away, 18, _BACK_AWAY_STEP))
    known: dict[float, bool] = {}  # nothing moves while headings are weighed: asked once each

    def legal(angle: float) -> bool:
        found = known.get(angle)
        if found is None:
            spot = rotated(loser.position, angle, BACK_AWAY)
            found = known[angle] = (
                _back_away_legal(state, loser, spot, winners, near)
                and terrain_drop(state.table, loser.position, spot) <= 0.0
            )
        return found

    choice = ChooseBackAway(loser, tuple(winners), headings, legal)
    first = next((h for h in headings if legal(h)), None)
    if first is None:
        return False
    heading = first if player is None else player.decide(state, choice)
    if heading != first and not legal(heading):
        state.log.emit("refused", model=loser.uid, reason=f"no legal back away at {heading:.3f}")
        heading = first
    state.move_to(loser, rotated(loser.position, heading, BACK_AWAY), "back away")
    return True


def _back_away_along(
    state: BattleState, loser: ModelState, winners: list[ModelState], away: float, over_edge: bool
) -> bool:
    near = _neighbours(state, loser)  # nobody moves until a spot is taken
    for angle in fan(away, 18, _BACK_AWAY_STEP):
        spot = rotated(loser.position, angle, BACK_AWAY)
        dropping = terrain_drop(state.table, loser.position, spot) > 0.0
        if dropping is over_edge and _back_away_legal(state, loser, spot, winners, near):
            state.move_to(loser, spot, "back away")
            return True
    return False


def _back_away_legal(
    state: BattleState,
    loser: ModelState,
    spot: tuple[float, float],
    winners: list[ModelState],
    near: list[ModelState] | None = None,
) -> bool:
    # the arithmetic tests first, the terrain's last (speed: in a crowd most headings are
    # refused by a base; each test is a plain yes or no, so the order changes no answer)
    if not _away_from(loser, spot, winners) or not clear_of_others(state, loser, spot, near=near):
        return False
    if not terrain_fits(state.table, spot, loser.radius, state.width, state.depth):
        return False
    # FIGHT-BACK-03: backing away cannot leap, jump or climb
    return not terrain_crossings(
        state.table, loser.position, spot, height_for(loser.profile.keywords)
    )


def _away_from(loser: ModelState, spot: Point, winners: list[ModelState]) -> bool:
    """A single winner: the loser ends a full 1" from it (002:L970). Several winners (A12
    revised, L974, L1060): it moves away from each, closer to none; touching no enemy at the
    end is checked with the others (FIGHT-BACK-02)."""
    if len(winners) == 1:
        (winner,) = winners
        gap = point_distance(spot, winner.position) - loser.radius - winner.radius
        return gap >= BACK_AWAY - CONTACT_TOLERANCE
    return all(
        point_distance(spot, w.position) >= point_distance(loser.position, w.position)
        for w in winners
    )


def clear_of_others(
    state: BattleState,
    model: ModelState,
    spot: Point,
    ignore: ModelState | None = None,
    near: list[ModelState] | None = None,
) -> bool:
    """The straight move to ``spot`` passes through no base and ends touching no enemy;
    ``near``: the ``_neighbours`` of the model when the caller has them (speed)."""
    window = _window(model, spot)
    x, y = model.x, model.y
    beasts = bool(state.crews)  # no War Beast, nobody rides one (speed)
    for other in _within(state, x, y, window) if near is None else near:
        if other is model or other is ignore or (beasts and riding(other) is not None):
            continue  # howdah riders sit inside their War Beast's base (WB-GEN-05)
        if _far(other, x, y, window):
            continue
        need = model.radius + other.radius - CONTACT_TOLERANCE
        if segment_point_distance(model.position, spot, other.position) < need:
            return False
        touching = point_distance(spot, other.position) <= need + 2 * CONTACT_TOLERANCE
        if other.player != model.player and touching:
            return False  # FIGHT-BACK-02: never end in base contact with an enemy
    return True


def make_way(state: BattleState, loser: ModelState, winners: list[ModelState], away: float) -> bool:
    """FIGHT-WAY-01..04 (002:L1012-1018): one friend, not engaged, moves up to 1" (the
    shortest that works) so the loser can back away; it may enter enemy zones but never touch
    an enemy, and never leaps, climbs or drops."""
    near = _neighbours(state, loser)  # friends shifted are put back before the next try
    for angle in fan(away, 6, _BACK_AWAY_STEP * 3):
        spot = rotated(loser.position, angle, BACK_AWAY)
        if terrain_drop(state.table, loser.position, spot) > 0.0:
            continue  # over an edge only when nothing else works (FIGHT-BACK-04)
        blockers = _blockers(state, loser, spot, near)
        if not blockers or len(blockers) > 2 or any(b.player != loser.player for b in blockers):
            continue
        if any(state.engaged(b) or b.uid in {w.uid for w in winners} for b in blockers):
            continue  # FIGHT-WAY-02: engaged models cannot make way
        if len(blockers) == 1:
            if _shift_friend(state, blockers[0], loser, spot, winners, angle):
                return True
            continue
        two = HookContext(state, loser, details={"friends": blockers})
        if permitted(May.MAKE_WAY_WITH_TWO, two) and _shift_two(
            state, blockers, loser, spot, winners, angle
        ):
            return True
    return False


def _shift_two(
    state: BattleState,
    friends: list[ModelState],
    loser: ModelState,
    spot: Point,
    winners: list[ModelState],
    angle: float,
) -> bool:
    """Two friends make way (an army rule, May.MAKE_WAY_WITH_TWO): the first tries each
    of its steps, the second then makes way as one friend would."""
    first, second = friends
    origin = first.position
    side = angle_to(loser.position, origin) - angle
    sideways = angle + (math.pi / 2 if math.sin(side) >= 0 else -math.pi / 2)
    for distance in _MAKE_WAY_STEPS:
        for heading in (sideways, angle):
            target = rotated(origin, heading, distance)
            if not _friend_may_stand(state, first, target, spot, loser):
                continue
            state.set_position(first, target)
            moved = _shift_friend(state, second, loser, spot, winners, angle)
            state.set_position(first, origin)
            if moved:
                state.move_to(first, target, "make way")
                return True
    return False


def _neighbours(state: BattleState, model: ModelState) -> list[ModelState]:
    """The living models (in living order) that a 1" move of ``model`` might meet: a
    superset of those ``_window`` lets through for any 1" spot (speed)."""
    reach = max(_NEAR, BACK_AWAY + model.radius + _LARGEST_RADIUS) + 1.0
    return [
        o for o in _within(state, model.x, model.y, reach) if not _far(o, model.x, model.y, reach)
    ]


def _within(state: BattleState, x: float, y: float, window: float) -> list[ModelState]:
    """The living models (in living order) whose centre may lie within ``window`` of (x, y):
    the grid's cells, a superset of those ``_far`` lets through (speed: no scan of every
    model for each loser of a fight)."""
    return state.near(x, y, window + 0.02)


def _far(other: ModelState, x: float, y: float, window: float) -> bool:
    """More than ``window`` between centres: too far to meet the move (squares first, the
    exact distance only near the limit: speed, same answer)."""
    gap2 = (other.x - x) ** 2 + (other.y - y) ** 2
    if gap2 > (window + 0.01) ** 2:
        return True
    if gap2 < (window - 0.01) ** 2:
        return False
    return point_distance((x, y), other.position) > window


def _blockers(
    state: BattleState, model: ModelState, spot: Point, near: list[ModelState] | None = None
) -> list[ModelState]:
    found = []
    window = _window(model, spot)
    x, y = model.x, model.y
    beasts = bool(state.crews)  # no War Beast, nobody rides one (speed)
    for other in _within(state, x, y, window) if near is None else near:
        if other is model or (beasts and riding(other) is not None):
            continue  # howdah riders sit inside their War Beast's base (WB-GEN-05)
        if _far(other, x, y, window):
            continue
        need = model.radius + other.radius - CONTACT_TOLERANCE
        if segment_point_distance(model.position, spot, other.position) < need:
            found.append(other)
    return found


def _shift_friend(
    state: BattleState,
    friend: ModelState,
    loser: ModelState,
    spot: Point,
    winners: list[ModelState],
    angle: float,
) -> bool:
    origin = friend.position
    side = angle_to(loser.position, origin) - angle
    sideways = angle + (math.pi / 2 if math.sin(side) >= 0 else -math.pi / 2)
    for distance in _MAKE_WAY_STEPS:
        for heading in (sideways, angle):
            target = rotated(origin, heading, distance)
            if not _friend_may_stand(state, friend, target, spot, loser):
                continue
            state.set_position(friend, target)
            if _back_away_legal(state, loser, spot, winners):
                state.set_position(friend, origin)
                state.move_to(friend, target, "make way")
                state.move_to(loser, spot, "back away")
                return True
            state.set_position(friend, origin)
    return False


def _friend_may_stand(
    state: BattleState, friend: ModelState, target: Point, spot: Point, loser: ModelState
) -> bool:
    # the bases first, the terrain last (speed: plain yes-or-no tests, the same answer)
    if point_distance(target, spot) < friend.radius + loser.radius - CONTACT_TOLERANCE:
        return False
    if not clear_of_others(state, friend, target, ignore=loser):
        return False
    if not terrain_fits(state.table, target, friend.radius, state.width, state.depth):
        return False
    if terrain_crossings(state.table, friend.position, target, height_for(friend.profile.keywords)):
        return False  # FIGHT-WAY-03: no leaping, climbing or dropping
    return terrain_drop(state.table, friend.position, target) <= 0.0


# Public names for the Brutal Power Attack Barge (monsters/barge.py), which backs models away
# 3" and lets friends make way for them with the same checks (MON-BPA-BARGE-01/02).
back_away_legal = _back_away_legal
blockers = _blockers
friend_may_stand = _friend_may_stand
